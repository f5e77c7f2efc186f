"""The server's limits on what one client may take: request size, table creation, chat, WebSocket connections.

Each limit is a ``Settings`` field, and each refusal names it. ``BodyLimit``
refuses a request body above ``max_message_bytes`` as its bytes arrive
(declared length or chunked), without reading it to the end. ``TokenBucket``
is the rate limit used per client: a burst, then a steady rate.

A ``ClientQuota`` counts what each client takes (and each table's spectators, as the open connections of
``spectators_key``): ``LocalQuota`` in this process alone, ``RedisQuota``
across every process of a cluster (``client_quota`` picks it when ``redis_url`` is set). The Redis one
counts atomically in Redis (Lua scripts: a token bucket, a fixed window, and socket counts kept per
process under a key that lives only while the process refreshes it, so a dead process's sockets stop
counting within ``SOCKET_TTL``); while Redis cannot be reached it counts in this process, as alone,
rather than refusing everyone, and tries Redis again after ``RETRY_SECONDS``. Its calls are short and
synchronous, like the storage calls beside them, each bounded by ``REDIS_TIMEOUT``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from redis import Redis
from redis.exceptions import RedisError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.server.masking import mask
from parlour.server.settings import Settings

log = logging.getLogger("parlour.server")
SOCKET_TTL = 30
"""Seconds a process's socket counts outlive its last refresh (it refreshes them every third of that)."""
RETRY_SECONDS = 5.0
"""After Redis failed, how long limits are counted in this process before Redis is tried again."""
REDIS_TIMEOUT = 0.5
"""Seconds a limit waits for Redis before counting in this process instead."""


def envelope(code: str, message: str) -> bytes:
    """A REST error body: ``{"error": {"code": …, "message": …}}``."""
    return json.dumps({"error": {"code": code, "message": message}}).encode()


class BodyTooLarge(HTTPException):
    """Raised inside the app when a body grows past the limit while it is read (the app answers 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body of more than {limit} bytes; the limit is max_message_bytes = {limit}")


class BodyLimit:
    """ASGI middleware: a body above ``settings.max_message_bytes`` is a 413 and is not read further."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.limit = settings.max_message_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self.refuse(send, f"request body of {declared.decode('latin-1')[:30]!r} bytes")
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await self.refuse(send, f"request body of more than {self.limit} bytes")

    async def refuse(self, send: Send, what: str) -> None:
        body = envelope("request/too_large", f"{what}; the limit is max_message_bytes = {self.limit}")
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


@dataclass
class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` per second; ``take`` spends one or says how long to wait."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self, now: float | None = None) -> float:
        """0 when a token was spent, else the seconds until one will be there (nothing spent)."""
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


class Buckets:
    """One ``TokenBucket`` per client key, forgetting full ones so that idle clients cost nothing."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> float:
        bucket = self.buckets.setdefault(key, TokenBucket(self.rate, self.burst))
        wait = bucket.take()
        if len(self.buckets) > 10_000:
            now = time.monotonic()
            self.buckets = {k: b for k, b in self.buckets.items()
                            if b.tokens + (now - b.stamp) * b.rate < b.burst}
        return wait


def client_key(token: str | None, address: Any) -> str:
    """Who a request counts against: its player token when it has one, else its address."""
    if token:
        return f"token:{token}"
    host = getattr(address, "host", None) or "unknown"
    return f"address:{host}"


def spectators_key(table_id: str) -> str:
    """What the spectators of one table count against (``ClientQuota.enter``, capped by
    ``max_spectators_per_table``): counted like one client's connections, across every process with Redis."""
    return f"spectators:{table_id}"


Release = Callable[[], None]
"""Gives back what ``ClientQuota.enter`` counted."""


class ClientQuota(Protocol):
    """What each client (``client_key``) has taken: in this process, or across a cluster."""

    def take(self, key: str, rate: float, burst: float) -> float:
        """Spend one of ``key``'s tokens (a burst, then ``rate`` a second): 0, else the seconds to wait."""

    def count(self, key: str, most: int, window: float) -> float:
        """Count one more for ``key``, at most ``most`` per ``window`` seconds: 0, else the seconds to wait."""

    def enter(self, key: str, cap: int) -> Release | None:
        """Count one more open connection of ``key``: how to give it back, or None when it holds ``cap``."""

    def start(self) -> None:
        """Keep the counts alive (needs the running event loop)."""

    async def stop(self) -> None:
        """Stop, giving back what this process counts."""


class LocalQuota:
    """``ClientQuota`` of this process alone."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[float, float], Buckets] = {}
        self.windows: defaultdict[str, deque[float]] = defaultdict(deque)
        self.open: defaultdict[str, int] = defaultdict(int)

    def take(self, key: str, rate: float, burst: float) -> float:
        buckets = self.buckets.setdefault((rate, burst), Buckets(rate, burst))
        return buckets.take(key)

    def count(self, key: str, most: int, window: float) -> float:
        now = time.monotonic()
        times = self.windows[key]
        while times and now - times[0] > window:
            times.popleft()
        if len(times) >= most:
            return max(window - (now - times[0]), 0.001)
        times.append(now)
        if len(self.windows) > 10_000:
            self.windows = defaultdict(deque, {k: t for k, t in self.windows.items() if t and now - t[-1] <= window})
        return 0.0

    def enter(self, key: str, cap: int) -> Release | None:
        if self.open[key] >= cap:
            return None
        self.open[key] += 1
        return lambda: self.leave(key)

    def leave(self, key: str) -> None:
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]

    def start(self) -> None:
        """Nothing to keep alive."""

    async def stop(self) -> None:
        """Nothing to give back."""


TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local kept = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(kept[1]) or burst
local stamp = tonumber(kept[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return tostring(wait)
"""
"""A token bucket in a hash (tokens, stamp); Redis's clock, so the processes' clocks do not matter."""
COUNT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = tonumber(ARGV[2]) end
  return left
end
return 0
"""
"""A fixed window: a counter that expires with it; a refusal is not counted. The milliseconds to wait, or 0."""
ENTER = """
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local process = fields[i]
  if process ~= ARGV[1] then
    if redis.call('EXISTS', ARGV[4] .. process) == 1 then
      total = total + tonumber(fields[i + 1])
    else
      redis.call('HDEL', KEYS[1], process)
    end
  end
end
if total + tonumber(ARGV[2]) > tonumber(ARGV[3]) then return total end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('SET', ARGV[4] .. ARGV[1], 1, 'EX', ARGV[5])
return -1
"""
"""Per client, a hash of each process's open connections; those of a process whose alive key expired are dropped.
This process's count (ARGV[2], after adding one) is written only when the total stays within the cap."""


class RedisQuota:
    """``ClientQuota`` of the whole cluster, counted in Redis; in this process while Redis is away."""

    def __init__(self, url: str, prefix: str) -> None:
        self.redis = Redis.from_url(url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT)
        self.url = mask(url)
        self.prefix = prefix
        self.process = secrets.token_hex(6)
        self.local = LocalQuota()
        """Counts while Redis is away; and this process's open connections, always (the truth it writes)."""
        self.down_until = 0.0
        self.scripts = {name: self.redis.register_script(text)
                        for name, text in (("take", TAKE), ("count", COUNT), ("enter", ENTER))}
        self.refresher: asyncio.Task[None] | None = None

    def run(self, script: str, keys: list[str], args: list[Any]) -> Any:
        """Run a script, or None when Redis cannot be reached (then, for ``RETRY_SECONDS``, without trying)."""
        if time.monotonic() < self.down_until:
            return None
        try:
            return self.scripts[script](keys=keys, args=args)
        except (RedisError, OSError) as e:
            self.down_until = time.monotonic() + RETRY_SECONDS
            log.warning("limits counted in this process for %g s: Redis at %s failed: %s", RETRY_SECONDS,
                        self.url, mask(str(e)))
            return None

    def take(self, key: str, rate: float, burst: float) -> float:
        answer = self.run("take", [f"{self.prefix}take:{key}"], [rate, burst])
        return self.local.take(key, rate, burst) if answer is None else float(answer)

    def count(self, key: str, most: int, window: float) -> float:
        answer = self.run("count", [f"{self.prefix}count:{key}"], [most, max(1, int(window * 1000))])
        return self.local.count(key, most, window) if answer is None else int(answer) / 1000

    def enter(self, key: str, cap: int) -> Release | None:
        mine = self.local.open.get(key, 0) + 1
        answer = self.run("enter", [f"{self.prefix}sockets:{key}"], [self.process, mine, cap,
                                                                       f"{self.prefix}alive:", SOCKET_TTL])
        if answer is not None and int(answer) >= 0:
            return None
        if answer is None and mine > cap:
            return None
        self.local.open[key] = mine
        return lambda: self.leave(key)

    def leave(self, key: str) -> None:
        self.local.leave(key)
        self.write({key: self.local.open.get(key, 0)})

    def write(self, counts: dict[str, int]) -> None:
        """Write this process's counts (absolute: a lost write is mended by the next) and that it is alive."""
        if time.monotonic() < self.down_until:
            return
        try:
            with self.redis.pipeline(transaction=False) as pipe:
                pipe.set(f"{self.prefix}alive:{self.process}", 1, ex=SOCKET_TTL)
                for key, n in counts.items():
                    if n > 0:
                        pipe.hset(f"{self.prefix}sockets:{key}", self.process, n)
                        pipe.expire(f"{self.prefix}sockets:{key}", SOCKET_TTL)
                    else:
                        pipe.hdel(f"{self.prefix}sockets:{key}", self.process)
                pipe.execute()
        except (RedisError, OSError) as e:
            self.down_until = time.monotonic() + RETRY_SECONDS
            log.warning("could not write connection counts to Redis at %s: %s", self.url, mask(str(e)))

    def start(self) -> None:
        self.refresher = asyncio.get_running_loop().create_task(self.refresh())

    async def refresh(self) -> None:
        while True:
            self.write(dict(self.local.open))
            await asyncio.sleep(SOCKET_TTL / 3)

    async def stop(self) -> None:
        if self.refresher is not None:
            self.refresher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.refresher
        self.write(dict.fromkeys(self.local.open, 0))
        with contextlib.suppress(Exception):
            self.redis.delete(f"{self.prefix}alive:{self.process}")
        self.redis.close()


def client_quota(settings: Settings) -> ClientQuota:
    """Counted across the cluster with a Redis URL, else in this process."""
    if settings.redis_url is None:
        return LocalQuota()
    return RedisQuota(settings.redis_url, f"parlour:limits:{settings.redis_channel}:")
