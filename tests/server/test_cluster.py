"""Several real ``parlour serve`` processes on one PostgreSQL and Redis behave as one server.

They run on the test session's own PostgreSQL and Redis (``services``; skipped where their binaries are
missing). Every test gets a PostgreSQL schema and a Redis channel of its own.
"""

from __future__ import annotations

import json
import random
import secrets
import signal
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from parlour.core.record import GameRecord, replay
from tests.server.conftest import Cluster
from tests.server.serving import RECEIVE_SECONDS, Served, Watcher, call


def shows_connected(message: dict[str, Any], seat: int) -> bool | None:
    """Whether ``message`` shows ``seat`` connected: a ``presence`` or a ``state`` says; other messages don't."""
    if message["type"] == "presence":
        return seat in message["seats"]
    if message["type"] == "state":
        return bool(message["table"]["seats"][seat]["connected"])
    return None

@pytest.fixture
def start(cluster: Cluster) -> Callable[..., Served]:
    """Start one more ``parlour serve`` process of the test's service."""
    return cluster.start


def record_of(base: str, table_id: str) -> GameRecord:
    record = GameRecord.from_dict(call(base, f"/api/tables/{table_id}/record"))
    assert replay(record).is_terminal
    return record


def test_a_table_made_on_one_process_is_listed_joined_and_played_on_the_other(start: Callable[..., Served]) -> None:
    a, b = start().base(), start().base()
    table = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 3}})
    tid = table["id"]
    tokens = [call(b, f"/api/tables/{tid}/join", {"name": "Ana"})["token"],
              call(a, f"/api/tables/{tid}/join", {"name": "Bo"})["token"]]
    assert tid in {t["id"] for t in call(b, "/api/tables")}
    seats = [Watcher(a, tid, tokens[0]), Watcher(b, tid, tokens[1])]
    watchers = [*seats, Watcher(a, tid), Watcher(b, tid)]
    rng = random.Random(4)
    accepted: list[str] = []
    try:
        state = seats[0].state_at(0)
        while state["table"]["status"] == "playing":
            version, mover = state["view"]["version"], seats[state["table"]["to_play"]]
            legal = mover.state_at(version)["legal"]
            answer = mover.act(version, rng.choice(legal))
            assert answer["type"] == "accepted", answer
            accepted.append(answer["action"])
            for w in watchers:  # every client on either process hears of it
                state = w.state_at(version + 1)
        record = record_of(b, tid)
        assert record.actions == accepted and record.players == ["Ana", "Bo"]
    finally:
        for w in watchers:
            w.close()


def test_a_process_that_missed_every_message_catches_up_from_storage(start: Callable[..., Served]) -> None:
    a = start().base()
    b = start(PARLOUR_REDIS_CHANNEL=f"deaf-{secrets.token_hex(6)}").base()  # hears nothing the first says
    tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 20}})["id"]
    tokens = [call(a, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
    watcher = Watcher(b, tid)
    try:
        for _ in range(3):
            state = call(a, f"/api/tables/{tid}")
            seat, version = state["table"]["to_play"], state["view"]["version"]
            legal = call(a, f"/api/tables/{tid}?token={tokens[seat]}")["legal"]
            call(a, f"/api/tables/{tid}/actions", {"token": tokens[seat], "version": version, "action": legal[0]})
            seen = watcher.state_at(version + 1)  # within a sweep, from storage alone
            assert seen["view"] == call(a, f"/api/tables/{tid}")["view"]
    finally:
        watcher.close()


def test_racing_actions_on_two_processes_are_accepted_exactly_once(start: Callable[..., Served]) -> None:
    a, b = start().base(), start().base()
    tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 20}})["id"]
    tokens = [call(a, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
    on = {(seat, side): Watcher(side, tid, tokens[seat]) for seat in (0, 1) for side in (a, b)}
    outcomes: list[str] = []
    try:
        for _ in range(12):
            state = call(a, f"/api/tables/{tid}")
            if state["table"]["status"] != "playing":
                break
            seat, version = state["table"]["to_play"], state["view"]["version"]
            legal = call(a, f"/api/tables/{tid}?token={tokens[seat]}")["legal"]
            with ThreadPoolExecutor(2) as pool:  # the same seat sends the same version through both at once
                answers = list(pool.map(partial(Watcher.act, version=version, action=legal[0]),
                                        [on[(seat, a)], on[(seat, b)]]))
            kinds = sorted(answer["type"] for answer in answers)
            assert kinds == ["accepted", "error"], answers
            outcomes.append(next(x["code"] for x in answers if x["type"] == "error"))
            for w in on.values():
                w.state_at(version + 1)
        assert set(outcomes) <= {"action/stale", "action/not_your_turn"}
        assert call(b, f"/api/tables/{tid}")["table"]["version"] == len(outcomes)
    finally:
        for w in on.values():
            w.close()


def test_killing_one_process_mid_game_loses_nothing(start: Callable[..., Served]) -> None:
    busy = {"PARLOUR_BOT_DELAY": "0.02", "PARLOUR_TABLE_CREATION_BURST": "100"}  # 8 tables at once, one client
    first = start(**busy)
    second = start(**busy)
    a, b = first.base(), second.base()
    rng = random.Random(8)
    people: dict[str, list[str]] = {}
    for i in range(4):  # people at tables made on either process, seated through either
        made, other = (a, b) if i % 2 == 0 else (b, a)
        tid = call(made, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 6}})["id"]
        people[tid] = [call(made, f"/api/tables/{tid}/join", {"name": "Ana"})["token"],
                       call(other, f"/api/tables/{tid}/join", {"name": "Bo"})["token"]]
    bots = [call(a, "/api/tables", {"game": "tonk", "seats": ["random", "heuristic"], "rules": {"hands": 6}})["id"],
            call(a, "/api/tables", {"game": "plonk", "seats": ["heuristic"] * 4})["id"],
            call(b, "/api/tables", {"game": "tonk", "seats": ["random", "random"], "rules": {"hands": 6}})["id"]]
    mixed = call(a, "/api/tables", {"game": "plonk", "seats": ["human", "random", "random", "random"]})["id"]
    people[mixed] = [call(b, f"/api/tables/{mixed}/join", {"name": "Cy"})["token"]]
    accepted: dict[str, dict[int, str]] = {tid: {} for tid in people}

    def play(bases: list[str], moves: int) -> None:
        """``moves`` rounds: at each people's table, whoever is to play acts through a process picked at random."""
        for _ in range(moves):
            for tid, tokens in people.items():
                base = rng.choice(bases)
                shown = call(base, f"/api/tables/{tid}")
                seat = shown["table"]["to_play"]
                if shown["table"]["status"] != "playing" or seat >= len(tokens):
                    continue
                mine = call(base, f"/api/tables/{tid}?token={tokens[seat]}")
                if not mine["legal"]:
                    continue
                version = mine["view"]["version"]
                try:
                    done = call(base, f"/api/tables/{tid}/actions",
                                {"token": tokens[seat], "version": version, "action": rng.choice(mine["legal"])})
                except OSError:  # a refusal (a bot at the same table moved first): look again next round
                    continue
                accepted[tid][version] = done["action"]

    watchers = [Watcher(b, tid) for tid in [*people, *bots]]
    try:
        play([a, b], 10)
        # the bots of the tables made on the first process play there: these must be taken over
        assert call(b, f"/api/tables/{bots[1]}")["table"]["status"] == "playing"
        first.kill()
        play([b], 10_000 // len(people))
        ends = [w.finished() for w in watchers]
        assert all(e["table"]["status"] == "finished" for e in ends)
        for tid in [*people, *bots]:
            record = record_of(b, tid)
            assert call(b, f"/api/tables/{tid}")["table"]["version"] == len(record.actions)
            for version, action in accepted.get(tid, {}).items():
                assert record.actions[version] == action, (tid, version)
    finally:
        for w in watchers:
            w.close()


def test_a_person_gone_from_one_process_is_stood_in_for_by_the_process_with_the_bots(
        start: Callable[..., Served]) -> None:
    a = start(PARLOUR_DISCONNECT_GRACE="0.3").base()
    b = start(PARLOUR_DISCONNECT_GRACE="0.3").base()
    tid = call(b, "/api/tables", {"game": "tonk", "seats": ["human", "random"], "rules": {"hands": 3}})["id"]
    token = call(b, f"/api/tables/{tid}/join", {"name": "Ana"})["token"]
    person, watcher = Watcher(a, tid, token), Watcher(b, tid)
    try:
        person.state_at(0)
        person.close()
        end = watcher.finished()
    finally:
        watcher.close()
    assert len(record_of(b, tid).actions) == end["view"]["version"]


def test_who_is_connected_is_shown_everywhere_and_a_dead_process_s_people_are_stood_in_for(
        start: Callable[..., Served]) -> None:
    first = start(PARLOUR_DISCONNECT_GRACE="0.3")
    a, b = first.base(), start(PARLOUR_DISCONNECT_GRACE="0.3").base()
    tid = call(b, "/api/tables", {"game": "tonk", "seats": ["human", "random"], "rules": {"hands": 3}})["id"]
    token = call(b, f"/api/tables/{tid}/join", {"name": "Ana"})["token"]
    watcher = Watcher(b, tid)
    person = Watcher(a, tid, token)
    try:
        watcher.until(lambda m: shows_connected(m, 0) is True)
        assert call(b, f"/api/tables/{tid}")["table"]["spectators"] == 1
        assert call(a, f"/api/tables/{tid}")["table"]["spectators"] == 1
        first.kill()
        end = watcher.finished()  # the person is gone with the process: a stand-in plays on
    finally:
        watcher.close()
        person.close()
    assert not end["table"]["seats"][0]["connected"]


def test_a_process_stopping_tells_the_others_its_people_left(start: Callable[..., Served]) -> None:
    first = start(PARLOUR_SYNC_SECONDS="60")  # no sweep in this test: only the stopping process's word counts
    a, b = first.base(), start(PARLOUR_SYNC_SECONDS="60").base()
    tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"],
                                   "rules": {"hands": 3}})["id"]  # a deal-time win ends no match
    token = call(a, f"/api/tables/{tid}/join", {"name": "Ana"})["token"]
    watcher = Watcher(b, tid)
    person = Watcher(a, tid, token)
    try:
        watcher.until(lambda m: shows_connected(m, 0) is True)
        first.process.terminate()
        assert first.process.wait(timeout=15) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal once stopped
        watcher.until(lambda m: shows_connected(m, 0) is False)
    finally:
        watcher.close()
        person.close()


def test_a_turn_timer_is_shown_by_every_process(start: Callable[..., Served]) -> None:
    a, b = start().base(), start().base()
    tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "turn_seconds": 600,
                                   "rules": {"hands": 3}})["id"]  # a deal-time win ends no match
    tokens = [call(a, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
    to_play = call(a, f"/api/tables/{tid}")["table"]["to_play"]
    person = Watcher(b, tid, tokens[to_play])  # on the process that does not run the table's timer
    try:
        state = person.until(lambda m: m["type"] == "state" and m["legal"])
        assert state["deadline"] is not None and 0 < state["deadline"] <= 600
    finally:
        person.close()


def test_workers_serve_one_service_behind_one_port(start: Callable[..., Served]) -> None:
    served = start("--workers", "2")
    base = served.base()
    tid = call(base, "/api/tables", {"game": "tonk", "seats": ["random", "heuristic"], "rules": {"hands": 3}})["id"]
    watcher = Watcher(base, tid)
    try:
        end = watcher.finished()
    finally:
        watcher.close()
    assert len(record_of(base, tid).actions) == end["view"]["version"]
    children = Path(f"/proc/{served.process.pid}/task/{served.process.pid}/children")
    if children.exists():  # Linux: the one process started two workers (beside multiprocessing's resource tracker)
        commands = [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in children.read_text().split()]
        assert sum(b"spawn_main" in c for c in commands) == 2


def test_spectators_on_another_process_count_towards_max_spectators_per_table(start: Callable[..., Served]) -> None:
    a = start(PARLOUR_MAX_SPECTATORS_PER_TABLE="1").base()
    b = start(PARLOUR_MAX_SPECTATORS_PER_TABLE="1").base()
    tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"]})["id"]
    watcher = Watcher(a, tid)
    try:
        watcher.until(lambda m: m["type"] == "state")
        deadline = time.monotonic() + RECEIVE_SECONDS
        while call(b, f"/api/tables/{tid}")["table"]["spectators"] < 1:  # b hears of a's spectator
            assert time.monotonic() < deadline, "the other process never heard of the spectator"
            time.sleep(0.05)
        with connect(f"{b.replace('http', 'ws', 1)}/api/tables/{tid}/ws") as refused:
            error = json.loads(refused.recv(timeout=RECEIVE_SECONDS))
            with pytest.raises(ConnectionClosed) as closed:
                refused.recv(timeout=RECEIVE_SECONDS)
    finally:
        watcher.close()
    assert error["code"] == "table/full" and "max_spectators_per_table = 1" in error["message"]
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "max_spectators_per_table" in closed.value.rcvd.reason
