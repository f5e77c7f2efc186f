"""Hypothesis properties of Tonk: cards conserved, payments sum to zero, legal actions apply."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import load_game
from parlour.core.game import State
from parlour.games.tonk.game import TonkState

SPECS = (
    "tonk:speno", "tonk:classic", "tonk:texas", "tonk:pagat",
    "tonk:classic?jokers=2&hand_size=7", "tonk:speno?spades_side_bet=true&hands=2",
    "tonk:pagat?upcard=false&drop_timing=any&jokers=2&joker_points=20",
)


def all_cards(state: TonkState) -> list[int]:
    cards = list(state.pos.stock) + list(state.pos.discard)
    for seat in range(state.game.rules.players):
        cards += state.hand(seat)
    for spread in state.pos.spreads:
        cards += spread.real_cards()
    return sorted(cards)


@settings(max_examples=60, deadline=None)
@given(
    spec=st.sampled_from(SPECS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=200),
)
def test_invariants_hold_along_any_game(spec: str, players: int, seed: int, choices: list[int]) -> None:
    game = load_game(spec, players=players)
    state = game.new_state(seed)
    assert isinstance(state, State)
    deck = list(range(game.rules.deck_size))
    for choice in choices:
        assert all_cards(state) == deck
        assert sum(state.returns()) == 0
        if state.is_terminal:
            break
        legal = state.legal_actions()
        non_drop = [a for a in legal if str(a) != "drop"] or list(legal)
        action = non_drop[choice % len(non_drop)]
        version = state.version
        state.apply(action)
        assert state.version == version + 1
    ledger = state.settlement()
    for seat in range(players):
        received = sum(e.stakes for e in ledger if e.payee == seat)
        given_away = sum(e.stakes for e in ledger if e.payer == seat)
        assert state.returns()[seat] == received - given_away


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=30))
def test_any_text_is_read_or_refused_cleanly(text: str) -> None:
    state = load_game("tonk:classic?jokers=2", players=3).new_state(1)
    before = state.view(None)
    try:
        state.apply(text)
    except ValueError as e:
        assert str(e)
        assert state.view(None) == before


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from((*SPECS, "tonk:texas?hands=5&target=4&spades_side_bet=true",
                             "tonk:classic?deal_9_triple=true&tonk_out_pay=5&hands=3")),
       players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_returns_stay_within_the_games_utility(spec: str, players: int, seed: int) -> None:
    try:
        game = load_game(spec, players=players)
    except ValueError:
        return  # too many cards for the deck
    low, high = game.utility
    assert low < 0 < high
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        assert all(low <= r <= high for r in state.returns())
