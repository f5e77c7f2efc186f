"""Team Tock in words: a card played for a teammate is said as the card's own instruction on the teammate's pawns,
naming the teammate ("(for Cy)"), with what it does worked out on those pawns; the story tells it the same way."""

from __future__ import annotations

import pytest

from parlour.core.parts import words_of
from parlour.core.registry import load_game

NAMES = ["Ana", "Bea", "Cy", "Dan"]
SERVED = {"pawns": {"a1": "h1", "a2": "h2", "a3": "h3", "a4": "h4", "c2": 28},
          "hands": [["8c", "3d", "3h", "9s", "10c"], [], [], []]}
"""Ana's pawns are all home; Cy's c2 stands 6 squares before Cy's foot (34): an 8 takes it to Cy's home."""


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Move c2 forward 8 (for Cy); c2 reaches its home"),
    ("fr", "Avancer c2 de 8 (pour Cy) ; c2 entre dans sa maison"),
])
def test_a_card_for_a_teammate_names_the_teammate_and_its_effect(lang: str, said: str) -> None:
    state = load_game("tock", players=4, teams="pairs").new_state(1, SERVED)
    legal = [str(a) for a in state.legal_actions()]
    assert "for c: 8 p2" in legal
    words = words_of(state.game).actions(legal, state.view(0), NAMES, lang)
    assert words[legal.index("for c: 8 p2")] == said


@pytest.mark.parametrize(("lang", "said"), [("en", "Ana moves c2 forward 8 (for Cy)"),
                                            ("fr", "Ana avance c2 de 8 (pour Cy)")])
def test_the_story_tells_a_card_played_for_a_teammate(lang: str, said: str) -> None:
    state = load_game("tock", players=4, teams="pairs").new_state(1, SERVED)
    state.apply("for c: 8 p2")
    lines = [line.text for line in words_of(state.game).story(state.view(1), NAMES, lang)]
    assert said in lines, lines


@pytest.mark.parametrize(("lang", "said"), [("en", "Ana, Cy win: all their team's pawns are home"),
                                            ("fr", "Ana, Cy gagnent\u00a0: tous les pions de leur équipe sont à la "
                                                   "maison")])
def test_the_story_ends_with_the_winning_team(lang: str, said: str) -> None:
    state = load_game("tock", players=4, teams="pairs").new_state(1, {
        "pawns": {**{f"a{i}": f"h{i}" for i in range(1, 5)}, "c1": "h2", "c2": "h3", "c3": "h4", "c4": 32},
        "hands": [["3d", "8c", "3h", "9s", "10c"], [], [], []]})
    state.apply("for c: 3 p4")
    lines = [line.text for line in words_of(state.game).story(state.view(1), NAMES, lang)]
    assert lines[-1] == said
