"""Tonk's message view: the latest hands in full, the earlier ones summed up, everything else the full view's."""

from __future__ import annotations

import random
from typing import Any

from parlour import load_game
from parlour.core.game import RECENT_RESULTS, State
from tests.conftest import play_randomly


def played(hands: int, seed: int) -> State[Any, Any]:
    state = load_game("tonk", players=4, hands=hands, spades_side_bet=True, stake=5).new_state(seed)
    return play_randomly(state, random.Random(seed))


def test_a_long_match_s_message_view_shows_the_latest_hands_and_sums_up_the_others() -> None:
    state = played(12, 3)
    full = state.view(1)
    short = state.message_view(1)
    assert short["results"] == full["results"][-RECENT_RESULTS:]
    first = short["results"][0]["hand"]
    assert short["ledger"] == [e for e in full["ledger"] if e[3] >= first] and short["ledger"]
    assert short["earlier"]["count"] == len(full["results"]) - RECENT_RESULTS
    net = list(short["earlier"]["totals"])
    for payer, payee, stakes, _, _ in short["ledger"]:
        net[payer] -= stakes
        net[payee] += stakes
    assert net == full["balances"]  # the earlier totals and the ledger shown make up the balances (in stakes)
    assert {k: v for k, v in short.items() if k not in ("results", "ledger", "earlier")} == {
        k: v for k, v in full.items() if k not in ("results", "ledger")}


def test_a_short_match_s_message_view_is_its_view() -> None:
    state = played(RECENT_RESULTS, 4)
    assert state.message_view(None) == state.view(None)
