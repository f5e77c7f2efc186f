"""Accounts: a name unique whatever its case and accents, an argon2id password hash, an optional e-mail; their
sessions (only a hash of each cookie is kept); and the seats each account holds, so that they follow it to any
browser."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.create_table(
        f"{prefix}accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("seat_key", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        f"{prefix}sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey(f"{prefix}accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index(f"ix_{prefix}sessions_account_id", f"{prefix}sessions", ["account_id"])
    op.create_table(
        f"{prefix}account_seats",
        sa.Column("account_id", sa.String(32), sa.ForeignKey(f"{prefix}accounts.id"), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey(f"{prefix}tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_index(f"ix_{prefix}account_seats_table_id", f"{prefix}account_seats", ["table_id"])


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.drop_table(f"{prefix}account_seats")
    op.drop_table(f"{prefix}sessions")
    op.drop_table(f"{prefix}accounts")
