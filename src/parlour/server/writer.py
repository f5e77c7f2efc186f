"""Storage writes run where they do not stall the server: inline on SQLite, on threads of their own otherwise.

A SQLite commit in WAL mode takes microseconds and is best made in place. A
PostgreSQL commit waits milliseconds for the network and the disk; made on the
event loop it would stop every other table meanwhile, so it runs on a small
pool of threads and the loop serves others until it returns (the lobby keeps
one action at a time per table).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import ParamSpec, TypeVar

from parlour.server.storage import Storage

THREADS = 8
"""Commits in flight at once; more wait for a thread (the database pool holds 5 + 10 connections)."""

P = ParamSpec("P")
R = TypeVar("R")


class Writer:
    """Runs a storage write inline or on its pool, by the database's kind."""

    def __init__(self, storage: Storage) -> None:
        inline = storage.engine.dialect.name == "sqlite"
        self.pool = None if inline else ThreadPoolExecutor(THREADS, thread_name_prefix="parlour-storage")

    async def run(self, write: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        if self.pool is None:
            return write(*args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self.pool, partial(write, *args, **kwargs))

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True)
