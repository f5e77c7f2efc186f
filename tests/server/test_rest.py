"""The lobby's REST API: games, boards, tables, joining, records and replays, docs."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI
from typer.testing import CliRunner

from parlour.bots.levels import LEVELS, ratings
from parlour.cli.app import app
from parlour.core.record import GameRecord, replay
from parlour.core.registry import load_game
from parlour.games.tock.board import board_for
from tests.server.conftest import Client, TestClient, join, new_table
from tests.server.test_play import play_to_end


def test_games_list_presets_flags_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == {"tonk", "tock", "plonk"}
    tonk = games["tonk"]
    assert set(tonk["presets"]) == {"speno", "classic", "texas", "pagat"}
    assert tonk["presets"]["classic"]["ace_high"] is True
    jokers = next(f for f in tonk["flags"] if f["name"] == "jokers")
    assert jokers["choices"] == [0, 2] and jokers["default"] == 0
    assert tonk["bots"] == ["random", "heuristic", "strong", "level:beginner", "level:casual", "level:expert",
                            "level:master"]
    assert (games["tock"]["min_players"], games["tock"]["max_players"]) == (2, 8)


def test_every_game_offers_the_levels_each_with_its_stored_rating(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        rated = ratings(game["name"])
        assert [(level["spec"], level["level"]) for level in game["levels"]] == [
            (f"level:{level}", level) for level in LEVELS], game["name"]
        assert {level["level"]: level["rating"] for level in game["levels"]} == rated, game["name"]
        assert set(rated) == set(LEVELS), game["name"]  # every level was rated


def test_a_server_without_levels_offers_none(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(allowed_bots=["random", "heuristic"])) as client:
        tonk = next(g for g in client.get("/api/games").json() if g["name"] == "tonk")
    assert tonk["bots"] == ["random", "heuristic"] and tonk["levels"] == []


def test_a_level_seat_thinks_within_max_bot_ms(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_bot_ms=500)) as client:
        made = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "level:expert"]})
        assert made.status_code == 201, made.text
        refused = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "level:master"]})
    assert refused.status_code == 422 and "max_bot_ms" in refused.json()["error"]["message"]


def test_every_flag_comes_with_its_name_and_choices_in_words_that_french_translates(client: TestClient) -> None:
    french = client.get("/api/i18n/fr").json()["messages"]
    for game in client.get("/api/games").json():
        for f in game["flags"]:
            assert f["title"] and "_" not in f["title"], f
            assert len(f["choice_words"]) == len(f["choices"]), f
            words = [w for w in (f["title"], f["help"], *f["choice_words"]) if not w.isdigit()]
            assert all(french.get(w) for w in words), (f["name"], [w for w in words if not french.get(w)])
    tonk = next(g for g in client.get("/api/games").json() if g["name"] == "tonk")
    drop = next(f for f in tonk["flags"] if f["name"] == "drop_timing")
    assert (drop["title"], drop["choices"]) == ("when to drop", ["before_draw", "any"])
    assert drop["choice_words"] == ["before drawing", "any time before the discard"]
    assert french["before drawing"] == "avant de piocher"


def test_the_tock_board_comes_from_the_geometry_module(client: TestClient) -> None:
    for players in range(2, 9):
        board = client.get(f"/api/games/tock/layout?players={players}").json()
        geometry = board_for(players)
        assert len(board["squares"]) == geometry.squares
        assert board["starts"] == list(geometry.starts) and board["feet"] == list(geometry.feet)
        assert [tuple(s) for s in board["shortcuts"]] == list(geometry.shortcuts)
        assert len(board["homes"]) == len(board["reserves"]) == len(board["seat_colors"]) == players
        assert all(0 <= v <= 1000 for x, y in board["squares"] for v in (x, y))


def test_creating_tables_checks_game_rules_and_seats(client: TestClient) -> None:
    table = new_table(client, "tonk", ["human", "random", "heuristic"], preset="classic",
                      rules={"jokers": 2}, name="Friday")
    expected = load_game("tonk:classic?jokers=2", players=3).rules
    assert load_game(table["spec"]).rules == expected and table["name"] == "Friday"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot"]
    assert table["status"] == "waiting"
    refusals = {
        "game": {"game": "chess", "seats": ["human"]},
        "flag": {"game": "tonk", "seats": ["human", "human"], "rules": {"jokers": 3}},
        "unknown flag": {"game": "tonk", "seats": ["human", "human"], "rules": {"wild": 1}},
        "preset": {"game": "tonk", "seats": ["human", "human"], "preset": "vegas"},
        "players": {"game": "plonk", "seats": ["human", "human"]},
        "bot": {"game": "tonk", "seats": ["human", "robot"]},
        "no seats": {"game": "tonk", "seats": []},
        "extra field": {"game": "tonk", "seats": ["human", "human"], "colour": "red"},
    }
    quoted = {"game": "'chess'", "flag": "3", "unknown flag": "'wild'", "preset": "'vegas'", "bot": "'robot'"}
    for case, body in refusals.items():
        response = client.post("/api/tables", json=body)
        refusal = (response.status_code, response.json()["error"]["code"])
        assert refusal == (422, "bot/invalid" if case == "bot" else "request/invalid"), (case, response.text)
        assert quoted.get(case, "") in response.json()["error"]["message"], (case, response.json())
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table["id"]]


def test_joining_gives_distinct_seats_then_the_table_is_full(client: TestClient) -> None:
    tid = new_table(client, "tonk", ["human", "human", "random"], rules={"hands": 50})["id"]
    second = join(client, tid, "Bo", seat=1)
    first = join(client, tid, "Ana")
    assert (first["seat"], second["seat"]) == (0, 1) and first["token"] != second["token"]
    full = client.post(f"/api/tables/{tid}/join", json={"name": "Cy"})
    assert (full.status_code, full.json()["error"]["code"]) == (409, "table/full")
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 9}).json()["error"]["code"] == "request/invalid"
    seats = client.get(f"/api/tables/{tid}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bo", "Random bot 3"]
    mine = client.get(f"/api/tables/{tid}?token={first['token']}").json()
    assert mine["seat"] == 0 and "hand" in mine["view"]
    assert client.get(f"/api/tables/{tid}?token=bad").json()["error"]["code"] == "auth/bad_token"


def test_a_finished_game_has_a_record_and_replays_step_by_step(client: TestClient, tmp_path: Path) -> None:
    tid = new_table(client, "plonk", ["human"] * 4, rules={"target": 40})["id"]
    assert client.get(f"/api/tables/{tid}/record").json()["error"]["code"] == "table/not_finished"
    assert client.get(f"/api/tables/{tid}/replay").json()["error"]["code"] == "table/not_finished"
    tokens = [join(client, tid, f"P{i}")["token"] for i in range(4)]
    sockets = [client.websocket_connect(f"/api/tables/{tid}/ws?token={t}") for t in tokens]
    clients = {i: Client(ws.__enter__()) for i, ws in enumerate(sockets)}
    try:
        final = play_to_end(clients, random.Random(4))
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    served = client.get(f"/api/tables/{tid}/record")
    record = GameRecord.from_dict(served.json())
    assert len(record.actions) == final and replay(record).is_terminal
    saved = tmp_path / "table.json"
    saved.write_bytes(served.content)  # exactly what the server sent: parlour replay reads it as it is
    replayed = CliRunner().invoke(app, ["replay", str(saved), "--quiet"])
    assert replayed.exit_code == 0 and f"Replayed {final} actions: finished" in replayed.output
    start = client.get(f"/api/tables/{tid}/replay?step=0").json()
    assert (start["step"], start["steps"], start["action"]) == (0, final, None)
    assert [len(h) for h in start["hands"]] == [13, 13, 13, 13]
    third = client.get(f"/api/tables/{tid}/replay?step=3").json()
    assert third["action"] == record.actions[2] and third["view"]["version"] == 3
    end = client.get(f"/api/tables/{tid}/replay?step=99999").json()
    assert end["step"] == final and end["view"]["winner"] is not None
    assert client.post(f"/api/tables/{tid}/join", json={}).json()["error"]["code"] == "table/finished"


def test_docs_and_the_browser_client_are_served(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/join" in schema["paths"] and "StateOut" in schema["components"]["schemas"]
    assert client.get("/docs").status_code == 200
    page = client.get("/")
    assert page.status_code == 200 and "parlour" in page.text


def test_each_game_serves_its_own_client_module(client: TestClient) -> None:
    for game in client.get("/api/games").json():
        assert game["client"] == f"/api/games/{game['name']}/client/client.js"
        response = client.get(game["client"])
        assert response.status_code == 200 and "javascript" in response.headers["content-type"]
    assert client.get("/api/games/tock/client/board.js").status_code == 200
    for bad in ("/api/games/tonk/client/game.py", "/api/games/chess/client/client.js",
                "/api/games/tonk/layout?players=2"):
        assert client.get(bad).json()["error"]["code"] == "game/not_found", bad
    assert client.get("/api/games/tonk/client/..%2Fgame.py").status_code == 404
