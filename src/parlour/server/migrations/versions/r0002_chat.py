"""Table chat: each table's messages (who said what, when), kept with the table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.create_table(
        f"{prefix}chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey(f"{prefix}tables.id"), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("author", sa.String(60), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
    )
    op.create_index(f"ix_{prefix}chat_table_id", f"{prefix}chat", ["table_id", "id"])


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.drop_table(f"{prefix}chat")
