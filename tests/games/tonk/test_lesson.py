"""Tonk's lesson: its fixed deal teaches a spread from the discard pile, and each turn is explained in English
and in French from the learner's view."""

from __future__ import annotations

from typing import Any

from parlour import load_game
from parlour.core.game import State
from parlour.core.parts import lesson_of
from parlour.games.tonk.lesson import LESSON, explain
from tests.play import said


def lesson_state() -> State[Any, Any]:
    game = load_game("tonk", preset=LESSON.preset, players=LESSON.players, **LESSON.rules)
    assert lesson_of(game) is LESSON
    return game.new_state(LESSON.seed)


def test_the_deal_is_fixed_and_the_learner_plays_first() -> None:
    state = lesson_state()
    view = state.view(0)
    assert not state.is_terminal and state.current_player == 0
    assert view["hand"] == ["2d", "5d", "7c", "7s", "9d"] and view["discard"][-1] == "7d"
    assert LESSON.seats() == ["human", "heuristic"]


def test_the_first_turn_explains_the_draw_the_spread_to_take_and_the_drop() -> None:
    lines = said(explain, lesson_state(), 0)
    en, fr = lines["en"], lines["fr"]
    assert "the discard pile shows the 7 of diamonds on top" in en[0] and "(41 cards)" in en[0]
    assert en[1].startswith("With the 7 of clubs and the 7 of spades in your hand, the 7 of diamonds would make")
    assert "totals 30" in en[2] and "drop" in en[2] and "keep playing" in en[3]
    assert "la défausse montre le 7 de carreau" in fr[0] and "(41 cartes)" in fr[0]
    assert fr[1].startswith("Avec le 7 de trèfle et le 7 de pique en main, le 7 de carreau ferait")
    assert "Votre main vaut 30" in fr[2] and "descendre" in fr[2] and "continuez" in fr[3]


def test_after_taking_the_seven_the_spread_and_the_discard_are_explained() -> None:
    state = lesson_state()
    state.apply("draw discard")
    en, fr = said(explain, state, 0).values()
    assert en[0] == ("You hold a spread: the 7 of clubs, the 7 of diamonds and the 7 of spades. Lay it down and those "
                     "cards no longer count in your hand.")
    assert "You may not discard the 7 of diamonds: you have just taken it from the discard pile." in en
    assert fr[0] == ("Vous avez une combinaison : le 7 de trèfle, le 7 de carreau et le 7 de pique. Posez-la, et ces "
                     "cartes ne comptent plus dans votre main.")
    assert "Vous ne pouvez pas défausser le 7 de carreau : vous venez de prendre cette carte dans la défausse." in fr
    state.apply("spread 7c 7d 7s")
    en, fr = said(explain, state, 0).values()
    assert en == ["Then end your turn by discarding one card face up. Your highest, the 9 of diamonds, counts 9: "
                  "discarding it lowers your total most.",
                  "Your hand totals 16; when someone drops, the lowest total wins."]
    assert fr[0].startswith("Finissez ensuite votre tour") and "le 9 de carreau, vaut 9" in fr[0]
    assert fr[1] == "Votre main vaut 16 ; quand quelqu'un descend, le plus petit total gagne."


def test_the_others_turn_and_the_end_are_explained_too() -> None:
    state = lesson_state()
    for action in ("draw discard", "spread 7c 7d 7s", "discard 9d"):
        state.apply(action)
    en, fr = said(explain, state, 0).values()
    assert en[0].startswith("Another player is playing") and fr[0].startswith("Un autre joueur joue")
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    en, fr = said(explain, state, 0).values()
    assert en[0].startswith("The hand is over") and fr[0].startswith("La manche est finie")
