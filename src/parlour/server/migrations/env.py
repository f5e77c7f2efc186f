"""Alembic's entry point: runs the revisions on the connection and table prefix that ``schema.migrate`` hands over.

The caller already holds the migration lock inside that connection's transaction,
so nothing here opens a connection or a transaction of its own.
"""

from __future__ import annotations

from alembic import context

attributes = context.config.attributes
context.configure(connection=attributes["connection"], version_table=f"{attributes['prefix']}alembic_version")
with context.begin_transaction():
    context.run_migrations()
