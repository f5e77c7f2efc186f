"""Server load: many concurrent tables of scripted WebSocket clients and bots against ``parlour serve`` processes.

Run by hand: ``.venv/bin/python -m benchmarks load_server [--tables 50 100 200] [--seconds 20] [--think 0.5]
[--processes 1 2 --db postgresql+psycopg://postgres@127.0.0.1/test --redis-url redis://127.0.0.1:6379]``.

For each ``--processes`` count in turn, that many server processes are started
(``parlour serve`` on free loopback ports, bots playing without delay:
``PARLOUR_BOT_DELAY=0``) on a fresh database: a SQLite file in a temporary
directory, or with ``--db`` a PostgreSQL URL, a new schema in that database
(dropped afterwards); more than one process needs ``--redis-url`` and
PostgreSQL, and the processes share a Redis channel of their own. Tables are
created on the processes in turn, and a table's seats connect to them in turn
(so with two processes the two seats of a Tonk table are on different ones,
and every action crosses Redis). Then, for each table count in turn, that many tables
are kept busy at once: mostly 2-player Tonk with both seats scripted clients,
every ``--plonk-every``-th table Plonk with one scripted seat and heuristic bots
in the other three. A table that finishes is replaced by a new one. On its turn
a scripted seat waits its think time (uniform in 0.5–1.5 × ``--think``), sends a
random legal action with the state version it saw, and measures the round trip
until it receives the state at a later version. A phase stops after
``--seconds`` or ``--max-actions`` round trips, whichever comes first; the
server is always stopped at the end. All traffic stays on 127.0.0.1. The load
generator's own garbage collector is off while a phase measures (``measuring``):
its pauses (full collections of 100 ms and more over every client's latest
state) would otherwise be counted as the server's round trips. It parses the
states with orjson: it shares the machine's cores with the server.

Printed per phase: processes, tables, actions per second at all tables (people and bots),
round trips per second, p50/p95/p99 round-trip latency in ms, p50/p99 fan-out
latency (from an action's sending to the other seat of its Tonk table
receiving it, on the other process when there are two), and errors (error
messages, dropped connections, seats left waiting ``STUCK_SECONDS``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import re
import secrets
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from benchmarks.anchors import Anchored

HOST = "127.0.0.1"
STUCK_SECONDS = 10.0
"""A seat that waits this long for any news of its table counts as an error."""
START_SECONDS = 30.0
"""How long the server may take to say where it listens."""
TARGET_TABLES = 200
TARGET_P99_MS = 50.0
TARGET_SCALING = 1.5
PLONK_BOT = "heuristic"
TONK_RULES = {"hands": 2}
SERVER_ENV = {"PARLOUR_BOT_DELAY": "0", "PARLOUR_DISCONNECT_GRACE": "3600", "PARLOUR_STAND_IN_BOT": "random",
              "PARLOUR_MAX_OPEN_TABLES_PER_CLIENT": "100000", "PARLOUR_TABLE_CREATION_BURST": "100000",
              "PARLOUR_WS_MESSAGE_RATE": "100000", "PARLOUR_WS_MESSAGE_BURST": "100000",
              "PARLOUR_MAX_SOCKETS_PER_CLIENT": "100000", "PARLOUR_OPS_PORT": "0"}
"""Bots play at once; a closed client's seat is never handed to a stand-in bot (no load after a phase); one
load client opens every table and sends as fast as it can, so the per-client limits are lifted; each process's
operator's endpoints listen on a free port of their own (several processes share no ``ops_port``)."""


class TableError(Exception):
    """Something a table's clients saw go wrong: it counts as an error of the phase."""


@dataclass
class Phase:
    """What one phase measured."""

    tables: int
    processes: int = 1
    seconds: float = 0.0
    round_trips: list[float] = field(default_factory=list)
    """Seconds from sending an action to receiving the state that reflects it."""
    fan_outs: list[float] = field(default_factory=list)
    """Seconds from sending an action to the *other* seat's receiving it (on another process when there are two)."""
    actions: int = 0
    """Actions played at all tables during the phase, by people and bots."""
    errors: Counter[str] = field(default_factory=Counter)
    running: bool = True
    """Cleared when the phase stops: what clients see while closing is not counted."""
    enough: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the phase has measured as many round trips as asked."""


@dataclass
class Table:
    """One table of the phase: the highest state version its clients saw, from ``start`` on."""

    start: int = 0
    last: int = 0
    sent: tuple[int, float, object] | None = None
    """The last action sent: the version it was chosen on, when, and by which seat."""


class Seat:
    """One scripted client: a reader keeps the latest state, the player acts on it and times the round trip."""

    def __init__(self, ws: ClientConnection, table: Table, phase: Phase, max_actions: int) -> None:
        self.ws = ws
        self.table = table
        self.phase = phase
        self.max_actions = max_actions
        self.state: dict[str, Any] | None = None
        self.pending: tuple[int, float] | None = None
        """(version acted on, when the action was sent) while its result is awaited."""
        self.changed = asyncio.Event()
        self.closed = False

    async def read(self) -> None:
        """Keep the latest state; a state past a pending action's version completes its round trip."""
        try:
            async for raw in self.ws:
                received = time.perf_counter()
                message = orjson.loads(raw)  # the generator's time is the server's cores' time
                if message["type"] == "state":
                    self.state = message
                    version = message["view"]["version"]
                    self.table.last = max(self.table.last, version)
                    sent = self.table.sent
                    if sent is not None and sent[2] is not self and version > sent[0] and self.phase.running:
                        self.phase.fan_outs.append(received - sent[1])
                        self.table.sent = None
                    if self.pending is not None and version > self.pending[0] and self.phase.running:
                        self.phase.round_trips.append(received - self.pending[1])
                        self.pending = None
                        if len(self.phase.round_trips) >= self.max_actions:
                            self.phase.enough.set()
                elif message["type"] == "error" and self.phase.running:
                    self.phase.errors[message["code"]] += 1
                    self.pending = None
                self.changed.set()
        finally:
            self.closed = True
            self.changed.set()

    async def play(self, rng: random.Random, think: float) -> None:
        """Act on every turn until the table finishes."""
        acted = -1
        while self.phase.running:
            if self.closed:
                raise TableError("connection/closed")
            state = self.state
            if state is not None:
                if state["table"]["status"] == "finished":
                    return
                version = state["view"]["version"]
                if state["legal"] and self.pending is None and version > acted:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    acted = version
                    self.pending = (version, time.perf_counter())
                    self.table.sent = (version, self.pending[1], self)
                    await self.ws.send(json.dumps({"type": "action", "version": version,
                                                   "action": choose(state["legal"], rng)}))
            self.changed.clear()
            try:
                async with asyncio.timeout(STUCK_SECONDS):
                    await self.changed.wait()
            except TimeoutError:
                raise TableError("client/stuck") from None


@contextlib.contextmanager
def measuring() -> Iterator[None]:
    """The load generator's collector off (what it holds so far frozen) while a phase measures, then on again."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


def choose(legal: list[str], rng: random.Random) -> str:
    """A random legal action; Tonk's ``drop`` only when nothing else is legal, so hands last."""
    rest = [a for a in legal if a != "drop"]
    return rng.choice(rest or legal)


class Load:
    """The clients of one server: tables kept busy in phases."""

    def __init__(self, bases: list[str], http: list[httpx.AsyncClient], think: float, plonk_every: int,
                 seed: int) -> None:
        self.ws_bases = [base.replace("http://", "ws://", 1) for base in bases]
        self.http = http
        self.think = think
        self.plonk_every = plonk_every
        self.rng = random.Random(seed)

    async def phase(self, tables: int, seconds: float, max_actions: int) -> Phase:
        """Keep ``tables`` tables busy for ``seconds`` (or ``max_actions`` round trips) and measure."""
        phase = Phase(tables, len(self.ws_bases))
        go = asyncio.Event()
        ready = asyncio.Semaphore(0)
        seen: list[Table] = []
        slots = [asyncio.create_task(self.slot(i, phase, go, ready, seen, max_actions)) for i in range(tables)]
        try:
            async with asyncio.timeout(START_SECONDS):
                for _ in range(tables):
                    await ready.acquire()
            for table in seen:
                table.start = table.last
            with measuring():
                started = time.perf_counter()
                go.set()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(seconds):
                        await phase.enough.wait()
                phase.seconds = time.perf_counter() - started
            phase.actions = sum(t.last - t.start for t in seen)
        except TimeoutError:
            phase.errors["setup/timeout"] += 1
        finally:
            phase.running = False
            for slot in slots:
                slot.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
        return phase

    async def slot(self, index: int, phase: Phase, go: asyncio.Event, ready: asyncio.Semaphore,
                   seen: list[Table], max_actions: int) -> None:
        """One of the phase's tables: when it finishes (or fails) a new one takes its place."""
        plonk = self.plonk_every > 0 and index % self.plonk_every == self.plonk_every - 1
        rng = random.Random(self.rng.getrandbits(32))
        while phase.running:
            table = Table()
            seen.append(table)
            try:
                opened = await self.open_table(plonk, self.http[index % len(self.http)])
                if opened is None:
                    continue
                table_id, tokens = opened
                async with contextlib.AsyncExitStack() as stack:
                    clients = []
                    for i, token in enumerate(tokens):
                        ws_base = self.ws_bases[(index + i) % len(self.ws_bases)]
                        url = f"{ws_base}/api/tables/{table_id}/ws?token={token}"
                        ws = await stack.enter_async_context(
                            connect(url, proxy=None, open_timeout=STUCK_SECONDS, close_timeout=2))
                        clients.append(Seat(ws, table, phase, max_actions))
                    readers = [asyncio.create_task(c.read()) for c in clients]
                    try:
                        if not go.is_set():
                            ready.release()
                            await go.wait()
                        await asyncio.gather(*(c.play(rng, self.think) for c in clients))
                    finally:
                        for reader in readers:
                            reader.cancel()
            except TableError as e:
                if phase.running:
                    phase.errors[str(e)] += 1
            except (httpx.HTTPError, OSError, WebSocketException) as e:
                if phase.running:
                    phase.errors[type(e).__name__] += 1

    async def open_table(self, plonk: bool, http: httpx.AsyncClient) -> tuple[str, list[str]] | None:
        """Create a table and take its human seats: the table's id and the seats' tokens.

        None when the game ended at the deal (a Tonk deal win can end a match), so nobody can join.
        """
        if plonk:
            body: dict[str, Any] = {"game": "plonk", "seats": ["human", PLONK_BOT, PLONK_BOT, PLONK_BOT]}
        else:
            body = {"game": "tonk", "seats": ["human", "human"], "rules": TONK_RULES}
        created = await http.post("/api/tables", json=body)
        if created.status_code != 201:
            raise TableError(f"create/{created.status_code}")
        table_id = created.json()["id"]
        tokens = []
        for seat, spec in enumerate(body["seats"]):
            if spec != "human":
                continue
            joined = await http.post(f"/api/tables/{table_id}/join", json={"name": f"Load {seat}", "seat": seat})
            if joined.status_code == 409 and joined.json()["code"] == "table/finished":
                return None
            if joined.status_code != 200:
                raise TableError(f"join/{joined.status_code}")
            tokens.append(joined.json()["token"])
        return table_id, tokens


@contextlib.contextmanager
def database(url: str | None, tmp: Path, run: int) -> Iterator[str]:
    """A fresh database for one run: a new SQLite file, or a new schema of the PostgreSQL database ``url``."""
    if url is None:
        yield f"sqlite:///{tmp / f'load{run}.db'}"
        return
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    schema = f"load_{secrets.token_hex(5)}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


@contextlib.asynccontextmanager
async def servers(db_url: str, count: int, redis_url: str | None, profile: Path | None) -> AsyncIterator[list[str]]:
    """``count`` ``parlour serve`` processes on free loopback ports sharing ``db_url``; yields their base URLs.

    With ``profile`` the first runs under cProfile and writes its statistics there when stopped
    (by SIGINT, as Ctrl+C would: uvicorn re-raises SIGTERM after shutting down, which loses them).
    """
    env = {**os.environ, **SERVER_ENV, "PYTHONUNBUFFERED": "1",
           "PARLOUR_REDIS_CHANNEL": f"load-{secrets.token_hex(5)}"}
    processes = []
    try:
        for i in range(count):
            command = [str(Path(sys.executable).with_name("parlour")), "serve", "--host", HOST, "--port", "0",
                       "--db", db_url, "--no-browser"]
            if redis_url is not None:
                command += ["--redis-url", redis_url]
            if profile is not None and i == 0:
                command = [sys.executable, "-m", "cProfile", "-o", str(profile), *command]
            processes.append(await asyncio.create_subprocess_exec(*command, env=env, stdout=asyncio.subprocess.PIPE))
        bases = []
        for process in processes:
            assert process.stdout is not None
            line = await asyncio.wait_for(process.stdout.readline(), START_SECONDS)
            found = re.search(r"http://[^/\s]+:(\d+)/", line.decode())
            if found is None:
                raise RuntimeError(f"parlour serve did not say where it listens: {line!r}")
            bases.append(f"http://{HOST}:{found.group(1)}")
        yield bases
    finally:
        for process in processes:
            if process.returncode is None:
                process.send_signal(signal.SIGINT)
        for process in processes:
            try:
                await asyncio.wait_for(process.wait(), 15)
            except TimeoutError:
                process.kill()
                await process.wait()


async def run(args: argparse.Namespace) -> list[Phase]:
    """For each process count: start the servers on a fresh database, run one phase per table count, print each."""
    phases = []
    print(HEADER, flush=True)
    with tempfile.TemporaryDirectory(prefix="parlour-load-") as tmp:
        for run_index, count in enumerate(args.processes):
            with database(args.db, Path(tmp), run_index) as db_url:
                async with servers(db_url, count, args.redis_url, args.profile) as bases, \
                        contextlib.AsyncExitStack() as stack:
                    http = [await stack.enter_async_context(
                        httpx.AsyncClient(base_url=base, trust_env=False, timeout=STUCK_SECONDS)) for base in bases]
                    load = Load(bases, http, args.think, args.plonk_every, args.seed)
                    for tables in args.tables:
                        phase = await load.phase(tables, args.seconds, args.max_actions)
                        print(row(phase, args.plonk_every), flush=True)
                        phases.append(phase)
    return phases


HEADER = (f"{'procs':>5} {'tables':>6} {'tonk+plonk':>10} {'seconds':>7} {'actions/s':>9} {'trips/s':>8} {'trips':>7} "
          f"{'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'fan-out p50/p99 ms':>18}  errors")


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile of ``values`` (NaN for none)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def row(phase: Phase, plonk_every: int) -> str:
    plonk = phase.tables // plonk_every if plonk_every > 0 else 0
    trips = phase.round_trips
    rate = len(trips) / phase.seconds if phase.seconds else math.nan
    actions = phase.actions / phase.seconds if phase.seconds else math.nan
    ms = [percentile(trips, p) * 1000 for p in (50, 95, 99)]
    fan = "/".join(f"{percentile(phase.fan_outs, p) * 1000:.1f}" for p in (50, 99))
    errors = sum(phase.errors.values())
    detail = f" ({', '.join(f'{code} ×{n}' for code, n in phase.errors.most_common())})" if errors else ""
    return (f"{phase.processes:>5} {phase.tables:>6} {f'{phase.tables - plonk}+{plonk}':>10} {phase.seconds:>7.1f} "
            f"{actions:>9.0f} {rate:>8.0f} {len(trips):>7} {ms[0]:>7.1f} {ms[1]:>7.1f} {ms[2]:>7.1f} {fan:>18}  "
            f"{errors}{detail}")


def main(argv: list[str] | None = None) -> list[Phase]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 100, 200], help="table counts, one phase each")
    parser.add_argument("--processes", type=int, nargs="+", default=[1],
                        help="server process counts, one run each (more than 1: --db PostgreSQL and --redis-url)")
    parser.add_argument("--db", help="PostgreSQL URL: each run in a new schema of it (default: a new SQLite file)")
    parser.add_argument("--redis-url", help="Redis URL the processes share (needed for more than one)")
    parser.add_argument("--seconds", type=float, default=20.0, help="longest a phase runs")
    parser.add_argument("--max-actions", type=int, default=100_000, help="round trips after which a phase stops")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a scripted seat waits on its turn")
    parser.add_argument("--plonk-every", type=int, default=5, help="every n-th table is Plonk (0: none)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the scripted seats' choices")
    parser.add_argument("--profile", type=Path, help="run the (first) server under cProfile, statistics to this file")
    args = parser.parse_args(argv)
    if max(args.processes) > 1 and (args.redis_url is None or not (args.db or "").startswith("postgresql")):
        parser.error(f"--processes {max(args.processes)} needs --db postgresql+psycopg://… and --redis-url "
                     f"(got --db {args.db!r}, --redis-url {args.redis_url!r})")
    phases = asyncio.run(run(args))
    target = [p for p in phases if p.tables == TARGET_TABLES and p.processes == 1]
    if target and args.db is None:
        p99 = percentile(target[0].round_trips, 99) * 1000
        verdict = "met" if p99 <= TARGET_P99_MS and not target[0].errors else "NOT met"
        print(f"target (SQLite, 1 process, {TARGET_TABLES} tables, p99 at most {TARGET_P99_MS} ms, no errors): "
              f"{verdict}")
    by_processes = {p.processes: p for p in phases if p.tables == TARGET_TABLES}
    if 1 in by_processes and 2 in by_processes:
        one, two = (by_processes[n].actions / by_processes[n].seconds for n in (1, 2))
        verdict = "met" if two >= TARGET_SCALING * one else "NOT met"
        print(f"target (2 processes at {TARGET_TABLES} tables: at least {TARGET_SCALING}× the actions/s of 1): "
              f"{two / one:.2f}× {verdict}")
    return phases


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each phase's p99 round trip beside the goal, and the two processes' actions/s beside one's, for
    ``python -m benchmarks load_server``."""
    phases = main(list(argv))
    figures = []
    for phase in phases:
        p99 = percentile(phase.round_trips, 99) * 1000
        errors = sum(phase.errors.values())
        figures.append(Anchored(f"{phase.processes} process(es), {phase.tables} tables: p99 round trip", p99, "ms",
                                f"goal ≤ {TARGET_P99_MS:g} ms with no errors ({errors} errors)",
                                p99 <= TARGET_P99_MS and not errors))
    by_processes = {p.processes: p for p in phases if p.tables == TARGET_TABLES}
    if 1 in by_processes and 2 in by_processes:
        one, two = (by_processes[n].actions / by_processes[n].seconds for n in (1, 2))
        figures.append(Anchored(f"2 processes, {TARGET_TABLES} tables: actions/s", two, "/s",
                                f"1 process {one:,.0f}/s (ratio {two / one:.2f}×); goal ≥ {TARGET_SCALING:g}×",
                                two >= TARGET_SCALING * one))
    return figures


if __name__ == "__main__":
    main()
