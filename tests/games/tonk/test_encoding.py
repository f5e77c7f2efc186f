"""Tonk's ``encode`` beyond the shared checks (``tests/games/test_encoding.py``): every table size with Tonk's
own flags, short games position by position, a joker naming a card in a spread, words chosen at three seats and
with jokers."""

from __future__ import annotations

import random

import pytest

from parlour import load_game
from parlour.core.game import State
from parlour.games.tonk.position import OVER
from tests.encoding import assert_encode_into_as_listed, assert_encodes_as_observed
from tests.games.tonk.helpers import tonk
from tests.test_conformance import walk

PRESETS = ("speno", "classic", "texas", "pagat")
VARIANTS = ("", "&jokers=2&joker_points=25", "&spades_side_bet=true&hands=3", "&jokers=2&hands=4&stake=5",
            "&stock_out=discard_only&hit_lockout=true&jokers=2")
"""Flags added to each preset: jokers (counted in their slots, naming cards in spreads), the spades bet, matches
of several hands (balances, finished hands), the last round from the discard pile, the hit lock-out."""


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("preset", PRESETS)
def test_encode_is_observe_of_the_view_for_every_seat(preset: str, players: int) -> None:
    ends = 0
    for k, flags in enumerate(VARIANTS):
        game = load_game(f"tonk:{preset}?players={players}{flags}")
        for state in walk(game, 10 * players + k, samples=12):
            assert_encodes_as_observed(state, [None, *range(players)])
            ends += state.pos.phase == OVER
    assert ends == len(VARIANTS)  # every walk ends at its finished match, where the view shows every hand


def test_encode_follows_uniformly_random_play() -> None:
    """Short games too (a drop, a tonk out, hands won at the deal), every position of them."""
    rng = random.Random(5)
    for seed in range(40):
        game = load_game(f"tonk:{rng.choice(PRESETS)}?players={rng.randint(2, 6)}"
                         f"&jokers={rng.choice((0, 2))}&hands={rng.randint(1, 3)}")
        state = game.new_state(seed)
        while True:
            assert_encodes_as_observed(state, [None, *range(game.num_players)])
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_a_spread_with_a_joker_naming_a_card() -> None:
    state = tonk("tonk:classic?jokers=2&joker_points=0", ["8c 8d Jk 5h 6h 7h", "2c 3c 4c 9s Jk"],
                 discard="Kd 4h", stock="As 2s 3s")
    assert isinstance(state, State)
    state.apply("draw discard")
    spread = next(str(a) for a in state.legal_actions() if str(a).startswith("spread") and "Jk" in str(a))
    state.apply(spread)
    assert_encodes_as_observed(state, [None, 0, 1])
    assert any(s.joker_faces for s in state.pos.spreads)


@pytest.mark.parametrize("spec", ["tonk:speno?players=3", "tonk:classic?players=2&jokers=2"])
def test_encode_into_writes_the_words_chosen_at_three_seats_and_with_jokers(spec: str) -> None:
    """The shared check (``tests/games/test_encoding.py``) plays the default table; here whole games of three
    seats and of jokers (a spread's cards, a joker naming one, a hit's spread number) chosen word by word."""
    assert assert_encode_into_as_listed(load_game(spec), range(6)) > 0
