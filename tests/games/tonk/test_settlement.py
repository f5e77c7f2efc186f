"""Every settlement rule of docs/rules/en/tonk.md ("Tonk on the deal", "End of a hand"), each preset, from
hand-built positions."""

from __future__ import annotations

from itertools import pairwise

import pytest

from parlour import load_game
from parlour.games.tonk import settlement
from parlour.games.tonk.rules import TonkRules
from tests.games.tonk.helpers import paid, play, tonk

LOW_A = "Ac 2c 3d 4h 5s"  # 15
HIGH = "Kc Kd Qh Qs 9c"  # 49
FIFTY = "Kc Kd Qh Qs 10c"  # 50
MID_A = "Kh 9d 8c 7s 2h"  # 36
MID_B = "Jd 9s 8h 6c 3h"  # 36


# -------------------------------------------------------------- deal-time wins

def test_speno_deal_tonk_low_and_high_both_win_each_paid_by_every_other() -> None:
    state = tonk("tonk:speno", [LOW_A, MID_A, HIGH, MID_B], just_dealt=True)
    assert state.is_terminal
    assert sorted(paid(state)) == [(1, 0, 2), (1, 2, 2), (3, 0, 2), (3, 2, 2)]
    assert state.pos.results[-1].outcome.startswith("dealt TONK")


def test_speno_16_is_no_tonk_and_play_starts_left_of_dealer() -> None:
    state = tonk("tonk:speno", ["Ac 2c 3d 4h 6s", MID_A], just_dealt=True)
    assert not state.is_terminal and state.current_player == 0


def test_texas_dealt_50_paid_two_and_49_paid_one() -> None:
    state = tonk("tonk:texas", [FIFTY, MID_A, MID_B], just_dealt=True)
    assert sorted(paid(state)) == [(1, 0, 2), (2, 0, 2)]
    state = tonk("tonk:texas", [MID_A, HIGH, MID_B], just_dealt=True)
    assert sorted(paid(state)) == [(0, 1, 1), (2, 1, 1)]


def test_pagat_two_dealt_49_or_50_void_the_hand_and_the_same_dealer_redeals() -> None:
    state = tonk("tonk:pagat", [HIGH, "Js Jh Jc 10d 9s", MID_A], just_dealt=True)
    assert state.pos.results[-1].void and state.pos.results[-1].payments == ()
    assert not state.is_terminal  # a void hand does not count: the match goes on
    assert state.pos.dealer == 2 and state.pos.hand_no == 2
    assert state.pos.balances == (0, 0, 0)


def test_pagat_single_dealt_49_wins_two_from_each() -> None:
    state = tonk("tonk:pagat", [MID_A, HIGH, MID_B], just_dealt=True)
    assert sorted(paid(state)) == [(0, 1, 2), (2, 1, 2)]


def test_classic_has_no_deal_time_win_by_default() -> None:
    state = tonk("tonk:classic", [LOW_A, FIFTY], just_dealt=True)
    assert not state.is_terminal


@pytest.mark.parametrize(
    ("flags", "hand", "stakes"),
    [
        ("deal_50_wins=true", FIFTY, 1),
        ("deal_49_wins=at_once", HIGH, 1),
        ("deal_13_double=true", "Ac 2c 3d 4h 3s", 2),
        ("deal_9_triple=true&deal_13_double=true", "Ac 2c 2d 3s As", 3),
        ("deal_9_triple=true&deal_13_double=true", "Ac 2c 3d 4h 3s", 2),
    ],
)
def test_classic_house_rules(flags: str, hand: str, stakes: int) -> None:
    state = tonk(f"tonk:classic?{flags}", [MID_A, hand, MID_B], just_dealt=True)
    assert sorted(paid(state)) == [(0, 1, stakes), (2, 1, stakes)]


def test_dealt_49_in_turn_wins_at_the_holders_first_turn() -> None:
    state = tonk("tonk:classic?deal_49_wins=in_turn", [MID_A, HIGH, MID_B], just_dealt=True)
    assert not state.is_terminal
    play(state, "draw stock", f"discard {state.view(0)['hand'][0]}")
    assert state.is_terminal
    assert sorted(paid(state)) == [(0, 1, 1), (2, 1, 1)]


def test_dealt_49_in_turn_loses_its_chance_to_an_earlier_drop() -> None:
    state = tonk("tonk:classic?deal_49_wins=in_turn", [MID_A, HIGH, MID_B], just_dealt=True)
    play(state, "drop")
    assert state.pos.results[-1].outcome.startswith("seat 0 drops")


# ------------------------------------------------------------------ drops

def test_drop_strictly_lowest_wins_one_from_each() -> None:
    state = play(tonk("tonk:speno", ["Ac 2c 3d", "9c 9d 9h", "Kc 2s 3s"]), "drop")
    assert paid(state) == [(1, 0, 1), (2, 0, 1)]


TIE = ["Ac 2c 7d", "5c 5d", "Kc Qc", "4h 6h"]  # dropper 10, seat 1 10, seat 2 20, seat 3 10
BEATEN = ["Ac 2c 7d", "Ah Ad", "9c 3h", "Kc 2h"]  # dropper 10, seat 1 2 (lowest), seat 2 12, seat 3 12


@pytest.mark.parametrize(
    ("preset", "hands", "expected"),
    [
        # a tie with the dropper: the tied players win; the dropper pays 2 to each ≤ D (speno, pagat)
        ("speno", TIE, [(0, 1, 2), (0, 3, 2), (2, 1, 1), (2, 3, 1)]),
        ("pagat", TIE, [(0, 1, 2), (0, 3, 2), (2, 1, 1), (2, 3, 1)]),
        # classic: 2 to each winner (the tied are the winners), others 1 to each winner
        ("classic", TIE, [(0, 1, 2), (0, 3, 2), (2, 1, 1), (2, 3, 1)]),
        # texas: 2 to each winner, others 1 to each winner
        ("texas", TIE, [(0, 1, 2), (0, 3, 2), (2, 1, 1), (2, 3, 1)]),
        # caught by a lower hand: only seat 1 wins; nobody else is ≤ D
        ("speno", BEATEN, [(0, 1, 2), (2, 1, 1), (3, 1, 1)]),
        ("classic", BEATEN, [(0, 1, 2), (2, 1, 1), (3, 1, 1)]),
        ("texas", BEATEN, [(0, 1, 2), (2, 1, 1), (3, 1, 1)]),
    ],
)
def test_caught_dropper(preset: str, hands: list[str], expected: list[tuple[int, int, int]]) -> None:
    state = play(tonk(f"tonk:{preset}", hands), "drop")
    assert "caught" in state.pos.results[-1].outcome
    assert sorted(paid(state)) == sorted(expected)


def test_classic_example_of_rules_md() -> None:
    """End of a hand: D = 10 against 5 and 10: the dropper pays 2 to the 5, nothing to the other 10, and the
    other 10 pays 1 to the 5."""
    state = play(tonk("tonk:classic", ["Ac 2c 7d", "5c", "Kc"]), "drop")
    assert sorted(paid(state)) == [(0, 1, 2), (2, 1, 1)]


def test_classic_dropper_pays_one_to_a_non_winner_strictly_below() -> None:
    # dropper 10; seat 1 has 3 (winner), seat 2 has 7 (below D, not lowest), seat 3 has 10, seat 4 has 20
    state = play(tonk("tonk:classic", ["Ac 2c 7d", "3c", "7h", "10h", "Kd Qd"]), "drop")
    assert sorted(paid(state)) == [(0, 1, 2), (0, 2, 1), (2, 1, 1), (3, 1, 1), (4, 1, 1)]


def test_speno_dropper_pays_double_to_a_non_winner_at_or_below_his_total() -> None:
    # dropper 10; seat 1 has 5 (winner), seat 2 has 10 (≤ D but not lowest), seat 3 has 30
    state = play(tonk("tonk:speno", ["Ac 2c 7d", "5c", "Kc", "Kd Qd Jd"]), "drop")
    assert sorted(paid(state)) == sorted([(0, 1, 2), (0, 2, 2), (2, 1, 1), (3, 1, 1)])


# -------------------------------------------------------------- going out

def test_tonk_out_vs_run_out() -> None:
    # speno: tonk out pays tonk_out_pay = 1
    state = play(tonk("tonk:speno", ["8c 8d", "Kc Kd", "Qc Qd"], stock="8h"), "draw stock",
                 "spread 8c 8d 8h")
    assert state.pos.results[-1].outcome == "seat 0 tonks out"
    assert sorted(paid(state)) == [(1, 0, 1), (2, 0, 1)]
    # classic: tonk out pays 2
    state = play(tonk("tonk:classic", ["8c 8d", "Kc Kd", "Qc Qd"], stock="8h"), "draw stock",
                 "spread 8c 8d 8h")
    assert sorted(paid(state)) == [(1, 0, 2), (2, 0, 2)]
    # run out: the last card is discarded, 1 from each in every preset
    state = play(tonk("tonk:classic", ["8c 8d Ks", "Kc Kd", "Qc Qd"], stock="8h"), "draw stock",
                 "spread 8c 8d 8h", "discard Ks")
    assert state.pos.results[-1].outcome == "seat 0 runs out"
    assert sorted(paid(state)) == [(1, 0, 1), (2, 0, 1)]


def test_a_hit_can_tonk_out_too() -> None:
    state = tonk("tonk:speno", ["5h", "Kc Kd"], stock="Ac", spreads=[{"owner": 1, "cards": ["6h", "7h", "8h"]}])
    play(state, "draw stock")
    assert "hit 5h 1" in [str(a) for a in state.legal_actions()]
    play(state, "discard Ac")
    assert not state.is_terminal


# -------------------------------------------------------------- stock out

def test_stock_out_single_lowest_wins_one_from_each() -> None:
    state = tonk("tonk:speno", ["Ac 2c", "Kc Kd", "Qc Qd"], stock="3s", discard="9h")
    state.pos.stock = state.pos.stock[-1:]  # only 3s is left in the stock
    play(state, "draw stock", "discard 3s")
    assert state.pos.results[-1].outcome == "stock out: seat 0 is lowest"
    assert sorted(paid(state)) == [(1, 0, 1), (2, 0, 1)]


def test_stock_out_with_a_tie_is_void_and_the_same_dealer_deals_again() -> None:
    state = tonk("tonk:speno", ["Ac 2c", "2h As", "Qc Qd"], stock="9s", discard="9h")
    state.pos.stock = state.pos.stock[-1:]
    play(state, "draw stock", "discard 9s")
    result = state.pos.results[-1]
    assert result.void and result.payments == () and "tie" in result.outcome
    assert state.pos.dealer == 2 and state.pos.hand_no == 2 and not state.is_terminal


def test_discard_only_goes_on_after_the_stock_is_empty() -> None:
    state = tonk("tonk:pagat", ["Ac 2c", "Kc Kd", "Qc Qd"], stock="9s", discard="9h")
    state.pos.stock = state.pos.stock[-1:]
    play(state, "draw stock", "discard 9s")
    assert not state.is_terminal and state.current_player == 1
    assert [str(a) for a in state.legal_actions()] == ["drop", "draw discard"]


def test_discard_only_plays_one_more_round_then_ends_as_on_end() -> None:
    """End of a hand, empty stock: each player after the one who drew the last stock card has one more turn; when the
    round comes back to that player the lowest total wins."""
    state = tonk("tonk:pagat", ["Ac 2c 5h", "Kc Kd 9c", "Qc Qd 8c"], stock="9s", discard="9h")
    state.pos.stock = state.pos.stock[-1:]
    play(state, "draw stock", "discard 9s")  # seat 0 drew the last stock card
    assert state.view(None)["stock_out_seat"] == 0
    play(state, "draw discard", "discard Kc")  # seat 1's last turn
    assert not state.is_terminal and state.current_player == 2
    play(state, "draw discard", "discard Qc")  # seat 2's last turn: the round is back at seat 0
    assert state.is_terminal
    assert state.pos.results[-1].outcome == "stock out: seat 0 is lowest"
    assert sorted(paid(state)) == [(1, 0, 1), (2, 0, 1)]


def test_discard_only_last_round_may_still_end_by_a_drop_or_a_tie() -> None:
    state = tonk("tonk:pagat", ["Ac 2c 5h", "Kc Kd 9c", "Ad 3h"], stock="9s", discard="9h")
    state.pos.stock = state.pos.stock[-1:]
    play(state, "draw stock", "discard 9s", "draw discard", "discard Kc", "drop")
    assert state.pos.results[-1].outcome == "seat 2 drops with 4 and wins"
    state = tonk("tonk:pagat?hands=2", ["Ac 2c Kh", "Kc Kd 9c", "Ah 2h Ks"], stock="9s", discard="9h")
    state.pos.stock = state.pos.stock[-1:]
    play(state, "draw stock", "discard 9s", "draw discard", "discard Kc", "draw discard", "discard Ks")
    result = state.pos.results[-1]
    assert result.void and "tie" in result.outcome and not state.is_terminal


def test_discard_only_with_an_empty_stock_from_the_start_gives_everyone_one_turn() -> None:
    every = [f"{r}{s}" for s in "cdhs" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    hands = [every[0:3], every[3:6]]
    state = load_game("tonk:pagat", players=2).new_state(0, {"hands": hands, "discard": every[6:]})
    assert [str(a) for a in state.legal_actions()] == ["drop", "draw discard"]
    play(state, "draw discard", "discard Ac", "draw discard", "discard 4c")
    assert state.is_terminal and state.pos.results[-1].outcome.startswith("stock out")


def test_two_thousand_random_pagat_hands_all_end() -> None:
    import random

    rng = random.Random(2000)
    for i in range(2000):
        players = 2 + i % 5
        state = load_game("tonk:pagat", players=players).new_state(i)
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            # seldom drop, so that most hands reach the empty stock
            choices = [a for a in legal if str(a) != "drop"] or list(legal)
            state.apply(choices[rng.randrange(len(choices))])
            steps += 1
            assert steps < 3000, f"hand {i} ({players} players) has not ended after {steps} steps"
        assert sum(state.returns()) == 0


# ------------------------------------------------------------------ lockout

def test_hit_lockout_prevents_the_owner_dropping_on_their_next_turn_only() -> None:
    spreads = [{"owner": 1, "cards": ["6h", "7h", "8h"]}]
    state = tonk("tonk:classic", ["5h Kc", "Ac 2c", "Qc Qd"], stock="Jd Js Jc Qs", spreads=spreads)
    play(state, "draw stock", "hit 5h 1", "discard Jd")
    assert state.pos.lockout == [0, 1, 0]
    assert "drop" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(ValueError, match=r"turns left before you may drop: 1$"):
        state.apply("drop")
    play(state, "draw stock", "discard Js", "draw stock", "discard Jc", "draw stock", "discard Qs")
    assert state.current_player == 1 and "drop" in [str(a) for a in state.legal_actions()]


def test_speno_has_no_lockout_and_no_hits_on_sets() -> None:
    spreads = [{"owner": 1, "cards": ["6h", "7h", "8h"]}, {"owner": 1, "cards": ["9c", "9d", "9s"]}]
    state = tonk("tonk:speno", ["5h 9h Kc", "Ac 2c", "Qc Qd"], stock="Jd", spreads=spreads)
    play(state, "draw stock")
    assert "hit 9h 2" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(ValueError, match="only runs are hit, never sets"):
        state.apply("hit 9h 2")
    play(state, "hit 5h 1")
    assert state.pos.lockout == [0, 0, 0]


# -------------------------------------------------------------- side bet

def test_spades_side_bet_highest_spade_takes_the_pot() -> None:
    hands = ["As 3c 4c 5c 6c", "Ks Qs 9d 9h 8d", "2s 7h 8h 9c 10d"]
    state = tonk("tonk:speno?spades_side_bet=true", hands, just_dealt=True)
    play(state, "spades in", "spades in", "spades out")
    assert state.pos.spades_shown == (38 + 1, 38 + 13, None)
    assert paid(state) == [(1, 0, 1)]
    assert state.view(2)["known"][0] == ["As"]


def test_spades_side_bet_without_a_spade_returns_the_pot() -> None:
    hands = ["Ac 3c 4c 5c 6c", "Kd Qd 9d 9h 8d", "2s 7h 8h 9c 10d"]
    state = tonk("tonk:speno?spades_side_bet=true", hands, just_dealt=True)
    play(state, "spades in", "spades in", "spades out")
    assert paid(state) == []


# ------------------------------------------------------------------ match

def test_a_match_rotates_the_dealer_and_keeps_a_running_ledger() -> None:
    from parlour import load_game

    state = load_game("tonk:speno?hands=4", players=3).new_state(5)
    while not state.is_terminal:
        play(state, "drop" if state.pos.phase == 1 else str(state.legal_actions()[0]))
    results = state.pos.results
    assert len([r for r in results if not r.void]) == 4
    assert results[0].dealer == 2
    for before, after in pairwise(results):
        assert after.dealer == (before.dealer if before.void else (before.dealer + 1) % 3)
    gains = [0, 0, 0]
    for r in results:
        for payer, payee, stakes in r.payments:
            gains[payer] -= stakes
            gains[payee] += stakes
    assert list(state.pos.balances) == gains
    assert state.returns() == [float(b) for b in gains]
    assert sum(state.returns()) == 0


def test_a_match_ends_when_a_balance_reaches_the_target() -> None:
    from parlour import load_game

    state = load_game("tonk:speno?hands=50&target=3", players=2).new_state(1)
    while not state.is_terminal:
        play(state, "drop" if state.pos.phase == 1 else str(state.legal_actions()[0]))
    assert max(state.pos.balances) >= 3
    assert len(state.pos.results) < 50


def test_payments_are_multiplied_by_the_stake() -> None:
    state = play(tonk("tonk:speno?stake=5", ["Ac 2c 3d", "9c 9d 9h", "Kc 2s 3s"]), "drop")
    assert [e.amount for e in state.settlement()] == [5, 5]
    assert state.returns() == [2.0, -1.0, -1.0]


# -------------------------------------------------------------- pure rules

def test_deal_win_stakes_takes_the_largest_rule() -> None:
    rules = TonkRules.build("classic", deal_13_double=True, deal_9_triple=True)
    assert settlement.deal_win_stakes(9, rules) == 3
    assert settlement.deal_win_stakes(13, rules) == 2
    assert settlement.deal_win_stakes(14, rules) == 0


def test_spades_payments_single_bettor_pays_nothing() -> None:
    assert settlement.spades_payments({2: 12}) == []
    assert settlement.spades_payments({0: 3, 1: 13, 2: 0}) == [(0, 1, 1), (2, 1, 1)]
