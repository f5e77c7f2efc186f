"""Lessons: whether a table is a game's lesson (one person against bots on the game's fixed, public deal), so
that a restart keeps refusing a second person and a rematch there. NULL (a table stored before) is no lesson; a
plain ``ALTER TABLE … ADD COLUMN``, so SQLite keeps the table rather than copying it under its foreign keys."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("lesson", sa.Boolean, nullable=True))


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("lesson")
