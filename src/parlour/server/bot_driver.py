"""Server-side bots: they fill bot seats, stand in for absent people and for turns that time out.

After every change the lobby asks ``schedule`` what happens next at a table:
a bot seat plays after ``bot_delay`` seconds (so people can follow); a
person's seat with a stand-in (absent past ``disconnect_grace``) is played the
same way; a person's turn at a table with a turn timer is played by the
stand-in when the timer runs out. A bot whose move cannot be stored (the
database is down) tries again after a wait that doubles each time, so play
resumes by itself when storage is back. A bot plays through the authority like anyone
else, with the version it looked at, so a move made meanwhile makes its choice
stale instead of wrong.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from parlour.bots.base import Bot, make_bot
from parlour.core.errors import BotSpecError
from parlour.server.authority import Rejected, TableAuthority
from parlour.server.botpool import BotPool
from parlour.server.hub import Hub
from parlour.server.metrics import Metrics
from parlour.server.peers import Peer, StoodIn
from parlour.server.settings import Settings
from parlour.server.storage import StorageUnavailable

log = logging.getLogger("parlour.server")
RETRY_FIRST = 0.5
"""Seconds before a bot tries again after storage failed; doubled after each failure up to ``RETRY_MAX``."""
RETRY_MAX = 30.0

PlayFn = Callable[[TableAuthority, int, int, str, bool], Awaitable[str]]
"""Play (table, seat, version, action text, played by a stand-in) and return the canonical text."""
PublishFn = Callable[[TableAuthority], None]


class BotDriver:
    """The pending bot move (or turn timer) of each table, and the grace timers of absent seats."""

    def __init__(self, settings: Settings, peer: Peer, hub: Hub, play: PlayFn, publish: PublishFn,
                 metrics: Metrics | None = None) -> None:
        self.settings = settings
        self.peer = peer
        """Which tables' bots this process plays, who is connected elsewhere, and who is told of a stand-in."""
        self.hub = hub
        self._play = play
        self._publish = publish
        self._turns: dict[str, asyncio.Task[None]] = {}
        self._deadlines: dict[str, float] = {}
        self._graces: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._stand_ins: dict[str, Bot] = {}
        self._failures: dict[str, int] = {}
        self.pool = BotPool(settings.bot_workers, settings.max_bot_ms, metrics)
        """Where the moves are computed: at most ``bot_workers`` at once, off the event loop."""

    def stand_in(self, table: TableAuthority) -> Bot:
        """The bot that plays for a person at ``table`` (a random one if the game has no such bot)."""
        bot = self._stand_ins.get(table.id)
        if bot is None:
            try:
                bot = make_bot(table.stand_in_bot or self.settings.stand_in_bot, table.game)
            except BotSpecError:
                bot = make_bot("random", table.game)
            self._stand_ins[table.id] = bot
        return bot

    def deadline(self, table: TableAuthority) -> float | None:
        """Seconds left on the current turn's timer, if it runs."""
        end = self._deadlines.get(table.id)
        return None if end is None else max(0.0, end - asyncio.get_running_loop().time())

    def schedule(self, table: TableAuthority) -> None:
        """Set up whatever plays next at ``table`` on its own, replacing what was pending."""
        self._cancel_turn(table.id)
        if table.status != "playing":
            return
        seat = table.seats[table.state.current_player]
        loop = asyncio.get_running_loop()
        if table.turn_seconds and seat.bot is None and not seat.stand_in:  # shown by every process
            self._deadlines[table.id] = loop.time() + table.turn_seconds
        if not self.peer.owns(table.id):
            return
        if seat.bot is not None:
            self._start(table, seat.bot, self.settings.bot_delay)
        elif seat.stand_in:
            self._start(table, self.stand_in(table), self.settings.bot_delay)
        elif table.turn_seconds:
            self._start(table, self.stand_in(table), table.turn_seconds)

    def time_out(self, table: TableAuthority) -> None:
        """The move clock of a turn-based table ran out: the stand-in plays this one turn, now."""
        if table.status == "playing" and table.seats[table.state.current_player].bot is None:
            self._start(table, self.stand_in(table), 0.0)

    def seat_left(self, table: TableAuthority, seat: int) -> None:
        """A person's last connection closed: after the grace period, a stand-in plays for them (not at a
        turn-based table, which waits for its players: only its move clock stands in, one turn at a time)."""
        if table.seats[seat].kind != "human" or table.status == "finished" or table.move_clock:
            return
        key = (table.id, seat)
        old = self._graces.pop(key, None)
        if old is not None:
            old.cancel()
        self._graces[key] = asyncio.get_running_loop().create_task(self._grace(table, seat))

    def seat_back(self, table: TableAuthority, seat: int) -> None:
        """A person reconnected: their stand-in stops."""
        grace = self._graces.pop((table.id, seat), None)
        if grace is not None:
            grace.cancel()
        if table.seats[seat].stand_in:
            table.seats[seat].stand_in = False
            try:
                table.storage.set_stand_in(table.id, seat, False)
            except StorageUnavailable as e:  # the person is back all the same; a restart may stand in again
                log.warning("table %s: seat %d's return not stored (%s)", table.id, seat, e)
            self.schedule(table)
            self._publish(table)

    def present(self, table: TableAuthority, seat: int) -> bool:
        """Whether a person's seat has a connection on any process: the grace period then ends without a stand-in."""
        return seat in self.hub.connected_seats(table.id) or seat in self.peer.elsewhere(table.id).seats

    def forget(self, table_id: str) -> None:
        """Drop everything pending for a table that leaves memory."""
        self._cancel_turn(table_id)
        for key in [k for k in self._graces if k[0] == table_id]:
            self._graces.pop(key).cancel()
        self._stand_ins.pop(table_id, None)
        self._failures.pop(table_id, None)

    async def close(self) -> None:
        """Stop every pending move and timer (server shutdown)."""
        tasks = [*self._turns.values(), *self._graces.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._turns.clear()
        self._graces.clear()
        self.pool.close()

    # ---------------------------------------------------------------- private

    def _cancel_turn(self, table_id: str) -> None:
        self._deadlines.pop(table_id, None)
        task = self._turns.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _start(self, table: TableAuthority, bot: Bot, delay: float) -> None:
        loop = asyncio.get_running_loop()
        self._turns[table.id] = loop.create_task(self._move(table, bot, delay, table.version))

    async def _move(self, table: TableAuthority, bot: Bot, delay: float, version: int) -> None:
        await asyncio.sleep(delay)
        if table.version != version or table.status != "playing":
            return
        seat, version, view, legal, seed = table.bot_turn()
        try:
            action: Any = await self.pool.choose(table.game, bot, view, legal, seed)
        except BrokenProcessPool:
            log.warning("table %s: a bot worker died; the move is asked again", table.id)
            self._start(table, bot, RETRY_FIRST)
            return
        try:
            await self._play(table, seat, version, str(action), table.seats[seat].bot is None)
        except Rejected:
            if table.version == version:
                raise
        except StorageUnavailable as e:
            tries = self._failures[table.id] = self._failures.get(table.id, 0) + 1
            wait = min(RETRY_MAX, RETRY_FIRST * 2 ** (tries - 1))
            log.warning("table %s: bot move not stored (%s); trying again in %g s", table.id, e, wait)
            if table.version == version and table.status == "playing":
                self._start(table, bot, wait)
            return
        self._failures.pop(table.id, None)

    async def _grace(self, table: TableAuthority, seat: int) -> None:
        await asyncio.sleep(self.settings.disconnect_grace)
        self._graces.pop((table.id, seat), None)
        if table.status == "finished" or self.present(table, seat):
            return
        table.seats[seat].stand_in = True
        try:
            table.storage.set_stand_in(table.id, seat, True)
        except StorageUnavailable as e:
            log.warning("table %s: stand-in for seat %d not stored (%s)", table.id, seat, e)
        self.peer.announce(StoodIn(table=table.id, seat=seat))
        self.schedule(table)
        self._publish(table)
