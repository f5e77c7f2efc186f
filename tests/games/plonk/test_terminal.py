"""Plonk in the terminal: the renderer's screen and news, and a whole game through ``parlour play``."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from parlour import load_game
from parlour.cli.app import app
from parlour.cli.render import renderer_for
from parlour.cli.render.plonk import PlonkRenderer
from parlour.core.cards import card_str
from tests.games.plonk.helpers import SUIT_HANDS, play_trick, start

NAMES = ["Ana", "Bo", "Cy", "Di"]


def text_of(renderable: object) -> str:
    console = Console(record=True, width=100, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_screen_shows_the_trick_around_the_table_the_hand_by_suit_and_the_piles() -> None:
    state = start(SUIT_HANDS, scores=[120, 95])
    play_trick(state, "Ac Ad Ah As")
    state.apply("Ks")
    screen = text_of(PlonkRenderer().screen(state.view(0), NAMES))
    assert "Ana & Cy: 120 (+44 this deal)" in screen and "Bo & Di: 95 (+0 this deal)" in screen
    assert "North: Cy (12)" in screen and "West: Bo (12)" in screen and "East: Di (11)" in screen
    assert "K♠ lead" in screen and "▶ to play" in screen
    assert "♣ K Q J 10 9 8 7 6 5 4 3 2" in screen
    assert "A♦ A♥ A♠" in screen and "1 (Ac)" in screen


def test_news_tells_each_trick_with_the_lead_rule_and_each_deal_score() -> None:
    renderer = renderer_for("plonk")
    state = start(SUIT_HANDS)
    before = state.view(0)
    play_trick(state, "Ac Ad Ah As")
    news = text_of(renderer.news(before, state.view(0), NAMES))
    assert "Trick 1: Ana A♣, Bo A♦, Cy A♥, Di A♠ → won by Ana" in news
    assert "nobody followed: next lead Di, then Ana" in news
    assert renderer.news(state.view(0), state.view(0), NAMES) is None
    while len(state.view(0)["tricks"]) < 12:
        state.apply(state.legal_actions()[0])
    before = state.view(0)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    news = text_of(renderer.news(before, state.view(0), NAMES))
    assert "Trick 13:" in news and "Deal 1 scored" in news


def test_a_whole_game_by_numbers_is_saved_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "plonk.json"
    result = CliRunner().invoke(app, ["play", "plonk", "--seed", "3", "--save", str(save)],
                                input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output and "Match over:" in result.output
    assert "'Zz'" not in result.output and "Traceback" not in result.output
    record = json.loads(save.read_text())
    assert record["game"] == "plonk" and record["result"]["returns"] in ([1, -1, 1, -1], [-1, 1, -1, 1])
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "finished" in replayed.output


def test_bad_input_is_answered_and_nothing_changes() -> None:
    mine = load_game("plonk").new_state(3).hand(0)
    missing = card_str(next(c for c in range(52) if c not in mine))
    result = CliRunner().invoke(app, ["play", "plonk", "--seed", "3"], input=f"Zz\n{missing}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'Zz' is not a Plonk action" in result.output
    assert f"'{missing}': you have no {missing}; your hand is" in result.output
    assert "You left the game." in result.output
