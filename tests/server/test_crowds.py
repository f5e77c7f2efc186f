"""Crowds at one table stay bounded and cheap: a spectator cap, presence updates instead of the whole state, a
client that reads nothing let go at its byte budget; flags that would make a match too long to host are refused."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from parlour.core.registry import game_classes
from parlour.server.limits import RedisQuota, spectators_key
from parlour.server.settings import Settings
from tests.server.conftest import Client, TestClient, join, new_table, receive_json
from tests.server.services import RedisServer
from tests.server.serving import Served, call

CLOSE_POLICY = 1008


def refusal(ws: Any) -> tuple[dict[str, Any], int, str]:
    """The error a refused connection is sent, and how it is then closed."""
    message = receive_json(ws, 30)
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return message, closed.value.code, closed.value.reason


def test_a_spectator_past_max_spectators_per_table_is_refused_with_1008_naming_it(app_factory: Any) -> None:
    with TestClient(app_factory(max_spectators_per_table=2)) as client, ExitStack() as stack:
        tid = new_table(client, "tonk", ["human", "human"])["id"]
        for _ in range(2):
            Client(stack.enter_context(client.websocket_connect(f"/api/tables/{tid}/ws"))).receive()
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            message, code, reason = refusal(ws)
        assert message["type"] == "error" and message["code"] == "table/full"
        assert "has 2 spectators, the most max_spectators_per_table = 2 allows" in message["message"]
        assert code == CLOSE_POLICY and "max_spectators_per_table" in reason
        token = join(client, tid, "Ana")["token"]  # the cap is for spectators: a seat still connects
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
            assert Client(ws).receive()["type"] == "state"
        assert client.get(f"/api/tables/{tid}").json()["table"]["spectators"] == 2


def test_spectators_counted_in_redis_by_another_process_fill_the_table_before_any_presence_arrives(
        app_factory: Any, redis_server: RedisServer) -> None:
    redis_server.ensure()
    prefix = f"test-crowds-{secrets.token_hex(6)}:"
    app = app_factory(max_spectators_per_table=3)
    app.state.lobby.quota = RedisQuota(redis_server.url, prefix)  # this process's count, shared with ``other``
    other = RedisQuota(redis_server.url, prefix)  # another process, whose presence was never announced here
    with TestClient(app) as client:
        tid = new_table(client, "tonk", ["human", "human"])["id"]
        theirs = [other.enter(spectators_key(tid), 3) for _ in range(3)]
        assert None not in theirs
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            message, code, reason = refusal(ws)
        assert message["code"] == "table/full" and code == CLOSE_POLICY and "max_spectators_per_table" in reason
        assert client.get(f"/api/tables/{tid}").json()["table"]["spectators"] == 0  # shown: nobody, as announced
        leave = theirs.pop()
        assert leave is not None
        leave()  # one of theirs leaves: the place is free for a spectator here, and then taken
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            assert Client(ws).receive()["type"] == "state"
            assert other.enter(spectators_key(tid), 3) is None
        assert other.enter(spectators_key(tid), 3) is not None  # the one here left: its place is given back
    asyncio.run(other.stop())


def test_a_crowd_connecting_and_leaving_sends_the_others_a_few_presence_messages_not_the_state(
        app_factory: Any) -> None:
    crowd = 8
    with TestClient(app_factory(presence_seconds=1.0)) as client, ExitStack() as stack:
        tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})["id"]  # a deal-time win ends no match
        token = join(client, tid, "Ana")["token"]
        ana = Client(stack.enter_context(client.websocket_connect(f"/api/tables/{tid}/ws?token={token}")))
        assert ana.receive()["type"] == "state"
        crowd_stack = stack.enter_context(ExitStack())
        watchers = []
        for _ in range(crowd):
            watcher = Client(crowd_stack.enter_context(client.websocket_connect(f"/api/tables/{tid}/ws")))
            assert watcher.receive()["type"] == "state"  # the one connecting gets its full state at once
            watchers.append(watcher)
        everyone = {"type": "presence", "table": tid, "seats": [0], "spectators": crowd}
        assert ana.until(lambda m: m.get("spectators") == crowd) == everyone
        assert {m["type"] for m in ana.messages[1:]} == {"presence"}
        assert len(ana.messages[1:]) < crowd  # arrivals within presence_seconds are told together
        assert watchers[0].until(lambda m: m.get("spectators") == crowd) == everyone
        assert {m["type"] for m in watchers[0].messages[1:]} == {"presence"}
        ana.messages.clear()
        crowd_stack.close()  # the crowd leaves
        assert ana.until(lambda m: m.get("spectators") == 0)["type"] == "presence"
        assert {m["type"] for m in ana.messages} == {"presence"} and len(ana.messages) < crowd
        bo = join(client, tid, "Bo")["token"]  # a seat taken changes the state: everyone is sent it
        assert ana.until(lambda m: m["type"] == "state")["table"]["status"] == "playing"
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={bo}") as ws:
            assert Client(ws).receive()["type"] == "state"
            assert ana.until(lambda m: m["type"] == "presence")["seats"] == [0, 1]
        assert ana.until(lambda m: m["type"] == "presence")["seats"] == [0]


def test_flags_past_the_server_s_caps_are_refused_with_422_naming_the_setting(app_factory: Any) -> None:
    with TestClient(app_factory(max_hands=5, max_target_score=300)) as client:
        too_long = (("tonk", {"hands": 6}, "max_hands"), ("plonk", {"target": 301}, "max_target_score"))
        for game, rules, setting in too_long:
            seats = ["random"] * (4 if game == "plonk" else 2)
            response = client.post("/api/tables", json={"game": game, "seats": seats, "rules": rules})
            assert response.status_code == 422, response.text
            error = response.json()["error"]
            assert error["code"] == "request/invalid" and f"{setting} = " in error["message"]
            flag, value = next(iter(rules.items()))
            assert f"{flag!r} cannot be {value}" in error["message"]
        assert client.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"],
                                                 "rules": {"hands": 5}}).status_code == 201
        assert client.post("/api/tables", json={"game": "plonk", "seats": ["human"] * 4,
                                                 "rules": {"target": 300}}).status_code == 201
        offered = {g["name"]: {f["name"]: f for f in g["flags"]} for g in client.get("/api/games").json()}
        assert offered["tonk"]["hands"]["maximum"] == 5 and offered["plonk"]["target"]["maximum"] == 300
        assert offered["tonk"]["hands"]["allowed"] == "an integer from 1 to 5"  # what the lobby offers is accepted


def test_the_default_caps_refuse_the_long_matches_anyone_could_create(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "tonk", "seats": ["random", "random"],
                                                "rules": {"hands": 1000}})
    assert response.status_code == 422 and "max_hands = 100" in response.json()["error"]["message"]


def test_every_capped_flag_names_an_integer_setting() -> None:
    capped = {info.capped_by for cls in game_classes().values() for info in cls.rules_type.flags().values()
              if info.capped_by is not None}
    assert capped >= {"max_hands", "max_target_score"}
    for name in capped:
        assert Settings.model_fields[name].annotation is int


def test_a_spectator_that_reads_nothing_is_let_go_once_its_outbox_passes_ws_outbox_bytes(tmp_path: Path) -> None:
    """Its replies pile up past every buffer between it and the server (some 14 MB): the byte budget, not the
    message limit (set out of reach), lets it go, though a write to it can never end."""
    served = Served(f"sqlite:///{tmp_path / 'parlour.db'}", env={
        "PARLOUR_WS_OUTBOX_BYTES": "65536", "PARLOUR_WS_OUTBOX_LIMIT": "100000",
        "PARLOUR_WS_MESSAGE_BURST": "100000", "PARLOUR_WS_MESSAGE_RATE": "100000"})
    try:
        base = served.base()
        tid = call(base, "/api/tables", {"game": "tonk", "seats": ["human"] * 6, "rules": {"players": 6}})["id"]
        with deaf_spectator(base, tid) as sock:
            assert call(base, f"/api/tables/{tid}")["table"]["spectators"] == 1
            syncs = masked_frame(b'{"type":"sync"}') * 10_000  # each answered with the whole state (1.4 KB)
            threading.Thread(target=send_quietly, args=(sock, syncs), daemon=True).start()
            deadline = time.monotonic() + 60
            while call(base, f"/api/tables/{tid}")["table"]["spectators"]:
                assert time.monotonic() < deadline, "the spectator that reads nothing is still connected"
                time.sleep(0.2)
    finally:
        served.stop()


def send_quietly(sock: socket.socket, data: bytes) -> None:
    """Send ``data``; a server that stopped reading, or the socket closed meanwhile, ends it."""
    with contextlib.suppress(OSError):
        sock.sendall(data)


def masked_frame(payload: bytes) -> bytes:
    """One short text frame as a client sends it (masked, RFC 6455 §5.2)."""
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@contextmanager
def deaf_spectator(base: str, table_id: str) -> Iterator[socket.socket]:
    """A WebSocket spectator that, once connected, reads nothing (a receive buffer of a few KiB, never emptied)."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(30)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /api/tables/{table_id}/ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    try:
        yield sock
    finally:
        sock.close()
