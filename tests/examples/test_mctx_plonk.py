"""examples/mctx_plonk.py: its determinizer deals hands consistent with the seat's view, and its bot, made from a
spec as the arena makes it, plays a legal card from a view."""

from __future__ import annotations

import random
from typing import Any

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("mctx")

import numpy as np  # noqa: E402
from examples.mctx_plonk import determinize  # noqa: E402

from parlour.bots import make_bot  # noqa: E402
from parlour.core.game import State  # noqa: E402
from parlour.core.registry import load_game  # noqa: E402
from parlour.games.plonk.rules import PlonkRules  # noqa: E402
from parlour.jax.plonk import card_flags, from_state  # noqa: E402

SPEC = PlonkRules.game_name


def midway(seed: int, cards: int) -> State[Any, Any]:
    """A Plonk match after ``cards`` random cards of its first deal: a trick in play, hands of unequal sizes."""
    state = load_game(SPEC).new_state(seed)
    rng = random.Random(seed)
    for _ in range(cards):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_determinizer_redeals_only_the_hidden_hands_keeping_their_sizes() -> None:
    state = from_state(midway(4, 9))  # two tricks done, one card of the third played
    seat = int(state.current_player)
    hands = np.asarray(card_flags(state._hands))
    deal = jax.jit(determinize)
    changed = False
    for k in range(8):
        dealt = np.asarray(card_flags(deal(state, state.current_player, jax.random.PRNGKey(k))._hands))
        np.testing.assert_array_equal(dealt[seat], hands[seat])
        np.testing.assert_array_equal(dealt.sum(axis=1), hands.sum(axis=1))
        assert (dealt.sum(axis=0) <= 1).all()  # no card in two hands
        np.testing.assert_array_equal(dealt.any(axis=0), hands.any(axis=0))  # the same cards unplayed
        played = np.zeros(52, bool)
        played[np.asarray(state._trick)[: int(state._trick_len)]] = True
        won = np.asarray(card_flags(state._live)).any(axis=0) | np.asarray(card_flags(state._dead)).any(axis=0)
        assert not (dealt.any(axis=0) & (played | won)).any()  # no card seen on the table
        changed |= not np.array_equal(dealt, hands)
    assert changed


def test_the_bot_plays_a_legal_card_from_its_view() -> None:
    game = load_game(SPEC)
    state = midway(7, 5)
    bot = make_bot("mctx:simulations=4,determinizations=2,considered=4", game)
    legal = state.legal_actions()
    chosen = bot.choose(state.view(state.current_player), legal, random.Random(0))
    assert chosen in legal
