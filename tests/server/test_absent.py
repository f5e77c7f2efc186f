"""Absent people do not freeze tables: a seat taken but never connected gets its stand-in, and a stand-in
(with the table's stand-in bot) survives a restart."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI

from parlour.server.authority import TableAuthority
from tests.server.conftest import Client, TestClient, join, new_table

PLONK = ["human", "random", "random", "random"]


def watch_until_stand_in_plays(client: TestClient, tid: str) -> dict:
    """A spectator's view once seat 0 is played by its stand-in (a move of seat 0 seen after it stood in)."""
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        spectator = Client(ws)
        stood = spectator.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["stand_in"])
        version = stood["view"]["version"]
        return spectator.until(lambda m: m["type"] == "state" and m["view"]["version"] >= version + 4)


def test_a_seat_taken_over_rest_that_never_connects_gets_its_stand_in(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(disconnect_grace=0.05)) as client:
        tid = new_table(client, "plonk", PLONK, rules={"target": 60})["id"]
        join(client, tid, "Ana")
        later = watch_until_stand_in_plays(client, tid)
        assert later["table"]["seats"][0]["stand_in"] and later["table"]["seats"][0]["name"] == "Ana"
        table = client.app.state.lobby.tables[tid]  # type: ignore[attr-defined]
        assert later["stand_in_moves"] and set(later["stand_in_moves"]) <= stand_in_seat_moves(table)


def stand_in_seat_moves(table: TableAuthority) -> set[int]:
    """The indices of seat 0's moves: all its stand-in's, since Ana never came (the other seats are bots)."""
    marked = {i for i, (seat, _) in enumerate(table.state.history()) if seat == 0}
    assert table.stand_in_moves == marked
    return marked


def test_a_stand_in_and_its_bot_survive_a_restart(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(disconnect_grace=0.05, stand_in_bot="heuristic")) as client:
        tid = new_table(client, "plonk", PLONK, rules={"target": 200})["id"]
        join(client, tid, "Ana")
        watch_until_stand_in_plays(client, tid)
    with TestClient(app_factory(disconnect_grace=3600, stand_in_bot="random")) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        table = lobby.tables[tid]
        assert table.seats[0].stand_in and table.stand_in_bot == "heuristic"
        assert stand_in_seat_moves(table)
        assert lobby.bots.stand_in(table).name == "heuristic"
        shown = client.get(f"/api/tables/{tid}").json()
        assert shown["table"]["seats"][0]["stand_in"]
        if shown["table"]["status"] == "playing":
            with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
                spectator = Client(ws)
                start = spectator.until(lambda m: m["type"] == "state")["view"]["version"]
                spectator.until(lambda m: m["type"] == "state" and (m["view"]["version"] >= start + 8
                                                                    or m["table"]["status"] == "finished"))
