"""Plonk's rules played out by hand (docs/rules/en/plonk.md), scored by hand and checked against the engine."""

from __future__ import annotations

import pytest

from parlour.core.errors import IllegalActionError
from parlour.games.plonk.game import PlonkState
from tests.games.plonk.helpers import SUIT_HANDS, hands_with, play_trick, start

FULL_DEAL = [
    # (leader, the four cards from the leader on, winner)
    (0, "Ac Ad Ah As", 0),   # nobody follows clubs: 3 (0's right-hand opponent) leads next
    (3, "Ks Kc Kd 7s", 3),   # 2 follows spades: the winner leads
    (3, "7h Qc Qd Kh", 2),
    (2, "Qh 6h Jc Jd", 2),
    (2, "6s Qs 10c 10d", 3),
    (3, "5h 9c 9d Jh", 2),
    (2, "10h Js 8c 8d", 2),  # nobody follows hearts: 1 leads next
    (1, "7d 9h 10s 7c", 1),  # nobody follows diamonds: 0 leads next
    (0, "6c 6d 8h 4h", 0),   # nobody follows clubs: 3 leads next
    (3, "9s 5c 5d 5s", 3),
    (3, "3h 4c 4d 4s", 3),   # nobody follows hearts: 2 leads next
    (2, "3s 8s 3c 3d", 3),
    (3, "2h 2c 2d 2s", 3),
]
"""A whole deal from ``SUIT_HANDS``, dealer 3.

Scored by hand — side 0 (seats 0 and 2) wins tricks 1, 3, 4, 6, 7 and 9:
live Ad Ah As (45) + Qc Qd (20) + Jc Jd (20) + 9c 9d (18) + Js 8c 8d (26)
+ 6d 8h 4h (18) = 147, dead 1 + 2 + 2 + 2 + 1 + 1 = 9, deal score 138.
Side 1 (seats 1 and 3) wins the other seven: live Kc Kd (20) + 10c 10d (20)
+ 9h 10s 7c (26) + 5c 5d (10) + 4c 4d 4s (12) + 3c 3d (6) + 2c 2d 2s (6) = 100,
dead 2 + 2 + 1 + 2 + 1 + 2 + 1 = 11, deal score 89.
"""


def play_full_deal(state: PlonkState) -> None:
    for number, (leader, cards, winner) in enumerate(FULL_DEAL, start=1):
        assert state.current_player == leader, f"trick {number}"
        play_trick(state, cards)
        done = state.view(None)["tricks"] if number < 13 else state.view(None)["results"][-1]["tricks"]
        assert done[number - 1]["winner"] == winner, f"trick {number}"


def test_the_player_left_of_the_dealer_leads_and_play_goes_left() -> None:
    state = start(SUIT_HANDS, dealer=1)
    seats = []
    for card in ["2s", "2h", "2c", "2d"]:
        seats.append(state.current_player)
        state.apply(card)
    assert seats == [2, 3, 0, 1]


def test_nobody_follows_the_leaders_right_hand_opponent_leads_and_the_winner_plays_second() -> None:
    state = start(hands_with({0: "2c Ah Ks", 1: "Ad 3h", 2: "Kh 4s", 3: "As 5d"}))
    order = []
    for card in ["2c", "Ad", "Kh", "As"]:
        order.append(state.current_player)
        state.apply(card)
    assert order == [0, 1, 2, 3]
    view = state.view(None)
    assert view["tricks"] == [{"leader": 0, "winner": 0,
                               "plays": [[0, "2c"], [1, "Ad"], [2, "Kh"], [3, "As"]]}]
    assert view["live"] == [["Ad", "Kh", "As"], []]
    assert view["dead"] == [["2c"], []]
    assert view["points"] == [15 + 10 + 15 - 1, 0]
    order = []
    for card in ["5d", "Ah", "3h", "4s"]:
        order.append(state.current_player)
        state.apply(card)
    assert order == [3, 0, 1, 2], "seat 3 (right of the leader) leads, the winner (0) plays second"
    assert state.view(None)["tricks"][1] == {
        "leader": 3, "winner": 3, "plays": [[3, "5d"], [0, "Ah"], [1, "3h"], [2, "4s"]],
    }
    assert state.current_player == 2, "nobody followed again: the seat before 3 leads"


def test_the_leaders_partner_wins_and_leads_next() -> None:
    state = start(hands_with({0: "5h", 1: "9h", 2: "Ah", 3: "Ks"}))
    play_trick(state, "5h 9h Ah Ks")
    view = state.view(None)
    assert view["tricks"][0]["winner"] == 2
    assert view["live"] == [["Ks"], []]
    assert view["dead"] == [["Ah", "9h", "5h"], []]
    assert view["points"] == [10 - 3, 0]
    assert state.current_player == 2


def test_a_trick_goes_to_the_highest_card_of_the_suit_led_not_the_highest_card() -> None:
    state = start(hands_with({0: "3d", 1: "As", 2: "2d", 3: "4d"}))
    play_trick(state, "3d As 2d 4d")
    assert state.view(None)["tricks"][0]["winner"] == 3
    assert state.view(None)["live"] == [[], ["As"]]
    assert state.current_player == 3


def test_a_full_deal_scores_as_counted_by_hand() -> None:
    state = start(SUIT_HANDS, seed=4)
    play_full_deal(state)
    view = state.view(None)
    deal = view["results"][0]
    assert deal["live_points"] == [147, 100]
    assert deal["dead_counts"] == [9, 11]
    assert deal["points"] == [138, 89]
    assert deal["scores"] == view["scores"] == [138, 89]
    assert view["deal"] == 2 and view["dealer"] == 0 and view["to_play"] == 1
    assert view["tricks"] == [] and view["hand_sizes"] == [13, 13, 13, 13]
    assert state.returns() == [0.0] * 4


def test_a_match_where_both_sides_pass_the_target_goes_to_the_higher_total() -> None:
    state = start(SUIT_HANDS, scores=[450, 430])
    play_full_deal(state)
    assert state.is_terminal
    view = state.view(None)
    assert view["scores"] == [588, 519]
    assert view["winner"] == 0
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    assert state.legal_actions() == ()


def test_the_side_further_over_the_target_wins_even_if_the_other_got_there_first() -> None:
    state = start(SUIT_HANDS, scores=[380, 490])
    play_full_deal(state)
    assert state.view(None)["scores"] == [518, 579]
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_an_exact_tie_over_the_target_plays_another_deal() -> None:
    state = start(SUIT_HANDS, scores=[400, 449])
    play_full_deal(state)
    view = state.view(None)
    assert view["scores"] == [538, 538]
    assert not state.is_terminal and view["winner"] is None and view["deal"] == 2
    assert state.returns() == [0.0] * 4


def test_a_side_that_has_not_reached_the_target_plays_on() -> None:
    state = start(SUIT_HANDS, scores=[300, 300])
    play_full_deal(state)
    assert not state.is_terminal
    assert state.view(None)["scores"] == [438, 389]


def test_any_card_may_be_played_but_only_from_your_hand() -> None:
    state = start(SUIT_HANDS)
    state.apply("2c")
    assert [str(a) for a in state.legal_actions()] == (
        ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "Jd", "Qd", "Kd", "Ad"]
    )
    with pytest.raises(IllegalActionError) as caught:
        state.apply("2c")
    assert str(caught.value) == "'2c': You play a card from your own hand: you do not hold 2c"
    assert caught.value.refusal is not None and caught.value.refusal.code == "plonk/not_in_hand"
