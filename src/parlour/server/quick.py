"""A quick game ("Play now"): seated with other people asking for the same game and variant, or with bots of
one's level when nobody comes within ``quick_wait_seconds``.

Each request is a *ticket* in the queue of its game, variant and ratedness (``key``). Arriving, a ticket
either takes the players it lacks from the queue, at once and atomically, or waits in it. The ticket that
completes a table (the *maker*) opens it, keeps each other ticket's seat for it (by the hash of a secret
claim only that ticket's request knows, as a rematch keeps seats), takes its own seat and posts each other
ticket its seat. A waiting ticket whose wait runs out withdraws itself, atomically too: if it was still in
the queue it opens a table against bots of its level (the level whose rating is nearest its own: casual
without one); if a maker had just taken it, its seat is on its way. So nobody is seated twice and nobody is
left out. With ``redis_url`` the queues and the posted seats are in Redis (a Lua script takes or queues, on
every process at once); else in this process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Protocol

from redis import Redis
from redis.exceptions import RedisError

from parlour.server.masking import mask

log = logging.getLogger("parlour.server")
REDIS_TIMEOUT = 0.5
POLL_SECONDS = 0.05
"""How often a waiting ticket looks for its seat in Redis."""
POSTED_SECONDS = 120
"""How long a posted seat waits for its ticket in Redis."""
OFFER = """
local now = tonumber(ARGV[3])
local need = tonumber(ARGV[2])
local taken = {}
while #taken < need do
  local raw = redis.call('LPOP', KEYS[1])
  if not raw then break end
  local entry = cjson.decode(raw)
  if tonumber(entry['until']) > now then table.insert(taken, raw) end
end
if #taken == need then return taken end
for i = #taken, 1, -1 do redis.call('LPUSH', KEYS[1], taken[i]) end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], 600)
return {}
"""
"""Take ``need`` live tickets from the queue (the oldest first), or queue this one (``ARGV[1]``) and take none."""


@dataclass(frozen=True)
class Ticket:
    """One request's place in a queue: its id, the hash of its claim, and until when it waits."""

    id: str
    claim_hash: str
    until: float

    def text(self) -> str:
        return json.dumps({"id": self.id, "claim": self.claim_hash, "until": self.until}, sort_keys=True)

    @classmethod
    def read(cls, text: str | bytes) -> Ticket:
        data = json.loads(text)
        return cls(str(data["id"]), str(data["claim"]), float(data["until"]))


class Queues(Protocol):
    """The quick-game queues: in this process, or in Redis for the cluster."""

    def offer(self, key: str, ticket: Ticket, need: int) -> list[Ticket] | None:
        """Take ``need`` waiting tickets (this one completes a table), or queue ``ticket`` (None)."""

    def withdraw(self, key: str, ticket: Ticket) -> bool:
        """Take ``ticket`` out of its queue: True when it was still there (nobody took it)."""

    def post(self, ticket_id: str, seat: dict[str, Any]) -> None:
        """Tell a taken ticket its table and seat (a seat wins over a stop told before)."""

    def stop(self, ticket_id: str) -> None:
        """Tell a waiting ticket its person stopped waiting (``{"stop": True}``), unless its seat was told first."""

    async def wait(self, ticket_id: str, seconds: float) -> dict[str, Any] | None:
        """The seat posted to ``ticket_id`` within ``seconds``, or None."""

    def forget(self, ticket_id: str) -> None:
        """Drop what is kept for a ticket that is done."""


class LocalQueues:
    """The queues of this process alone."""

    def __init__(self) -> None:
        self.queues: dict[str, list[Ticket]] = defaultdict(list)
        self.posted: dict[str, asyncio.Future[dict[str, Any]]] = {}

    def offer(self, key: str, ticket: Ticket, need: int) -> list[Ticket] | None:
        queue = self.queues[key]
        now = time.time()
        queue[:] = [t for t in queue if t.until > now]
        if len(queue) >= need:
            taken, queue[:] = queue[:need], queue[need:]
            return taken
        queue.append(ticket)
        self.posted[ticket.id] = asyncio.get_running_loop().create_future()
        return None

    def withdraw(self, key: str, ticket: Ticket) -> bool:
        queue = self.queues[key]
        if ticket in queue:
            queue.remove(ticket)
            return True
        return False

    def post(self, ticket_id: str, seat: dict[str, Any]) -> None:
        found = self.posted.get(ticket_id)
        if found is None:
            return
        if not found.done():
            found.set_result(seat)
        elif found.result().get("stop"):  # stopped just as a table took it: the seat is what counts
            fresh = asyncio.get_running_loop().create_future()
            fresh.set_result(seat)
            self.posted[ticket_id] = fresh

    def stop(self, ticket_id: str) -> None:
        found = self.posted.get(ticket_id)
        if found is not None and not found.done():
            found.set_result({"stop": True})

    async def wait(self, ticket_id: str, seconds: float) -> dict[str, Any] | None:
        found = self.posted.get(ticket_id)
        if found is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.shield(found), seconds)
        except TimeoutError:
            return None

    def forget(self, ticket_id: str) -> None:
        self.posted.pop(ticket_id, None)


class RedisQueues:
    """The queues of the cluster, in Redis (``prefix`` names them apart from another service's)."""

    def __init__(self, url: str, prefix: str) -> None:
        self.redis = Redis.from_url(url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT)
        self.url = mask(url)
        self.prefix = prefix
        self.script = self.redis.register_script(OFFER)

    def offer(self, key: str, ticket: Ticket, need: int) -> list[Ticket] | None:
        taken = self.script(keys=[f"{self.prefix}:quick:{key}"], args=[ticket.text(), need, time.time()])
        return [Ticket.read(raw) for raw in taken] if taken else None

    def withdraw(self, key: str, ticket: Ticket) -> bool:
        return bool(self.redis.lrem(f"{self.prefix}:quick:{key}", 1, ticket.text()))

    def post(self, ticket_id: str, seat: dict[str, Any]) -> None:
        self.redis.set(f"{self.prefix}:quick-seat:{ticket_id}", json.dumps(seat), ex=POSTED_SECONDS)

    def stop(self, ticket_id: str) -> None:
        self.redis.set(f"{self.prefix}:quick-seat:{ticket_id}", json.dumps({"stop": True}), ex=POSTED_SECONDS,
                       nx=True)

    async def wait(self, ticket_id: str, seconds: float) -> dict[str, Any] | None:
        end = time.monotonic() + seconds
        name = f"{self.prefix}:quick-seat:{ticket_id}"
        while True:
            try:
                raw = self.redis.getdel(name)
            except (RedisError, OSError) as e:
                log.warning("quick game: Redis at %s failed: %s", self.url, mask(str(e)))
                raw = None
            if raw is not None:
                seat: dict[str, Any] = json.loads(raw)
                return seat
            if time.monotonic() >= end:
                return None
            await asyncio.sleep(POLL_SECONDS)

    def forget(self, ticket_id: str) -> None:
        """Nothing to drop: a seat posted in Redis is taken as it is read, and expires otherwise."""


def quick_queues(redis_url: str | None, prefix: str) -> Queues:
    """The cluster's queues with a Redis URL, else this process's."""
    return LocalQueues() if redis_url is None else RedisQueues(redis_url, prefix)
