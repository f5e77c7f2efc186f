"""Live play through the WebSocket: a Tonk match to its end, refusals that change nothing, bots, stand-ins."""

from __future__ import annotations

import random
from typing import Any

import anyio

from parlour.core.record import GameRecord, replay
from parlour.server.lobby import Lobby
from tests.server.conftest import Client, TestClient, join, new_table


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def finish(client: TestClient, table_id: str) -> None:
    """Play table ``table_id`` to its end on the server's event loop, each action through the lobby as a client's
    goes: the first legal action of each turn, whoever's it is."""
    lobby = lobby_of(client)
    table = lobby.tables[table_id]

    async def play_out() -> None:
        while table.status != "finished":
            await lobby.play(table, table.state.current_player, table.version, str(table.state.legal_actions()[0]))

    client.portal.call(play_out)  # type: ignore[union-attr]


def play_to_end(clients: dict[int, Client], rng: random.Random, stop: int | None = None) -> int:
    """Everyone connected; the seat to play picks a random legal action until the end (or ``stop``)."""
    any_client = next(iter(clients.values()))
    state = any_client.until_version(0)
    version = state["view"]["version"]
    for c in clients.values():
        c.until_version(version)
    while stop is None or version < stop:
        latest = any_client.state
        assert latest is not None
        if latest["table"]["status"] != "playing":
            break
        seat = latest["table"]["to_play"]
        mover = clients[seat]
        assert mover.state is not None and mover.state["legal"], mover.state
        mover.act(rng.choice(mover.state["legal"]))
        assert mover.error()["type"] == "accepted"
        version += 1
        for c in clients.values():
            c.until_version(version)
    return version


def test_two_people_play_a_tonk_match_to_its_end(client: TestClient) -> None:
    table = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})
    tokens = [join(client, table["id"], name)["token"] for name in ("Ana", "Bo")]
    with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={tokens[0]}") as ws0, \
            client.websocket_connect(f"/api/tables/{table['id']}/ws?token={tokens[1]}") as ws1:
        clients = {0: Client(ws0), 1: Client(ws1)}
        final = play_to_end(clients, random.Random(3))
        end = clients[0].until_version(final)
    assert end["table"]["status"] == "finished"
    assert end["legal"] == []
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert len(record["actions"]) == final
    assert record["players"] == ["Ana", "Bo"]
    replayed = replay(GameRecord.from_dict(record))
    assert replayed.is_terminal
    assert record["result"]["returns"] == replayed.returns()
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[table["id"]]["status"] == "finished"


def _snapshot(client: TestClient, table_id: str) -> tuple[int, list[Any]]:
    table = lobby_of(client).tables[table_id]
    return table.version, [str(a) for _, a in table.state.history()]


def test_refusals_have_their_code_and_change_nothing(client: TestClient) -> None:
    # classic: no deal-time wins, so every deal leaves a seat to play at version 0 (speno's end 1 match in 4,000)
    table = new_table(client, "tonk", ["human", "human"], preset="classic", rules={"hands": 2})
    tid = table["id"]
    tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws0, \
            client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws1, \
            client.websocket_connect(f"/api/tables/{tid}/ws") as wss:
        seats, spectator = {0: Client(ws0), 1: Client(ws1)}, Client(wss)
        first = seats[0].until_version(0)
        seats[1].until_version(0)
        mover = first["table"]["to_play"]
        other = 1 - mover
        before = _snapshot(client, tid)
        cases: list[tuple[Client, dict[str, Any], str]] = [
            (seats[other], {"type": "action", "version": 0, "action": "draw stock"}, "action/not_your_turn"),
            (seats[mover], {"type": "action", "version": 5, "action": "draw stock"}, "action/stale"),
            (seats[mover], {"type": "action", "version": 0, "action": "discard Zz"}, "action/invalid"),
            (seats[mover], {"type": "action", "version": 0, "action": "hit 2c 9"}, "action/illegal"),
            (seats[mover], {"type": "action", "version": "0", "action": "drop", "x": 1}, "request/invalid"),
            (spectator, {"type": "action", "version": 0, "action": "draw stock"}, "auth/bad_token"),
        ]
        for who, message, code in cases:
            who.send(message)
            reply = who.error()
            assert (reply["type"], reply.get("code")) == ("error", code), (message, reply)
            quoted = repr(message["action"])[:10] in reply["message"] or code in ("action/stale", "request/invalid")
            assert quoted or reply["params"]["action"] == message["action"], reply  # a rule's refusal: in words
            assert _snapshot(client, tid) == before
        seats[mover].act("draw stock")
        assert seats[mover].error() == {"type": "accepted", "version": 1, "action": "draw stock"}
        seats[mover].send({"type": "action", "version": 0, "action": "drop"})
        assert seats[mover].error()["code"] == "action/stale"
        assert _snapshot(client, tid)[0] == 1
        seats[mover].send({"type": "ping"})
        assert seats[mover].until(lambda m: m["type"] == "pong") == {"type": "pong"}
        seats[other].send({"type": "sync"})
        synced = seats[other].until(lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        assert synced["seat"] == other and synced["legal"] == []
    with client.websocket_connect(f"/api/tables/{tid}/ws?token=not-a-token") as bad:
        reply = bad.receive_json()
        assert reply["code"] == "auth/bad_token" and "not-a-tok" in reply["message"]


def test_rest_actions_check_token_turn_and_version(client: TestClient) -> None:
    tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 50})["id"]
    tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
    to_play = client.get(f"/api/tables/{tid}").json()["table"]["to_play"]

    def post(token: str, version: int, action: str) -> tuple[int, Any]:
        r = client.post(f"/api/tables/{tid}/actions", json={"token": token, "version": version, "action": action})
        return r.status_code, r.json()

    assert post("nope", 0, "drop")[1]["error"]["code"] == "auth/bad_token"
    assert post(tokens[1 - to_play], 0, "drop")[1]["error"]["code"] == "action/not_your_turn"
    assert post(tokens[to_play], 3, "drop")[1]["error"]["code"] == "action/stale"
    assert post(tokens[to_play], 0, "spread 2c 3c 4c")[0] == 409
    assert client.get(f"/api/tables/{tid}").json()["view"]["version"] == 0
    status, body = post(tokens[to_play], 0, "DRAW STOCK")
    assert (status, body) == (200, {"type": "accepted", "version": 1, "action": "draw stock"})


def test_a_refused_action_says_the_rule_in_the_readers_language_with_its_code_and_params(client: TestClient) -> None:
    tid = new_table(client, "tock", ["human", "human"], rules={"players": 2})["id"]
    tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
    to_play = client.get(f"/api/tables/{tid}").json()["table"]["to_play"]
    theirs = "ab"[1 - to_play] + "1"
    french = f"Le 4 fait reculer un de vos propres pions\u00a0: {theirs} n'est pas à vous"
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[to_play]}&lang=fr") as ws:
        me = Client(ws)
        me.until_version(0)
        me.send({"type": "action", "version": 0, "action": f"4 {theirs}"})
        assert me.error() == {"type": "error", "code": "action/invalid", "message": french,
                              "refusal": "tock/four_own_pawn", "params": {"action": f"4 {theirs}", "pawn": theirs}}
    for lang, words in (("fr", french), ("en", f"The 4 moves one of your own pawns backwards: {theirs} is not yours")):
        answer = client.post(f"/api/tables/{tid}/actions?lang={lang}",
                             json={"token": tokens[to_play], "version": 0, "action": f"4 {theirs}"}).json()
        assert answer == {"error": {"code": "action/invalid", "message": words, "refusal": "tock/four_own_pawn",
                                    "params": {"action": f"4 {theirs}", "pawn": theirs}}}
    assert client.get(f"/api/tables/{tid}").json()["view"]["version"] == 0


def test_bots_fill_seats_and_play_a_table_to_its_end(client: TestClient) -> None:
    tid = new_table(client, "tock", ["random", "random", "random", "random"], rules={"players": 4})["id"]
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        watcher = Client(ws)
        end = watcher.until(lambda m: m["type"] == "state" and m["table"]["status"] == "finished")
    assert end["seat"] is None and end["legal"] == [] and end["view"]["winner"] is not None
    versions = [m["view"]["version"] for m in watcher.messages if m["type"] == "state"]
    assert versions == sorted(versions)


def test_a_waiting_table_does_not_start_until_every_person_sits(client: TestClient) -> None:
    # Seat 0, a bot, leads the first trick: it would play at once if the table had started.
    tid = new_table(client, "plonk", ["random", "human", "random", "random"])["id"]
    # Creating the table is where that first move would be set going: given the time to play it (bots play at once
    # here), none is played.
    client.portal.call(anyio.sleep, 0.1)  # type: ignore[union-attr]
    shown = client.get(f"/api/tables/{tid}").json()
    assert shown["table"]["status"] == "waiting" and shown["view"]["version"] == 0
    assert shown["table"]["to_play"] == 0
    token = join(client, tid, "Ana")["token"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
        me = Client(ws)
        mine = me.until(lambda m: m["type"] == "state" and bool(m["legal"]))
        assert mine["table"]["to_play"] == 1 and mine["view"]["version"] == 1  # the bot led, now Ana
        assert set(mine["legal"]) <= set(mine["view"]["hand"])
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Late"}).json()["error"]["code"] == "table/full"


def test_a_stand_in_plays_for_an_absent_person_until_they_return(app_factory: Any) -> None:
    with TestClient(app_factory(disconnect_grace=0.0)) as client:
        tid = new_table(client, "tonk", ["human", "random"], rules={"hands": 50})["id"]
        token = join(client, tid, "Ana")["token"]
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
            Client(ws).until_version(0)
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:  # a spectator sees the stand-in play
            Client(ws).until_version(6)
        table = lobby_of(client).tables[tid]
        assert table.version >= 6 and table.seats[0].stand_in
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
            back = Client(ws)
            mine = back.until(lambda m: m["type"] == "state" and not m["table"]["seats"][0]["stand_in"])
            assert mine["table"]["seats"][0]["connected"]
            assert not table.seats[0].stand_in


def test_a_turn_timer_lets_a_stand_in_play_a_slow_persons_turn(client: TestClient) -> None:
    tid = new_table(client, "tonk", ["human", "human"], turn_seconds=0.05, rules={"hands": 50})["id"]
    tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
        me = Client(ws)
        first = me.until(lambda m: m["type"] == "state" and m["table"]["status"] == "playing")
        assert first["table"]["turn_seconds"] == 0.05
        later = me.until_version(2)
    assert later["view"]["version"] >= 2
