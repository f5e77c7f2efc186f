"""The chat's stored table, declared beside the others (``storage``) and made by migration 0002."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table


def chat_table(metadata: MetaData, prefix: str) -> Table:
    """The chat's table (made by migration 0002), declared on ``metadata`` so that it is dropped with it."""
    return Table(
        f"{prefix}chat", metadata,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), nullable=False),
        Column("at", Float, nullable=False),
        Column("author", String(60), nullable=False),
        Column("text", String(300), nullable=False),
        Index(f"ix_{prefix}chat_table_id", "table_id", "id"),
    )
