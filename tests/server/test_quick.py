""""Play now": people asking for the same game at once are seated together, each once; a lone one gets bots of
their level after ``quick_wait_seconds``; a rated quick game is for accounts."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
from fastapi import FastAPI

from parlour.server.api_schemas import QuickIn
from parlour.server.authority import Rejected
from parlour.server.matchmaking import Matchmaker
from tests.server.conftest import TestClient
from tests.server.test_accounts import Browser, csrf, register


def matchmaker(client: TestClient) -> Matchmaker:
    found: Matchmaker = client.app.state.matchmaker  # type: ignore[attr-defined]
    return found


def test_people_asking_at_once_are_seated_together_each_once(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(quick_wait_seconds=5.0)) as client:
        async def four() -> list[Any]:
            return list(await asyncio.gather(*(matchmaker(client).play_now(QuickIn(game="plonk", name=f"P{i}"), None,
                                                                           f"address:10.0.0.{i}")
                                               for i in range(4))))

        seats = client.portal.call(four)  # type: ignore[union-attr]
        assert len({s.table for s in seats}) == 1 and sorted(s.seat for s in seats) == [0, 1, 2, 3]
        assert not any(s.with_bots for s in seats)
        state = client.get(f"/api/tables/{seats[0].table}").json()
        assert state["table"]["status"] in ("playing", "finished")
        assert sorted(s["name"] for s in state["table"]["seats"]) == ["P0", "P1", "P2", "P3"]
        for s in seats:  # each token plays its own seat
            assert client.get(f"/api/tables/{s.table}", params={"token": s.token}).json()["seat"] == s.seat


def test_a_lone_player_gets_bots_of_their_level(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(quick_wait_seconds=0.2)) as client:
        answer = client.post("/api/quick", json={"game": "tonk", "name": "Solo"})
        assert answer.status_code == 200, answer.text
        seat = answer.json()
        assert seat["with_bots"] and seat["seat"] == 0
        table = client.get(f"/api/tables/{seat['table']}").json()["table"]
        assert [s["bot"] for s in table["seats"]] == [None, "level:casual"]
        assert table["seats"][0]["name"] == "Solo"


def test_a_rated_quick_game_is_for_accounts_and_holds_the_seat(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(quick_wait_seconds=0.2)) as client:
        refused = client.post("/api/quick", json={"game": "tonk", "rated": True})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "auth/no_session"
        ana = Browser(client)
        register(ana, "Ana")
        seat = ana.post("/api/quick", json={"game": "tonk", "rated": True}, headers=csrf(ana)).json()
        table = client.get(f"/api/tables/{seat['table']}").json()["table"]
        assert table["rated"] and table["seats"][0]["name"] == "Ana"
        if table["status"] != "finished":  # (a deal may decide a Tonk hand at once)
            (mine,) = ana.get("/api/account/tables").json()
            assert mine["table"]["id"] == seat["table"] and mine["token"] == seat["token"]


def test_bad_quick_requests_are_refused_saying_why(client: TestClient) -> None:
    for body, says in (({"game": "chess"}, "chess"), ({"game": "tonk", "players": 9}, "players"),
                       ({"game": "tonk", "preset": "nope"}, "nope")):
        refused = client.post("/api/quick", json=body)
        assert refused.status_code == 422, refused.text
        assert says in refused.json()["error"]["message"]
    assert httpx.codes.is_success(client.get("/api/tables").status_code)


def test_stopping_a_wait_seats_nobody(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(quick_wait_seconds=30.0)) as client:
        ticket = "stop-me-" + "x" * 16

        async def ask_then_stop() -> Any:
            asking = asyncio.ensure_future(matchmaker(client).play_now(
                QuickIn(game="tonk", name="Ana", ticket=ticket), None, "address:10.0.0.1"))
            await asyncio.sleep(0.1)
            matchmaker(client).stop(ticket)  # what DELETE /api/quick/{ticket} does (across processes: below)
            return await asyncio.gather(asking, return_exceptions=True)

        before = set(client.app.state.lobby.tables)  # type: ignore[attr-defined]
        (answer,) = client.portal.call(ask_then_stop)  # type: ignore[union-attr]
        assert isinstance(answer, Rejected) and answer.code == "quick/stopped"
        assert set(client.app.state.lobby.tables) == before  # type: ignore[attr-defined]
        unknown = client.delete("/api/quick/" + "y" * 22)
        assert unknown.status_code == 204
        assert client.delete("/api/quick/short").status_code == 422


def test_a_rated_quick_game_that_cannot_be_rated_is_refused_before_anyone_waits(
        app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(quick_wait_seconds=30.0)) as client:
        ana = Browser(client)
        register(ana, "Ana")
        refused = ana.post("/api/quick", json={"game": "tonk?hands=3", "rated": True}, headers=csrf(ana))
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "table/rated"
        assert "hands" in refused.json()["error"]["message"]


def test_people_taken_by_a_table_that_cannot_open_are_told_why(app_factory: Callable[..., FastAPI]) -> None:
    """The person who would open the table is refused (here: max_tables), and so is the one it took, at once."""
    with TestClient(app_factory(quick_wait_seconds=30.0, max_tables=1)) as client:
        client.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"]})

        async def two() -> list[Any]:
            return list(await asyncio.gather(*(matchmaker(client).play_now(QuickIn(game="tonk", name=f"P{i}"), None,
                                                                           f"address:10.0.0.{i}") for i in range(2)),
                                             return_exceptions=True))

        answers = client.portal.call(two)  # type: ignore[union-attr]
        assert [a.code for a in answers if isinstance(a, Rejected)] == ["table/too_many", "table/too_many"]
