"""The guarantees to strangers: fair deals, bounded resources, failures told, each able to fail."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.websockets import WebSocketDisconnect

from parlour.core.chance import seed_commitment, verify_seed
from tests.server.conftest import Client, TestClient, join, new_table

PARLOUR = Path(sys.executable).with_name("parlour")


def refusal(response: Any) -> tuple[int, str, str]:
    """Status, code and message of a REST refusal, which must be in the one envelope."""
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


# ------------------------------------------------------------------ fair deals


def test_seeds_are_128_bit_secrets_committed_to_and_revealed_only_at_the_end(client: TestClient) -> None:
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    # three hands: a match the deal decided would be finished, and its record (with the seed) rightly public
    made = [new_table(client, "tonk", ["human", "random"], rules={"hands": 3}) for _ in range(4)]
    seeds = [lobby.tables[t["id"]].state.seed for t in made]
    assert max(seed.bit_length() for seed in seeds) > 100 and len(set(seeds)) == 4
    table = made[0]
    seed = seeds[0]
    assert table["seed_commitment"] == seed_commitment(seed) and verify_seed(seed, table["seed_commitment"])
    token = join(client, table["id"], "Ana")["token"]
    public = [client.get("/api/tables").text, client.get(f"/api/tables/{table['id']}").text,
              client.get(f"/api/tables/{table['id']}?token={token}").text,
              client.get(f"/api/tables/{table['id']}/record").text]
    with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={token}") as ws:
        me = Client(ws)
        state = me.until(lambda m: m["type"] == "state")
        public.append(json.dumps(state))
        me.act("nonsense words")
        public.append(json.dumps(me.error()))
    assert not [text for text in public if str(seed) in text], "the seed left the server before the end"
    deadline = time.monotonic() + 120
    while (shown := client.get(f"/api/tables/{table['id']}?token={token}").json())["table"]["status"] != "finished":
        assert time.monotonic() < deadline, "the match did not end"
        if shown["legal"]:  # else the bot is thinking
            client.post(f"/api/tables/{table['id']}/actions",
                        json={"token": token, "version": shown["view"]["version"], "action": shown["legal"][0]})
    record = client.get(f"/api/tables/{table['id']}/record").json()
    record = record.get("record", record)
    assert int(record["seed"]) == seed and verify_seed(int(record["seed"]), table["seed_commitment"])


def test_parlour_replay_verify_checks_the_commitment(tmp_path: Path) -> None:
    from parlour.core.record import GameRecord
    from parlour.core.registry import load_game

    state = load_game("plonk?target=50").new_state(2**127 + 12345)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    GameRecord.of(state).save(path)
    good = subprocess.run([str(PARLOUR), "replay", str(path), "--quiet", "--verify", seed_commitment(state.seed)],
                          capture_output=True, text=True, check=False, env={**os.environ, "COLUMNS": "200"})
    assert good.returncode == 0 and "Deal verified" in good.stdout, good.stdout + good.stderr
    bad = subprocess.run([str(PARLOUR), "replay", str(path), "--verify", "ab" * 32],
                         capture_output=True, text=True, check=False, env={**os.environ, "COLUMNS": "200"})
    assert bad.returncode == 2 and "does not match" in bad.stdout + bad.stderr and "abab" in bad.stdout + bad.stderr


# --------------------------------------------------------------- bounded use


def test_bot_specs_are_held_to_the_search_limits(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_bot_iters=500, max_bot_ms=300)) as client:
        for spec, limit in (("ismcts:iters=1000000", "max_bot_iters = 500"),
                            ("strong:iters=100,infer=8", "max_bot_iters = 500"),
                            ("strong:ms=100000", "max_bot_ms = 300"), ("ismcts:ms=301", "max_bot_ms = 300")):
            status, code, message = refusal(client.post("/api/tables", json={"game": "tonk", "seats": ["human", spec]}))
            assert (status, code) == (422, "bot/over_budget") and limit in message and spec in message
        within = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "ismcts:iters=500"]})
        assert within.status_code == 201
    with pytest.raises(ValueError, match="max_bot_ms"):
        app_factory(stand_in_bot="strong:ms=5000")


def test_a_client_may_hold_only_so_many_open_tables(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_open_tables_per_client=2)) as client:
        seats = ["human", "random", "random", "random"]  # Plonk: no deal ends a table at once, as Tonk's may
        for _ in range(2):
            new_table(client, "plonk", seats)
        response = client.post("/api/tables", json={"game": "plonk", "seats": seats})
        status, code, message = refusal(response)
        assert (status, code) == (429, "request/too_many") and "max_open_tables_per_client = 2" in message
        assert int(response.headers["retry-after"]) >= 1


def test_table_creation_is_rate_limited_per_client(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(table_creation_burst=3, table_creation_rate=0.01)) as client:
        for _ in range(3):
            new_table(client, "plonk", ["human", "random", "random", "random"])
        response = client.post("/api/tables", json={"game": "plonk", "seats": ["human", "random", "random", "random"]})
        status, code, message = refusal(response)
        assert (status, code) == (429, "request/too_many") and "table_creation_rate" in message
        assert int(response.headers["retry-after"]) >= 50


def test_bodies_over_the_limit_are_refused_declared_or_chunked(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_message_bytes=1000)) as client:
        big = json.dumps({"game": "tonk", "seats": ["human", "random"], "name": "x" * 5000}).encode()
        status, code, message = refusal(client.post("/api/tables", content=big,
                                                     headers={"content-type": "application/json"}))
        assert (status, code) == (413, "request/too_large") and "max_message_bytes = 1000" in message
        sent: list[int] = []

        def chunks() -> Iterator[bytes]:
            for _ in range(1000):
                sent.append(1)
                yield b" " * 500

        status, code, _ = refusal(client.post("/api/tables", content=chunks(),
                                              headers={"content-type": "application/json"}))
        assert (status, code) == (413, "request/too_large")
        assert client.get("/api/tables").status_code == 200


@pytest.mark.parametrize("name", ["a\x00b", "line\nbreak", "esc\x1b[31m", "del\x7f"])
def test_control_characters_in_names_are_refused(client: TestClient, name: str) -> None:
    status, code, _ = refusal(client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"],
                                                               "name": name}))
    assert (status, code) == (422, "request/invalid")
    table = new_table(client, "tonk", ["human", "random"])
    status, code, _ = refusal(client.post(f"/api/tables/{table['id']}/join", json={"name": name}))
    assert (status, code) == (422, "request/invalid")


def test_a_websocket_that_floods_is_told_and_closed(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(ws_message_burst=5, ws_message_rate=0.01)) as client:
        table = new_table(client, "tonk", ["human", "random"])
        with client.websocket_connect(f"/api/tables/{table['id']}/ws") as ws:
            me = Client(ws)
            me.until(lambda m: m["type"] == "state")
            for _ in range(5):
                me.send({"type": "ping"})
                me.until(lambda m: m["type"] == "pong")
            me.send({"type": "ping"})
            told = me.until(lambda m: m["type"] == "error")
            assert told["code"] == "request/too_many" and "ws_message_rate" in told["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                me.receive()
            assert closed.value.code == 1008
        assert client.get(f"/api/tables/{table['id']}").status_code == 200


# ------------------------------------------------------------ storage failing


class Outage:
    """The database going away and coming back: every new connection fails while it lasts."""

    def __init__(self, app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
        self.engine = app.state.lobby.storage.engine
        self.monkeypatch = monkeypatch

    def __enter__(self) -> Outage:
        def refuse(*_args: Any, **_kwargs: Any) -> Any:
            raise sqlite3.OperationalError("unable to open database file")

        self.monkeypatch.setattr(self.engine.dialect, "connect", refuse)
        self.engine.dispose()  # pooled connections go: the next query needs a new one
        return self

    def __exit__(self, *_exc: object) -> None:
        self.monkeypatch.undo()


def test_storage_failure_is_503_for_rest_and_1011_for_websockets(app_factory: Callable[..., FastAPI],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_factory(storage_retry_after=7)
    with TestClient(app) as client:
        table = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})  # a deal-time win ends no match
        tokens = [join(client, table["id"], n)["token"] for n in ("Ana", "Bo")]
        shown = client.get(f"/api/tables/{table['id']}").json()
        seat = shown["table"]["to_play"]
        outage = Outage(app, monkeypatch).__enter__()
        response = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"]})
        status, code, message = refusal(response)
        assert (status, code) == (503, "storage_unavailable") and "sqlite" in message
        assert response.headers["retry-after"] == "7"
        with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={tokens[seat]}") as ws:
            me = Client(ws)
            state = me.until(lambda m: m["type"] == "state")
            me.act(state["legal"][0])
            told = me.until(lambda m: m["type"] == "error")
            assert told["code"] == "storage_unavailable"
            with pytest.raises(WebSocketDisconnect) as closed:
                me.receive()
            assert closed.value.code == 1011
        outage.__exit__()
        assert client.get(f"/api/tables/{table['id']}").json()["table"]["version"] == shown["table"]["version"]


def test_bots_resume_by_themselves_when_storage_returns(app_factory: Callable[..., FastAPI],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_factory()
    with TestClient(app) as client:
        table = new_table(client, "plonk", ["human", "random", "random", "random"], rules={"target": 50})
        token = join(client, table["id"], "Ana")["token"]
        with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={token}") as ws:
            me = Client(ws)
            state = me.until(lambda m: m["type"] == "state" and m["table"]["to_play"] == 0)
            with Outage(app, monkeypatch):
                me.act(state["legal"][0])
                assert me.until(lambda m: m["type"] == "error")["code"] == "storage_unavailable"
        with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={token}") as ws:
            me = Client(ws)
            state = me.until(lambda m: m["type"] == "state")
            version = state["view"]["version"]
            me.act(state["legal"][0])
            assert me.until(lambda m: m["type"] == "accepted")["version"] == version + 1
            me.until(lambda m: m["type"] == "state" and m["view"]["version"] >= version + 4)


def serve_once(db_url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PARLOUR), "serve", "--port", "0", "--no-browser", "--db", db_url],
                          capture_output=True, text=True, timeout=60, check=False, env={**os.environ, "COLUMNS": "300"})


def test_an_unreachable_database_at_start_is_one_line_and_status_2() -> None:
    ran = serve_once("postgresql+psycopg://someone:secret@127.0.0.1:1/nowhere")
    said = (ran.stdout + ran.stderr).strip()
    assert ran.returncode == 2 and len(said.splitlines()) == 1, said
    assert "127.0.0.1:1/nowhere" in said and "secret" not in said and "unavailable" in said


def test_a_read_only_database_at_start_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "ro.db"
    made = subprocess.run([sys.executable, "-c", f"from parlour.server.storage import Storage; Storage('sqlite:///{db}')"],
                          capture_output=True, text=True, check=False)
    assert made.returncode == 0, made.stderr
    ran = serve_once(f"sqlite:///file:{db}?mode=ro&uri=true")
    said = (ran.stdout + ran.stderr).strip()
    assert ran.returncode == 2 and len(said.splitlines()) == 1 and "readonly" in said.replace("-", ""), said


def test_only_the_bots_the_server_offers_may_sit(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as client:
        probe = "learned:/srv/policy.pt"  # would read a file of the server's
        status, code, message = refusal(client.post("/api/tables", json={"game": "tonk", "seats": ["human", probe]}))
        assert (status, code) == (422, "bot/not_offered")
        assert "allowed_bots" in message and "'learned'" in message and "heuristic" in message
        assert "policy.pt" in message and "No such file" not in message
    with TestClient(app_factory(allowed_bots=["random"])) as client:
        status, _, message = refusal(client.post("/api/tables", json={"game": "tonk", "seats": ["human", "heuristic"]}))
        assert status == 422 and "allowed_bots (random)" in message
        assert client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"]}).status_code == 201
    with pytest.raises(ValueError, match="allowed_bots"):
        app_factory(allowed_bots=["random"], stand_in_bot="heuristic")


def test_the_games_list_offers_only_the_allowed_bots(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(allowed_bots=["random", "strong"])) as client:
        games = client.get("/api/games").json()
        assert games and all(set(g["bots"]) <= {"random", "strong"} for g in games)
        assert all("random" in g["bots"] for g in games) and any("strong" in g["bots"] for g in games)


def test_a_client_may_hold_only_so_many_websockets(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_sockets_per_client=2)) as client:
        table = new_table(client, "tonk", ["human", "random"], rules={"hands": 3})
        path = f"/api/tables/{table['id']}/ws"
        with client.websocket_connect(path) as first, client.websocket_connect(path):
            Client(first).until(lambda m: m["type"] == "state")
            with client.websocket_connect(path) as third:
                told = Client(third).receive()
                assert told["type"] == "error" and told["code"] == "request/too_many"
                assert "max_sockets_per_client" in told["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 1008
        with client.websocket_connect(path) as again:  # the two closed: their places are free again
            assert Client(again).receive()["type"] == "state"
