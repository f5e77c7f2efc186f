"""Restarting: tables come back identical, from a new app on the same file and after killing ``parlour serve``."""

from __future__ import annotations

import logging
import random
import re
import signal
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from parlour.games.tonk.game import TonkGame
from tests.server.conftest import TestClient, join, new_table, ops
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
    """Every table's public facts (not who watches, nor the server's time as it describes them) and every seat's
    view."""
    out = {}
    for tid, table in lobby_of(client).tables.items():
        summary = lobby_of(client).messages.summary(table).items()
        out[tid] = {"summary": {k: v for k, v in summary if k not in ("spectators", "now")},
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


# ----------------------------------------------------------- engine versions


def two_tables(client: TestClient, rng: random.Random) -> tuple[str, str]:
    """Two Tonk tables of two people, some way into their first hand: the ids."""
    ids = []
    for _ in range(2):
        tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 20})["id"]
        tokens = [join(client, tid, n)["token"] for n in ("Ana", "Bo")]
        play_some(client, tid, tokens, 6, rng)
        ids.append(tid)
    return ids[0], ids[1]


def stored_rows(client: TestClient, tid: str) -> tuple[Any, list[Any]]:
    """The table's row and its action rows, as the database holds them."""
    storage = lobby_of(client).storage
    with storage.engine.connect() as conn:
        row = conn.execute(select(storage.tables).where(storage.tables.c.id == tid)).one()
        actions = conn.execute(select(storage.actions).where(storage.actions.c.table_id == tid)
                               .order_by(storage.actions.c.idx)).all()
    return row, actions


@pytest.fixture
def server_log(caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> pytest.LogCaptureFixture:
    """``caplog`` of the server's logger from INFO up, the logger enabled even if a tool run earlier in this process
    configured logging with ``disable_existing_loggers`` (import-linter does)."""
    monkeypatch.setattr(logging.getLogger("parlour.server"), "disabled", False)
    caplog.set_level(logging.INFO, "parlour.server")
    return caplog


def bump(monkeypatch: pytest.MonkeyPatch, version: int) -> None:
    """Make the running Tonk engine declare ``version``."""
    monkeypatch.setattr(TonkGame, "spec", replace(TonkGame.spec, engine_version=version))


def test_every_table_and_action_is_stored_with_its_engine_version_and_fingerprint(
        app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as client:
        tid, _ = two_tables(client, random.Random(1))
        row, actions = stored_rows(client, tid)
        history = lobby_of(client).tables[tid].state.history()
    assert row.engine == TonkGame.spec.engine_version == 1
    assert len(actions) == len(history) == 6 and all(len(a.digest) == 32 for a in actions)
    assert len({a.digest for a in actions}) == 6


def test_a_table_of_another_engine_version_that_replays_the_same_is_restored_and_its_version_updated(
        app_factory: Callable[..., FastAPI], monkeypatch: pytest.MonkeyPatch,
        server_log: pytest.LogCaptureFixture) -> None:
    with TestClient(app_factory()) as client:
        first, second = two_tables(client, random.Random(2))
        before = snapshot(client)
    bump(monkeypatch, 2)
    with TestClient(app_factory()) as client:
        assert snapshot(client) == before
        assert lobby_of(client).unrestored == {}
        assert stored_rows(client, first)[0].engine == stored_rows(client, second)[0].engine == 2
    assert f"table {first} ('Tonk {first[:4]}', tonk) stored under engine version 1 replays the same under " \
           "version 2: restored" in server_log.text


def test_a_table_stored_before_engine_versions_is_checked_by_replay_and_restored(
        app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as client:
        tid, _ = two_tables(client, random.Random(3))
        before = snapshot(client)
        storage = lobby_of(client).storage
        with storage.engine.begin() as conn:  # as a table stored by a server without versions
            conn.execute(update(storage.tables).values(engine=None))
            conn.execute(update(storage.actions).values(digest=None))
    with TestClient(app_factory()) as client:
        assert snapshot(client) == before
        assert stored_rows(client, tid)[0].engine == 1


def tamper(client: TestClient, tid: str, how: str) -> None:
    """Change what is stored of table ``tid``: its deal (``seed``), or its fourth action (``action``: another
    legal one, whose position differs from the one stored; ``illegal``: an action that is no move there)."""
    storage = lobby_of(client).storage
    table = lobby_of(client).tables[tid]
    with storage.engine.begin() as conn:
        if how == "seed":
            conn.execute(update(storage.tables).where(storage.tables.c.id == tid)
                         .values(seed=str(table.state.seed + 1)))
            return
        replayed = table.game.new_state(table.state.seed)
        history = table.state.history()
        for _, action in history[:3]:
            replayed.apply(action)
        other = [str(a) for a in replayed.legal_actions() if a != history[3][1]]
        text = other[0] if how == "action" else "spread 2c 9h kd"
        conn.execute(update(storage.actions).where(storage.actions.c.table_id == tid, storage.actions.c.idx == 3)
                     .values(text=text))


@pytest.mark.parametrize(("how", "why"), [
    ("seed", "action 1 .* leads to another position than the one stored|action 1 .* does not replay"),
    ("action", "action 4 .* leads to another position than the one stored"),
    ("illegal", "action 4 'spread 2c 9h kd' by seat . does not replay"),
])
def test_a_table_of_another_engine_version_that_does_not_replay_is_reported_and_left_in_storage(
        app_factory: Callable[..., FastAPI], monkeypatch: pytest.MonkeyPatch, server_log: pytest.LogCaptureFixture,
        how: str, why: str) -> None:
    with TestClient(app_factory()) as client:
        bad, good = two_tables(client, random.Random(4))
        tamper(client, bad, how)
        kept = stored_rows(client, bad)
    bump(monkeypatch, 2)
    with TestClient(app_factory()) as client:
        lobby = lobby_of(client)
        assert set(lobby.tables) == {good}
        report = lobby.unrestored[bad]
        assert (report.id, report.name, report.game, report.stored_engine, report.running_engine) == \
               (bad, f"Tonk {bad[:4]}", "tonk", 1, 2)
        assert re.search(why, report.why)
        assert stored_rows(client, bad) == kept  # untouched: same version, same actions and fingerprints
        shown = client.get(f"/api/tables/{bad}")
        assert shown.status_code == 404
        assert "it was made under tonk engine version 1, but this is version 2" in shown.json()["error"]["message"]
        assert bad not in {t["id"] for t in client.get("/api/tables").json()}
        assert client.get(f"/api/tables/{bad}").status_code == 404  # asked again: refused without replaying
        ready = ops(client).get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"  # the other tables are served
        assert ready.json()["unrestored"] == 1  # how many: which, and why, are the log's
        assert bad not in ready.text and f"Tonk {bad[:4]}" not in ready.text
        metrics = ops(client).get("/metrics").text
        assert 'parlour_tables_unrestored{game="tonk"} 1.0' in metrics
    [line] = [r.getMessage() for r in server_log.records if r.levelno == logging.ERROR]
    assert line.startswith(f"table {bad} ('Tonk {bad[:4]}', tonk) not restored, kept in storage: stored under "
                           "engine version 1, running 2; action ")
    assert re.search(why, line)
