"""The terminal says why the rules refuse an action in the language of ``--lang``, naming the rule, and tells a
Tock player who can only discard so before they act."""

from __future__ import annotations

from rich.console import Console
from typer.testing import CliRunner

from parlour.cli.app import app
from parlour.cli.play import human_turn
from parlour.core.i18n import set_language
from parlour.games.tock.render import TockRenderer
from tests.games.tock.helpers import position

runner = CliRunner()


def test_a_refused_move_says_the_rule_in_french_quoting_what_was_typed() -> None:
    result = runner.invoke(app, ["--lang", "fr", "play", "tock", "--seed", "1", "--players", "2"],
                           input="4 b1\nquit\n")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "'4 b1' : Le 4 fait reculer un de vos propres pions : b1 n'est pas à vous" in flat.replace("\u00a0", " ")
    assert "your own pawns are p1 to p4" not in flat


def test_in_english_too() -> None:
    result = runner.invoke(app, ["play", "tock", "--seed", "1", "--players", "2"], input="4 b1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "The 4 moves one of your own pawns backwards: b1 is not yours" in " ".join(result.output.split())


def test_a_tock_player_who_can_only_discard_is_told_so_before_acting() -> None:
    set_language("fr")  # the session's fixture sets English back
    state = position(hand=["9s", "9h", "10c", "10d", "8c"])  # every pawn in the reserve, no card enters one
    assert all(str(a).startswith("discard ") for a in state.legal_actions())
    console = Console(record=True, width=200)
    chosen = human_turn(state, 0, ["Ana", "Bo", "Cy", "Di"], TockRenderer(), console, lambda _prompt: "discard 9s")
    assert str(chosen) == "discard 9s"
    assert "Aucune carte ne peut être jouée\u00a0: défaussez-en une" in console.export_text()


def test_no_such_word_while_a_card_can_be_played() -> None:
    state = position(hand=["Ac", "9h", "10c", "10d", "8c"])
    console = Console(record=True, width=200)
    human_turn(state, 0, ["Ana", "Bo", "Cy", "Di"], TockRenderer(), console, lambda _prompt: "A enter")
    assert "No card can be played" not in console.export_text()
