"""The legal-move generator's look-up tables (moves.py) against the plain enumeration they cache."""

from __future__ import annotations

import random

import pytest

from parlour.games.tonk.moves import spread_action, spread_actions
from parlour.games.tonk.spreads import group_spreads, spread_groups


@pytest.mark.parametrize("ace_high", [False, True])
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_spread_actions_are_each_groups_spreads_in_their_order(jokers: int, ace_high: bool) -> None:
    rng = random.Random(jokers * 2 + ace_high)
    for _ in range(400):
        hand = sum(1 << f for f in rng.sample(range(52), rng.randint(1, 9)))
        expected = [spread_action(real, named) for faces, suit in spread_groups(hand, jokers, ace_high)
                    for real, named in group_spreads(faces, suit, jokers, ace_high)]
        assert spread_actions(hand, jokers, ace_high) == expected
        assert spread_actions(hand, jokers, ace_high) == expected  # the second time from the caches
