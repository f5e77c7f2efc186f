"""How likely the heuristic was to play an opponent's turns of this hand, given a determinization's hands."""

from __future__ import annotations

import random

from parlour.core.cards import parse_card
from parlour.games.tonk.game import TonkState
from parlour.games.tonk.inference import EPSILON, Turn, likelihood, turns_of
from tests.games.tonk.helpers import play, tonk

SPEC = "tonk:classic"
ME = "Kc Qd 8s 6h 3s"


def after_their_turn(theirs: str, drawn: str = "Kh", thrown: str = "Kh") -> TonkState:
    """Seat 0 threw 9s and seat 1 drew ``drawn`` from the stock and threw ``thrown``: seat 0 to play."""
    state = tonk(SPEC, [ME, theirs], stock=f"Ad {drawn} 4c 3c 2c", discard="7d")
    return play(state, "draw stock", "discard Kc", "draw stock", f"discard {thrown}")


def weight(state: TonkState) -> float:
    return likelihood(state.game, state.view(0))(state)


def test_reads_each_opponents_turns_from_the_public_log() -> None:
    state = after_their_turn("8h 8c 5d 6s 10d")
    assert turns_of(state.view(0)) == [[Turn(seat=1, thrown=state.game.parse_action("discard Kh", state).card,
                                             passed=state.game.parse_action("discard Kc", state).card,
                                             taken=None, laid=False)]]
    play(state, "draw discard", "discard Ad", "draw stock", "discard 4c")
    assert [turn.thrown for turn in turns_of(state.view(0))[0]] == [parse_card("Kh"), parse_card("4c")]


def after_two_turns(first_draw: str) -> TonkState:
    """Seat 1 drew ``first_draw`` from the stock and threw it, then drew 2d and threw 9s: it holds
    7h 5c 6d 8h 2d whatever it threw first, and its last turn reads the same."""
    state = tonk(SPEC, [ME, "7h 5c 6d 9s 8h"], stock=f"Ad {first_draw} 4c 2d 3c 2c", discard="7d")
    return play(state, "draw stock", "discard Kc", "draw stock", f"discard {first_draw}", "draw stock",
                "discard Qd", "draw stock", "discard 9s")


def test_an_earlier_turn_counts_too() -> None:
    """Throwing a 2 while holding the 9s, a turn before the last, makes the same hand now less likely than
    throwing a queen then: the walk back reaches the first turn."""
    usual, odd = after_two_turns("Qh"), after_two_turns("2s")
    assert usual.pos.hands[1] == odd.pos.hands[1]
    assert weight(odd) < weight(usual) / 2


def test_without_history_every_deal_weighs_the_same() -> None:
    state = tonk(SPEC, [ME, "8h 8c 5d 6s 10d"], stock="Ad Kh 4c 3c 2c", discard="7d")
    assert weight(state) == 1.0


def test_a_hand_that_held_a_spread_is_unlikely() -> None:
    loose = weight(after_their_turn("4h 7c 5d Js 10d"))
    spread = weight(after_their_turn("4h 4d 4s Js 10d"))
    assert spread < loose * 2 * EPSILON


def test_a_hand_low_enough_to_drop_is_unlikely() -> None:
    high = weight(after_their_turn("9h 7c 5d Js 10d"))
    low = weight(after_their_turn("Ah 2d 3d As 2h"))
    assert low < high * 2 * EPSILON


def test_throwing_a_low_card_while_holding_high_ones_is_unlikely() -> None:
    usual = weight(after_their_turn("7h 5c 6d 9s 8h", drawn="Qh", thrown="Qh"))
    odd = weight(after_their_turn("Kh Qc 10d Js 9h", drawn="2h", thrown="2h"))
    assert odd < usual / 2


def test_passing_on_a_discard_that_made_a_spread_is_unlikely() -> None:
    passed = weight(after_their_turn("Kd Ks 9c 9h 10d"))
    unrelated = weight(after_their_turn("5h 5s 9c 9h 10d"))
    assert passed < unrelated / 2


def test_the_weight_reads_only_the_view_and_the_hands_it_is_given() -> None:
    """Two true states alike to seat 0 give the same likelihood of the same determinization."""
    one = after_their_turn("4h 7c 5d Js 10d")
    other = after_their_turn("9h 8c 6d Qs 10s")
    assert one.view(0) == other.view(0)
    sample = one.game.determinizer(one.view(0))
    guesses = [sample(random.Random(seed)) for seed in range(20)]
    assert [likelihood(one.game, one.view(0))(g) for g in guesses] == [
        likelihood(other.game, other.view(0))(g) for g in guesses]
