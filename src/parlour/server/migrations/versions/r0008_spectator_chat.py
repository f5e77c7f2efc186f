"""Spectator chat: whether a table's spectators may post in its chat (seated players always may, until the
table ends). NULL (a table stored before) lets only its seated players post; a plain ``ALTER TABLE … ADD
COLUMN``, so SQLite keeps the table rather than copying it under its foreign keys."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=True))


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("spectator_chat")
