"""Every registered game's encoding (its ``encoding`` part), checked alike: along random games at every preset,
at its smallest and largest table (and ``tests/conftest.py``'s ``VARIANTS``), ``encode`` writes for every seat and a
spectator exactly ``observe`` of their view, and ``encode_into`` writes it with the words chosen so far, word after
word of every action, as ``observation_of`` lists them.

A game gets these checks by registering an ``encoding`` part; the positions only its rules make (and what a walk
must have reached) stay in its folder (``tests/games/NAME/test_encoding.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour import load_game
from parlour.core.game import Game
from parlour.core.parts import encoding_of, parts_of
from parlour.core.registry import game_classes
from tests.conftest import conformance_games
from tests.encoding import assert_encode_into_as_listed, assert_encodes_as_observed
from tests.test_conformance import walk

PART = "encoding"
NAMES = [name for name in sorted(game_classes()) if PART in parts_of(load_game(name))]
"""The registered games with an encoding part."""
GAMES = [(label, game) for label, game in conformance_games() if game.spec.name in NAMES]
STEPS = 150
"""Actions chosen word by word per game (a Tock race is thousands of steps)."""
WORDS = 200
"""Observations with words checked per game: games are played (from seed 0 up) until there were as many."""


def test_the_games_with_an_encoding_are_checked() -> None:
    assert {"plonk", "tock", "tonk"} <= set(NAMES)


@pytest.mark.parametrize(("label", "game"), GAMES, ids=[label for label, _ in GAMES])
def test_encode_is_observe_of_the_view_for_every_seat(label: str, game: Game[Any]) -> None:
    encoding = encoding_of(game)
    for seed in range(2):
        states = walk(game, seed, samples=12)
        for state in states:
            assert_encodes_as_observed(state, [None, *range(game.num_players)], encoding)
        assert states[-1].is_terminal  # the end too, where views may show every hand


@pytest.mark.parametrize("name", NAMES)
def test_encode_into_writes_the_observation_and_the_words_chosen_in_one_array(name: str) -> None:
    """``encode_into`` hands ``encode`` one array for the layout and the vocabulary: the words chosen so far
    stay as ``observation_of`` lists them, at every depth of every action along seeded random games."""
    assert assert_encode_into_as_listed(load_game(name), range(50), STEPS, WORDS) >= WORDS
