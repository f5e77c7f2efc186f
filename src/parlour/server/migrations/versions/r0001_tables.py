"""The first schema: tables (rules and seed), their seats (hashed seat tokens) and their action logs.

It is the schema that ``metadata.create_all`` made before migrations existed, so
such a database is stamped at this revision and upgraded from there.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.create_table(
        f"{prefix}tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(80), nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_index(f"ix_{prefix}tables_finished", f"{prefix}tables", ["finished"])
    op.create_table(
        f"{prefix}seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey(f"{prefix}tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("bot", sa.String(80), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        f"{prefix}actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey(f"{prefix}tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.drop_table(f"{prefix}actions")
    op.drop_table(f"{prefix}seats")
    op.drop_table(f"{prefix}tables")
