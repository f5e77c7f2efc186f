"""The lessons' shared pieces: a card named with its article in either language, and each game's lesson part."""

from __future__ import annotations

import pytest

from parlour.core.cards import the_card
from parlour.core.parts import lesson_of
from parlour.core.registry import game_classes


@pytest.mark.parametrize("card, en, fr", [
    ("Ah", "the ace of hearts", "l'as de cœur"),
    ("Qs", "the queen of spades", "la dame de pique"),
    ("Kc", "the king of clubs", "le roi de trèfle"),
    ("Jd", "the jack of diamonds", "le valet de carreau"),
    ("7d", "the 7 of diamonds", "le 7 de carreau"),
])
def test_a_card_with_its_article(card: str, en: str, fr: str) -> None:
    assert the_card(card, "en") == en and the_card(card, "fr") == fr


def test_every_game_of_the_package_has_a_lesson_for_a_learner_against_bots() -> None:
    for name in ("tonk", "tock", "plonk"):
        lesson = lesson_of(game_classes()[name])
        assert lesson is not None
        seats = lesson.seats()
        assert seats[0] == "human" and seats[1:] == ["heuristic"] * (lesson.players - 1)
