"""The bot pool: moves computed in worker processes, at most ``bot_workers`` at once, in the order asked,
each the move the bot makes in-process, and an iteration-only search stopped by ``max_bot_ms``."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from parlour import load_game
from parlour.bots.base import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.server import create_app
from parlour.server.botpool import BotPool, built
from tests.server.conftest import TestClient, new_table, settings_for
from tests.server.serving import Served, call


@pytest.mark.parametrize(("spec", "ms"), [
    ("ismcts:iters=50,c=0.7", 2000.0),
    ("ismcts:infer=4", 2000.0),
    ("strong:iters=9", 2000.0),
    ("strong:ms=100", 100.0),
    ("strong", 200.0),
    ("level:master", 1000.0),
])
def test_every_searching_bot_a_worker_builds_thinks_at_most_the_cap(spec: str, ms: float) -> None:
    bot = built("tonk", "{}", spec, 1000.0 if spec == "level:master" else 2000.0)
    assert isinstance(bot, ISMCTSBot) and bot.ms == ms


def test_moves_are_computed_in_workers_and_are_the_bots_own() -> None:
    game = load_game("tock", players=4)
    state = game.new_state(7)
    seat = state.current_player
    view, legal = state.view(seat), list(state.legal_actions())
    bot = make_bot("ismcts:iters=40", game)
    expected = bot.choose(view, legal, random.Random("t:0:0"))

    async def in_pool() -> tuple[object, int]:
        pool = BotPool(1, 2000)
        try:
            action = await pool.choose(game, bot, view, legal, "t:0:0")
            return action, await pool.run(os.getpid)
        finally:
            pool.close()

    action, pid = asyncio.run(in_pool())
    assert action == expected and pid != os.getpid()


def test_the_pool_computes_at_most_its_workers_moves_at_once_in_the_order_asked() -> None:
    game = load_game("plonk")
    bot = make_bot("heuristic", game)
    states = [game.new_state(seed) for seed in range(3)]
    finished: list[int] = []

    async def ask(pool: BotPool, i: int) -> None:
        state = states[i]
        action = await pool.choose(game, bot, state.view(state.current_player), list(state.legal_actions()),
                                   str(i))
        assert action in state.legal_actions()
        finished.append(i)

    async def main() -> tuple[int, int]:
        pool = BotPool(1, 2000)
        try:
            tasks = [asyncio.create_task(ask(pool, i)) for i in range(3)]
            await asyncio.sleep(0)
            seen = (pool.running, pool.waiting)
            await asyncio.gather(*tasks)
            return seen
        finally:
            pool.close()

    assert asyncio.run(main()) == (1, 2)
    assert finished == [0, 1, 2]


def test_an_iteration_only_search_stops_at_the_time_cap() -> None:
    game = load_game("tock", players=4)
    state = game.new_state(3)
    bot = make_bot("ismcts:iters=1000000", game)

    async def main() -> object:
        pool = BotPool(1, 50)
        try:
            return await asyncio.wait_for(pool.choose(game, bot, state.view(state.current_player),
                                                      list(state.legal_actions()), "1"), 120)
        finally:
            pool.close()

    assert asyncio.run(main()) in state.legal_actions()


def test_a_worker_killed_during_a_job_is_reported_and_replaced_and_an_error_is_raised_where_asked() -> None:
    async def main() -> tuple[int, int]:
        pool = BotPool(1, 2000)
        try:
            first = await pool.run(os.getpid)
            with pytest.raises(ZeroDivisionError):  # a job's own error: the worker stays
                await pool.run(divmod, 1, 0)
            assert await pool.run(os.getpid) == first
            sleeping = asyncio.ensure_future(pool.run(time.sleep, 30))
            await asyncio.sleep(0.2)
            os.kill(first, signal.SIGKILL)  # out of memory, say
            with pytest.raises(BrokenProcessPool):
                await asyncio.wait_for(sleeping, 20)
            return first, await pool.run(os.getpid)
        finally:
            pool.close()

    first, second = asyncio.run(main())
    assert second not in (first, os.getpid())


def test_a_job_given_up_ends_before_its_worker_takes_another() -> None:
    async def main() -> float:
        pool = BotPool(1, 2000)
        try:
            await pool.run(os.getpid)  # started
            sent = time.monotonic()  # the sleep begins after this, however late the machine runs it
            given_up = asyncio.ensure_future(pool.run(time.sleep, 0.5))
            await asyncio.sleep(0.1)
            given_up.cancel()
            await pool.run(os.getpid)
            return time.monotonic() - sent
        finally:
            pool.close()

    assert asyncio.run(main()) >= 0.5  # it waited for the sleep to end, not ran beside it


def test_a_server_with_a_pool_plays_its_bots_to_the_end(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, bot_workers=1))) as client:
        tid = new_table(client, "tonk", ["heuristic", "ismcts:iters=20"], rules={"hands": 2})["id"]
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            from tests.server.conftest import Client
            Client(ws).until(lambda m: m["type"] == "state" and m["table"]["status"] == "finished")


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # ended while we looked
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc to find the workers")
def test_no_worker_outlives_a_server_killed_outright(tmp_path: Path) -> None:
    served = Served(f"sqlite:///{tmp_path / 'p.db'}", env={"PARLOUR_BOT_WORKERS": "2"})
    try:
        base = served.base()
        table = call(base, "/api/tables", {"game": "plonk", "seats": ["random"] * 4})  # bots start the pool
        # Killed once a worker has moved: its watch is running then. Killed sooner, a worker still importing (a
        # minute on a busy machine) ends only once it has started, which the deadline below would have to cover.
        deadline = time.monotonic() + 120
        while call(base, f"/api/tables/{table['id']}")["table"]["version"] == 0:
            assert time.monotonic() < deadline, "no bot moved in 120 s"
            time.sleep(0.1)
        workers = children(served.process.pid)
        assert workers
        served.process.kill()  # SIGKILL: the server can tell nobody
        served.process.wait()
        deadline = time.monotonic() + 60  # each worker checks every PARENT_CHECK_SECONDS; 60 s for a busy machine
        while (left := {w for w in workers if alive(w)}) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not left, [Path(f"/proc/{w}/cmdline").read_bytes()[:200] for w in left]
    finally:
        served.stop()
