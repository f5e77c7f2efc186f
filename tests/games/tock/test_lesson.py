"""Tock's lesson: the learner's first card brings a pawn out, and each turn (coming out, the safe start square,
what the cards do, a forced discard, a joker's bonus) is explained in English and in French."""

from __future__ import annotations

from typing import Any

from parlour import load_game
from parlour.core.game import State
from parlour.games.tock.lesson import LESSON, explain
from tests.play import said


def lesson_state() -> State[Any, Any]:
    return load_game("tock", preset=LESSON.preset, players=LESSON.players).new_state(LESSON.seed)


def test_the_first_card_brings_a_pawn_out() -> None:
    state = lesson_state()
    assert state.current_player == 0 and [str(a) for a in state.legal_actions()] == ["K enter"]
    en, fr = said(explain, state, 0).values()
    assert en[0] == "Race your four pawns once round the board and into your home."
    assert en[1].startswith("4 of your pawns wait in your reserve: an A, a K or a Joker brings one out")
    assert fr[0] == "Faites faire le tour du plateau à vos quatre pions et rentrez-les à la maison."
    assert fr[1].startswith("4 de vos pions attendent dans votre réserve : un as, un roi ou un joker en fait sortir")
    assert "K moves 13" not in " ".join(en)  # the K here only enters


def test_a_pawn_out_is_safe_on_its_start_square() -> None:
    state = lesson_state()
    state.apply("K enter")
    assert said(explain, state, 0)["en"][0].startswith("The other player is playing")
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    en, fr = said(explain, state, 0).values()
    safe = "Your pawn on your start square is safe while it stays there: nobody can capture, pass, push or swap it."
    assert safe in en
    assert any(line.startswith("Votre pion sur votre case de départ est protégé") for line in fr)


def test_a_forced_discard_and_a_bonus_are_explained() -> None:
    state = lesson_state()
    en, fr = said(explain, state, 0, ["discard 2c", "discard 5s"]).values()
    assert en[1].startswith("None of your cards can be played now, so you must discard one")
    assert fr[1].startswith("Aucune de vos cartes ne peut être jouée")
    en, fr = said(explain, state, 0, ["bonus play", "bonus keep"]).values()
    assert en == ["Your Joker gives you a bonus move: play another card now, or keep the bonus for a later turn "
                  "(at most 2 kept)."]
    assert fr[0].startswith("Votre joker vous donne un coup bonus")
