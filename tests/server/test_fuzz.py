"""Fuzzing the WebSocket and REST inputs: every message gets a typed answer, nothing else changes.

Hypothesis sends random and malformed JSON, wrong types, huge payloads, wrong
tokens and random action text, stale and out-of-turn, to a live table. Each
reply is an ``error`` with one of the documented codes (or ``accepted`` for
the rare random legal action), a refused message leaves the table's history
as it was, and the server keeps answering.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.server import create_app
from tests.server.conftest import Client, TestClient, join, new_table, settings_for
from tests.server.test_play import lobby_of

CODES = {"action/illegal", "action/invalid", "action/game_over", "action/not_your_turn", "action/stale",
         "auth/bad_token", "request/invalid",
         "table/full", "table/not_found", "table/finished", "table/not_finished"}
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

finite = st.floats(allow_nan=False, allow_infinity=False)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | finite | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
action_texts = st.sampled_from(["drop", "draw stock", "draw discard", "discard 2c", "spread 2c 3c 4c", "hit 8s 0",
                                "K enter", "Ah", "", " ", "draw", "discard", "spread"]) | st.text(max_size=60)
messages = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(["action", "ping", "sync", "act", ""])}, optional={
        "version": st.one_of(st.integers(-5, 10**12), st.text(max_size=5), st.none(), finite),
        "action": st.one_of(action_texts, st.integers(), st.lists(st.text(max_size=3), max_size=3)),
        "token": st.text(max_size=20),
    }),
)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, list[str]]]:
    db = Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.db"
    with TestClient(create_app(settings_for(f"sqlite:///{db}", max_message_bytes=4096, max_hands=1000))) as client:
        tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 1000})["id"]
        tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
        yield client, tid, tokens


def history(client: TestClient, tid: str) -> list[str]:
    return [str(a) for _, a in lobby_of(client).tables[tid].state.history()]


def check_reply(reply: dict[str, Any], before: list[str], after: list[str]) -> None:
    if reply["type"] == "error":
        assert reply["code"] in CODES, reply
        assert isinstance(reply["message"], str) and reply["message"]
        assert after == before
    else:
        assert reply["type"] in ("accepted", "pong", "state"), reply
        assert after[: len(before)] == before


@FUZZ
@given(st.lists(st.one_of(messages.map(json.dumps), st.text(max_size=50),
                          st.binary(max_size=40)), min_size=1, max_size=6), st.integers(0, 2))
def test_websocket_messages_get_typed_answers(table: tuple[TestClient, str, list[str]], sent: list[Any],
                                              who: int) -> None:
    client, tid, tokens = table
    query = f"?token={tokens[who]}" if who < 2 else ""
    with client.websocket_connect(f"/api/tables/{tid}/ws{query}") as ws:
        me = Client(ws)
        me.until(lambda m: m["type"] == "state")
        for item in sent:
            before = history(client, tid)
            if isinstance(item, bytes):
                ws.send_bytes(item)
            else:
                ws.send_text(item)
            reply = me.until(lambda m: m["type"] in ("error", "accepted", "pong")
                             or (m["type"] == "state" and m is not me.messages[0]))
            check_reply(reply, before, history(client, tid))


@FUZZ
@given(st.one_of(json_values, st.dictionaries(st.sampled_from(["game", "seats", "rules", "preset", "name",
                                                                "turn_seconds", "extra"]), json_values)))
def test_create_table_bodies_get_typed_answers(table: tuple[TestClient, str, list[str]], body: Any) -> None:
    client, _, _ = table
    response = client.post("/api/tables", json=body)
    if response.status_code != 201:
        assert response.json()["error"]["code"] in CODES, response.text


@FUZZ
@given(st.one_of(json_values, st.fixed_dictionaries({}, optional={
    "token": st.text(max_size=40), "version": json_values, "action": action_texts})), st.booleans())
def test_rest_actions_get_typed_answers(table: tuple[TestClient, str, list[str]], body: Any,
                                        real_token: bool) -> None:
    client, tid, tokens = table
    if real_token and isinstance(body, dict):
        body["token"] = tokens[0]
    before = history(client, tid)
    response = client.post(f"/api/tables/{tid}/actions", json=body)
    reply = response.json()
    if "error" in reply:  # REST's envelope, read as the WebSocket's error message
        reply = {"type": "error", **reply["error"]}
    check_reply(reply, before, history(client, tid))
    assert (response.status_code == 200) == (reply["type"] == "accepted")


@pytest.mark.parametrize("size", [5_000, 200_000, 3_000_000])
def test_huge_payloads_are_refused_and_the_server_goes_on(table: tuple[TestClient, str, list[str]],
                                                          size: int) -> None:
    client, tid, tokens = table
    before = history(client, tid)
    big = {"type": "action", "version": 0, "action": "x" * size}
    response = client.post(f"/api/tables/{tid}/actions", json={**big, "token": tokens[0]})
    too_large = len(json.dumps({**big, "token": tokens[0]})) > client.app.state.settings.max_message_bytes
    expected = (413, "request/too_large") if too_large else (422, "request/invalid")
    assert (response.status_code, response.json()["error"]["code"]) == expected
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
        me = Client(ws)
        me.until(lambda m: m["type"] == "state")
        ws.send_text(json.dumps(big))
        reply = me.error()
        assert reply["code"] == "request/invalid" and "limit" in reply["message"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert me.until(lambda m: m["type"] == "pong")
    assert history(client, tid) == before
    assert client.get("/api/games").status_code == 200


def test_unknown_tables_and_paths_are_typed(table: tuple[TestClient, str, list[str]]) -> None:
    client, _, _ = table
    assert client.get("/api/tables/nope").json()["error"]["code"] == "table/not_found"
    assert client.post("/api/tables/" + "z" * 500 + "/join", json={}).json()["error"]["code"] == "table/not_found"
    with client.websocket_connect("/api/tables/nope/ws") as ws:
        assert ws.receive_json()["code"] == "table/not_found"
    assert client.get("/api/games/tock/layout?players=9").json()["error"]["code"] == "request/invalid"
