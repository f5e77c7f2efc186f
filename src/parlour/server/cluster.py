"""Several server processes on one PostgreSQL and one Redis, behaving as one server.

PostgreSQL holds the truth: every table, seat and action, each action index
stored once (a stale process's insert fails, so it answers ``action/stale``).
Redis pub/sub only says what changed: on one channel each process announces
the tables it created, the seats it gave, the actions it accepted, the people
who came back, the stand-ins it sent in and who is connected to which table
there, and the others take them on (an action straight from the message when
it is the next one, otherwise everything new from storage) and send their own
clients the new views. A process silent for a few sweeps counts as dead, and
the people connected there as gone. A lost message costs nothing but time: every ``sync_seconds`` a process
compares its tables' versions with storage's and catches up.

Bots and turn timers run in exactly one process per table: the one holding the
table's lease, a PostgreSQL session advisory lock taken on a connection kept
open for the purpose. A process that dies loses its connection and so its
leases, and the others claim them on their next sweep.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

import redis.asyncio as aioredis
from redis import Redis
from redis.exceptions import RedisError
from sqlalchemy import Connection, text

from parlour.core.errors import ParlourError
from parlour.server.authority import Rejected
from parlour.server.lobby import Lobby
from parlour.server.schema import lock_key

log = logging.getLogger("parlour.server")
RECONNECT_SECONDS = 1.0
CLOSE_SECONDS = 5.0
SILENT_SWEEPS = 3
"""A process not heard from for this many sweeps is taken for dead: its clients count as gone."""
TRY_LOCKS = text("SELECT k FROM unnest(CAST(:keys AS bigint[])) AS k WHERE pg_try_advisory_lock(k)")
UNLOCKS = text("SELECT pg_advisory_unlock(k) FROM unnest(CAST(:keys AS bigint[])) AS k")


class ClusterError(ParlourError):
    """Settings that cannot make several processes one server."""


class Leases:
    """The tables whose bots this process plays: PostgreSQL advisory locks held by one connection of its own."""

    def __init__(self, lobby: Lobby) -> None:
        self.prefix = lobby.storage.prefix
        self.conn: Connection = lobby.storage.engine.connect()
        self.held: set[str] = set()

    def key(self, table_id: str) -> int:
        return lock_key(f"parlour-bots:{self.prefix}:{table_id}")

    def owns(self, table_id: str) -> bool:
        return table_id in self.held

    def claim(self, table_ids: list[str]) -> list[str]:
        """Try to take the leases of ``table_ids`` (none of them held here); the ones taken."""
        if not table_ids:
            return []
        by_key = {self.key(t): t for t in table_ids}
        keys = self.conn.execute(TRY_LOCKS, {"keys": list(by_key)}).scalars().all()
        self.conn.commit()
        taken = [by_key[k] for k in keys]
        self.held.update(taken)
        return taken

    def release(self, table_ids: list[str]) -> None:
        if not table_ids:
            return
        self.conn.execute(UNLOCKS, {"keys": [self.key(t) for t in table_ids]})
        self.conn.commit()
        self.held.difference_update(table_ids)

    def close(self) -> None:
        self.conn.close()


class Cluster:
    """This process's link to the others: announcing its changes, taking on theirs, sharing out the bots."""

    def __init__(self, lobby: Lobby) -> None:
        settings = lobby.settings
        if settings.redis_url is None:
            raise ClusterError("several processes need a Redis URL (--redis-url redis://host:6379)")
        if lobby.storage.engine.dialect.name != "postgresql":
            raise ClusterError(f"several processes share their tables through PostgreSQL, not "
                               f"{lobby.storage.engine.url.render_as_string()!r}: give --db "
                               "postgresql+psycopg://user@host/db")
        try:
            with Redis.from_url(settings.redis_url, socket_connect_timeout=5) as probe:
                probe.ping()
        except (RedisError, OSError, ValueError) as e:
            raise ClusterError(f"cannot reach Redis at {settings.redis_url!r}: {e}") from None
        self.lobby = lobby
        self.channel = settings.redis_channel
        self.id = secrets.token_hex(6)
        self.redis = aioredis.Redis.from_url(settings.redis_url)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        """Events to publish, in order; None ends the sender."""
        self.closing = False
        self.leases = Leases(lobby)
        self.tasks: list[asyncio.Task[None]] = []
        self.sender: asyncio.Task[None] | None = None
        self.present: dict[str, dict[str, tuple[set[int], int]]] = {}
        """Per table, per other process: the seats connected and the spectators watching there."""
        self.heard: dict[str, float] = {}
        """When each other process was last heard from (event loop time)."""
        lobby.notify = self.changed
        lobby.elsewhere = self.elsewhere
        lobby.bots.owns = self.leases.owns

    async def start(self) -> None:
        """Subscribe and claim the leases free now; then keep listening, sending and sweeping."""
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel)
        self.claim()
        self.announce({"kind": "hello"})
        self.sender = asyncio.create_task(self.send())
        self.tasks = [asyncio.create_task(self.listen(pubsub)), self.sender, asyncio.create_task(self.sweep())]

    async def close(self) -> None:
        """Send what is queued (the others learn this process's people left), then stop listening and sweeping.

        Cancelling is not enough: the Redis client turns a cancellation during a command into a connection
        error, which the loops take for a lost connection and retry.
        """
        self.closing = True
        self.outbox.put_nowait(None)
        if self.sender is not None:
            await asyncio.wait([self.sender], timeout=CLOSE_SECONDS)
        for task in self.tasks:
            task.cancel()
        await asyncio.wait(self.tasks, timeout=CLOSE_SECONDS)
        self.leases.close()
        await self.redis.aclose()

    # ----------------------------------------------------------- announcing

    def changed(self, event: dict[str, Any]) -> None:
        """A change made here: the table's creator plays its bots, and the others are told."""
        if event["kind"] == "table":
            self.leases.claim([event["table"]])
        self.announce(event)

    def announce(self, event: dict[str, Any]) -> None:
        """Queue ``event`` for the others, in order; the caller never waits for Redis."""
        self.outbox.put_nowait(json.dumps({**event, "from": self.id}, separators=(",", ":")))

    async def send(self) -> None:
        """Publish the queued events, all that waited in one round trip."""
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            messages = [m for m in batch if m is not None]
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for message in messages:
                        pipe.publish(self.channel, message)
                    await pipe.execute()
            except (RedisError, OSError) as e:  # the others catch up from storage on their next sweep
                if self.closing:
                    return
                log.warning("could not publish %d changes to Redis: %s", len(messages), e)
                await asyncio.sleep(RECONNECT_SECONDS)
            if None in batch:
                return

    # ------------------------------------------------------------ listening

    async def listen(self, pubsub: Any) -> None:
        """Take on the others' events; after losing Redis, subscribe again and catch up from storage."""
        while True:
            try:
                async for message in pubsub.listen():
                    event = json.loads(message["data"])
                    sender = event.get("from")
                    if sender != self.id:
                        self.heard[str(sender)] = asyncio.get_running_loop().time()
                        self.take_safely(event)
            except (RedisError, OSError) as e:
                if self.closing:
                    return
                log.warning("lost Redis (%s); subscribing again", e)
                await asyncio.sleep(RECONNECT_SECONDS)
                with contextlib.suppress(RedisError, OSError):
                    pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                    await pubsub.subscribe(self.channel)
                    self.catch_up_all()

    def take_safely(self, event: dict[str, Any]) -> None:
        """``take``, a failure logged rather than ending the listener (storage catches up on a later sweep)."""
        try:
            self.take(event)
        except Exception:
            log.exception("could not take on %s", event)

    def take(self, event: dict[str, Any]) -> None:
        """One change another process made: bring the table here up to it and tell this process's clients."""
        lobby = self.lobby
        kind = event.get("kind")
        if kind == "alive":
            return
        if kind == "hello":  # a process just started: tell it who is connected here
            for table_id in lobby.hub.table_ids():
                lobby.notify_presence(table_id)
            return
        if kind == "presence":
            self.presence(str(event.get("from")), str(event.get("table")), set(event["seats"]),
                          int(event["spectators"]))
            return
        table_id = str(event.get("table"))
        table = lobby.tables.get(table_id)
        if table is None:
            try:
                table = lobby.get(table_id)
            except Rejected:
                return
        elif event.get("kind") == "action" and event.get("idx") == table.version:
            table.advance(str(event["text"]), bool(event.get("stand_in")))
        elif event.get("kind") == "action" and int(event.get("idx", 0)) < table.version:
            return
        elif event.get("kind") == "back":
            lobby.bots.seat_back(table, int(event["seat"]))
            return
        elif event.get("kind") == "stand_in":
            table.seats[int(event["seat"])].stand_in = True
        else:
            stored = lobby.storage.load(table_id)
            if stored is None or not table.catch_up(stored):
                return
        lobby.publish(table)
        lobby.bots.schedule(table)

    # ------------------------------------------------------------- presence

    def elsewhere(self, table_id: str) -> tuple[set[int], int]:
        """The seats connected to ``table_id`` and its spectators on the other processes."""
        seats: set[int] = set()
        watching = 0
        for connected, spectators in self.present.get(table_id, {}).values():
            seats |= connected
            watching += spectators
        return seats, watching

    def presence(self, process: str, table_id: str, seats: set[int], spectators: int) -> None:
        """Who is connected to ``table_id`` on ``process`` now; this process's clients see it."""
        by_process = self.present.setdefault(table_id, {})
        if seats or spectators:
            by_process[process] = (seats, spectators)
        else:
            by_process.pop(process, None)
        table = self.lobby.tables.get(table_id)
        if table is not None:
            self.lobby.publish(table)

    def forget_silent(self) -> None:
        """Processes not heard from for ``SILENT_SWEEPS`` sweeps are dead: the people connected there are gone
        (after the grace period a stand-in plays for them)."""
        lobby = self.lobby
        limit = asyncio.get_running_loop().time() - SILENT_SWEEPS * lobby.settings.sync_seconds
        dead = {p for p, heard in self.heard.items() if heard < limit}
        for process in dead:
            del self.heard[process]
        for table_id, by_process in self.present.items():
            gone: set[int] = set()
            for process in dead & set(by_process):
                gone |= by_process.pop(process)[0]
            table = lobby.tables.get(table_id)
            if table is None or not gone:
                continue
            for seat in gone - lobby.hub.connected_seats(table_id) - self.elsewhere(table_id)[0]:
                lobby.bots.seat_left(table, seat)
            lobby.publish(table)

    # ------------------------------------------------------------- sweeping

    async def sweep(self) -> None:
        """Every ``sync_seconds``: catch up with storage, claim free leases, give up those of finished tables."""
        while True:
            await asyncio.sleep(self.lobby.settings.sync_seconds)
            self.announce({"kind": "alive"})
            try:
                self.forget_silent()
                self.catch_up_all()
                self.claim()
            except ParlourError as e:
                log.warning("sweep failed: %s", e)
            except Exception:
                log.exception("sweep failed")

    def catch_up_all(self) -> None:
        """Every table storage has moved past this process's copy (or that this process lacks) is brought up."""
        lobby = self.lobby
        for table_id, version in lobby.storage.versions().items():
            table = lobby.tables.get(table_id)
            if table is None or table.version < version:
                self.take({"kind": "sync", "table": table_id})

    def claim(self) -> None:
        """Take the leases nobody holds of open tables, and play their bots from now on."""
        lobby = self.lobby
        done = [t for t in self.leases.held if t not in lobby.tables or lobby.tables[t].status == "finished"]
        self.leases.release(done)
        free = [t.id for t in lobby.tables.values() if t.status != "finished" and t.id not in self.leases.held]
        for table_id in self.leases.claim(free):
            table = lobby.tables[table_id]
            stored = lobby.storage.load(table_id)
            if stored is not None and table.catch_up(stored):
                lobby.publish(table)
            lobby.bots.schedule(table)
