"""Plonk's lesson: the learner leads the first trick of its fixed deal, and each turn (leading, following with a
partner or an opponent winning, playing last) is explained in English and in French from the player's view."""

from __future__ import annotations

from typing import Any

from parlour import load_game
from parlour.core.game import State
from parlour.games.plonk.lesson import LESSON, explain
from tests.play import said


def lesson_state() -> State[Any, Any]:
    return load_game("plonk", players=LESSON.players, **LESSON.rules).new_state(LESSON.seed)


def test_the_learner_leads_the_first_trick_of_a_short_match() -> None:
    state = lesson_state()
    assert state.current_player == 0 and state.view(0)["target"] == 100
    en, fr = said(explain, state, 0).values()
    assert en[0].startswith("You lead this trick") and "live" in en[1] and "on your right leads" in en[2]
    assert en[3] == "Your side holds 0 points of live cards this deal; the match goes to 100."
    assert fr[0].startswith("Vous entamez cette levée") and "vivantes" in fr[1] and "à votre droite" in fr[2]
    assert fr[3] == "Votre équipe a 0 point de cartes vivantes dans cette donne ; la partie se joue en 100."
    assert not said(explain, state, 1)["en"][0].startswith("You lead")  # not their turn: the others are playing


def test_following_is_explained_by_who_is_winning() -> None:
    state = lesson_state()
    state.apply("Kd")
    en, fr = said(explain, state, 1).values()
    assert en[0] == ("The card led is the king of diamonds: the highest card of its suit wins the trick. You may "
                     "play any card: you never have to follow suit.")
    assert en[1].startswith("An opponent is winning with the king of diamonds and you hold nothing higher")
    assert fr[0].startswith("La carte d'entame est le roi de carreau : la plus haute carte")
    assert fr[1].startswith("Un adversaire mène avec le roi de carreau et vous n'avez rien de plus haut")
    state.apply("8d")
    en, fr = said(explain, state, 2).values()
    assert en[1] == ("Your partner is winning with the king of diamonds: give your side points with a high live "
                     "card of another suit.")
    assert fr[1].startswith("Votre partenaire mène avec le roi de carreau")
    state.apply("9d")
    en, fr = said(explain, state, 3).values()
    assert "such as the ace of diamonds" in en[1] and "par exemple l'as de carreau" in fr[1]
    assert en[2] == "You play last: you see the whole trick before choosing."
    assert fr[2] == "Vous jouez en dernier : vous voyez toute la levée avant de choisir."
