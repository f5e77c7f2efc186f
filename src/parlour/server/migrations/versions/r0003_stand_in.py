"""Absent players: whether a stand-in bot plays for each seat, and the stand-in bot spec of each table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}seats") as seats:
        seats.add_column(sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("stand_in_bot", sa.String(80), nullable=True))


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}seats") as seats:
        seats.drop_column("stand_in")
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("stand_in_bot")
