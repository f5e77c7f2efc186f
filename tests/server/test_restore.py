"""Restarting: tables come back identical, from a new app on the same file and after killing ``parlour serve``."""

from __future__ import annotations

import random
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from tests.server.conftest import TestClient, join, new_table
from tests.server.serving import call, start_server
from tests.server.test_play import lobby_of


def play_some(client: TestClient, tid: str, tokens: list[str], moves: int, rng: random.Random) -> None:
    """``moves`` random legal actions over REST, by whichever person is to play."""
    for _ in range(moves):
        shown = client.get(f"/api/tables/{tid}").json()
        if shown["table"]["status"] != "playing":
            return
        seat = shown["table"]["to_play"]
        legal = lobby_of(client).tables[tid].legal(seat)
        body = {"token": tokens[seat], "version": shown["view"]["version"], "action": rng.choice(legal)}
        assert client.post(f"/api/tables/{tid}/actions", json=body).status_code == 200


def snapshot(client: TestClient) -> dict[str, Any]:
    """Every table's public facts and every seat's view."""
    out = {}
    for tid, table in lobby_of(client).tables.items():
        out[tid] = {"summary": {k: v for k, v in lobby_of(client).summary(table).items() if k != "spectators"},
                    "views": [table.view(s) for s in (None, *range(len(table.seats)))],
                    "history": [(s, str(a)) for s, a in table.state.history()]}
    return out


def test_a_new_app_on_the_same_file_has_the_same_tables(app_factory: Callable[..., FastAPI]) -> None:
    rng = random.Random(5)
    with TestClient(app_factory()) as client:
        tonk = new_table(client, "tonk", ["human", "human", "human"], rules={"hands": 20})["id"]
        tonk_tokens = [join(client, tonk, n)["token"] for n in ("A", "B", "C")]
        plonk = new_table(client, "plonk", ["human"] * 4)["id"]
        plonk_tokens = [join(client, plonk, n)["token"] for n in "ABCD"]
        tock = new_table(client, "tock", ["human", "human"], rules={"players": 2})["id"]
        tock_tokens = [join(client, tock, n)["token"] for n in "AB"]
        waiting = new_table(client, "tonk", ["human", "random"], rules={"hands": 50})["id"]
        play_some(client, tonk, tonk_tokens, 25, rng)
        play_some(client, plonk, plonk_tokens, 30, rng)
        play_some(client, tock, tock_tokens, 40, rng)
        before = snapshot(client)
    with TestClient(app_factory()) as client:
        after = snapshot(client)
        assert after == before
        assert set(after) == {tonk, plonk, tock, waiting}
        play_some(client, tonk, tonk_tokens, 3, rng)
        assert lobby_of(client).tables[tonk].version == before[tonk]["summary"]["version"] + 3


def test_killing_parlour_serve_mid_game_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "served.db"
    rng = random.Random(2)
    server, base = start_server(db)
    try:
        tid = call(base, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 20}})["id"]
        tokens = [call(base, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
        for _ in range(15):
            seat = call(base, f"/api/tables/{tid}")["table"]["to_play"]
            mine = call(base, f"/api/tables/{tid}?token={tokens[seat]}")
            call(base, f"/api/tables/{tid}/actions",
                 {"token": tokens[seat], "version": mine["view"]["version"], "action": rng.choice(mine["legal"])})
        before = call(base, f"/api/tables/{tid}")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    server, base = start_server(db)
    try:
        after = call(base, f"/api/tables/{tid}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert after["view"] == before["view"]
    assert after["table"]["version"] == before["table"]["version"] == 15
