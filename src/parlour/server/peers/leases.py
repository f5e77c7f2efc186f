"""The tables whose bots a process plays: PostgreSQL session advisory locks held on one connection of its own.

A lock lives as long as its session: a process that dies loses its leases and the others claim them on
their next sweep. The same happens when the database restarts or the connection breaks: every lock is gone
with it, so on any error the connection is dropped, the leases counted lost, and the next sweep takes
them again on a new connection (or another process does first).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from sqlalchemy import Connection, TextClause, text
from sqlalchemy.exc import SQLAlchemyError

from parlour.server.db.locks import lock_key
from parlour.server.peers.outage import Outage
from parlour.server.storage import Storage, StorageUnavailable

TRY_LOCKS = text("SELECT k FROM unnest(CAST(:keys AS bigint[])) AS k WHERE pg_try_advisory_lock(k)")
UNLOCKS = text("SELECT pg_advisory_unlock(k) FROM unnest(CAST(:keys AS bigint[])) AS k")
ALIVE = text("SELECT 1")


class Leases:
    """The leases this process holds, and the connection that holds them."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.prefix = storage.prefix
        self.conn: Connection | None = None
        self.held: set[str] = set()
        self.outage = Outage("the bot leases' database connection")

    def key(self, table_id: str) -> int:
        return lock_key(f"parlour-bots:{self.prefix}:{table_id}")

    def owns(self, table_id: str) -> bool:
        return table_id in self.held

    def claim(self, table_ids: Sequence[str]) -> list[str]:
        """Try to take the leases of ``table_ids`` (none of them held here); the ones taken."""
        if not table_ids:
            return []
        by_key = {self.key(t): t for t in table_ids}
        taken = [by_key[k] for k in self.run(TRY_LOCKS, list(by_key))]
        self.held.update(taken)
        return taken

    def release(self, table_ids: Sequence[str]) -> None:
        if not table_ids:
            return
        self.run(UNLOCKS, [self.key(t) for t in table_ids])
        self.held.difference_update(table_ids)

    def check(self) -> None:
        """Make sure the leases counted held still are: a round trip on their connection (``StorageUnavailable``
        and none held when it broke)."""
        if self.held:
            self.run(ALIVE, None)

    def run(self, query: TextClause, keys: list[int] | None) -> list[int]:
        """``query`` on the leases' connection (opened when there is none); on any failure the connection
        is dropped with every lease, and ``StorageUnavailable`` raised."""
        try:
            if self.conn is None:
                self.conn = self.storage.engine.connect()
            rows = self.conn.execute(query, {} if keys is None else {"keys": keys}).scalars().all()
            self.conn.commit()
        except (SQLAlchemyError, StorageUnavailable) as e:
            self.drop(e)
            if isinstance(e, StorageUnavailable):
                raise
            raise StorageUnavailable(f"database {self.storage.shown_url} is unavailable: "
                                     f"{type(e).__name__}") from None
        self.outage.back()
        return [int(r) for r in rows]

    def drop(self, why: object) -> None:
        """Let the connection go: its session, and with it every lease, is lost (or soon will be)."""
        self.outage.lost(why)
        self.held.clear()
        conn, self.conn = self.conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.invalidate()
            with contextlib.suppress(Exception):
                conn.close()

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
            self.conn = None
        self.held.clear()
