"""The probes an orchestrator asks: ``GET /healthz`` (the process answers) and ``GET /readyz`` (it can serve).

Readiness asks each dependency one cheap question: storage a ``SELECT 1``, Redis (when the server
uses it) a ``PING``. Each question is bounded by ``probe_seconds`` however the dependency fails
(refused, silent, a pool with no free connection): the database's runs on a thread of the probe's
own, so the event loop never waits for it, and a probe that hangs leaves that thread busy, not the
server; later probes then answer "not ready" in time. Every URL in an answer has its password masked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.backoff import NoBackoff
from redis.retry import Retry
from sqlalchemy import text

from parlour.server.masking import mask
from parlour.server.metrics import Metrics
from parlour.server.storage import Storage

PROBE_THREADS = 2
"""Threads the database checks run on: a check stuck on a silent database holds one, never more than these."""


class Pingable(Protocol):
    """A Redis client (``redis.asyncio.Redis``) or anything else answering ``ping()``."""

    def ping(self) -> Awaitable[Any]: ...


def first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class Probes:
    """The readiness checks of one app: its storage and, when it has one, its Redis."""

    def __init__(self, storage: Storage, redis_url: str | None, metrics: Metrics, seconds: float) -> None:
        self.storage = storage
        self.seconds = seconds
        self.metrics = metrics
        self.redis_url = redis_url
        self.redis: aioredis.Redis | None = None
        """A client of the probe's own, with short timeouts and no retries (not the peer's)."""
        if redis_url is not None:
            self.redis = aioredis.Redis.from_url(redis_url, socket_connect_timeout=seconds, socket_timeout=seconds,
                                                 retry=Retry(NoBackoff(), 0))
        self.threads = ThreadPoolExecutor(PROBE_THREADS, thread_name_prefix="parlour-probe")

    def select_one(self) -> None:
        with self.storage.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    async def storage_problem(self) -> str | None:
        """Why storage cannot serve now, or None when it answers ``SELECT 1`` within the time allowed."""
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(loop.run_in_executor(self.threads, self.select_one), self.seconds)
        except TimeoutError:
            return f"database {self.storage.shown_url} did not answer within {self.seconds:g} s"
        except Exception as e:  # any failure means not ready; StorageUnavailable already names the URL
            message = first_line(e)
            return message if self.storage.shown_url in message else f"database {self.storage.shown_url}: {message}"
        return None

    async def redis_problem(self) -> str | None:
        """Why Redis cannot serve now (None: no Redis used, or it answered PING in time)."""
        if self.redis is None or self.redis_url is None:
            return None
        problem = await redis_problem(self.redis, mask(self.redis_url), self.seconds)
        if problem is not None:
            self.metrics.redis_error()
        return problem

    async def problems(self) -> dict[str, str]:
        """What is down, by dependency (``storage``, ``redis``): empty when the server is ready."""
        storage, redis = await asyncio.gather(self.storage_problem(), self.redis_problem())
        return {name: why for name, why in (("storage", storage), ("redis", redis)) if why is not None}

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()
        self.threads.shutdown(wait=False, cancel_futures=True)


async def redis_problem(client: Pingable, shown_url: str, seconds: float) -> str | None:
    """Why the Redis behind ``client`` cannot serve (its URL shown as ``shown_url``, password masked), or None
    when it answers PING within ``seconds``. Any client with an async ``ping()`` will do: the probe's own,
    or the Redis peer's."""
    try:
        await asyncio.wait_for(client.ping(), seconds)
    except TimeoutError:
        return f"Redis {shown_url} did not answer PING within {seconds:g} s"
    except Exception as e:  # redis-py's errors, OSError, anything: Redis is not serving
        return f"Redis {shown_url} is unavailable: {first_line(e)}"
    return None
