"""Rematches and stand-ins: each table's first dealer, and which stored actions a stand-in bot played."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("dealer", sa.Integer, nullable=True))
    with op.batch_alter_table(f"{prefix}actions") as actions:
        actions.add_column(sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("dealer")
    with op.batch_alter_table(f"{prefix}actions") as actions:
        actions.drop_column("stand_in")
