"""Plonk's ``encode``: the observation written from the position is exactly ``observe`` of the seat's view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour import load_game
from parlour.core.game import State
from parlour.core.parts import encoding_of
from parlour.games.plonk.encoding import PlonkEncoding
from tests.encoding import differences
from tests.games.plonk.helpers import SUIT_HANDS, start

SEATS: list[int | None] = [None, 0, 1, 2, 3]
"""The spectator and every seat."""


@pytest.mark.parametrize(("target", "every"), [(1, 1), (500, 1), (1500, 7)])
def test_encode_is_observe_of_the_view_over_random_matches(target: int, every: int) -> None:
    """Every ``every``-th position of whole matches and their end, for each seat and the spectator: tricks
    at every stage, deals after the first (but for a target of 1), the finished match (nobody to lead, no
    cards left). A long match is sampled: its view, which lists every finished deal, grows with it."""
    deals, trick_lengths = set(), set()
    for seed in range(3):
        game = load_game("plonk", target=target)
        encoding = encoding_of(game)
        state = game.new_state(seed)
        assert isinstance(state, State)
        rng = random.Random(seed)
        while True:
            if state.version % every == seed % every or state.is_terminal:
                for seat in SEATS:
                    assert differences(state, seat, encoding) == [], f"seat {seat} at version {state.version}"
                deals.add(state.pos.deal_no)
                trick_lengths.add(len(state.pos.trick))
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.pos.leader == -1
    assert trick_lengths == {0, 1, 2, 3}
    assert len(deals) == 1 if target == 1 else len(deals) > 3


def test_scores_beyond_the_observation_s_reach_are_clipped_alike() -> None:
    state = start(SUIT_HANDS, target=500, scores=[5000, -4000])
    encoding = encoding_of(state.game)
    assert isinstance(encoding, PlonkEncoding)
    rng = random.Random(1)
    for _ in range(20):
        for seat in SEATS:
            assert differences(state, seat) == []
        state.apply(rng.choice(state.legal_actions()))
    out = np.zeros(encoding.layout.size, np.float32)
    encoding.encode(state, 1, out)
    scores = encoding.scores.start
    assert list(out[scores:scores + 2]) == pytest.approx([-encoding.reach / 100, encoding.reach / 100])
