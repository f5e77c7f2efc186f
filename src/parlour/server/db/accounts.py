"""The accounts' tables (made by migration 0009), declared on the storage's ``metadata``: accounts, their
sessions, the seats each account holds, and their ratings with each rated result."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, false


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
        Column("notify", Boolean, nullable=False, server_default=false()),  # e-mail when a turn waits for it
        Column("lang", String(10), nullable=False, server_default="en"),  # the language of its e-mails
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


def rating_tables(metadata: MetaData, prefix: str) -> tuple[Table, Table]:
    """``ratings`` (each account's current rating per game) and ``rated`` (the rating after each rated table:
    the history, and the key that rates a table once only)."""
    ratings = Table(
        f"{prefix}ratings", metadata,
        Column("account_id", String(32), ForeignKey(f"{prefix}accounts.id"), primary_key=True),
        Column("game", String(20), primary_key=True),
        Column("mu", Float, nullable=False),
        Column("sigma", Float, nullable=False),
        Column("games", Integer, nullable=False),
    )
    rated = Table(
        f"{prefix}rated", metadata,
        Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), primary_key=True),
        Column("account_id", String(32), ForeignKey(f"{prefix}accounts.id"), primary_key=True),
        Column("game", String(20), nullable=False),
        Column("at", Float, nullable=False),
        Column("mu", Float, nullable=False),
        Column("sigma", Float, nullable=False),
        Index(f"ix_{prefix}rated_account_id", "account_id", "game", "at"),
    )
    return ratings, rated
