"""The database schema brought to the newest revision at start, safely from any number of processes at once.

The revisions are Alembic's, in ``parlour/server/migrations/`` inside the package (so they run
from an installed wheel). Every process that opens the database runs
``migrate``: under a lock held in the migration's own transaction (a PostgreSQL
advisory lock; on SQLite an immediate write transaction), it upgrades to the
newest revision, so the first process to start creates the schema and the others
wait a moment and find it done. The migration ends with a write, so that a
database the server may read but not write is refused at start, not at the
first move. A database made before migrations existed
(``create_all`` without a revision table) is stamped as the first revision and
upgraded from there, in place.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, func, inspect, select

from parlour.server.db.locks import lock_key

MIGRATIONS = Path(__file__).parents[1] / "migrations"
BASELINE = "0001"
"""The revision that matches the schema ``create_all`` made before there were migrations."""


def config(connection: Connection, prefix: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    cfg.attributes["prefix"] = prefix
    return cfg


def head() -> str:
    """The newest revision shipped."""
    revision = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert revision is not None
    return revision


def current(connection: Connection, prefix: str) -> str | None:
    """The revision the database is at (None: no schema yet, or one made before migrations)."""
    context = MigrationContext.configure(connection, opts={"version_table": f"{prefix}alembic_version"})
    return context.get_current_revision()


def migrate(engine: Engine, prefix: str) -> None:
    """Bring the schema of the tables named with ``prefix`` to the newest revision, under the migration lock."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(select(func.pg_advisory_xact_lock(lock_key(f"parlour-migrate:{prefix}"))))
        elif conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        cfg = config(conn, prefix)
        if current(conn, prefix) is None and inspect(conn).has_table(f"{prefix}tables"):
            command.stamp(cfg, BASELINE)
        command.upgrade(cfg, "head")
        conn.exec_driver_sql(f'UPDATE "{prefix}alembic_version" SET version_num = version_num')  # read-only: fails
