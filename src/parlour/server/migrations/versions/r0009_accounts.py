"""Accounts: a name unique whatever its case and accents, an argon2id password hash, an optional e-mail; their
sessions (only a hash of each cookie is kept); the seats each account holds, so that they follow it to any
browser; ratings per game and the rating after each rated table; whether a table is rated (NULL for the
tables stored before: casual); and turn-based tables' move clock and the current turn's deadline (NULL:
real-time), indexed for the clock sweep."""

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
        sa.Column("notify", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("lang", sa.String(10), nullable=False, server_default="en"),
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
    op.create_table(
        f"{prefix}ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey(f"{prefix}accounts.id"), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        f"{prefix}rated",
        sa.Column("table_id", sa.String(32), sa.ForeignKey(f"{prefix}tables.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey(f"{prefix}accounts.id"), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )
    op.create_index(f"ix_{prefix}rated_account_id", f"{prefix}rated", ["account_id", "game", "at"])
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("rated", sa.Boolean, nullable=True))
        tables.add_column(sa.Column("move_clock", sa.Float, nullable=True))
        tables.add_column(sa.Column("deadline", sa.Float, nullable=True))
    op.create_index(f"ix_{prefix}tables_deadline", f"{prefix}tables", ["deadline"])


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    op.drop_index(f"ix_{prefix}tables_deadline", f"{prefix}tables")
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("deadline")
        tables.drop_column("move_clock")
        tables.drop_column("rated")
    op.drop_table(f"{prefix}rated")
    op.drop_table(f"{prefix}ratings")
    op.drop_table(f"{prefix}account_seats")
    op.drop_table(f"{prefix}sessions")
    op.drop_table(f"{prefix}accounts")
