"""The bounded pool where the server's bots think: ``bot_workers`` processes, away from the event loop.

A bot's search is CPU-bound Python. On a thread of the server it would hold the
interpreter lock and slow every request of the process; in a worker process it
cannot, so people at other tables are answered while bots think. The pool is
bounded: at most ``bot_workers`` moves are computed at once, the others wait in
the order they were asked, and each table has at most one move asked at a time
(``BotDriver``), so no table holds more than one worker. A worker is sent what
the bot may see and nothing more: the game and rules, the bot's spec (its full
name), the seat's view, the legal actions and the move's seeded generator. It
keeps the bots it built. A move is capped at ``max_bot_ms``: a bot with an
iteration budget but no time budget gets that time budget too, so no move holds
a worker longer (an iteration-only search stops at whichever ends first).
A player's hint (``advise``: the strong bot's explained move from that seat's view) is computed the same
way, in the same pool. With ``bot_workers = 0`` the moves are computed on threads of the server itself.
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

from parlour.bots.base import Bot, Explanation, explain, make_bot, parse_bot_spec
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View
from parlour.core.registry import load_game
from parlour.server.metrics import Metrics

BUILT_BOTS = 64
"""Bots a worker keeps built (game, rules and spec), least recently used dropped first."""
PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that its server is still there."""


def capped_spec(spec: str, cap_ms: float) -> str:
    """``spec`` with a time budget of ``cap_ms`` added when it has an iteration budget and no time budget."""
    _, settings = parse_bot_spec(spec)
    if "iters" not in settings or "ms" in settings:
        return spec
    return f"{spec.rstrip(',')}{',' if ':' in spec else ':'}ms={cap_ms:g}"


@lru_cache(maxsize=BUILT_BOTS)
def built(game: str, rules: str, spec: str, cap_ms: float) -> Bot:
    """The bot ``spec`` for ``game`` under ``rules`` (JSON), capped at ``cap_ms`` per move when it takes a budget."""
    played = load_game(game, **json.loads(rules))
    try:
        return make_bot(capped_spec(spec, cap_ms), played)
    except BotSpecError:
        return make_bot(spec, played)  # a bot that takes no time budget


def think(game: str, rules: str, spec: str, cap_ms: float, view: View, legal: Sequence[Action],
          rng: random.Random) -> Action:
    """One move, in a worker: the bot ``spec`` chooses among ``legal`` from ``view``."""
    return built(game, rules, spec, cap_ms).choose(view, legal, rng)


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


class BotPool:
    """At most ``workers`` bot moves computed at once, each in its own process (threads when ``workers`` is 0)."""

    def __init__(self, workers: int, cap_ms: float, metrics: Metrics | None = None) -> None:
        self.workers = workers
        self.cap_ms = cap_ms
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
        """Hold one of the pool's places for a move or a hint, counted as waiting until one is free."""
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

    async def choose(self, game: Game[Any], bot: Bot, view: View, legal: Sequence[Action],
                     rng: random.Random) -> Action:
        """The move ``bot`` makes for ``game`` from ``view``, computed in the pool once a worker is free."""
        async with self._slot():
            started = time.perf_counter()
            action: Action
            if self.workers == 0:
                action = await asyncio.to_thread(bot.choose, view, legal, rng)
            else:
                rules = json.dumps(game.rules.to_dict(), sort_keys=True)
                action = await self.run(think, game.spec.name, rules, bot.name, self.cap_ms, view, list(legal), rng)
            self.metrics.bot_thought(game.spec.name, bot.name, time.perf_counter() - started)
            return action

    async def advise(self, game: Game[Any], ms: float, view: View, legal: Sequence[Action],
                     rng: random.Random, lang: str, names: Sequence[str]) -> Explanation:
        """A hint for ``view``, computed like a bot's move: in the pool once a worker is free, for ``ms``
        milliseconds at most (and never more than the pool's cap, ``max_bot_ms``); explained in ``lang``."""
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
