"""The bounded pool where the server's bots think: ``bot_workers`` processes, away from the event loop.

A bot's search is CPU-bound Python. On a thread of the server it would hold the
interpreter lock and slow every request of the process; in a worker process it
cannot, so people at other tables are answered while bots think. The pool is
bounded: at most ``bot_workers`` moves are computed at once, the others wait in
the order they were asked, and each table has at most one move asked at a time
(``BotDriver``), so no table holds more than one worker. A worker is sent what
the bot may see and nothing more: the game and rules, the bot's spec (its full
name), the seat's view, the legal actions and the seed of the move's generator. It
keeps the bots it built. A move is capped at ``max_bot_ms``: every bot that searches
(``TimeCapped``) thinks for the lesser of its own time budget and that one, so no
move holds a worker longer (an iteration-only search stops at whichever ends first).
A player's hint (``advise``: the strong bot's explained move from that seat's view) is computed the same
way, but in a pool of its own (the lobby's: ``hint_workers`` processes, at most ``hint_queue`` hints waiting,
one more refused with ``PoolFull``), so that a hint never takes a bot's worker nor a place in its queue.
With ``bot_workers = 0`` the moves are computed on threads of the server itself (``hint_workers = 0``: the hints).
A worker ends itself when the server that started it is gone, even killed
without warning (``kill -9``, out of memory), so no worker outlives its server.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import threading
import time
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

from parlour.bots.base import Bot, Explanation, TimeCapped, explain, make_bot
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View
from parlour.core.registry import load_game
from parlour.server.metrics import Metrics

BUILT_BOTS = 64
"""Bots a worker keeps built (game, rules and spec), least recently used dropped first."""
PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that its server is still there."""


@lru_cache(maxsize=BUILT_BOTS)
def built(game: str, rules: str, spec: str, cap_ms: float) -> Bot:
    """The bot ``spec`` for ``game`` under ``rules`` (JSON), capped at ``cap_ms`` per move when it searches."""
    bot = make_bot(spec, load_game(game, **json.loads(rules)))
    if isinstance(bot, TimeCapped):
        bot.cap(cap_ms)
    return bot


def think(game: str, rules: str, spec: str, cap_ms: float, view: View, legal: Sequence[Action], seed: str) -> Action:
    """One move, in a worker: the bot ``spec`` chooses among ``legal`` from ``view``, its generator seeded by
    ``seed`` (sent rather than a generator: a few bytes to pickle, not its 2.5 KB of state)."""
    return built(game, rules, spec, cap_ms).choose(view, legal, random.Random(seed))


def advise(game: str, rules: str, ms: float, view: View, legal: Sequence[Action], rng: random.Random,
           lang: str, names: Sequence[str]) -> Explanation:
    """A hint, in a worker: the strong bot (plain search for a game without a heuristic) thinks ``ms``
    milliseconds from ``view`` only and explains its move in ``lang`` (``Explains``); a bot is built for each
    hint."""
    played = load_game(game, **json.loads(rules))
    try:
        bot = make_bot(f"strong:ms={ms:g}", played)
    except BotSpecError:
        bot = make_bot(f"ismcts:ms={ms:g}", played)
    return explain(bot, played, view, legal, rng, lang, names)


def watch_server(server: int) -> None:
    """In a worker as it starts: end the worker once ``server``, its parent, is gone (a parent killed
    outright cannot tell its workers, and they would wait for moves forever)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parlour-watch-server", daemon=True).start()


def worker_pid() -> int:
    """The process a job runs in (tests check that bots think outside the server)."""
    return os.getpid()


class PoolFull(Exception):
    """A pool's queue is full: the job was not taken (``BotPool.queue`` jobs already wait for a worker)."""

    def __init__(self, waiting: int) -> None:
        super().__init__(f"{waiting} waiting for a worker")
        self.waiting = waiting


class BotPool:
    """At most ``workers`` bot moves computed at once, each in its own process (threads when ``workers`` is 0).

    With a ``queue``, at most that many jobs wait for a worker; one more is refused (``PoolFull``) at once.
    """

    def __init__(self, workers: int, cap_ms: float, metrics: Metrics | None = None, queue: int | None = None) -> None:
        self.workers = workers
        self.cap_ms = cap_ms
        self.queue = queue
        """Jobs that may wait for a worker at most (None: no bound; the bots' pool, which ``BotDriver`` bounds)."""
        self.metrics = metrics or Metrics()
        """Where each move's think time is observed (the app's, for ``/metrics``)."""
        self.running = 0
        """Moves being computed now (at most ``workers``)."""
        self.waiting = 0
        """Moves waiting for a worker, served in the order they were asked."""
        self._slots = asyncio.Semaphore(max(workers, 1))
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the server has threads (storage writer, Redis) that a fork would copy mid-state
            self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=watch_server, initargs=(os.getpid(),))
        return self._executor

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker (the pool is started on first use and again if a worker died)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), fn, *args)
        except BrokenProcessPool:
            self._executor = None  # a worker died (killed, out of memory): the next move gets a fresh pool
            raise

    @asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """Hold one of the pool's places for a move or a hint, counted as waiting until one is free; ``PoolFull``
        when ``queue`` jobs wait already and every worker is busy."""
        if self.queue is not None and self.running + self.waiting >= max(self.workers, 1) + self.queue:
            raise PoolFull(self.waiting)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        try:
            yield
        finally:
            self.running -= 1
            self._slots.release()

    async def choose(self, game: Game[Any], bot: Bot, view: View, legal: Sequence[Action], seed: str) -> Action:
        """The move ``bot`` makes for ``game`` from ``view``, computed in the pool once a worker is free, with a
        generator seeded by ``seed``."""
        async with self._slot():
            started = time.perf_counter()
            action: Action
            if self.workers == 0:
                if isinstance(bot, TimeCapped):
                    bot.cap(self.cap_ms)
                action = await asyncio.to_thread(bot.choose, view, legal, random.Random(seed))
            else:
                rules = json.dumps(game.rules.to_dict(), sort_keys=True)
                action = await self.run(think, game.spec.name, rules, bot.name, self.cap_ms, view, list(legal), seed)
            self.metrics.bot_thought(game.spec.name, bot.name, time.perf_counter() - started)
            return action

    async def advise(self, game: Game[Any], ms: float, view: View, legal: Sequence[Action],
                     rng: random.Random, lang: str, names: Sequence[str]) -> Explanation:
        """A hint for ``view``, computed like a bot's move: in the pool once a worker is free (``PoolFull`` when
        its queue is full), for ``ms`` milliseconds at most (and never more than the pool's cap, ``max_bot_ms``);
        explained in ``lang``."""
        rules = json.dumps(game.rules.to_dict(), sort_keys=True)
        args = (game.spec.name, rules, min(ms, self.cap_ms), view, list(legal), rng, lang, list(names))
        async with self._slot():
            if self.workers == 0:
                advice: Explanation = await asyncio.to_thread(advise, *args)
            else:
                advice = await self.run(advise, *args)
            return advice

    def close(self) -> None:
        """Stop the workers; moves still waiting are dropped (their tables replay them after a restart)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
