"""Team Tock in the terminal: the players' table shows each seat's team, the screen names the partner and, once the
seat's own pawns are home, whom it plays for; ``help`` explains ``for c: 8 p2``, which plays a card for the partner;
in English and in French."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from parlour.cli.app import app
from parlour.cli.play import human_turn
from parlour.core.i18n import set_language
from parlour.core.registry import load_game
from parlour.games.render import renderer_for

NAMES = ["Ana", "Bea", "Cy", "Dan"]
HOME = {"pawns": {"a1": "h1", "a2": "h2", "a3": "h3", "a4": "h4", "c2": 10},
        "hands": [["8c", "3d", "3h", "9s", "10c"], [], [], []]}
"""Ana's four pawns are home; her partner Cy has one pawn out, c2 on square 10."""


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Team 1", "Team 2", "Partner: Cy", "you play for Cy", "Move c2 forward 8 (for Cy)",
            "Teams: you play with Cy", "(for c: 8 p2 moves c2 forward 8)"]),
    ("fr", ["Équipe 1", "Équipe 2", "Partenaire\u00a0: Cy", "vous jouez pour Cy", "Avancer c2 de 8 (pour Cy)",
            "Équipes\u00a0: vous jouez avec Cy", "(for c: 8 p2 avance c2 de 8)"]),
])
def test_a_seat_whose_pawns_are_home_reads_its_team_and_plays_for_its_partner(lang: str, said: list[str]) -> None:
    game = load_game("tock", players=4, teams="pairs")
    state = game.new_state(1, HOME)
    out = io.StringIO()
    console = Console(file=out, width=400, color_system=None)
    answers = iter(["help", "for c: 8 p2"])
    set_language(lang)  # set back after every test (tests/conftest.py)
    played = human_turn(state, 0, NAMES, renderer_for(game), console, lambda prompt: next(answers))
    text = out.getvalue()
    for words in said:
        assert words in text, (words, text)
    assert str(played) == "for c: 8 p2"
    assert state.view(0)["pawns"][2][1] == 18  # Cy's c2, moved 8 on by Ana's card
    assert state.view(0)["log"][-1] == [0, "for c: 8 p2"]


def test_the_individual_game_shows_no_teams() -> None:
    game = load_game("tock", players=4)
    out = io.StringIO()
    Console(file=out, width=400, color_system=None).print(renderer_for(game).screen(game.new_state(1).view(0), NAMES))
    assert "Team" not in out.getvalue() and "Partner" not in out.getvalue()


def test_parlour_play_tock_with_teams_shows_the_partner_and_the_help() -> None:
    result = CliRunner().invoke(app, ["--lang", "fr", "play", "tock", "--players", "4", "--flag", "teams=pairs",
                                      "--seed", "4", "--vs", "heuristic", "--name", "Ana"],
                                input="help\nquit\n", env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert "Partenaire\u00a0: Bot heuristique 3" in result.output, result.output
    assert "Équipe 1" in result.output and "Équipe 2" in result.output
    assert "Équipes\u00a0: vous jouez avec Bot heuristique 3" in result.output  # help: how to play for a teammate


def test_a_finished_team_game_names_the_winners() -> None:
    game = load_game("tock", players=4, teams="pairs")
    state = game.new_state(1, {"pawns": {**{f"a{i}": f"h{i}" for i in range(1, 5)}, "c1": "h2", "c2": "h3",
                                         "c3": "h4", "c4": 32},
                               "hands": [["3d", "8c", "3h", "9s", "10c"], [], [], []]})
    state.apply("for c: 3 p4")  # c4 past Cy's foot (34) into h1: the team's eighth pawn home
    assert state.is_terminal
    out = io.StringIO()
    Console(file=out, width=400, color_system=None).print(renderer_for(game).screen(state.view(0), NAMES))
    assert "Winners: Ana, Cy" in out.getvalue()
