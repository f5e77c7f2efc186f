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

The server talks to each worker over a pipe of its own that the event loop watches (``Worker``), one job at a
time: no thread of the server's takes part. A ``ProcessPoolExecutor`` hands each job to two threads of its own,
and under load the event loop waited for the interpreter lock behind them at every move (a tenth of its time).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from functools import lru_cache
from multiprocessing.connection import Connection
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


def serve_jobs(conn: Connection, server: int) -> None:
    """A worker's life: ``(function, arguments)`` read from ``conn``, one at a time, and ``(True, its result)`` or
    ``(False, the exception it raised)`` written back, until the server closes the pipe or is gone."""
    watch_server(server)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[bool, Any] = (True, fn(*args))
        except Exception as e:  # the server raises it where the job was asked
            reply = (False, e)
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return
        except Exception as e:  # a result or an exception that does not pickle
            conn.send((False, RuntimeError(f"{fn.__name__}: {e}")))


class Worker:
    """One worker process, and the server's end of its pipe."""

    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=serve_jobs, args=(child, os.getpid()), daemon=True,
                                       name="parlour-worker")
        self.process.start()
        child.close()
        self.watched: tuple[asyncio.AbstractEventLoop, int] | None = None
        """The loop watching the pipe for the answer to the job under way, and the pipe's descriptor."""

    def ask(self, loop: asyncio.AbstractEventLoop, fn: Callable[..., Any], args: tuple[Any, ...],
            done: Callable[[BaseException | None, Any], None]) -> None:
        """Send the job; ``done(None, result)``, or ``done(the exception, None)``, once the worker answers
        (``BrokenProcessPool`` when it died). The job is a few kilobytes: the pipe, empty, takes it at once."""
        fd = self.conn.fileno()

        def answered() -> None:
            self.unwatch()
            try:
                ok, value = self.conn.recv()
            except (EOFError, OSError):
                done(BrokenProcessPool(f"worker {self.process.pid} ended during a job"), None)
                return
            if ok:
                done(None, value)
            else:
                done(value, None)

        loop.add_reader(fd, answered)
        self.watched = (loop, fd)
        try:
            self.conn.send((fn, args))
        except (BrokenPipeError, OSError):
            self.unwatch()
            done(BrokenProcessPool(f"worker {self.process.pid} has ended"), None)

    def unwatch(self) -> None:
        if self.watched is not None:
            loop, fd = self.watched
            self.watched = None
            if not loop.is_closed():
                loop.remove_reader(fd)

    def stop(self) -> None:
        """End the worker now (a job it is computing is dropped)."""
        self.unwatch()
        self.conn.close()
        if self.process.is_alive():
            self.process.terminate()


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
        self._idle: asyncio.Queue[Worker] = asyncio.Queue()
        self._started: set[Worker] = set()

    async def _worker(self) -> Worker:
        """An idle worker, started if fewer than ``workers`` run (each on first use, and again after one died)."""
        if self._idle.empty() and len(self._started) < max(self.workers, 1):
            # spawn, not fork: the server has threads (storage writer, Redis) that a fork would copy mid-state
            worker = Worker(multiprocessing.get_context("spawn"))
            self._started.add(worker)
            return worker
        return await self._idle.get()

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker; ``BrokenProcessPool`` when it died meanwhile (killed, out of memory): the
        next job gets a fresh one. Given up (cancelled), the job still ends before its worker takes another."""
        worker = await self._worker()
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()

        def done(error: BaseException | None, value: Any) -> None:
            if isinstance(error, BrokenProcessPool):
                self._started.discard(worker)
                worker.stop()
            else:
                self._idle.put_nowait(worker)
            if answer.done():
                return
            if error is not None:
                answer.set_exception(error)
            else:
                answer.set_result(value)

        worker.ask(loop, fn, args, done)
        return await answer

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
        for worker in self._started:
            worker.stop()
        self._started.clear()
        self._idle = asyncio.Queue()
