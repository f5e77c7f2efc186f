"""Per-client limits and rematches in storage: who created each table (a hash of its client key), the table a
rematch follows (one next table per finished table: unique), and seats kept for the previous match's players."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        tables.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
    op.create_index(f"ix_{prefix}tables_creator_hash", f"{prefix}tables", ["creator_hash", "finished"])
    op.create_index(f"ix_{prefix}tables_rematch_of", f"{prefix}tables", ["rematch_of"], unique=True)
    with op.batch_alter_table(f"{prefix}seats") as seats:
        seats.add_column(sa.Column("reserved_hash", sa.String(64), nullable=True))
        seats.add_column(sa.Column("reserved_until", sa.Float, nullable=True))


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.drop_index(f"ix_{prefix}tables_rematch_of", f"{prefix}tables")
    op.drop_index(f"ix_{prefix}tables_creator_hash", f"{prefix}tables")
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("rematch_of")
        tables.drop_column("creator_hash")
    with op.batch_alter_table(f"{prefix}seats") as seats:
        seats.drop_column("reserved_until")
        seats.drop_column("reserved_hash")
