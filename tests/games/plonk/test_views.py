"""Plonk's message view: the latest deals in full, the earlier ones summed up, everything else the full view's;
the hand in the order of the moves."""

from __future__ import annotations

import random

from parlour import load_game
from parlour.core.game import RECENT_RESULTS


def test_a_long_match_s_message_view_shows_the_latest_deals_and_the_scores_before_them() -> None:
    state = load_game("plonk", target=1000).new_state(5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        if state.version % 100:
            continue
        full, short = state.view(2), state.message_view(2)
        left_out = len(full["results"]) - RECENT_RESULTS
        assert short["results"] == full["results"][max(0, left_out):]
        if left_out > 0:
            assert short.pop("earlier") == {"count": left_out, "totals": full["results"][left_out - 1]["scores"]}
        else:
            assert "earlier" not in short
        assert {k: v for k, v in short.items() if k != "results"} == {k: v for k, v in full.items() if k != "results"}
    assert len(state.view(None)["results"]) > RECENT_RESULTS


def test_the_hand_shown_lists_the_cards_in_the_order_of_the_moves_offered() -> None:
    state = load_game("plonk").new_state(11)
    rng = random.Random(11)
    for _ in range(30):
        seat = state.current_player
        hand = state.view(seat)["hand"]
        assert hand == [str(a) for a in state.legal_actions()]
        suits = [card[-1] for card in hand]
        assert suits == sorted(suits, key="cdhs".index) and len(hand) > 1
        state.apply(rng.choice(state.legal_actions()))
