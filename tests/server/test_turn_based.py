"""Turn-based tables: the move clock runs in storage, any process's sweep plays a timed-out turn by the stand-in,
once; nobody's absence hands a seat to a stand-in; the clock survives a restart. The clock is injected
(``Lobby.clock``), never slept."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import create_engine, text

from parlour.server.api_schemas import MOVE_CLOCK
from parlour.server.lobby import Lobby
from tests.server.conftest import TestClient, join
from tests.server.test_accounts import Browser, csrf, register, seat_all

HOUR = 3600.0


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def set_clock(client: TestClient, at: float) -> None:
    lobby_of(client).clock = lambda: at


def turn_based(client: TestClient, seats: list[str]) -> tuple[dict[str, Any], list[str]]:
    """A turn-based Tonk table not decided at its deal, its people seated: the table and their tokens."""
    while True:
        table = client.post("/api/tables", json={"game": "tonk", "seats": seats, "move_clock": HOUR}).json()
        if table["status"] != "finished":
            break
    tokens = [join(client, table["id"], f"P{i}", seat=i)["token"] for i, s in enumerate(seats) if s == "human"]
    return table, tokens


def stored_actions(db_url: str, table_id: str) -> list[Any]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text("SELECT idx, seat, stand_in FROM parlour_actions WHERE table_id = :t "
                                          "ORDER BY idx"), {"t": table_id}).all())
    finally:
        engine.dispose()


def stored_deadline(db_url: str, table_id: str) -> float | None:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            deadline: float | None = conn.execute(text("SELECT deadline FROM parlour_tables WHERE id = :t"),
                                                  {"t": table_id}).scalar_one()
            return deadline
    finally:
        engine.dispose()


def turn_passed(clients: list[TestClient], table_id: str, seat: int) -> dict[str, Any]:
    """The table once ``seat``'s turn is over (another's turn, or the end), as the first of ``clients`` (processes
    on one database without Redis: only the one that played the turn's last move knows it at once) that says so."""
    for _ in range(500):
        for client in clients:
            state: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
            if state["table"]["to_play"] != seat:
                return state
            client.portal.call(anyio_sleep)  # type: ignore[union-attr]
    raise AssertionError(f"seat {seat}'s turn at table {table_id} never ended")


async def anyio_sleep() -> None:
    import anyio

    await anyio.sleep(0.01)


def test_a_timed_out_turn_is_played_by_the_stand_in_and_the_next_clock_starts(client: TestClient,
                                                                              db_url: str) -> None:
    set_clock(client, 1_000_000.0)
    table, _tokens = turn_based(client, ["human", "human"])
    shown = client.get(f"/api/tables/{table['id']}").json()["table"]
    assert shown["move_clock"] == HOUR and shown["deadline"] == 1_000_000.0 + HOUR
    assert shown["now"] == 1_000_000.0  # the server's time beside it: a client counts the time left from it
    version = shown["version"]
    set_clock(client, 1_000_000.0 + HOUR - 1)
    assert client.portal.call(lobby_of(client).sweep_clocks) == []  # type: ignore[union-attr]
    set_clock(client, 1_000_000.0 + HOUR + 1)
    assert client.portal.call(lobby_of(client).sweep_clocks) == [table["id"]]  # type: ignore[union-attr]
    after = turn_passed([client], table["id"], shown["to_play"])
    played = stored_actions(db_url, table["id"])[version:]
    assert played and all(seat == shown["to_play"] and stand_in for _, seat, stand_in in played)  # the whole turn
    if after["table"]["status"] == "playing":
        assert after["table"]["deadline"] == 1_000_000.0 + 2 * HOUR + 1  # the next person's full clock
    assert not any(s["stand_in"] for s in after["table"]["seats"])  # one turn, not the seat


def test_nobody_is_stood_in_for_being_away_from_a_turn_based_table(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(disconnect_grace=0.0)) as client:
        table, tokens = turn_based(client, ["human", "human"])
        with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={tokens[0]}") as ws:
            ws.receive_json()
        client.portal.call(anyio_sleep)  # type: ignore[union-attr]
        state = client.get(f"/api/tables/{table['id']}").json()
        assert state["view"]["version"] == table["version"] or state["table"]["status"] == "finished"
        assert not any(s["stand_in"] for s in state["table"]["seats"])


def test_the_clock_survives_a_restart_and_two_processes_play_a_timed_out_turn_once(
        app_factory: Callable[..., FastAPI], db_url: str) -> None:
    with TestClient(app_factory()) as first:
        set_clock(first, 2_000_000.0)
        table, _tokens = turn_based(first, ["human", "human"])
        shown = first.get(f"/api/tables/{table['id']}").json()
        version, seat = shown["view"]["version"], shown["table"]["to_play"]
    with TestClient(app_factory()) as one, TestClient(app_factory()) as two:  # restarted, as two processes
        for c in (one, two):
            assert c.get(f"/api/tables/{table['id']}").json()["table"]["deadline"] == 2_000_000.0 + HOUR
            set_clock(c, 2_000_000.0 + HOUR + 1)
        for c in (one, two):
            c.portal.call(lobby_of(c).sweep_clocks)  # type: ignore[union-attr]
        after = turn_passed([one, two], table["id"], seat)  # whichever process played the turn's end
        for c in (one, two):
            c.portal.call(anyio_sleep)  # type: ignore[union-attr]
    played = stored_actions(db_url, table["id"])[version:]
    # the timed-out turn (a draw and its discard, or a knock) played once, by whichever process got there first,
    # and nothing of the next person's turn, whose clock starts afresh
    assert 1 <= len(played) <= 2 and all(s == seat and stand_in for _, s, stand_in in played)
    if after["table"]["status"] == "playing":  # the next clock stored, and shown by whichever process knows the turn
        assert stored_deadline(db_url, table["id"]) == 2_000_000.0 + 2 * HOUR + 1
        assert after["table"]["deadline"] in (2_000_000.0 + HOUR, 2_000_000.0 + 2 * HOUR + 1)


def test_a_process_that_catches_up_shows_the_clock_another_process_started(
        app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as one, TestClient(app_factory()) as two:  # one database, no Redis between them
        for c in (one, two):
            set_clock(c, 3_000_000.0)
        table, tokens = turn_based(one, ["human", "human"])
        shown = two.get(f"/api/tables/{table['id']}").json()
        seat, version = shown["table"]["to_play"], shown["view"]["version"]
        set_clock(two, 3_000_000.0 + HOUR + 1)
        two.portal.call(lobby_of(two).sweep_clocks)  # type: ignore[union-attr]
        after = turn_passed([two], table["id"], seat)
        if after["table"]["status"] != "playing":
            return
        late = one.post(f"/api/tables/{table['id']}/actions",  # a move on the old version: one catches up
                        json={"token": tokens[seat], "version": version, "action": "draw stock"})
        assert late.status_code == 409 and late.json()["error"]["code"] == "action/stale", late.text
        assert one.get(f"/api/tables/{table['id']}").json()["table"]["deadline"] == 3_000_000.0 + 2 * HOUR + 1


@pytest.mark.parametrize(("clock", "says"), [(60.0, "greater than or equal to 3600"),
                                             (4 * 86400.0, "less than or equal to 259200")])
def test_a_move_clock_outside_an_hour_to_three_days_is_refused(client: TestClient, clock: float, says: str) -> None:
    refused = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"], "move_clock": clock})
    assert refused.status_code == 422 and says in refused.json()["error"]["message"]
    assert MOVE_CLOCK == (3600.0, 259200.0)
    both = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"], "move_clock": HOUR,
                                            "turn_seconds": 30})
    assert both.status_code == 422 and "not both" in both.json()["error"]["message"]


def test_a_players_page_marks_their_turn_based_tables(client: TestClient) -> None:
    ana = Browser(client)
    register(ana, "Ana")
    table = ana.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"], "move_clock": HOUR},
                     headers=csrf(ana)).json()
    ana.post(f"/api/tables/{table['id']}/join", json={}, headers=csrf(ana))
    (recent,) = client.get("/api/players/Ana").json()["recent"]
    assert recent["table"] == table["id"] and recent["move_clock"] == HOUR


def test_with_forfeit_a_clock_that_runs_out_ends_the_table_lost_once(app_factory: Callable[..., FastAPI],
                                                                     db_url: str) -> None:
    with TestClient(app_factory(clock_timeout="forfeit")) as one, \
            TestClient(app_factory(clock_timeout="forfeit")) as two:
        ana, bo = Browser(one), Browser(one)
        register(ana, "Ana")
        register(bo, "Bo")
        while True:
            table = ana.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"], "move_clock": HOUR,
                                                  "rated": True}, headers=csrf(ana)).json()
            if table["status"] != "finished":
                break
        tokens = {seat: token for seat, (_page, token) in seat_all(table["id"], [ana, bo]).items()}
        waiting = one.get(f"/api/tables/{table['id']}").json()["table"]["to_play"]
        assert two.get(f"/api/tables/{table['id']}").json()["table"]["status"] == "playing"
        for c in (one, two):
            set_clock(c, time.time() + HOUR + 1)
        for c in (one, two):  # both processes find it: it ends once
            c.portal.call(lobby_of(c).sweep_clocks)  # type: ignore[union-attr]
        ended = one.get(f"/api/tables/{table['id']}").json()
        assert ended["table"]["status"] == "finished" and ended["table"]["forfeit"] == waiting
        assert ended["legal"] == [] and ended["table"]["to_play"] is None
        record = one.get(f"/api/tables/{table['id']}/record").json()
        assert record["result"]["forfeit"] == waiting
        assert one.get(f"/api/tables/{table['id']}/replay", params={"step": 0}).status_code == 200
        assert record["result"]["returns"][waiting] == -1.0 and record["result"]["returns"][1 - waiting] == 1.0
        page = ana if waiting == 0 else bo
        late = page.post(f"/api/tables/{table['id']}/actions", headers=csrf(page),
                         json={"token": tokens[waiting], "version": ended["view"]["version"], "action": "draw"})
        assert late.status_code == 409 and late.json()["error"]["code"] == "table/finished"
        loser, winner = ("Ana", "Bo") if waiting == 0 else ("Bo", "Ana")
        assert one.get(f"/api/players/{loser}").json()["ratings"]["tonk"]["rating"] < 1500
        assert one.get(f"/api/players/{winner}").json()["ratings"]["tonk"]["games"] == 1
    with TestClient(app_factory(clock_timeout="forfeit")) as restarted:
        shown = restarted.get(f"/api/tables/{table['id']}").json()["table"]
        assert shown["status"] == "finished" and shown["forfeit"] == waiting
