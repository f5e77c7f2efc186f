"""Checking a game's encoding: the observation ``encode`` writes from the state is ``observe`` of the seat's view,
and ``encode_into`` adds the words chosen as ``observation_of`` lists them."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import numpy as np

from parlour.core.encoding import Encoding, WordChooser, encode_into, observation_of
from parlour.core.game import Game, State
from parlour.core.parts import encoding_of


def differences(state: State[Any, Any], seat: int | None, encoding: Encoding | None = None) -> list[str]:
    """The sections where ``encode`` and ``observe`` of ``seat``'s view disagree (none when they match);
    ``encoding`` is the game's, when the caller has it already."""
    encoding = encoding or encoding_of(state.game)
    out = np.zeros(encoding.layout.size, np.float32)
    encoding.encode(state, seat, out)
    expected = np.asarray(encoding.observe(state.view(seat)), np.float32)
    wrong = np.flatnonzero(out != expected)
    return sorted({s.name for s in encoding.layout.sections for i in wrong if s.start <= i < s.start + s.size})


def assert_encodes_as_observed(state: State[Any, Any], seats: list[int | None],
                               encoding: Encoding | None = None) -> None:
    """For each of ``seats`` (``None``: a spectator), ``encode`` writes exactly ``observe`` of its view."""
    encoding = encoding or encoding_of(state.game)
    for seat in seats:
        assert differences(state, seat, encoding) == [], f"seat {seat} at version {state.version}"


def assert_encode_into_as_listed(game: Game[Any], seeds: Iterable[int], steps: int | None = None,
                                 enough: int | None = None, rng: random.Random | None = None) -> int:
    """Along seeded random games of ``game`` (at most ``steps`` actions each; until ``enough`` observations were
    checked, if given), every action chosen word by word at random: at every depth ``encode_into`` writes for the
    seat to play (with the words chosen so far) and a spectator (without) exactly ``observation_of`` their view.
    Returns how many observations were checked."""
    encoding = encoding_of(game)
    words = WordChooser(encoding.vocabulary)
    rng = rng or random.Random(2)
    checked = 0
    for seed in seeds:
        if enough is not None and checked >= enough:
            break
        state = game.new_state(seed)
        taken = 0
        while not state.is_terminal and (steps is None or taken < steps):
            words.begin(state.legal_actions())
            settled = None
            while settled is None:
                for seat, chosen in [(state.current_player, words), (None, None)]:
                    out = np.zeros(encoding.layout.size + len(encoding.vocabulary), np.float32)
                    encode_into(encoding, state, seat, chosen, out)
                    expected = observation_of(encoding, state.view(seat), chosen)
                    assert np.array_equal(out, np.asarray(expected, np.float32)), (seed, state.version, seat)
                    checked += 1
                settled = words.choose(rng.choice([i for i, on in enumerate(words.mask()) if on]))
            state.apply(settled)
            taken += 1
    return checked
