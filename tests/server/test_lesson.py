"""Lessons: ``POST /api/lessons`` seats one person against bots on the game's fixed deal, marks the table a
lesson (kept across a restart), refuses a second person and a rematch, and sends the learner what they may do
now and why, in their language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.core.parts import lesson_of
from parlour.core.registry import game_class
from tests.server.conftest import Client, TestClient, join, new_table
from tests.server.test_play import finish


def learn(client: TestClient, game: str, lang: str = "en", name: str = "Ana") -> dict[str, Any]:
    answer = client.post(f"/api/lessons?lang={lang}", json={"game": game, "name": name})
    assert answer.status_code == 201, answer.text
    joined: dict[str, Any] = answer.json()
    return joined


def shown(client: TestClient, joined: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    state: dict[str, Any] = client.get(f"/api/tables/{joined['table']}?token={joined['token']}&lang={lang}").json()
    return state


@pytest.mark.parametrize("game", ["tonk", "tock", "plonk"])
def test_a_lesson_seats_the_learner_against_bots_on_the_fixed_deal(client: TestClient, game: str) -> None:
    first, second = learn(client, game), learn(client, game, name="Bob")
    lesson = lesson_of(game_class(game))
    assert lesson is not None
    a, b = shown(client, first), shown(client, second)
    table = a["table"]
    assert table["lesson"] is True and table["status"] == "playing" and first["seat"] == 0
    assert [s["kind"] for s in table["seats"]] == ["human"] + ["bot"] * (lesson.players - 1)
    assert table["seats"][0]["name"] == "Ana" and {s["bot"] for s in table["seats"][1:]} == {"heuristic"}
    assert a["view"]["hand"] == b["view"]["hand"] and table["seed_commitment"] == b["table"]["seed_commitment"]
    assert table["name"] == f"Lesson: {game_class(game).spec.title}"
    assert a["lesson"] and all(isinstance(line, str) and line for line in a["lesson"])
    french = shown(client, first, "fr")["lesson"]
    assert len(french) == len(a["lesson"]) and french != a["lesson"]


def test_the_explanation_is_the_learners_alone(client: TestClient) -> None:
    joined = learn(client, "tonk")
    assert client.get(f"/api/tables/{joined['table']}").json()["lesson"] == []
    plain = new_table(client, "tonk", ["human", "heuristic"], rules={"hands": 3})
    token = join(client, plain["id"])["token"]
    state = client.get(f"/api/tables/{plain['id']}?token={token}").json()
    assert state["lesson"] == [] and state["table"]["lesson"] is False


def test_the_socket_sends_the_lesson_in_its_language(client: TestClient) -> None:
    joined = learn(client, "tonk", "fr")
    with client.websocket_connect(f"/api/tables/{joined['table']}/ws?token={joined['token']}&lang=fr") as ws:
        state = Client(ws).until(lambda m: m["type"] == "state")
    assert state["table"]["name"] == "Leçon : Tonk"
    assert any("défausse" in line for line in state["lesson"]), state["lesson"]


def test_nobody_else_sits_at_a_lesson_and_it_has_no_rematch(client: TestClient) -> None:
    joined = learn(client, "tonk")
    tid = joined["table"]
    for body in ({"name": "Zoé"}, {"name": "Zoé", "seat": 1}, {"name": "Zoé", "seat": 0}):
        refused = client.post(f"/api/tables/{tid}/join", json=body)
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "table/lesson", refused.text
    finish(client, tid)
    again = client.post(f"/api/tables/{tid}/rematch", json={"token": joined["token"]})
    assert again.status_code == 409 and again.json()["error"]["code"] == "table/lesson", again.text
    assert "lesson" in again.json()["error"]["message"]


@pytest.mark.parametrize("body, status, code", [
    ({"game": "chess"}, 404, "game/not_found"),
    ({"game": ""}, 422, "request/invalid"),
    ({"game": "tonk", "seed": 1}, 422, "request/invalid"),
    ({"game": "tonk", "name": "\u202eevil"}, 422, "request/invalid"),
    ({}, 422, "request/invalid"),
])
def test_bad_lesson_requests_are_refused(client: TestClient, body: dict[str, Any], status: int, code: str) -> None:
    refused = client.post("/api/lessons", json=body)
    assert refused.status_code == status and refused.json()["error"]["code"] == code, refused.text
    assert client.get("/api/tables").json() == []


def test_a_game_without_a_lesson_says_which_have_one(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.lobby.lesson_of",
                        lambda game: None if game.spec.name == "tonk" else lesson_of(game))
    refused = client.post("/api/lessons", json={"game": "tonk"})
    assert refused.status_code == 422
    message = refused.json()["error"]["message"]
    assert "Tonk has no lesson" in message and "tock" in message and "plonk" in message


def test_a_lesson_counts_as_a_table_its_creator_opened(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_open_tables_per_client=1)) as client:
        learn(client, "tonk")
        refused = client.post("/api/lessons", json={"game": "tock"})
    assert refused.status_code == 429 and "max_open_tables_per_client" in refused.json()["error"]["message"]


def test_a_lesson_stays_a_lesson_after_a_restart(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as client:
        joined = learn(client, "tonk")
        before = shown(client, joined)
    with TestClient(app_factory()) as client:
        after = shown(client, joined)
        refused = client.post(f"/api/tables/{joined['table']}/join", json={"name": "Zoé"})
    assert after["table"]["lesson"] is True and after["lesson"] == before["lesson"] and after["lesson"]
    assert refused.json()["error"]["code"] == "table/lesson"


def test_the_lobby_lists_each_games_lesson_in_the_asked_language(client: TestClient) -> None:
    english = client.get("/api/lessons").json()
    french = client.get("/api/lessons?lang=fr").json()
    assert {(x["game"], x["title"]) for x in english} == {("tonk", "Learn Tonk"), ("tock", "Learn Tock"),
                                                          ("plonk", "Learn Plonk")}
    assert {x["title"] for x in french} == {"Apprendre le Tonk", "Apprendre le Tock", "Apprendre le Plonk"}
    assert {x["game"]: x["players"] for x in english} == {"tonk": 2, "tock": 2, "plonk": 4}
    assert client.get("/api/lessons?lang=xx").status_code == 422
