"""Games are plug-ins: High Card, which lives only under ``tests/plugin_game``, installed through an entry point.

Nothing in parlour names it. It is played end to end through ``parlour
play`` (the generic terminal renderer), ``parlour arena`` (random and ISMCTS
bots), ``parlour replay`` of its records, and the server's API (REST, the
WebSocket, the record and the replay); ``parlour serve`` lists it and serves
the generic browser client for it.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.core.errors import BotSpecError, RulesError
from parlour.core.parts import parts_of, words_of
from parlour.core.record import GameRecord, replay
from parlour.core.registry import game_classes, load_game
from parlour.games.render import PlainRenderer, renderer_for
from parlour.server import create_app
from parlour.testing import check_game
from tests.server.conftest import Client, TestClient, join, new_table, settings_for

PARLOUR = Path(sys.executable).with_name("parlour")


def run(paths: list[str], *args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``parlour ARGS`` in a fresh process that finds High Card through ``PYTHONPATH``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, os.environ.get("PYTHONPATH", "")]),
           "COLUMNS": "100", "NO_COLOR": "1"}
    command = [str(PARLOUR)] if PARLOUR.exists() else [sys.executable, "-c", "from parlour.cli.app import main; main()"]
    return subprocess.run([*command, *args], input=stdin, capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=120, check=False)


def test_the_game_is_found_through_its_entry_point_only(highcard: list[str]) -> None:
    assert "highcard" in game_classes()
    game = load_game("highcard?rounds=3&stake=5")
    assert game.utility == (-15.0, 15.0)
    assert isinstance(renderer_for(game), PlainRenderer)
    with pytest.raises(BotSpecError, match="'highcard' has no heuristic bot"):
        make_bot("heuristic", game)
    with pytest.raises(BotSpecError, match="no heuristic bot"):
        make_bot("strong", game)
    with pytest.raises(RulesError, match="has no renderer; its parts are: words"):
        parts_of(game).renderer(game)
    view = game.new_state(0).view(0)
    assert words_of(game).actions(["stand", "swap"], view, ["Ana", "Bo"], "fr") == [
        "Garder votre carte", "Échanger votre carte contre celle du talon"]


def test_the_game_leaves_with_its_fixture() -> None:
    assert "highcard" not in game_classes()
    with pytest.raises(RulesError, match="unknown game 'highcard'"):
        load_game("highcard")


def test_search_bots_play_it_through_its_determinizer(highcard: list[str]) -> None:
    game = load_game("highcard?players=3&rounds=2")
    bot = make_bot("ismcts:iters=60", game)
    state, rng = game.new_state(11), random.Random(1)
    while not state.is_terminal:
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    assert sum(state.returns()) == 0 and len(state.view(None)["results"]) == 2


def test_parlour_play_and_replay(highcard: list[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    played = run(highcard, "play", "highcard", "--rules", "?rounds=3", "--vs", "random", "--seed", "5",
                 "--name", "Ana", "--save", str(save), stdin="fly\n" + "2\n1\n" * 10)
    assert played.returncode == 0, played.stderr + played.stdout
    assert "'fly' is not a High Card action" in played.stdout
    assert "Game over: Ana" in played.stdout and "Result:" in played.stdout
    record = GameRecord.load(save)
    assert record.game == "highcard" and record.result is not None and record.players[0] == "Ana"
    replayed = run(highcard, "replay", str(save))
    assert replayed.returncode == 0, replayed.stderr
    assert f"Replayed {len(record.actions)} actions: finished" in replayed.stdout
    listed = run(highcard, "games")
    assert "highcard: High Card, 2–4 players" in listed.stdout
    helped = run(highcard, "play", "--help")
    assert "highcard" in helped.stdout


def test_parlour_arena_and_its_records_replay(highcard: list[str], tmp_path: Path) -> None:
    out = tmp_path / "arena"
    result = run(highcard, "arena", "highcard?rounds=2", "--bots", "random,ismcts:iters=40", "--games", "20",
                 "--out", str(out))
    assert result.returncode == 0, result.stderr + result.stdout
    records = [GameRecord.from_dict(json.loads(line)) for line in (out / "records.jsonl").read_text().splitlines()]
    assert len(records) == 20 and {r.game for r in records} == {"highcard"}
    for record in records:
        assert replay(record).is_terminal
    summary = json.loads((out / "results.json").read_text())
    assert "highcard" in json.dumps(summary)


def play_over_the_socket(client: TestClient, table_id: str, token: str) -> int:
    """Play a seat over the WebSocket until the game is over; how many actions it played."""
    played = 0
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        seat = Client(ws)
        state = seat.until(lambda m: m["type"] == "state")
        while True:
            if state["table"]["status"] == "finished":
                return played
            if not state["legal"]:
                state = seat.until(lambda m: m["type"] == "state")
                continue
            seat.act(state["legal"][played % len(state["legal"])])
            accepted = seat.error()
            assert accepted["type"] == "accepted", accepted
            played += 1
            state = seat.until_version(accepted["version"])


def test_the_server_seats_and_plays_it(highcard: list[str], tmp_path: Path) -> None:
    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path / 'api.db'}"))) as client:
        server_plays(client)


def server_plays(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    mine = games["highcard"]
    assert mine["client"] == "/static/generic.js" and mine["layout"] is None
    assert (mine["min_players"], mine["max_players"]) == (2, 4) and mine["bots"] == ["random"]
    assert {f["name"] for f in mine["flags"]} == {"players", "rounds", "stake"}
    assert client.get("/static/generic.js").status_code == 200
    assert client.get("/api/games/highcard/client/client.js").json()["error"]["code"] == "game/not_found"
    assert client.get("/api/games/highcard/layout?players=2").json()["error"]["code"] == "game/not_found"

    table = new_table(client, "highcard", ["human", "random"], rules={"rounds": 3})
    token = join(client, table["id"], "Ana")["token"]
    played = play_over_the_socket(client, table["id"], token)
    assert played == 3
    record = client.get(f"/api/tables/{table['id']}/record").json()
    final = replay(GameRecord.from_dict(record))
    assert final.is_terminal and record["players"][0] == "Ana"
    step = client.get(f"/api/tables/{table['id']}/replay?step=2").json()
    assert step["step"] == 2 and len(step["hands"]) == 2 and step["view"]["game"] == "highcard"

    rest = new_table(client, "highcard", ["human", "random", "random"])
    token = join(client, rest["id"], "Bo")["token"]
    for _ in range(10):
        shown = client.get(f"/api/tables/{rest['id']}?token={token}").json()
        if shown["table"]["status"] == "finished":
            break
        if shown["legal"]:
            body = {"token": token, "version": shown["view"]["version"], "action": "swap"}
            assert client.post(f"/api/tables/{rest['id']}/actions", json=body).status_code == 200
        else:
            time.sleep(0.05)
    assert client.get(f"/api/tables/{rest['id']}/record").status_code == 200


def test_parlour_serve_lists_it(highcard: list[str], tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*highcard, os.environ.get("PYTHONPATH", "")])}
    command = [str(PARLOUR)] if PARLOUR.exists() else [sys.executable, "-c", "from parlour.cli.app import main; main()"]
    server = subprocess.Popen([*command, "serve", "--port", str(port), "--no-browser", "--db",
                               f"sqlite:///{tmp_path / 'serve.db'}"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        games: list[dict[str, Any]] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not games:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as response:
                    games = json.loads(response.read())
            except OSError:
                time.sleep(0.2)
        assert "highcard" in {g["name"] for g in games}, server.stderr
        body = json.dumps({"game": "highcard", "seats": ["random", "random"]}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", body,
                                         {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert json.loads(response.read())["game"] == "highcard"
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_the_plugin_kit_passes_it(highcard: list[str]) -> None:
    """What a third-party author writes: ``check_game`` over a few seeded games at each table size."""
    for players in (2, 4):
        check_game(load_game(f"highcard?players={players}&rounds=3"), games=4, seed=1)
