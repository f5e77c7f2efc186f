"""The accounts' tables (made by migration 0009), declared on the storage's ``metadata``: accounts, their
sessions, and the seats each account holds."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table


def account_tables(metadata: MetaData, prefix: str) -> tuple[Table, Table, Table]:
    """``accounts``, ``sessions`` and ``account_seats``, on ``metadata`` so that they are dropped with it."""
    accounts = Table(
        f"{prefix}accounts", metadata,
        Column("id", String(32), primary_key=True),
        Column("name", String(40), nullable=False),
        Column("name_key", String(160), nullable=False, unique=True),  # ``name_key``: unique whatever the case
        Column("password_hash", String(200), nullable=False),
        Column("email", String(254), nullable=True),
        Column("seat_key", String(64), nullable=False),  # the secret its seat tokens are derived from
        Column("created", Float, nullable=False),
    )
    sessions = Table(
        f"{prefix}sessions", metadata,
        Column("id_hash", String(64), primary_key=True),  # what is stored of the cookie: sha256
        Column("account_id", String(32), ForeignKey(f"{prefix}accounts.id"), nullable=False),
        Column("created", Float, nullable=False),
        Column("expires", Float, nullable=False),
        Index(f"ix_{prefix}sessions_account_id", "account_id"),
    )
    seats = Table(
        f"{prefix}account_seats", metadata,
        Column("account_id", String(32), ForeignKey(f"{prefix}accounts.id"), primary_key=True),
        Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("joined", Float, nullable=False),
        Index(f"ix_{prefix}account_seats_table_id", "table_id"),
    )
    return accounts, sessions, seats
