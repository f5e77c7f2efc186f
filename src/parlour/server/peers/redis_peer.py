"""Several server processes on one PostgreSQL and one Redis, behaving as one server.

PostgreSQL holds the truth: every table, seat and action, each action index
stored once (a stale process's insert fails, so it answers ``action/stale``).
Redis pub/sub only says what changed: on one channel each process announces
its changes as typed events (``events``), and the others take them on (an
action straight from the event when it is the next one, otherwise everything
new from storage) and send their own clients the new views. Every
``sync_seconds`` a process says it is alive, with everyone connected to it,
and compares its tables with storage's to catch up with whatever it missed. A
process silent for a few sweeps counts as dead, and the people connected there
as gone.

Redis may go away and come back: events are then dropped, not queued (storage
is caught up from on every sweep, and once more when Redis is back), the
listener subscribes again after a wait that doubles up to
``redis_retry_max``, and every request is served meanwhile. Bots and turn
timers run in exactly one process per table: the one holding the table's
lease (``leases``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import redis.asyncio as aioredis
from pydantic import ValidationError
from redis import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from parlour.core.errors import ParlourError
from parlour.server.authority import Rejected, TableAuthority
from parlour.server.masking import mask
from parlour.server.peers.base import NOBODY, Host, Peer
from parlour.server.peers.events import (
    ActionAccepted,
    Alive,
    Envelope,
    Goodbye,
    Hello,
    PeerEvent,
    PersonBack,
    Presence,
    StoodIn,
    TableCreated,
    TableEvent,
    Watching,
)
from parlour.server.peers.leases import Leases
from parlour.server.peers.outage import Outage
from parlour.server.settings import Settings
from parlour.server.storage import Storage, StorageUnavailable

log = logging.getLogger("parlour.server")
REDIS_SECONDS = 5.0
"""Longest wait for Redis to connect or answer one command (Redis on a network that drops packets)."""
LISTEN_SECONDS = 1.0
"""Longest the listener waits for a message before looking whether it should subscribe again."""
RETRY_FIRST = 0.1
"""Seconds before subscribing again after losing Redis; doubled each failure up to ``redis_retry_max``."""
CLOSE_SECONDS = 5.0
SILENT_SWEEPS = 3
"""A process not heard from for this many sweeps is taken for dead: its clients count as gone."""
OUTBOX_LIMIT = 10_000
"""Events waiting to be published at most; more are dropped (the others catch up from storage)."""
BATCH = 1_000
"""Events published in one round trip at most."""


class ClusterError(ParlourError):
    """Settings that cannot make several processes one server."""


class RedisPeer(Peer):
    """This process's link to the others through Redis: announcing its changes, taking on theirs, sharing out
    the bots."""

    def __init__(self, settings: Settings, storage: Storage) -> None:
        if settings.redis_url is None:
            raise ClusterError("several processes need a Redis URL (--redis-url redis://host:6379)")
        if storage.engine.dialect.name != "postgresql":
            raise ClusterError(f"several processes share their tables through PostgreSQL, not "
                               f"{storage.shown_url!r}: give --db postgresql+psycopg://user@host/db")
        try:
            with Redis.from_url(settings.redis_url, socket_connect_timeout=REDIS_SECONDS) as probe:
                probe.ping()
        except (RedisError, OSError, ValueError) as e:
            raise ClusterError(mask(f"cannot reach Redis at {settings.redis_url!r}: {e}")) from None
        self.settings = settings
        self.storage = storage
        self.channel = settings.redis_channel
        self.id = secrets.token_hex(6)
        self.redis = aioredis.Redis.from_url(settings.redis_url, socket_connect_timeout=REDIS_SECONDS,
                                             socket_timeout=REDIS_SECONDS, retry=Retry(NoBackoff(), 1))
        """Trying once more at once on a new connection (one broken while Redis was away), no more: the listener
        waits and tries again, and a lost event is dropped."""
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        """Events to publish, in order; None ends the sender."""
        self.lost = 0
        """Events not published: Redis was unreachable, or ``OUTBOX_LIMIT`` were waiting already."""
        self.redis_outage = Outage("Redis")
        self.sync_outage = Outage("PostgreSQL (catching up with the other processes)")
        self.closing = False
        self.leases = Leases(storage)
        self.served: Host | None = None
        """The lobby this peer works for, from ``start`` on."""
        self.tasks: list[asyncio.Task[None]] = []
        self.sender: asyncio.Task[None] | None = None
        self.present: dict[str, dict[str, Watching]] = {}
        """Per table, per other process: who is connected there."""
        self.heard: dict[str, float] = {}
        """When each other process was last heard from (event loop time)."""

    @property
    def lobby(self) -> Host:
        if self.served is None:
            raise RuntimeError("the Redis peer works for a lobby only once started")
        return self.served

    @property
    def reachable(self) -> bool:
        """Whether Redis answered the last time it was used (False from a failure until subscribed again)."""
        return self.redis_outage.up

    @property
    def dropped(self) -> int:
        """Events not published: Redis was unreachable, or ``OUTBOX_LIMIT`` were waiting already."""
        return self.lost

    def owns(self, table_id: str) -> bool:
        return self.leases.owns(table_id)

    async def start(self, lobby: Host) -> None:
        """Subscribe and claim the leases free now; then keep listening, sending and sweeping."""
        self.served = lobby
        pubsub: PubSub | None = None
        try:
            pubsub = await self.subscribe()
        except (RedisError, OSError) as e:  # the listener tries again
            self.lost_redis(e)
        self.sync()
        self.announce(Hello())
        self.sender = asyncio.create_task(self.send())
        self.tasks = [asyncio.create_task(self.listen(pubsub)), self.sender, asyncio.create_task(self.sweep())]

    async def close(self) -> None:
        """Say goodbye (the others learn this process's people left) and send what is queued, then stop.

        Cancelling is not enough: the Redis client turns a cancellation during a command into a connection
        error, which the loops take for a lost connection and retry.
        """
        self.announce(Goodbye())
        self.closing = True
        self.outbox.put_nowait(None)
        if self.sender is not None:
            await asyncio.wait([self.sender], timeout=CLOSE_SECONDS)
        for task in self.tasks:
            task.cancel()
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=CLOSE_SECONDS)
        self.leases.close()
        await self.redis.aclose()

    # ----------------------------------------------------------- announcing

    def announce(self, event: PeerEvent) -> None:
        """Queue ``event`` for the others, in order; the caller never waits for Redis. A table created here
        has its bots played here. Dropped while Redis is unreachable or too much waits already."""
        if isinstance(event, TableCreated):
            try:
                self.leases.claim([event.table])
            except StorageUnavailable as e:  # a sweep claims it later
                log.warning("table %s: bots not claimed yet (%s)", event.table, e)
        if self.closing or not self.redis_outage.up or self.outbox.qsize() >= OUTBOX_LIMIT:
            self.lost += 1
            return
        self.outbox.put_nowait(Envelope(sender=self.id, event=event).to_json())

    async def send(self) -> None:
        """Publish the queued events, all that waited (up to ``BATCH``) in one round trip."""
        while True:
            batch = [await self.outbox.get()]
            while len(batch) < BATCH and not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            messages = [m for m in batch if m is not None]
            if messages:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for message in messages:
                            pipe.publish(self.channel, message)
                        await pipe.execute()
                except (RedisError, OSError) as e:  # the others catch up from storage
                    self.lost += len(messages)
                    if self.closing:
                        return
                    self.lost_redis(e)
            if None in batch:
                return

    def lost_redis(self, error: Exception) -> None:
        """Redis failed: counted for ``/metrics``, one warning per outage, and what waits to be published is
        dropped."""
        self.storage.metrics.redis_error()
        self.redis_outage.lost(error)
        while not self.closing and not self.outbox.empty():
            self.outbox.get_nowait()
            self.lost += 1

    # ------------------------------------------------------------ listening

    async def subscribe(self) -> PubSub:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.channel)
        except BaseException:
            await self.unsubscribe(pubsub)
            raise
        return pubsub

    @staticmethod
    async def unsubscribe(pubsub: PubSub | None) -> None:
        if pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def listen(self, pubsub: PubSub | None) -> None:
        """Take on the others' events; after losing Redis, subscribe again (waiting longer after each failure,
        never spinning) and catch up from storage."""
        wait = RETRY_FIRST
        while True:
            try:
                if pubsub is None or not pubsub.subscribed or not self.redis_outage.up:
                    await self.unsubscribe(pubsub)
                    pubsub = None
                    pubsub = await self.subscribe()
                    await self.resubscribed()
                    wait = RETRY_FIRST
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=LISTEN_SECONDS)
                if message is not None:
                    self.receive(message["data"])
            except (RedisError, OSError) as e:
                if self.closing:
                    return
                self.lost_redis(e)
                await self.unsubscribe(pubsub)
                pubsub = None
                await asyncio.sleep(wait)
                wait = min(2 * wait, self.settings.redis_retry_max)

    async def resubscribed(self) -> None:
        """Subscribed again after an outage: publish on new connections, hear the others anew, tell them who is
        here, catch up from storage."""
        if self.redis_outage.up:
            return
        await self.redis.connection_pool.disconnect()
        self.redis_outage.back()
        now = asyncio.get_running_loop().time()
        self.heard = dict.fromkeys(self.heard, now)  # the others get SILENT_SWEEPS sweeps to be heard again
        self.announce(Hello())
        self.announce(self.alive())
        self.sync()

    def receive(self, data: Any) -> None:
        """One message from the channel: taken on unless it is this process's own; a failure is logged, and
        storage catches up on a later sweep."""
        try:
            envelope = Envelope.from_json(data)
        except ValidationError as e:
            log.warning("ignored a message on Redis channel %r that is no event: %s", self.channel,
                        e.errors(include_url=False)[0].get("msg"))
            return
        if envelope.sender == self.id:
            return
        self.heard[envelope.sender] = asyncio.get_running_loop().time()
        try:
            self.take(envelope.sender, envelope.event)
        except ParlourError as e:
            log.warning("could not take on %s from %s: %s", envelope.event, envelope.sender, e)
        except Exception:
            log.exception("could not take on %s from %s", envelope.event, envelope.sender)

    def take(self, sender: str, event: PeerEvent) -> None:
        """One change another process made: bring the table here up to it and tell this process's clients."""
        match event:
            case Alive():
                self.replace_presence(sender, event.watching)
            case Hello():  # a process just started: tell it who is connected here
                self.announce(self.alive())
            case Goodbye():
                self.forget_process(sender)
            case Presence():
                self.set_presence(sender, event.table, event.watching)
            case _:
                self.table_changed(event)

    def table_changed(self, event: TableEvent) -> None:
        """A table changed elsewhere: loaded when this process lacks it, else brought up to the event (or to
        storage), and shown to this process's clients."""
        lobby = self.lobby
        table_id = event.table
        table = lobby.tables.get(table_id)
        if table is None:
            try:
                table = lobby.get(table_id)
            except Rejected:
                return
        elif isinstance(event, ActionAccepted) and event.idx == table.version:
            table.advance(event.text, event.stand_in)
            lobby.next_turn(table, store=False)  # shown here as stored there, to the moment
        elif isinstance(event, ActionAccepted) and event.idx < table.version:
            return
        elif isinstance(event, PersonBack):
            lobby.bots.seat_back(table, event.seat)
            return
        elif isinstance(event, StoodIn):
            table.seats[event.seat].stand_in = True
        elif not self.caught_up(table):
            return
        lobby.publish(table)
        lobby.bots.schedule(table)

    def caught_up(self, table: TableAuthority) -> bool:
        """Bring ``table`` up to storage; True when anything changed."""
        stored = self.lobby.storage.load(table.id)
        return stored is not None and table.catch_up(stored)

    # ------------------------------------------------------------- presence

    def elsewhere(self, table_id: str) -> Watching:
        by_process = self.present.get(table_id)
        if not by_process:
            return NOBODY
        return Watching(seats=frozenset().union(*(w.seats for w in by_process.values())),
                        spectators=sum(w.spectators for w in by_process.values()))

    def alive(self) -> Alive:
        """Everyone connected to this process, per table."""
        lobby = self.lobby
        return Alive(watching={t: lobby.watching(t) for t in lobby.hub.table_ids()})

    def set_presence(self, process: str, table_id: str, watching: Watching) -> None:
        """Who is connected to ``table_id`` on ``process`` now; this process's clients see it. A seat connected
        there is no longer stood in for here (should its ``PersonBack`` have been lost)."""
        by_process = self.present.setdefault(table_id, {})
        before = by_process.get(process, NOBODY)
        if watching.seats or watching.spectators:
            by_process[process] = watching
        else:
            by_process.pop(process, None)
        if not by_process:
            del self.present[table_id]
        table = self.lobby.tables.get(table_id)
        if table is None or watching == before:
            return
        for seat in watching.seats - before.seats:
            if seat < len(table.seats) and table.seats[seat].stand_in:
                self.lobby.bots.seat_back(table, seat)
        self.lobby.publish_presence(table)

    def replace_presence(self, process: str, watching: dict[str, Watching]) -> None:
        """All of ``process``'s presence at once (from its ``Alive``): tables it no longer names have nobody
        connected there."""
        known = [t for t, by_process in self.present.items() if process in by_process]
        for table_id in {*watching, *known}:
            self.set_presence(process, table_id, watching.get(table_id, NOBODY))

    def forget_process(self, process: str) -> None:
        """``process`` stopped or died: the people connected there are gone (after the grace period a stand-in
        plays for them)."""
        lobby = self.lobby
        self.heard.pop(process, None)
        for table_id, by_process in list(self.present.items()):
            if process not in by_process:
                continue
            gone = by_process.pop(process).seats
            if not by_process:
                del self.present[table_id]
            table = lobby.tables.get(table_id)
            if table is None:
                continue
            for seat in gone - lobby.hub.connected_seats(table_id) - self.elsewhere(table_id).seats:
                lobby.bots.seat_left(table, seat)
            lobby.publish_presence(table)

    def forget_silent(self) -> None:
        """Processes not heard from for ``SILENT_SWEEPS`` sweeps are dead: forgotten (only while this process
        hears Redis itself; without it everyone is silent)."""
        if not self.redis_outage.up:
            return
        limit = asyncio.get_running_loop().time() - SILENT_SWEEPS * self.settings.sync_seconds
        for process in [p for p, heard in self.heard.items() if heard < limit]:
            self.forget_process(process)

    # ------------------------------------------------------------- sweeping

    async def sweep(self) -> None:
        """Every ``sync_seconds``: say who is here, forget the silent, catch up with storage, claim free leases
        and give up those of finished tables."""
        while True:
            await asyncio.sleep(self.settings.sync_seconds)
            self.announce(self.alive())
            try:
                self.forget_silent()
            except Exception:
                log.exception("could not forget the processes gone silent")
            self.sync()

    def sync(self) -> None:
        """Check the leases, catch up with storage and claim the free leases; a storage failure is logged once
        per outage and tried again on the next sweep."""
        try:
            self.leases.check()
            self.catch_up_all()
            self.claim()
        except StorageUnavailable as e:
            self.sync_outage.lost(e)
            return
        except ParlourError as e:
            log.warning("catching up failed: %s", e)
            return
        except Exception:
            log.exception("catching up failed")
            return
        self.sync_outage.back()

    def catch_up_all(self) -> None:
        """Every table storage has moved past this process's copy (actions or seats taken), or that this process
        lacks, is brought up."""
        lobby = self.lobby
        for table_id, (actions, taken) in lobby.storage.progress().items():
            table = lobby.tables.get(table_id)
            if table is None:
                self.table_changed(TableCreated(table=table_id))
            elif ((table.version < actions or sum(s.token_hash is not None for s in table.seats) < taken)
                  and self.caught_up(table)):
                lobby.publish(table)
                lobby.bots.schedule(table)

    def claim(self) -> None:
        """Take the leases nobody holds of open tables, and play their bots from now on."""
        lobby = self.lobby
        done = [t for t in self.leases.held if t not in lobby.tables or lobby.tables[t].status == "finished"]
        self.leases.release(done)
        free = [t.id for t in lobby.tables.values() if t.status != "finished" and t.id not in self.leases.held]
        for table_id in self.leases.claim(free):
            table = lobby.tables[table_id]
            if self.caught_up(table):
                lobby.publish(table)
            lobby.bots.schedule(table)
