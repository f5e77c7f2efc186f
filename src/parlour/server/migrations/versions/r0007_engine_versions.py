"""Engine versions: the game's engine version each table was made under, and the fingerprint of the position
after each action, so that a table made under another version is restored only when it replays to the same
positions (``parlour.core.versions``). NULL (a table or an action stored before) is unknown: such a table is
checked by replaying its actions. Plain ``ALTER TABLE … ADD COLUMN``s, so SQLite keeps the tables rather than
copying them under their foreign keys."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.add_column(sa.Column("engine", sa.Integer, nullable=True))
    with op.batch_alter_table(f"{prefix}actions") as actions:
        actions.add_column(sa.Column("digest", sa.String(32), nullable=True))


def downgrade() -> None:
    prefix = context.config.attributes["prefix"]
    with op.batch_alter_table(f"{prefix}actions") as actions:
        actions.drop_column("digest")
    with op.batch_alter_table(f"{prefix}tables") as tables:
        tables.drop_column("engine")
