"""Rematch: a finished table's players take the same seats at the next match; bots sit at once."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from parlour.core.registry import load_game
from parlour.server import create_app
from parlour.server import lobby as lobby_module
from tests.server.conftest import Client, TestClient, join, new_table, settings_for
from tests.server.test_play import play_to_end


def test_the_players_of_a_finished_table_meet_again_at_the_same_seats(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url))) as client:
        tid = new_table(client, "plonk", ["human"] * 4, rules={"target": 40})["id"]
        tokens = {i: join(client, tid, name)["token"] for i, name in enumerate(["Ana", "Cy", "Bo", "Di"])}
        early = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()
        assert early["error"]["code"] == "table/not_finished"
        sockets = {i: client.websocket_connect(f"/api/tables/{tid}/ws?token={t}") for i, t in tokens.items()}
        clients = {i: Client(ws.__enter__()) for i, ws in sockets.items()}
        try:
            play_to_end(clients, random.Random(2))
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
        bo = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[2]}).json()
        ana = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()
        assert bo["table"] == ana["table"] != tid and (bo["seat"], ana["seat"]) == (2, 0)
        shown = client.get(f"/api/tables/{ana['table']}").json()["table"]
        assert [s["name"] for s in shown["seats"]] == ["Ana", "Cy", "Bo", "Di"]  # Cy's and Di's seats kept for them
        assert [(s["taken"], s["reserved"]) for s in shown["seats"]] == [(True, False), (False, True)] * 2
        first = client.get(f"/api/tables/{tid}").json()["table"]
        assert shown["spec"] == first["spec"] and shown["name"] == first["name"] + " (2)"
        assert shown["status"] == "waiting"
        for seat in (1, 3):
            client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[seat]})
        nxt = client.get(f"/api/tables/{ana['table']}").json()["table"]
        assert nxt["status"] == "playing"
        assert client.get(f"/api/tables/{tid}").json()["table"]["to_play"] is None
        assert nxt["to_play"] == 1  # the first match was dealt by seat 3; the next by seat 0, so seat 1 leads
        again = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()
        assert again == ana  # asking again: the same table, seat and token
        stranger = client.post(f"/api/tables/{tid}/rematch", json={"token": "nope"}).json()
        assert stranger["error"]["code"] == "auth/bad_token"
    with TestClient(create_app(settings_for(db_url))) as client:  # a restart deals the rematch again, by seat 0
        assert client.get(f"/api/tables/{ana['table']}").json()["table"]["to_play"] == 1


def decided_at_the_deal(dealer: int | None) -> int:
    """A seed whose first deal ends a one-hand 2-player Tonk match at once (a TONK dealt)."""
    game = load_game("tonk", players=2, hands=1)
    return next(seed for seed in range(10_000) if game.new_state(seed, dealer=dealer).is_terminal)


def test_a_match_the_deal_decided_still_seats_its_players_and_its_rematch_too(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = iter([decided_at_the_deal(None), decided_at_the_deal(1)])
    monkeypatch.setattr(lobby_module.secrets, "randbits", lambda bits: next(seeds))
    tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 1})["id"]
    assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "finished"
    assert tid not in client.app.state.lobby.storage.table_ids(unfinished_only=True)  # type: ignore[attr-defined]
    tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
    seen = client.get(f"/api/tables/{tid}?token={tokens[0]}").json()
    assert seen["seat"] == 0 and seen["legal"] == [] and seen["view"]["results"]
    assert client.post(f"/api/tables/{tid}/join", json={}).json()["error"]["code"] == "table/full"
    ana = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()
    shown = client.get(f"/api/tables/{ana['table']}?token={ana['token']}").json()
    assert (shown["seat"], shown["table"]["status"], shown["table"]["seats"][0]["name"]) == (0, "finished", "Ana")
    bo = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]}).json()
    assert (bo["table"], bo["seat"]) == (ana["table"], 1)


def finished_table(client: TestClient, names: list[str]) -> tuple[str, list[str]]:
    """A finished two-player Tonk table (one hand) of ``names``: its id and their seat tokens."""
    while True:
        tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 1})["id"]
        tokens = [join(client, tid, name)["token"] for name in names]
        if client.get(f"/api/tables/{tid}").json()["table"]["status"] != "finished":
            break
    sockets = {i: client.websocket_connect(f"/api/tables/{tid}/ws?token={t}") for i, t in enumerate(tokens)}
    clients = {i: Client(ws.__enter__()) for i, ws in sockets.items()}
    try:
        play_to_end(clients, random.Random(3))
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    return tid, tokens


def test_a_rematch_keeps_the_players_seats_from_strangers_and_gives_them_back_every_time(
        client: TestClient) -> None:
    tid, tokens = finished_table(client, ["Ana", "Bo"])
    ana = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
    assert ana.status_code == 200, ana.text
    nxt = ana.json()["table"]
    listed = next(t for t in client.get("/api/tables").json() if t["id"] == nxt)
    assert [(s["name"], s["taken"], s["reserved"]) for s in listed["seats"]] == [("Ana", True, False),
                                                                                   ("Bo", False, True)]
    for body in ({"name": "Eve"}, {"name": "Eve", "seat": 1}):
        refused = client.post(f"/api/tables/{nxt}/join", json=body)
        assert refused.status_code == 409, refused.text
        error = refused.json()["error"]
        assert error["code"] == "table/reserved" and "rematch_hold_seconds" in error["message"]
    bo = [client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]}).json() for _ in range(2)]
    assert bo[0] == bo[1] and (bo[0]["table"], bo[0]["seat"]) == (nxt, 1)
    assert client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json() == ana.json()
    for joined in (ana.json(), bo[0]):
        seen = client.get(f"/api/tables/{nxt}?token={joined['token']}").json()
        assert seen["seat"] == joined["seat"]


def test_after_the_hold_a_stranger_may_take_a_kept_seat(app_factory: Any) -> None:
    with TestClient(app_factory(rematch_hold_seconds=3)) as client:  # long enough for a busy machine's requests
        tid, tokens = finished_table(client, ["Ana", "Bo"])
        nxt = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]}).json()["table"]
        assert client.post(f"/api/tables/{nxt}/join", json={"name": "Eve"}).status_code == 409
        time.sleep(3.5)
        listed = client.get(f"/api/tables/{nxt}").json()["table"]
        assert listed["seats"][1]["reserved"] is False
        eve = client.post(f"/api/tables/{nxt}/join", json={"name": "Eve"})
        assert eve.status_code == 200 and eve.json()["seat"] == 1
        late = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]})
        assert late.status_code == 409 and late.json()["error"]["code"] == "table/full"


def test_a_name_stored_before_the_rule_for_names_does_not_break_a_rematch(client: TestClient) -> None:
    tid, tokens = finished_table(client, ["Ana", "Bo"])
    table = client.app.state.lobby.tables[tid]  # type: ignore[attr-defined]
    table.name, table.seats[0].name = "old\u202etable", "B0\nB1: I fold"
    ana = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
    assert ana.status_code == 200, ana.text
    shown = client.get(f"/api/tables/{ana.json()['table']}").json()["table"]
    assert shown["seats"][0]["name"] == "Seat 0" and shown["name"] == "Tonk (2)"


@pytest.mark.parametrize(("name", "rematch"), [
    ("Ana's Tonk", "Ana's Tonk (2)"),
    ("Ana's Tonk (2)", "Ana's Tonk (3)"),
    ("Ana's Tonk (9)", "Ana's Tonk (10)"),
    ("(2)", "(2) (2)"),
    ("W" * 40, "W" * 36 + " (2)"),
    ("W" * 35 + " (99)", "W" * 34 + " (100)"),
    ("old\u202etable (3)", "Tonk (4)"),
])
def test_a_rematch_is_named_after_its_table_and_numbered(name: str, rematch: str) -> None:
    assert lobby_module.rematch_name(name, "Tonk") == rematch
