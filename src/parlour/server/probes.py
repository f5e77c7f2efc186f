"""The probes an orchestrator asks: ``GET /healthz`` (the process answers) and ``GET /readyz`` (it can serve).

Readiness asks each dependency one cheap question: storage a ``SELECT 1``, Redis (when the server
uses it) a ``PING``. Each question is bounded by ``probe_seconds`` however the dependency fails
(refused, silent, a pool with no free connection): the database's runs on a thread of the probe's
own, so the event loop never waits for it, and a probe that hangs leaves that thread busy, not the
server; later probes then answer "not ready" in time.

An answer names only which dependency is down and whether it failed or did not answer in time: a
driver's error names the database's user, host, port and name, which are nobody's business but the
operator's. Those details go to the log (each once, until that dependency is back), every URL's
password masked.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple, Protocol

import redis.asyncio as aioredis
from redis.backoff import NoBackoff
from redis.retry import Retry
from sqlalchemy import text

from parlour.server.masking import mask
from parlour.server.metrics import Metrics
from parlour.server.storage import Storage

log = logging.getLogger("parlour.server")
PROBE_THREADS = 2
"""Threads the database checks run on: a check stuck on a silent database holds one, never more than these."""
UNAVAILABLE = "unavailable"
"""What ``/readyz`` says of a dependency that failed (the log says how)."""


class Pingable(Protocol):
    """A Redis client (``redis.asyncio.Redis``) or anything else answering ``ping()``."""

    def ping(self) -> Awaitable[Any]: ...


def first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class Problem(NamedTuple):
    """Why a dependency cannot serve: as anyone asking ``/readyz`` is told it, and as the log keeps it."""

    shown: str
    """Either "unavailable" or that it did not answer in time: nothing of where it is or who connects to it."""
    logged: str
    """The whole reason, naming the dependency (its URL's password masked)."""


class Probes:
    """The readiness checks of one app: its storage and, when it has one, its Redis."""

    def __init__(self, storage: Storage, redis_url: str | None, metrics: Metrics, seconds: float) -> None:
        self.storage = storage
        self.seconds = seconds
        self.metrics = metrics
        self.redis_url = redis_url
        self.threads = ThreadPoolExecutor(PROBE_THREADS, thread_name_prefix="parlour-probe")
        self.logged: dict[str, str] = {}
        """The reason last logged for each dependency that is down (logged again only when it changes)."""

    def select_one(self) -> None:
        with self.storage.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    async def storage_problem(self) -> Problem | None:
        """Why storage cannot serve now, or None when it answers ``SELECT 1`` within the time allowed."""
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(loop.run_in_executor(self.threads, self.select_one), self.seconds)
        except TimeoutError:
            late = late_by(self.seconds)
            return Problem(late, f"database {self.storage.shown_url} {late}")
        except Exception as e:  # any failure means not ready; StorageUnavailable already names the URL
            message = mask(first_line(e))
            shown = self.storage.shown_url
            return Problem(UNAVAILABLE, message if shown in message else f"database {shown}: {message}")
        return None

    async def redis_problem(self) -> Problem | None:
        """Why Redis cannot serve now (None: no Redis used, or it answered PING in time).

        Each probe connects afresh (short timeouts, no retries, never the peer's client), so that no client
        outlives the event loop it was made on, and a PING on a new connection is what a new process would meet."""
        if self.redis_url is None:
            return None
        client = aioredis.Redis.from_url(self.redis_url, socket_connect_timeout=self.seconds,
                                         socket_timeout=self.seconds, retry=Retry(NoBackoff(), 0))
        try:
            problem = await redis_problem(client, mask(self.redis_url), self.seconds)
        finally:
            with contextlib.suppress(Exception):  # closing what never connected cannot matter
                await client.aclose()
        if problem is not None:
            self.metrics.redis_error()
        return problem

    async def problems(self) -> dict[str, str]:
        """What is down, by dependency (``database``, ``redis``), as anyone asking may be told it (``Problem``):
        empty when the server is ready. The whole reason of each is logged, once until it changes."""
        found = await asyncio.gather(self.storage_problem(), self.redis_problem())
        down = {}
        for name, problem in zip(("database", "redis"), found, strict=True):
            if problem is None:
                if self.logged.pop(name, None) is not None:
                    log.info("readiness: the %s answers again", name)
                continue
            if self.logged.get(name) != problem.logged:
                self.logged[name] = problem.logged
                log.warning("not ready: %s", mask(problem.logged))
            down[name] = problem.shown
        return down

    async def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)


def late_by(seconds: float) -> str:
    """What ``/readyz`` says of a dependency that did not answer within ``seconds``."""
    return f"did not answer within {seconds:g} s"


async def redis_problem(client: Pingable, shown_url: str, seconds: float) -> Problem | None:
    """Why the Redis behind ``client`` cannot serve (its URL shown as ``shown_url``, password masked, in the
    reason logged), or None when it answers PING within ``seconds``. Any client with an async ``ping()`` will do."""
    try:
        await asyncio.wait_for(client.ping(), seconds)
    except TimeoutError:
        return Problem(late_by(seconds), f"Redis {shown_url} did not answer PING within {seconds:g} s")
    except Exception as e:  # redis-py's errors, OSError, anything: Redis is not serving
        return Problem(UNAVAILABLE, f"Redis {shown_url} is unavailable: {first_line(e)}")
    return None
