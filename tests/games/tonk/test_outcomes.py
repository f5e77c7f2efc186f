"""How a hand ended, as a sentence naming the players, in each language."""

from __future__ import annotations

import pytest

from parlour.games.tonk.outcomes import STORED, dealt_winners, sentence, stored
from tests.games.tonk.helpers import play, tonk

NAMES = ["Ana", "Zoé", "Bob"]


def outcome_of(kind: str) -> str:
    return stored(kind, seat=1, value=21, winners=dealt_winners({0: 50, 2: 49}))


@pytest.mark.parametrize("kind", list(STORED))
def test_every_way_a_hand_ends_reads_as_a_sentence_in_both_languages(kind: str) -> None:
    english, french = sentence(outcome_of(kind), NAMES, "en"), sentence(outcome_of(kind), NAMES, "fr")
    for text in (english, french):
        assert "seat" not in text and "{" not in text
    assert french != english
    if "{seat}" in STORED[kind]:
        assert "Zoé" in english and "Zoé" in french


@pytest.mark.parametrize(("outcome", "lang", "said"), [
    ("seat 1 drops with 21 and wins", "en", "Zoé drops with 21 and wins"),
    ("seat 1 drops with 21 and wins", "fr", "Zoé descend à 21 et gagne"),
    ("seat 0 drops with 30 and is caught", "fr", "Ana descend à 30 et se fait prendre"),
    ("dealt TONK: seat 0 (50), seat 2 (49)", "fr", "Tonk à la donne\u00a0: Ana (50), Bob (49)"),
    ("stock out: seat 2 is lowest", "en", "The stock is empty: Bob has the lowest total"),
    ("seat 2 did something new", "en", "Bob did something new"),
])
def test_the_sentence_names_the_players(outcome: str, lang: str, said: str) -> None:
    assert sentence(outcome, NAMES, lang) == said


def test_the_engine_stores_what_the_sentences_read() -> None:
    state = tonk("tonk:speno", ["2c 3d", "Kc Kd"], stock="9s")
    play(state, "drop")
    assert state.pos.results[-1].outcome == "seat 0 drops with 5 and wins"
    assert sentence(state.pos.results[-1].outcome, ["Ana", "Zoé"], "fr") == "Ana descend à 5 et gagne"
