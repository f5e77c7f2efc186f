"""The lobby: every open table in memory, and its life: created, joined, restored, swept, rematched, connected to.

An action's transaction is the table's own (``TableAuthority.play``: checked,
stored, accepted, then told); the lobby is who hears of it (``Fanout``): it
settles the new state (results, move clocks), tells the other processes
(``peer``) and its clients (``messages``: each one's own view), and sets the
next bot move or timer going (``bots``). It runs on the server's event loop;
the only wait between checking an action and publishing its result is the
storage write (off the loop on a database across the network).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import math
import random
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from parlour.bots.base import Weighed, bot_names, make_bot, parse_bot_spec
from parlour.bots.levels import LEVELS, level_of, ratings
from parlour.core.errors import ParlourError
from parlour.core.game import Game
from parlour.core.i18n import SOURCE_LANGUAGE, gettext, speaking
from parlour.core.parts import lesson_of
from parlour.core.registry import game_class, game_classes, load_game, parse_spec
from parlour.core.rules import FlagInfo
from parlour.core.versions import EngineChanged
from parlour.server.api_schemas import (
    NAME_LENGTH,
    AdviceOut,
    CheckOut,
    HintOut,
    JoinIn,
    JoinOut,
    LessonIn,
    LessonOut,
    TableIn,
    check_name,
)
from parlour.server.authority import Origin, Rejected, TableAuthority, quote
from parlour.server.bot_driver import BotDriver
from parlour.server.botpool import BotPool, PoolFull
from parlour.server.clients import client_url, layout_url
from parlour.server.hub import Connection, Hub
from parlour.server.limits import ClientQuota, Release, client_quota, spectators_key
from parlour.server.messages import Messages, action_words, seat_names
from parlour.server.metrics import Metrics
from parlour.server.peers import (
    ActionAccepted,
    LocalPeer,
    Peer,
    PersonBack,
    Presence,
    SeatTaken,
    TableCreated,
    Watching,
)
from parlour.server.ratings import check_rated
from parlour.server.settings import Settings
from parlour.server.storage import (
    EXPIRED,
    Storage,
    StorageConflict,
    StorageUnavailable,
    StoredTable,
    TooManyOpen,
    hash_token,
)
from parlour.server.writer import Writer

log = logging.getLogger("parlour.server")

SEED_BITS = 128
"""A table's seed: a secret too large to guess or search (``secrets``), revealed only once the table is finished."""
BOT_NAMES = ("random", "heuristic", "strong", *(f"level:{level}" for level in LEVELS))
"""Bot specs the lobby offers, for each game that has them (those of them ``allowed_bots`` holds): the bots by
kind, then the levels a person chooses from, weakest first."""
HINT_WINDOW = 60.0
"""Seconds over which ``hints_per_minute`` counts a client's hints."""


@dataclass(frozen=True)
class Unrestored:
    """A stored table the server could not rebuild: left as it is in storage, served to nobody, reported."""

    id: str
    name: str
    game: str
    stored_engine: int | None
    """The game's engine version the table was stored under (None: stored before versions were kept)."""
    running_engine: int | None
    """The game's engine version of this server (None: the game is not installed here)."""
    why: str
    """The first action that failed or diverged, and how (or why the game cannot be set up)."""
    error: str
    """The whole refusal, as a client asking for the table is told it."""


def running_engine(game: str) -> int | None:
    """The engine version of ``game`` on this server, or None when no such game is installed."""
    try:
        return game_class(game).spec.engine_version
    except ParlourError:
        return None


def advice(move: Weighed) -> dict[str, Any]:
    """A move a hint's search weighed, as the API sends it (``AdviceOut``'s fields)."""
    return {"action": str(move.action), "label": move.label or str(move.action), "words": move.words,
            "facts": list(move.facts), "value": move.value or 0.0, "value_error": move.error, "visits": move.visits,
            "ahead": move.ahead, "ahead_low": move.ahead_low, "ahead_high": move.ahead_high}


def kept_name(name: str, otherwise: str) -> str:
    """A stored name carried to a rematch, under today's rule for names (``api_schemas.check_name``); ``otherwise``
    for one stored before that rule that breaks it."""
    try:
        return check_name(name)
    except ValueError:
        return otherwise


def rematch_name(name: str, title: str) -> str:
    """The name of the rematch of table ``name``: numbered, as "Ana's Tonk (2)", then "Ana's Tonk (3)" …, cut
    to the 40 characters of a name; the game's ``title`` numbered so when the stored name breaks today's rule
    for names (``kept_name``). Numbers need no translation: a table's name is the same in every language."""
    numbered = re.fullmatch(r"(.*\S) \((\d+)\)", name)
    base, n = (numbered[1], int(numbered[2]) + 1) if numbered else (name, 2)
    suffix = f" ({n})"
    return kept_name(base[:NAME_LENGTH - len(suffix)].rstrip() + suffix, f"{title}{suffix}")


def rematch_token(token: str, next_id: str) -> str:
    """The seat token at rematch ``next_id`` of the holder of seat token ``token`` at the finished table: derived
    from it (one-way), so that asking again, on any process, gives the same working token and nothing is kept."""
    digest = hashlib.sha256(f"parlour-rematch:{next_id}:{token}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def game_for(body: TableIn) -> Game[Any]:
    """The game ``body`` asks for, seated by its seats: as many seats as the game's range allows, and, when the
    rules or the game spec name ``players``, exactly that many (``ParlourError`` saying what is allowed)."""
    name, _, spec_flags = parse_spec(body.game)
    spec = game_class(name).spec
    seats = len(body.seats)
    if not spec.min_players <= seats <= spec.max_players:
        raise ParlourError(f"{spec.title} is played by {spec.min_players} to {spec.max_players} players; "
                           f"{seats} seats were given: {quote(body.seats)}")
    if "players" not in body.rules and "players" not in spec_flags:
        return load_game(body.game, preset=body.preset or None, **{**body.rules, "players": seats})
    game = load_game(body.game, preset=body.preset or None, **body.rules)
    if game.num_players != seats:
        raise ParlourError(f"{quote(body.game)} with rules {quote(body.rules)} is for players={game.num_players}, "
                           f"but {seats} seats were given: give one seat per player")
    return game


class Lobby:
    """All tables of one server process."""

    def __init__(self, settings: Settings, storage: Storage, peer: Peer | None = None,
                 metrics: Metrics | None = None) -> None:
        self.settings = settings
        self.storage = storage
        self.peer = peer or LocalPeer()
        """The other processes serving the same tables (none: ``LocalPeer``): told every change, asked who is
        connected there."""
        self.metrics = metrics or storage.metrics
        """What the operator sees at ``/metrics`` (by default its storage's, where database failures are counted)."""
        self.hub = Hub()
        self.tables: dict[str, TableAuthority] = {}
        self.bots = BotDriver(settings, self.peer, self.hub, self.play, self.publish, self.metrics)

        def now() -> float:
            return self.clock()  # read at each message: tests set the lobby's clock forward

        self.messages = Messages(self.hub, self.peer, now, self.bots.deadline)
        """What each reader of a table is sent, and each table's story told so far."""
        self.hints = BotPool(settings.hint_workers, settings.max_bot_ms, self.metrics, queue=settings.hint_queue)
        """Where hints are computed: workers and a bounded queue of their own, never the bots'."""
        self.writer = Writer(storage)
        """Where each action is stored (off the event loop on a database across the network)."""
        self.quota: ClientQuota = client_quota(settings)
        """What each client has taken (tables created, chat, connections), and each table's spectators: across
        the cluster with Redis."""
        self.places: dict[Connection, Release] = {}
        """How each spectator connected here gives its place back (``check_room``) as it leaves."""
        self.idle_since: dict[str, float] = {}
        """When each waiting table was last seen with nobody connected (``time.monotonic``)."""
        self.finished_since: dict[str, float] = {}
        """When each finished table in memory was first seen finished."""
        self.sweeper: asyncio.Task[None] | None = None
        self.unrestored: dict[str, Unrestored] = {}
        """The stored tables that could not be rebuilt (``rebuild``), by id: kept in storage, never served."""
        self.on_finish: list[Callable[[TableAuthority], None]] = []
        """Called with each table whose end this process played (ratings)."""
        self.on_turn: list[Callable[[TableAuthority], None]] = []
        """Called with each turn-based table whose turn this process set waiting for a person (e-mails)."""
        self.clock: Callable[[], float] = time.time
        """The time move clocks are read on (tests set it forward)."""
        self.clocks: asyncio.Task[None] | None = None

    # -------------------------------------------------------------- tables

    def restore(self) -> list[str]:
        """Rebuild every unfinished table by replaying its stored actions; the ids restored.

        A table whose log no longer replays (an engine changed since it was stored, say) is left as it is
        in storage, reported (``unrestored``, a log line, ``/metrics``) and not served, rather than stopping
        the server or being dropped.
        """
        restored = []
        for table_id in self.storage.table_ids(unfinished_only=True):
            stored = self.storage.load(table_id)
            if stored is None or table_id in self.tables:
                continue
            try:
                self.tables[table_id] = self.rebuild(stored)
            except ParlourError:
                continue
            restored.append(table_id)
        return restored

    def rebuild(self, stored: StoredTable) -> TableAuthority:
        """The stored table replayed (``TableAuthority.restore``). One that does not replay is noted in
        ``unrestored`` and logged, naming it, its game, the engine versions and the first action that failed
        or diverged, and its error raised; one restored under another engine version is logged too."""
        running = running_engine(stored.game)
        try:
            table = TableAuthority.restore(stored, self.storage)
        except ParlourError as e:
            why = e.why if isinstance(e, EngineChanged) else str(e)
            self.unrestored[stored.id] = Unrestored(stored.id, stored.name, stored.game, stored.engine, running, why,
                                                    str(e))
            log.error("table %s (%r, %s) not restored, kept in storage: stored under engine version %s, running %s; "
                      "%s", stored.id, stored.name, stored.game, stored.engine, running, why)
            raise
        self.unrestored.pop(stored.id, None)
        if stored.engine != running:
            log.info("table %s (%r, %s) stored under engine version %s replays the same under version %s: restored",
                     stored.id, stored.name, stored.game, stored.engine, running)
        return table

    def start(self) -> None:
        """Set the bots of every table going, and the sweep of old tables (needs the running event loop)."""
        for table in self.tables.values():
            self.bots.schedule(table)
            for seat in table.seats:
                if seat.kind == "human" and seat.taken and not seat.stand_in:
                    self.bots.seat_left(table, seat.seat)  # nobody is connected yet: the grace period starts
        self.sweeper = asyncio.get_running_loop().create_task(self.sweep_forever())
        self.clocks = asyncio.get_running_loop().create_task(self.sweep_clocks_forever())
        self.quota.start()

    async def stop(self) -> None:
        """Stop the sweep and every pending bot move (server shutdown)."""
        for task in (self.sweeper, self.clocks):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        await self.quota.stop()
        await self.bots.close()
        self.hints.close()

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                self.sweep(time.monotonic())
            except StorageUnavailable as e:
                log.warning("sweep skipped: %s", e)

    def sweep(self, now: float) -> list[str]:
        """Expire tables that waited ``waiting_ttl`` with nobody connected; let finished tables leave memory
        after ``finished_ttl``. The ids that left memory."""
        gone = []
        for table in list(self.tables.values()):
            status = table.status
            if status == "finished":
                self.idle_since.pop(table.id, None)
                if now - self.finished_since.setdefault(table.id, now) >= self.settings.finished_ttl:
                    gone.append(table.id)
                continue
            self.finished_since.pop(table.id, None)
            elsewhere = self.peer.elsewhere(table.id)
            present = (self.hub.connected_seats(table.id) or self.hub.spectators(table.id) or elsewhere.seats
                       or elsewhere.spectators)
            if status != "waiting" or present:
                self.idle_since.pop(table.id, None)
            elif now - self.idle_since.setdefault(table.id, now) >= max(self.settings.waiting_ttl,
                                                                        table.move_clock or 0.0):
                self.storage.expire(table.id)
                log.info("table %s expired: nobody came for %g s", table.id, self.settings.waiting_ttl)
                gone.append(table.id)
        for table_id in gone:
            self.forget(table_id)
        return gone

    def forget(self, table_id: str) -> None:
        """Let a table leave memory (it stays in storage)."""
        self.tables.pop(table_id, None)
        self.idle_since.pop(table_id, None)
        self.finished_since.pop(table_id, None)
        self.bots.forget(table_id)

    def get(self, table_id: str) -> TableAuthority:
        """The table ``table_id``, loading a finished one from storage when asked for it."""
        table = self.tables.get(table_id)
        kept = self.unrestored.get(table_id)
        if table is None and kept is not None:
            raise Rejected("table/not_found", f"table {table_id!r} cannot be rebuilt: {kept.error}")
        if table is None and len(table_id) <= 32:
            stored = self.storage.load(table_id)
            if stored is not None and stored.finished and (stored.result or {}).get(EXPIRED):
                raise Rejected("table/expired", f"table {table_id!r} expired: nobody came to play within "
                               f"{self.settings.waiting_ttl:g} s (waiting_ttl)")
            if stored is not None:
                try:
                    table = self.rebuild(stored)
                except ParlourError as e:
                    raise Rejected("table/not_found", f"table {table_id!r} cannot be rebuilt: {e}") from None
                self.tables[table_id] = table
        if table is None:
            raise Rejected("table/not_found", f"no table {quote(table_id, 40)}; GET /api/tables lists them")
        return table

    def create(self, body: TableIn, client: str = "local", dealer: int | None = None,
               origin: Origin | None = None, seed: int | None = None) -> TableAuthority:
        """A new table from a lobby request by ``client`` (``limits.client_key``), dealt first by ``dealer``;
        ``origin`` (its ``creator_hash`` set here) tells a rematch or a lesson; ``seed`` is a lesson's fixed
        deal (None: a secret one).

        Bad game, rules or seats are ``request/invalid``; a bad bot spec ``bot/invalid``, one asking for more
        search than ``max_bot_iters`` / ``max_bot_ms`` ``bot/over_budget``; a client with
        ``max_open_tables_per_client`` unfinished tables (counted in storage: on every process), or creating
        faster than ``table_creation_rate``, is ``request/too_many``.
        """
        origin = origin or Origin()
        origin.creator_hash, origin.most_open = hash_token(client), self.settings.max_open_tables_per_client
        origin.spectator_chat = body.spectator_chat
        settings = self.settings
        if sum(1 for t in self.tables.values() if t.status != "finished") >= settings.max_tables:
            raise Rejected("table/too_many", f"this server holds {settings.max_tables} open tables already "
                           "(max_tables)", retry_after=60)
        mine = self.storage.open_tables_of(origin.creator_hash)
        if mine >= settings.max_open_tables_per_client:
            raise self.too_many_open(mine)
        wait = self.quota.take(f"create:{client}", settings.table_creation_rate, settings.table_creation_burst)
        if wait:
            raise Rejected("request/too_many", f"tables are created at most {settings.table_creation_rate:g} per "
                           f"second after a burst of {settings.table_creation_burst} (table_creation_rate): "
                           f"try again in {wait:.0f} s", retry_after=wait)
        try:
            game = game_for(body)
        except ParlourError as e:
            raise Rejected("request/invalid", str(e)) from None
        self.check_length(game)
        if body.rated:
            check_rated(body, game)
            origin.rated = True
        if body.move_clock is not None and body.turn_seconds is not None:
            raise Rejected("request/invalid", "a table is turn-based (move_clock) or has a real-time turn timer "
                           f"(turn_seconds), not both: got move_clock={body.move_clock:g} and "
                           f"turn_seconds={body.turn_seconds:g}")
        origin.move_clock = body.move_clock
        for i, spec in enumerate(body.seats):
            if spec.strip().lower() != "human":
                self.check_budget(spec, f"seat {i}")
        table_id = secrets.token_hex(5)
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        name = body.name or f"{game.spec.title} {table_id[:4]}"
        try:
            table = TableAuthority.create(self.storage, table_id, name, game, list(body.seats), seed,
                                          body.turn_seconds, settings.stand_in_bot, dealer, origin)
        except TooManyOpen as e:  # another process created one for this client meanwhile
            raise self.too_many_open(e.open_tables) from None
        self.tables[table_id] = table
        self.peer.announce(TableCreated(table=table_id))
        self.bots.schedule(table)
        return table

    def next_turn(self, table: TableAuthority, store: bool = True) -> None:
        """At a turn-based table, start the move clock of the turn now waiting for a person (none while a bot
        plays or once the table ends); stored (``store``) by the process that made the change, so that any
        process's clock sweep finds it, also after a restart. A turn is a person's moves in a row (a draw and
        its discard): its clock runs on, and it is told once."""
        if not table.move_clock:
            return
        waiting = table.status == "playing" and table.seats[table.state.current_player].bot is None
        if waiting and table.deadline is not None:
            history = table.state.history()
            if history and history[-1][0] == table.state.current_player:
                return  # the same person's turn goes on (timed out: ``overdue``)
        deadline = self.clock() + table.move_clock if waiting else None
        if deadline is None and table.deadline is None:
            return
        table.deadline = deadline
        if store:
            self.storage.set_deadline(table.id, deadline)
            if waiting:
                for hook in self.on_turn:
                    hook(table)

    def overdue(self, table: TableAuthority) -> bool:
        """Whether the turn waiting for a person at a turn-based table has run out of time."""
        return (table.deadline is not None and table.deadline <= self.clock() and table.status == "playing"
                and table.seats[table.state.current_player].bot is None)

    async def sweep_clocks(self) -> list[str]:
        """Play, by each one's stand-in, the turns whose move clock ran out at turn-based tables (every
        process sweeps; a turn is played once, the others' tries being stale). The tables timed out."""
        due = self.storage.due(self.clock())
        for table_id in due:
            try:
                table = self.get(table_id)
            except Rejected:
                continue
            if self.settings.clock_timeout == "forfeit":
                self.end_by_clock(table)
            else:
                self.bots.time_out(table)
        return due

    def end_by_clock(self, table: TableAuthority) -> None:
        """End ``table``, lost by the side whose move clock ran out (``clock_timeout = forfeit``), once whichever
        process gets there first; the others take the stored result on."""
        if not self.overdue(table) or table.deadline is None:
            return
        result = table.forfeited(table.state.current_player)
        if not self.storage.end_by_clock(table.id, table.deadline, result):
            return
        table.forfeit, table.deadline = result, None
        self.bots.schedule(table)
        for hook in self.on_finish:
            hook(table)
        self.peer.announce(SeatTaken(table=table.id))  # the others load it from storage (``catch_up``)
        self.publish(table)

    async def sweep_clocks_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.clock_sweep_seconds)
            try:
                await self.sweep_clocks()
            except StorageUnavailable as e:
                log.warning("clock sweep skipped: %s", e)

    def check_length(self, game: Game[Any]) -> None:
        """Refuse a flag above the server setting that caps it (a match too long to host: hands, target score)."""
        rules = game.rules
        for info in type(rules).flags().values():
            if info.capped_by is None:
                continue
            cap: int = getattr(self.settings, info.capped_by)
            value = getattr(rules, info.name)
            if value is not None and value > cap:
                raise Rejected("request/invalid", f"flag {info.name!r} cannot be {value!r} here: this server hosts "
                               f"matches of at most {info.capped_by} = {cap}")

    def hosted(self, info: FlagInfo) -> FlagInfo:
        """``info`` as this server hosts it: its maximum lowered to the setting that caps it, if any, so that
        what the lobby offers is what creating a table accepts."""
        if info.capped_by is None:
            return info
        cap: int = getattr(self.settings, info.capped_by)
        return replace(info, maximum=cap if info.maximum is None else min(info.maximum, cap))

    def too_many_open(self, mine: int) -> Rejected:
        limit = self.settings.max_open_tables_per_client
        return Rejected("request/too_many", f"you have {mine} unfinished tables; the limit is "
                        f"max_open_tables_per_client = {limit}: finish or leave one first", retry_after=60)

    def check_budget(self, spec: str, where: str) -> None:
        """Refuse a bot spec this server does not offer or cannot read, one with a setting outside its declared
        range or naming no bot (``bot/invalid``), one not in ``allowed_bots`` (``bot/not_offered``), or one asking
        for more search than its limits allow (``bot/over_budget``)."""
        try:
            name = parse_bot_spec(spec)[0]
            offered, known = name in self.settings.allowed_bots, name in bot_names()
            excess = self.settings.over_budget(spec)
        except ParlourError as e:
            raise Rejected("bot/invalid", f"{where}: {e}") from None
        if excess:
            code = "bot/over_budget" if offered else "bot/not_offered" if known else "bot/invalid"
            raise Rejected(code, f"{where}: {excess}")

    def join(self, table_id: str, body: JoinIn, token: str | None = None, claim: str | None = None) -> JoinOut:
        """Seat ``body.name`` with ``token`` (a new one when None); ``claim`` is the hash of a previous match's
        seat token, which may take the seat a rematch keeps for it."""
        table = self.get(table_id)
        if table.lesson and any(s.kind == "human" and s.taken for s in table.seats):
            raise Rejected("table/lesson", f"table {table.id!r} is a lesson: one person against bots on a fixed "
                           "deal; start your own lesson from the lobby, or watch")
        token = token or secrets.token_urlsafe(24)
        seat = table.join(body.name, token, body.seat, claim)
        self.peer.announce(SeatTaken(table=table.id))
        if seat not in self.hub.connected_seats(table.id):
            self.bots.seat_left(table, seat)  # taken over REST: absent until it connects, like anyone who left
        self.next_turn(table)
        self.bots.schedule(table)
        self.publish(table)
        return JoinOut(table=table.id, seat=seat, token=token)

    def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        """Show ``seat`` of ``table_id`` (in memory, if it is) under ``name``, already stored so (a deleted
        account's seats), here and on the other processes."""
        table = self.tables.get(table_id)
        if table is not None:
            table.seats[seat].name = name
            self.publish(table)
        self.peer.announce(SeatTaken(table=table_id))

    def rematch(self, table_id: str, token: str, client: str = "local",
                derive: Callable[[str], str] | None = None) -> JoinOut:
        """Seat the holder of ``token`` at finished table ``table_id``'s rematch, opening it if nobody has yet
        (see ``routes.rematch`` for the design): the same table and seat on every process, every time. The seat
        token there is ``derive(next id)`` (an account's), else derived from ``token``."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        if table.status != "finished":
            raise Rejected("table/not_finished", f"table {table_id!r} is still being played; a rematch starts once "
                           "it ends")
        if table.lesson:
            raise Rejected("table/lesson", f"table {table_id!r} was a lesson, played once on its fixed deal: it has "
                           "no rematch; start another lesson or a table from the lobby")
        next_id = self.storage.rematch_of(table.id)
        if next_id is None:
            next_id = self.open_rematch(table, client)
        nxt = self.get(next_id)
        mine = derive(nxt.id) if derive is not None else rematch_token(token, nxt.id)
        try:
            return JoinOut(table=nxt.id, seat=self.seat_of(nxt, mine), token=mine)  # asked before: the same seat
        except Rejected:
            pass
        name = kept_name(table.names()[seat], f"Seat {seat}")
        return self.join(nxt.id, JoinIn(name=name, seat=seat), token=mine, claim=hash_token(token))

    def open_rematch(self, table: TableAuthority, client: str) -> str:
        """Open ``table``'s rematch, keeping each person's seat for them; the id of the rematch (the one another
        process opened, should it have been first)."""
        seats = [s.bot_spec or "human" for s in table.seats]
        name = rematch_name(table.name, table.game.spec.title)
        origin = Origin(rematch_of=table.id, reserved_until=time.time() + self.settings.rematch_hold_seconds,
                        reserved={s.seat: (s.token_hash, s.name) for s in table.seats
                                  if s.kind == "human" and s.token_hash is not None})
        try:
            return self.create(TableIn(game=table.game.spec.name, rules=table.game.rules.to_dict(), seats=seats,
                                       turn_seconds=table.turn_seconds, name=name,
                                       spectator_chat=table.spectator_chat, rated=table.rated,
                                       move_clock=table.move_clock),
                               client, dealer=(table.dealer + 1) % table.game.num_players, origin=origin).id
        except StorageConflict:
            opened = self.storage.rematch_of(table.id)
            if opened is None:
                raise
            return opened

    def learn(self, body: LessonIn, lang: str = SOURCE_LANGUAGE, client: str = "local") -> JoinOut:
        """Open ``body.game``'s lesson for ``client`` and seat them at it: its one human seat, against bots, on
        the lesson's fixed deal (``Lesson``), under the limits of any table creation; the table is named in
        ``lang``."""
        try:
            game = game_class(body.game)
        except ParlourError as e:
            raise Rejected("game/not_found", str(e)) from None
        lesson = lesson_of(game)
        if lesson is None:
            offered = ", ".join(name for name, cls in game_classes().items() if lesson_of(cls) is not None)
            raise Rejected("request/invalid", f"{game.spec.title} has no lesson; lessons are offered for: {offered}")
        name = gettext("Lesson: {game}", lang).format(game=game.spec.title)
        table = self.create(TableIn(game=game.spec.name, preset=lesson.preset, rules=lesson.rules,
                                    seats=lesson.seats(), turn_seconds=None, name=name),
                            client, origin=Origin(lesson=True), seed=lesson.seed)
        return self.join(table.id, JoinIn(name=body.name, seat=0))

    def lessons(self, lang: str) -> list[LessonOut]:
        """The lessons of the registered games, their titles in ``lang``."""
        return [LessonOut(game=name, title=lesson.title(lang), players=lesson.players)
                for name, cls in game_classes().items() if (lesson := lesson_of(cls)) is not None]

    async def hint(self, table_id: str, token: str, version: int, lang: str, client: str) -> HintOut:
        """The strong bot's suggestion for the seat ``token`` holds, from that seat's view alone, with the other
        moves it weighed and why (its ``explain``, in ``lang``); refused like an action that is not the seat's to
        play (``check_hint``), and with 429 beyond ``max_hints_per_client`` or ``max_hints_per_table`` hints under
        way (on every process), ``hints_per_minute`` for ``client``, or a full ``hint_queue``. It is computed in
        the lobby's own pool of ``hints``, never in the bots'."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        table.check_hint(seat, version)
        settings = self.settings
        places = self.hint_places(table.id, client)
        try:
            wait = self.quota.count(f"hint:{client}", settings.hints_per_minute, HINT_WINDOW)
            if wait:
                raise Rejected("request/too_many", f"at most {settings.hints_per_minute} hints a minute "
                               f"(hints_per_minute); try again in {wait:.0f} s", retry_after=wait)
            view = table.state.view(seat)
            legal = list(table.state.legal_actions())
            rng = random.Random(f"hint:{table.id}:{version}:{seat}")
            try:
                said = await self.hints.advise(table.game, settings.hint_ms, view, legal, rng, lang,
                                               seat_names(table, lang))
            except PoolFull as e:
                workers = max(settings.hint_workers, 1)
                later = self.hint_seconds() * (e.waiting // workers + 1)
                raise Rejected("request/too_many", f"{e.waiting} hints are waiting for a hint worker, the most "
                               f"hint_queue = {settings.hint_queue} allows; try again in {math.ceil(later)} s",
                               retry_after=later) from None
        finally:
            for release in places:
                release()
        return HintOut(**advice(said.move), alternatives=[AdviceOut(**advice(m)) for m in said.alternatives],
                       iterations=said.iterations, reason=said.reason, details=said.details)

    def hint_seconds(self) -> float:
        """How long one hint thinks (``hint_ms``, never more than ``max_bot_ms``), in seconds."""
        return min(self.settings.hint_ms, self.settings.max_bot_ms) / 1000

    def hint_places(self, table_id: str, client: str) -> list[Release]:
        """Count one more hint under way for ``client`` and for table ``table_id``, on every process (``quota``);
        how to give both places back. ``request/too_many`` (with the seconds a hint takes as ``Retry-After``) when
        either already holds its cap, ``max_hints_per_client`` or ``max_hints_per_table``."""
        settings = self.settings
        later = self.hint_seconds()
        mine = self.quota.enter(f"hints:{client}", settings.max_hints_per_client)
        if mine is None:
            raise Rejected("request/too_many", f"{settings.max_hints_per_client} of your hints are under way, the "
                           f"most max_hints_per_client = {settings.max_hints_per_client} allows; try again in "
                           f"{math.ceil(later)} s", retry_after=later)
        table = self.quota.enter(f"hints-table:{table_id}", settings.max_hints_per_table)
        if table is None:
            mine()
            raise Rejected("request/too_many", f"{settings.max_hints_per_table} hints for table {table_id!r} are "
                           f"under way, the most max_hints_per_table = {settings.max_hints_per_table} allows; try "
                           f"again in {math.ceil(later)} s", retry_after=later)
        return [mine, table]

    # --------------------------------------------------------------- acting

    async def play(self, table: TableAuthority, seat: int, version: int, text: str, stand_in: bool = False) -> str:
        """Play ``text`` for ``seat`` (by its stand-in bot when ``stand_in``): the table's transaction
        (``TableAuthority.play``), heard by this lobby; then a turn-based turn that has run out goes on, played
        by the stand-in."""
        canonical = await table.play(seat, version, text, stand_in, self.writer, self)
        if self.overdue(table):
            self.bots.time_out(table)
        return canonical

    def settle(self, table: TableAuthority) -> None:
        """An action accepted at ``table`` (``Fanout``): counted, a finished table's end handed on (``on_finish``),
        the move clock of the turn now waiting started (``next_turn``)."""
        self.metrics.action(table.game.spec.name)
        if table.status == "finished":
            for hook in self.on_finish:
                hook(table)
        self.next_turn(table)

    def announce(self, table: TableAuthority, index: int, action: str, stand_in: bool) -> None:
        """Tell the other processes that ``table`` stored action ``index`` (``Fanout``)."""
        self.peer.announce(ActionAccepted(table=table.id, idx=index, text=action, stand_in=stand_in))

    def publish(self, table: TableAuthority) -> None:
        """Send every client of ``table`` connected here its own state (``Fanout``)."""
        self.messages.publish(table)

    def follow(self, table: TableAuthority) -> None:
        """Set the next bot move or turn timer of ``table`` going (``Fanout``)."""
        self.bots.schedule(table)

    def check(self, table_id: str, token: str, version: int, text: str, lang: str) -> CheckOut:
        """Whether ``text`` would be played for the seat ``token`` holds, and if not the rules' reason in
        ``lang``; nothing is played. A turn that is not the seat's, or a stale version, is refused as ``play``
        refuses it."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        with speaking(lang):
            try:
                _after, canonical = table.prepare(seat, version, text)
            except Rejected as e:
                if e.code not in ("action/illegal", "action/invalid"):
                    raise
                if e.refusal is None:
                    return CheckOut(action=text, legal=False, code=e.code, reason=e.message)
                said = e.worded(lang)  # the rule; text that is no action is quoted first, as typed
                reason = said if e.code == "action/illegal" else f"'{text.strip()}': {said}"
                return CheckOut(action=text, legal=False, code=e.code, reason=reason, refusal=e.refusal.code,
                                params=e.params)
        return CheckOut(action=canonical, legal=True, words=action_words(table, seat, canonical, lang))

    async def play_with_token(self, table_id: str, token: str, version: int, text: str) -> tuple[TableAuthority, str]:
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        return table, await self.play(table, seat, version, text)

    def seat_of(self, table: TableAuthority, token: str) -> int:
        """The seat ``token`` holds, looking in storage before refusing (another process may have just seated it)."""
        try:
            return table.seat_of(token)
        except Rejected:
            stored = self.storage.load(table.id)
            if stored is None or not table.catch_up(stored):
                raise
        self.publish(table)
        self.bots.schedule(table)
        return table.seat_of(token)

    # ---------------------------------------------------------- connections

    def publish_presence(self, table: TableAuthority) -> None:
        """Tell the table's clients who is connected, within ``presence_seconds`` (the changes meanwhile
        together): the ``PresenceOut`` schema, not the state."""
        self.hub.broadcast_soon(table.id, lambda: self.messages.presence_message(table),
                                self.settings.presence_seconds)

    def connect(self, table_id: str, token: str | None, lang: str = SOURCE_LANGUAGE) -> Connection:
        """Register a client: a seat when ``token`` holds one (``auth/bad_token`` if not), else a spectator
        (``table/full`` past ``max_spectators_per_table``). It is sent its state, in ``lang``; the others, soon,
        who is here."""
        table = self.get(table_id)
        seat = self.seat_of(table, token) if token else None
        place = self.check_room(table) if seat is None else None
        conn = Connection(table.id, seat, token, self.settings.ws_outbox_limit, self.settings.ws_outbox_bytes, lang)
        self.hub.add(conn)
        if place is not None:
            self.places[conn] = place
        self.metrics.socket_opened(seat is not None)
        self.notify_presence(table.id)
        if seat is not None:
            self.bots.seat_back(table, seat)
            self.peer.announce(PersonBack(table=table.id, seat=seat))
        conn.send(self.messages.state_message(table, seat, lang))
        self.publish_presence(table)
        return conn

    def check_room(self, table: TableAuthority) -> Release:
        """Take one spectator's place at ``table``, refused past ``max_spectators_per_table``; how to give it back.

        The places are counted by ``quota`` (atomically in Redis, for every process, with ``redis_url``), not
        from the presence the other processes announce: that lags, and a crowd arriving on several processes
        at once would all be let in.
        """
        cap = self.settings.max_spectators_per_table
        place = self.quota.enter(spectators_key(table.id), cap)
        if place is None:
            raise Rejected("table/full", f"table {table.id!r} has {cap} spectators, the most "
                           f"max_spectators_per_table = {cap} allows; watch again when one leaves")
        return place

    def disconnect(self, conn: Connection) -> None:
        last = self.hub.remove(conn)
        place = self.places.pop(conn, None)
        if place is not None:
            place()
        self.metrics.socket_closed(conn.seat is not None)
        self.notify_presence(conn.table_id)
        table = self.tables.get(conn.table_id)
        if table is None:
            return
        if last and conn.seat is not None and conn.seat not in self.peer.elsewhere(table.id).seats:
            self.bots.seat_left(table, conn.seat)
        self.publish_presence(table)

    def notify_presence(self, table_id: str) -> None:
        """Tell the other processes who is connected to ``table_id`` here."""
        self.peer.announce(Presence(table=table_id, watching=self.watching(table_id)))

    def watching(self, table_id: str) -> Watching:
        """Who is connected to ``table_id`` on this process."""
        return Watching(seats=frozenset(self.hub.connected_seats(table_id)), spectators=self.hub.spectators(table_id))

    # ---------------------------------------------------------------- games

    def games(self) -> list[dict[str, Any]]:
        """Every registered game with its presets, flags, the bots that can sit at it (of those ``allowed_bots``
        lets a table use), its levels with their ratings (``parlour.bots.levels``) and its client (``GameOut``)."""
        out = []
        for name, cls in game_classes().items():
            rules_type = cls.rules_type
            flags = rules_type.flags()
            presets = {p: {k: v for k, v in rules_type.build(p).to_dict().items() if k != "players"}
                       for p in (rules_type.presets or {"": {}})}
            game = load_game(name)
            bots = []
            for bot in (b for b in BOT_NAMES if parse_bot_spec(b)[0] in self.settings.allowed_bots):
                try:
                    make_bot(bot, game)
                except ParlourError:
                    continue
                bots.append(bot)
            rated = ratings(name)
            levels = [{"spec": bot, "level": level, "rating": rated.get(level)}
                      for bot in bots if (level := level_of(bot)) is not None]
            out.append({
                "name": name, "title": cls.spec.title, "description": cls.spec.description,
                "min_players": cls.spec.min_players, "max_players": cls.spec.max_players,
                "information": cls.spec.information, "default_preset": rules_type.default_preset,
                "presets": presets, "preset_words": {p: list(w) for p, w in rules_type.preset_words.items()},
                "bots": bots, "levels": levels, "client": client_url(cls),
                "layout": layout_url(cls),
                "flags": [
                    {"name": f.name, "title": f.title, "default": f.default, "help": f.help, "kind": f.kind,
                     "choices": list(f.choices), "choice_words": list(f.choice_words), "minimum": f.minimum,
                     "maximum": f.maximum, "allowed": f.allowed()}
                    for f in map(self.hosted, flags.values())
                ],
            })
        return out
