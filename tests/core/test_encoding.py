"""``core.encoding``: ``encode_into`` writes a seat's observation and the words chosen so far in one array, as
``observation_of`` lists them, and ``encode_rows`` many observations into rows of one array, as ``encode`` writes
each, whatever the game (each game's own tests check its ``encode``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour import load_game
from parlour.core.encoding import WordChooser, encode_into, encode_rows, observation_of
from parlour.core.parts import encoding_of


@pytest.mark.parametrize("spec", ["plonk", "tock?players=6"])
def test_encode_into_writes_the_observation_and_the_words_chosen_in_one_array(spec: str) -> None:
    """``encode_into`` hands ``encode`` the array for the layout and the vocabulary: the encoding fills its
    part, the words chosen so far set theirs, as ``observation_of`` lists them."""
    game = load_game(spec)
    encoding = encoding_of(game)
    state = game.new_state(3)
    rng = random.Random(3)
    for _ in range(40):
        words = WordChooser(encoding.vocabulary)
        words.begin(state.legal_actions())
        words.choose(min(words.allowed() - {0}))
        for seat, chosen in [(state.current_player, words), (None, None)]:
            out = np.zeros(encoding.layout.size + len(encoding.vocabulary), np.float32)
            encode_into(encoding, state, seat, chosen, out)
            assert np.array_equal(out, np.asarray(observation_of(encoding, state.view(seat), chosen), np.float32))
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("spec", ["tonk:classic?players=3&jokers=2", "tonk:speno?players=2", "plonk",
                                  "tock?players=4"])
def test_encode_rows_writes_each_row_as_encode_does_and_leaves_the_rest(spec: str) -> None:
    """Rows written in any order, one state more than once from different seats, the spectator among them, into
    rows holding garbage: each row's layout is what ``encode`` writes into a zeroed array, the slots after the
    layout and the rows not named keep what they held (Plonk and Tonk batch their numpy calls, Tock goes row by
    row)."""
    game = load_game(spec)
    encoding = encoding_of(game)
    size = encoding.layout.size
    rng = random.Random(7)
    states = []
    for seed in range(12):
        state = game.new_state(seed)
        for _ in range(rng.randrange(30)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    seats = [None if k % 5 == 4 else rng.randrange(game.num_players) for k in range(len(states))]
    states.append(states[0])
    seats.append(0 if seats[0] is None else (seats[0] + 1) % game.num_players)
    rows = rng.sample(range(20), len(states))
    out = np.full((20, size + 3), 7.0, np.float32)
    encode_rows(encoding, states, seats, out, rows)
    for state, seat, row in zip(states, seats, rows, strict=True):
        alone = np.zeros(size, np.float32)
        encoding.encode(state, seat, alone)
        assert np.array_equal(out[row, :size], alone), (spec, seat, row)
        assert (out[row, size:] == 7.0).all()
    assert (out[[r for r in range(20) if r not in rows]] == 7.0).all()


@pytest.mark.parametrize("spec", ["tonk:classic?players=3", "tock?players=4"])
def test_the_mask_flags_are_the_allowed_words_at_every_depth_of_a_choice(spec: str) -> None:
    """``flags`` (the mask's bytes) holds a 1 exactly at each word ``allowed`` names, word after word of
    every action along seeded random games, including the END of an action that longer ones begin with."""
    game = load_game(spec)
    encoding = encoding_of(game)
    rng = random.Random(3)
    checked = 0
    seeds = iter(range(500))
    while checked < 400:
        state = game.new_state(next(seeds))
        while not state.is_terminal and checked < 400:
            words = WordChooser(encoding.vocabulary)
            legal = state.legal_actions()
            words.begin(legal)
            action = legal[rng.randrange(len(legal))]
            for index in [*words.words_of(action), 0]:
                flags = words.flags()
                assert {i for i, on in enumerate(flags) if on} == words.allowed()
                assert len(flags) == len(encoding.vocabulary) and set(flags) <= {0, 1}
                checked += 1
                if words.choose(index) is not None:
                    break
            state.apply(action)
