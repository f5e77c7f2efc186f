"""Limits across several real ``parlour serve`` processes on one PostgreSQL and Redis: every per-client limit
is counted for the whole cluster, and a rematch is the same table on every process.

They run on the test session's own PostgreSQL and Redis (``services``; skipped where their binaries are
missing), like ``test_cluster``; every test gets a schema and a Redis channel of its own.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.server.conftest import RECEIVE_SECONDS, Cluster
from tests.server.serving import Served, Watcher, call

PLONK = {"game": "plonk", "seats": ["human", "random", "random", "random"]}


@pytest.fixture
def start(cluster: Cluster) -> Callable[..., Served]:
    """Start one more ``parlour serve`` process of the test's service."""
    return cluster.start


def send(base: str, path: str, body: Any, headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """POST ``body``: the status and the JSON answer, refusals included."""
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status), json.loads(response.read())
    except urllib.error.HTTPError as e:
        return int(e.code), json.loads(e.read())


def test_open_tables_per_client_are_counted_on_every_process(start: Callable[..., Served]) -> None:
    limits = {"PARLOUR_MAX_OPEN_TABLES_PER_CLIENT": "3", "PARLOUR_TABLE_CREATION_BURST": "100"}
    a, b = start(**limits).base(), start(**limits).base()
    assert [send(side, "/api/tables", PLONK)[0] for side in (a, b, a)] == [201] * 3
    status, answer = send(b, "/api/tables", PLONK)
    assert status == 429 and "max_open_tables_per_client = 3" in answer["error"]["message"]


def test_the_creation_burst_is_counted_on_every_process(start: Callable[..., Served]) -> None:
    limits = {"PARLOUR_TABLE_CREATION_BURST": "3", "PARLOUR_TABLE_CREATION_RATE": "0.001"}
    a, b = start(**limits).base(), start(**limits).base()
    assert [send(side, "/api/tables", PLONK)[0] for side in (a, b, a)] == [201] * 3
    status, answer = send(b, "/api/tables", PLONK)
    assert status == 429 and "table_creation_rate" in answer["error"]["message"]


def test_workers_behind_one_port_count_one_client_and_trust_no_forged_address(
        start: Callable[..., Served]) -> None:
    base = start("--workers", "2", PARLOUR_TABLE_CREATION_BURST="2", PARLOUR_TABLE_CREATION_RATE="0.001").base()
    answers = [send(base, "/api/tables", PLONK, {"x-forwarded-for": f"203.0.113.{i}"})[0] for i in range(6)]
    assert answers == [201, 201, 429, 429, 429, 429]


def test_the_chat_rate_is_counted_on_every_process(start: Callable[..., Served]) -> None:
    limits = {"PARLOUR_CHAT_BURST": "2", "PARLOUR_CHAT_WINDOW": "3600"}
    a, b = start(**limits).base(), start(**limits).base()
    tid = call(a, "/api/tables", {**PLONK, "spectator_chat": True})["id"]
    codes = [send(side, f"/api/tables/{tid}/chat", {"name": "Bo", "text": f"hi {i}"})[0]
             for i, side in enumerate((a, b, a))]
    assert codes == [201, 201, 429]


def test_one_clients_chat_over_every_table_is_counted_on_every_process(start: Callable[..., Served]) -> None:
    limits = {"PARLOUR_CHAT_CLIENT_BURST": "2", "PARLOUR_CHAT_WINDOW": "3600"}
    a, b = start(**limits).base(), start(**limits).base()
    tables = [call(side, "/api/tables", {**PLONK, "spectator_chat": True})["id"] for side in (a, b, a)]
    said = [send(side, f"/api/tables/{tid}/chat", {"name": "Bo", "text": "hi"}) for side, tid in zip((a, b, a), tables,
                                                                                                   strict=True)]
    assert [code for code, _ in said] == [201, 201, 429] and "chat_client_burst" in str(said[2][1])


def wait_closed(watcher: Watcher) -> int | None:
    deadline = time.monotonic() + RECEIVE_SECONDS
    while watcher.ws.close_code is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return watcher.ws.close_code


def test_websockets_per_client_are_counted_on_every_process(start: Callable[..., Served]) -> None:
    limits = {"PARLOUR_MAX_SOCKETS_PER_CLIENT": "2"}
    a, b = start(**limits).base(), start(**limits).base()
    tid = call(a, "/api/tables", PLONK)["id"]
    first, second = Watcher(a, tid), Watcher(b, tid)
    try:
        first.until(lambda m: m["type"] == "state")
        second.until(lambda m: m["type"] == "state")
        third = Watcher(a, tid)
        told = third.until(lambda m: True)
        assert told["type"] == "error" and "max_sockets_per_client" in told["message"]
        assert wait_closed(third) == 1008
        first.close()
        deadline = time.monotonic() + RECEIVE_SECONDS
        while True:  # the closed one's place is given back (its process writes it to Redis as it closes)
            again = Watcher(b, tid)
            if again.until(lambda m: True)["type"] == "state":
                again.close()
                break
            assert time.monotonic() < deadline, "a closed connection still counts"
            time.sleep(0.2)
    finally:
        first.close()
        second.close()


def test_spectators_arriving_at_once_on_two_processes_never_pass_the_cap_and_one_leaving_frees_a_place(
        start: Callable[..., Served]) -> None:
    cap, crowd = 4, 16
    limits = {"PARLOUR_MAX_SPECTATORS_PER_TABLE": str(cap), "PARLOUR_MAX_SOCKETS_PER_CLIENT": "100"}
    sides = start(**limits).base(), start(**limits).base()
    tid = call(sides[0], "/api/tables", PLONK)["id"]
    with ThreadPoolExecutor(crowd) as pool:  # the crowd arrives at once, half on each process
        crowd_watchers = list(pool.map(lambda i: Watcher(sides[i % 2], tid), range(crowd)))
    watchers = list(crowd_watchers)
    try:
        first = [w.until(lambda m: m["type"] in ("state", "error")) for w in crowd_watchers]
        admitted = [w for w, m in zip(crowd_watchers, first, strict=True) if m["type"] == "state"]
        refused = [m for m in first if m["type"] == "error"]
        assert len(admitted) == cap, f"{len(admitted)} spectators admitted; max_spectators_per_table = {cap}"
        assert {m["code"] for m in refused} == {"table/full"}
        assert all(f"max_spectators_per_table = {cap}" in m["message"] for m in refused)
        admitted[0].close()
        deadline = time.monotonic() + RECEIVE_SECONDS
        while True:  # the place is given back as the connection closes, on whichever process it was
            again = Watcher(sides[1], tid)
            watchers.append(again)
            if again.until(lambda m: m["type"] in ("state", "error"))["type"] == "state":
                break
            assert time.monotonic() < deadline, "a spectator who left still holds a place"
            time.sleep(0.2)
        late = Watcher(sides[0], tid)  # and then the table is full again
        watchers.append(late)
        assert late.until(lambda m: m["type"] in ("state", "error"))["code"] == "table/full"
    finally:
        for watcher in watchers:
            watcher.close()


def play_out(base: str, tid: str, tokens: list[str]) -> None:
    """Play the table to its end over REST, each seat a random legal action."""
    rng = random.Random(5)
    while True:
        state = call(base, f"/api/tables/{tid}")
        if state["table"]["status"] == "finished":
            return
        seat, version = state["table"]["to_play"], state["view"]["version"]
        legal = call(base, f"/api/tables/{tid}?token={tokens[seat]}")["legal"]
        call(base, f"/api/tables/{tid}/actions", {"token": tokens[seat], "version": version,
                                                  "action": rng.choice(legal)})


def test_players_asking_for_a_rematch_on_two_processes_meet_at_one_table(start: Callable[..., Served]) -> None:
    a, b = start().base(), start().base()
    while True:
        tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 1}})["id"]
        tokens = [call(a, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
        if call(a, f"/api/tables/{tid}")["table"]["status"] != "finished":  # not decided at the deal
            break
    play_out(a, tid, tokens)
    with ThreadPoolExecutor(2) as pool:  # both at once, one on each process
        ana, bo = pool.map(lambda side_token: send(side_token[0], f"/api/tables/{tid}/rematch",
                                                   {"token": side_token[1]}),
                           [(a, tokens[0]), (b, tokens[1])])
    assert ana[0] == bo[0] == 200, (ana, bo)
    assert ana[1]["table"] == bo[1]["table"] and (ana[1]["seat"], bo[1]["seat"]) == (0, 1)
    nxt = ana[1]["table"]
    for side in (a, b):
        assert send(side, f"/api/tables/{tid}/rematch", {"token": tokens[1]})[1] == bo[1]  # again: the same
        assert call(side, f"/api/tables/{nxt}?token={ana[1]['token']}")["seat"] == 0
        assert call(side, f"/api/tables/{nxt}?token={bo[1]['token']}")["seat"] == 1
    assert call(b, f"/api/tables/{nxt}")["table"]["status"] in ("playing", "finished")


def test_a_seat_kept_on_one_process_is_refused_to_a_stranger_on_the_other(start: Callable[..., Served]) -> None:
    a, b = start().base(), start().base()
    while True:
        tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 1}})["id"]
        tokens = [call(a, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
        if call(a, f"/api/tables/{tid}")["table"]["status"] != "finished":
            break
    play_out(a, tid, tokens)
    nxt = call(a, f"/api/tables/{tid}/rematch", {"token": tokens[0]})["table"]
    status, answer = send(b, f"/api/tables/{nxt}/join", {"name": "Eve"})
    assert status == 409 and answer["error"]["code"] == "table/reserved"
    listed = next(t for t in call(b, "/api/tables") if t["id"] == nxt)
    assert listed["seats"][1]["reserved"] is True
    assert send(b, f"/api/tables/{tid}/rematch", {"token": tokens[1]})[0] == 200


def test_sign_in_tries_are_counted_on_every_process(start: Callable[..., Served]) -> None:
    """A sign-in flood spread over the processes is refused as one, and an account opened on one process signs
    in on another."""
    limits = {"PARLOUR_LOGIN_BURST": "3", "PARLOUR_LOGIN_RATE": "0.001", "PARLOUR_PASSWORD_TIME_COST": "1",
              "PARLOUR_PASSWORD_MEMORY_KIB": "1024"}
    a, b = start(**limits).base(), start(**limits).base()
    assert send(a, "/api/accounts", {"name": "Ana", "password": "correct horse battery"})[0] == 201
    assert send(b, "/api/session", {"name": "ana", "password": "correct horse battery"})[0] == 200
    tries = [send(side, "/api/session", {"name": "Ana", "password": "a wrong guess"}) for side in (a, b, a)]
    assert [status for status, _ in tries] == [401, 401, 429]
    assert "login_rate" in tries[-1][1]["error"]["message"]


def test_play_now_on_two_processes_seats_both_at_one_table(start: Callable[..., Served]) -> None:
    """Two people asking for the same quick game on different processes meet at one table, each once."""
    a, b = start(PARLOUR_QUICK_WAIT_SECONDS="20").base(), start(PARLOUR_QUICK_WAIT_SECONDS="20").base()
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda side: send(side[0], "/api/quick", {"game": "tonk", "name": side[1]}),
                                [(a, "Ana"), (b, "Bo")]))
    assert [status for status, _ in answers] == [200, 200], answers
    seats = [answer for _, answer in answers]
    assert seats[0]["table"] == seats[1]["table"] and {s["seat"] for s in seats} == {0, 1}
    assert not any(s["with_bots"] for s in seats)
    names = {s["name"] for s in call(b, f"/api/tables/{seats[0]['table']}")["table"]["seats"]}
    assert names == {"Ana", "Bo"}


def test_stopping_a_play_now_on_another_process_seats_nobody(start: Callable[..., Served]) -> None:
    a, b = start(PARLOUR_QUICK_WAIT_SECONDS="20").base(), start(PARLOUR_QUICK_WAIT_SECONDS="20").base()
    ticket = "a-ticket-of-ana-0123456789"
    with ThreadPoolExecutor(1) as pool:
        asking = pool.submit(send, a, "/api/quick", {"game": "plonk", "name": "Ana", "ticket": ticket})
        time.sleep(1.0)
        request = urllib.request.Request(f"{b}/api/quick/{ticket}", method="DELETE")
        with urllib.request.urlopen(request, timeout=30) as stopped:
            assert stopped.status == 204
        status, answer = asking.result(timeout=30)
    assert status == 409 and answer["error"]["code"] == "quick/stopped"
