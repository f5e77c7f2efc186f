"""Accounts at scale: 5,000 accounts and 2,000 turn-based tables on PostgreSQL.

Run by hand: ``.venv/bin/python -m benchmarks accounts_scale [--db postgresql+psycopg://postgres@127.0.0.1:5432/test]
[--redis-url redis://127.0.0.1:6379] [--accounts 5000] [--tables 2000] [--requests 1000] [--quick 200]``.

On a new schema of the database (dropped afterwards) it stores ``--accounts`` accounts (one argon2id hash shared
by all: hashing 5,000 passwords is not what is measured) and ``--tables`` turn-based Tonk tables of two of them
(a move clock of a day; the account seats as the server makes them), and signs 500 of the accounts in (sessions
as the server stores them). Then:

1. **My tables and players' pages**: one ``parlour serve`` process; ``--requests`` requests of each, 20 at a
   time, each for a random signed-in account (My tables, with its cookie) or a random account's page: p50, p99.
2. **Clock sweep**: in this process, a lobby on the same database with every table's clock run out: the time of
   one ``Lobby.sweep_clocks`` (finding the 2,000 tables and starting their stand-ins), then until every timed-out
   turn is played.
3. **Play now**: ``--quick`` requests at once from as many clients, for the same game (two processes sharing
   Redis with ``--redis-url``, the requests spread over both, else one): whether everyone is seated exactly once
   (each (table, seat) once, each table full of them, none with bots), and how long it took.

Printed as a table; the goals (p99 at most 50 ms, a sweep of at most 1 s, everyone seated once) are checked.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from argon2 import PasswordHasher

from benchmarks.anchors import Anchored
from benchmarks.load_server import database, measuring, servers  # the same schema, servers and collector pause
from parlour.core.registry import load_game
from parlour.server.accounts import COOKIE, Account, digest, name_key
from parlour.server.lobby import Lobby
from parlour.server.settings import Settings
from parlour.server.storage import Storage, StoredSeat, StoredTable, hash_token

DAY = 86400.0
SIGNED_IN = 500
CONCURRENCY = (1, 20)
"""Requests under way at once: one (each request's own time), then twenty (queued behind each other)."""
GOAL_MS = 50.0
GOAL_SWEEP = 1.0


def seed(db_url: str, accounts: int, tables: int, rng: random.Random) -> tuple[list[str], list[str]]:
    """Store the accounts, the tables and the sessions; the signed-in cookies and every account's name."""
    storage = Storage(db_url)
    accounts_table, sessions, held = storage.account_tables
    hashed = PasswordHasher().hash("benchmark password")
    now = time.time()
    rows = [{"id": secrets.token_hex(16), "name": f"Player {i}", "name_key": name_key(f"Player {i}"),
             "password_hash": hashed, "email": None, "seat_key": secrets.token_hex(32), "created": now,
             "notify": False, "lang": "en"} for i in range(accounts)]
    with storage.engine.begin() as conn:
        conn.execute(accounts_table.insert(), rows)
    rules = load_game("tonk", players=2).rules.to_dict()
    links = []
    for t in range(tables):
        pair = rng.sample(rows, 2)
        table_id = secrets.token_hex(5)
        seats = []
        for seat, row in enumerate(pair):
            account = Account(row["id"], row["name"], None, row["seat_key"], now, "")
            token_hash = hash_token(account.seat_token(table_id))
            seats.append(StoredSeat(seat, "human", name=row["name"], token_hash=token_hash))
            links.append({"account_id": row["id"], "table_id": table_id, "seat": seat, "joined": now + t})
        storage.create(StoredTable(id=table_id, name=f"Turns {t}", game="tonk", rules=rules,
                                   seed=secrets.randbits(64), seats=seats, move_clock=DAY, deadline=now + DAY))
    with storage.engine.begin() as conn:
        conn.execute(held.insert(), links)
    cookies = [secrets.token_urlsafe(32) for _ in range(min(SIGNED_IN, accounts))]
    with storage.engine.begin() as conn:
        conn.execute(sessions.insert(), [{"id_hash": digest(c), "account_id": row["id"], "created": now,
                                          "expires": now + DAY} for c, row in zip(cookies, rows, strict=False)])
    storage.close()
    return cookies, [row["name"] for row in rows]


async def timed(http: httpx.AsyncClient, paths: list[tuple[str, dict[str, str]]], at_once: int) -> list[float]:
    """Each request's round trip in ms, ``at_once`` at a time; every answer must be 200."""
    latencies: list[float] = []
    queue = list(paths)

    async def worker() -> None:
        while queue:
            path, headers = queue.pop()
            start = time.perf_counter()
            answer = await http.get(path, headers=headers)
            latencies.append((time.perf_counter() - start) * 1000)
            if answer.status_code != 200:
                raise RuntimeError(f"GET {path}: {answer.status_code} {answer.text[:200]}")

    await asyncio.gather(*(worker() for _ in range(at_once)))
    return latencies


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def pages(base: str, cookies: list[str], names: list[str], count: int, rng: random.Random) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=30) as http:
        await timed(http, [("/api/account/tables", {"cookie": f"{COOKIE}={c}"}) for c in cookies[:50]], 4)  # warm up
        measured: dict[str, Any] = {}
        for at_once in CONCURRENCY:
            mine = [("/api/account/tables", {"cookie": f"{COOKIE}={rng.choice(cookies)}"}) for _ in range(count)]
            pages = [(f"/api/players/{rng.choice(names)}", {}) for _ in range(count)]
            with measuring():  # the benchmark's own collections would count as the server's time
                measured[f"my_tables/{at_once}"] = await timed(http, mine, at_once)
                measured[f"profiles/{at_once}"] = await timed(http, pages, at_once)
    return measured


async def sweep(db_url: str) -> tuple[float, float, int]:
    """A lobby on the database with every clock run out: one sweep's time, the time until every turn is played,
    and the tables swept."""
    settings = Settings(db_url=db_url, bot_delay=0.0, stand_in_bot="random", ops_listener=False, bot_workers=0,
                        clock_sweep_seconds=3600)
    storage = Storage(db_url)
    lobby = Lobby(settings, storage)
    lobby.restore()
    lobby.start()
    try:
        lobby.clock = lambda: time.time() + 2 * DAY
        versions = {table_id: table.version for table_id, table in lobby.tables.items()}
        start = time.perf_counter()
        due = await lobby.sweep_clocks()
        swept = time.perf_counter() - start
        while any(lobby.tables[t].version == v and lobby.tables[t].status == "playing" for t, v in versions.items()):
            await asyncio.sleep(0.05)
        played = time.perf_counter() - start
    finally:
        await lobby.stop()
        lobby.writer.close()
        storage.close()
    return swept, played, len(due)


async def play_now(bases: list[str], clients: int) -> dict[str, Any]:
    """``clients`` "Play now" at once, spread over ``bases``: the seats and the time to seat everyone."""
    async def ask(i: int) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=bases[i % len(bases)], trust_env=False, timeout=60) as http:
            answer = await http.post("/api/quick", json={"game": "tonk", "name": f"Quick {i}"})
            if answer.status_code != 200:
                raise RuntimeError(f"Play now {i}: {answer.status_code} {answer.text[:200]}")
            seat: dict[str, Any] = answer.json()
            return seat

    start = time.perf_counter()
    seats = await asyncio.gather(*(ask(i) for i in range(clients)))
    took = time.perf_counter() - start
    places = Counter((s["table"], s["seat"]) for s in seats)
    per_table = Counter(s["table"] for s in seats)
    async with httpx.AsyncClient(base_url=bases[0], trust_env=False, timeout=30) as http:
        named = 0
        for table_id in per_table:
            shown = (await http.get(f"/api/tables/{table_id}")).json()["table"]["seats"]
            named += sum(1 for s in shown if s["name"] and s["name"].startswith("Quick "))
    return {"seconds": took, "seated": len(seats), "twice": sum(1 for c in places.values() if c > 1),
            "tables": len(per_table), "with_bots": sum(1 for s in seats if s["with_bots"]), "named": named,
            "full": all(c == 2 for c in per_table.values())}


async def run(args: argparse.Namespace) -> list[Anchored]:
    """Store, measure and print the table; every figure beside its goal."""
    rng = random.Random(args.seed)
    os.environ.update({"PARLOUR_QUICK_WAIT_SECONDS": "30", "PARLOUR_CLOCK_SWEEP_SECONDS": "3600"})
    figures: list[Anchored] = []
    with tempfile.TemporaryDirectory(prefix="parlour-accounts-") as tmp, database(args.db, Path(tmp), 0) as db_url:
        started = time.perf_counter()
        cookies, names = seed(db_url, args.accounts, args.tables, rng)
        print(f"stored {args.accounts} accounts, {args.tables} turn-based tables in "
              f"{time.perf_counter() - started:.1f} s", flush=True)
        async with servers(db_url, 1, None, None) as bases:
            measured = await pages(bases[0], cookies, names, args.requests, rng)
        print("| measure | p50 ms | p99 ms | goal |")
        print("|---|---:|---:|---|")
        for at_once in CONCURRENCY:
            for label, key in (("My tables (GET /api/account/tables)", f"my_tables/{at_once}"),
                               ("player's page (GET /api/players/{name})", f"profiles/{at_once}")):
                p99 = percentile(measured[key], 99)
                met = p99 <= GOAL_MS
                figures.append(Anchored(f"{label}, {at_once} at a time: p99", p99, "ms", f"goal ≤ {GOAL_MS:g} ms",
                                        met))
                print(f"| {label}, {len(measured[key])} requests, {at_once} at a time | "
                      f"{statistics.median(measured[key]):.1f} | {p99:.1f} | p99 ≤ {GOAL_MS:g} ms: "
                      f"{'met' if met else '**not met**'} |")
        swept, played, due = await sweep(db_url)
        met = swept <= GOAL_SWEEP and due == args.tables
        figures.append(Anchored(f"clock sweep over {due} of {args.tables} tables", swept, "s",
                                f"goal ≤ {GOAL_SWEEP:g} s, every table found", met))
        print(f"| clock sweep over {due} tables | {swept * 1000:.0f} (sweep) | {played * 1000:.0f} (every timed-out "
              f"turn played) | sweep ≤ {GOAL_SWEEP:g} s: {'met' if met else '**not met**'} |")
    processes = 2 if args.redis_url else 1
    with tempfile.TemporaryDirectory(prefix="parlour-quick-") as tmp, database(args.db, Path(tmp), 1) as db_url:
        async with servers(db_url, processes, args.redis_url, None) as bases:
            quick = await play_now(bases, args.quick)
    met = (quick["seated"] == args.quick and quick["twice"] == 0 and quick["full"] and quick["with_bots"] == 0
           and quick["named"] == args.quick)
    figures.append(Anchored(f"Play now: {args.quick} clients at once, seated", quick["seated"], "clients",
                            f"goal: all {args.quick} seated once each, no bots ({quick['twice']} seats given twice, "
                            f"{quick['with_bots']} with bots) in {quick['seconds']:.2f} s", met))
    print(f"| Play now: {args.quick} clients at once on {processes} process(es) | {quick['seconds'] * 1000:.0f} (all "
          f"seated) | — | everyone seated once: {'met' if met else '**not met**'} ({quick['seated']} seated at "
          f"{quick['tables']} tables, {quick['twice']} seats given twice, {quick['with_bots']} with bots) |")
    return figures


def main(argv: Sequence[str] | None = None) -> list[Anchored]:
    """Parse ``argv``, run on a new schema of ``--db``; the figures beside their goals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="postgresql+psycopg://postgres@127.0.0.1:5432/test",
                        help="a PostgreSQL URL: a new schema is made in it and dropped afterwards")
    parser.add_argument("--redis-url", default=None, help="Play now on two processes sharing this Redis")
    parser.add_argument("--accounts", type=int, default=5000)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--quick", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.db.startswith("postgresql"):
        parser.error(f"--db {args.db!r}: this benchmark is for PostgreSQL (postgresql+psycopg://…)")
    return asyncio.run(run(args))


bench = main
"""``python -m benchmarks accounts_scale``: ``main`` already returns its figures beside their goals."""


if __name__ == "__main__":
    sys.exit(0 if all(figure.met for figure in main()) else 1)
