"""Tock's advice: what a move does on the board the view shows (a capture, a pawn entered, squares gained, a pawn
moved out of reach), pawns named as the board names them, in English and French, and the hint's reason and
notation built from it."""

from __future__ import annotations

import re
from typing import Any

from parlour import load_game
from parlour.bots.ismcts import Choice
from parlour.bots.reasons import explained
from parlour.core.game import State
from parlour.core.parts import advice_of

GAME = load_game("tock", players=4)
NAMES = ["Ana", "Bob", "Cy", "Dee"]


def position() -> State[Any, Any]:
    """Ana's a1 on square 10 with Cy's c1 8 squares behind it and Bob's b1 9 squares ahead of it."""
    return GAME.new_state(0, {"pawns": {"a1": 10, "b1": 19, "c1": 2},
                              "hands": [["9c", "Ah", "3s", "5d", "6h"], [], [], []]})


def test_a_move_tells_captures_entries_squares_and_reach_with_the_boards_names() -> None:
    state = position()
    view, advice = state.view(0), advice_of(GAME)
    assert advice.facts(view, "9 p1", "en", NAMES) == [
        "captures b1, sending it back to its reserve", "brings a1 9 squares closer to its home",
        "moves a1 out of reach of the pawns behind it"]
    assert advice.facts(view, "9 p1", "fr", NAMES) == [
        "prend b1, qui retourne dans sa réserve", "rapproche a1 de 9 cases de sa maison",
        "met a1 hors de portée des pions qui le suivent"]
    assert advice.facts(view, "A enter", "en", NAMES) == [
        "enters a2 on its start, where nobody may capture or pass it"]
    assert advice.facts(view, "3 p1", "en", NAMES) == ["brings a1 3 squares closer to its home"]
    assert advice.label("9 p1", view) == "9 a1" and advice.label("5 c1", view) == "5 c1"


def test_a_hints_reason_and_notation_name_pawns_as_the_board_and_value_games_won() -> None:
    state = position()
    legal = state.legal_actions()
    view = state.view(0)
    nine, three = (next(a for a in legal if str(a) == text) for text in ("9 p1", "3 p1"))
    choices = [Choice(nine, 300, 0.40, 0, 0, 0.02), Choice(three, 300, 0.31, 0, 0, 0.02)]
    for lang, words in (("en", ["captures b1", "about 9 more games won in 100", "a1"]),
                        ("fr", ["prend b1", "environ 9 parties gagnées de plus sur 100", "a1"])):
        said = explained(GAME, view, nine, choices, len(legal), 600, "strong", lang, NAMES)
        assert all(word in said.reason for word in words), said.reason
        assert said.move.label == "9 a1" and said.alternatives[0].label == "3 a1"
        for text in (said.reason, said.details, said.move.words, said.move.label):
            assert not re.search(r"\bp\d", text) and "ismcts" not in text, text


def test_a_card_played_for_a_teammate_says_whom_it_helps_and_what_it_does_to_the_others() -> None:
    game = load_game("tock", players=4, teams="pairs")
    state = game.new_state(0, {"pawns": {"a1": "h1", "a2": "h2", "a3": "h3", "a4": "h4", "c1": 10, "b1": 15},
                               "hands": [["5c", "9d", "3s", "6h", "8h"], [], [], []]})
    view, advice = state.view(0), advice_of(game)
    assert advice.facts(view, "for c: 3 p1", "en", NAMES) == ["brings c1 3 squares closer to its home",
                                                            "helps your teammate Cy"]
    assert advice.facts(view, "for c: 3 p1", "fr", NAMES)[1] == "aide Cy, de votre équipe"
    assert advice.facts(view, "for c: 5 b1", "en", NAMES) == ["leaves b1 67 more squares to go to its home"]
    assert advice.label("for c: 3 p1", view) == "for c: 3 c1"
