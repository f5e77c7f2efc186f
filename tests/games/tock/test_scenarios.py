"""The rules of docs/rules/en/tock.md, each played out from an explicit position.

Seat a (0) is to play unless said otherwise. On the 4-player board seat a
starts on square 0 with its foot on 70, b on 18 (foot 16), c on 36 (foot 34).
"""

from __future__ import annotations

import pytest

from parlour.core.errors import IllegalActionError
from tests.games.tock.helpers import DULL, legal, others_discard, place, position


@pytest.mark.parametrize(("then", "home"), [("3", "h1"), ("6", "h4")])
def test_four_back_from_the_start_then_into_the_home(then: str, home: str) -> None:
    state = position(pawns={"a1": 0}, advantaged=["a1"], hand=["4c", "3d", "6h", "9s", "10c"],
                     stock=DULL)
    state.apply("4 p1")
    assert place(state, "a1") == 68  # foot − 2
    others_discard(state)
    state.apply(f"{then} p1")
    assert place(state, "a1") == home


def test_a_five_pushes_a_pawn_at_foot_minus_two_past_its_home() -> None:
    state = position(pawns={"b1": 14}, hand=["5c", "9s", "9h", "10c", "10d"])
    state.apply("5 b1")
    assert place(state, "b1") == 19  # round the track, not into b's home


def test_the_king_captures_every_pawn_it_passes_its_own_included() -> None:
    state = position(pawns={"a1": 5, "a2": 8, "b1": 12}, hand=["Kc", "9s", "9h", "10c", "10d"])
    state.apply("K p1")
    assert place(state, "a1") == 18
    assert place(state, "a2") is None
    assert place(state, "b1") is None


def test_the_king_is_blocked_by_an_advantaged_pawn() -> None:
    state = position(pawns={"a1": 10, "b1": 18}, advantaged=["b1"], hand=["Kc", "9s", "9h", "10c", "10d"])
    assert "K p1" not in legal(state)
    with pytest.raises(IllegalActionError, match="position advantage"):
        state.apply("K p1")


def test_a_four_is_blocked_by_a_pawn_in_between_but_captures_on_landing() -> None:
    blocked = position(pawns={"a1": 30, "b1": 28}, hand=["4c", "9s", "9h", "10c", "10d"])
    with pytest.raises(IllegalActionError, match="'4 p1': Only the K passes pawns: a1 would pass b1 on square 28"):
        blocked.apply("4 p1")
    landing = position(pawns={"a1": 30, "b1": 26}, hand=["4c", "9s", "9h", "10c", "10d"])
    landing.apply("4 p1")
    assert place(landing, "a1") == 26
    assert place(landing, "b1") is None


def test_entering_captures_an_opponent_on_ones_start() -> None:
    state = position(pawns={"b1": 0}, hand=["Ac", "9s", "9h", "10c", "10d"])
    state.apply("A enter")
    assert place(state, "a1") == 0
    assert place(state, "b1") is None
    assert state.view(None)["advantaged"] == ["a1"]


def test_entering_onto_ones_own_advantaged_pawn_is_illegal() -> None:
    state = position(pawns={"a1": 0}, advantaged=["a1"], hand=["Ac", "9s", "9h", "10c", "10d"])
    assert "A enter" not in legal(state)
    with pytest.raises(IllegalActionError, match="holds your start with the position advantage"):
        state.apply("A enter")


def test_an_own_capture_is_forced_when_it_is_the_only_play() -> None:
    state = position(pawns={"a1": 10, "a2": 13, "b1": 14}, hand=["3c", "8s", "9h", "10c", "Qd"])
    assert legal(state) == ["3 p1"]
    with pytest.raises(IllegalActionError, match="only when no card can be played"):
        state.apply("discard 9h")
    state.apply("3 p1")
    assert place(state, "a1") == 13
    assert place(state, "a2") is None


def test_discard_only_when_nothing_is_playable() -> None:
    state = position(hand=["2c", "3s", "6h", "8c", "Qd"])
    assert legal(state) == ["discard 2c", "discard 3s", "discard 6h", "discard 8c", "discard Qd"]
    state.apply("discard 6h")
    assert state.view(None)["pile"] == ["6h"]
    assert state.current_player == 1
    assert len(state.hand(0)) == 5


def test_a_seven_enters_the_home_with_one_part_and_captures_with_another() -> None:
    state = position(pawns={"a1": 68, "a2": 20, "b1": 24}, hand=["7c", "9s", "9h", "10c", "10d"])
    assert "7 p1+3 p2+4" in legal(state)
    state.apply("7 p1+3 p2+4")
    assert place(state, "a1") == "h1"
    assert place(state, "a2") == 24
    assert place(state, "b1") is None


def test_a_seven_part_may_clear_the_way_for_the_next() -> None:
    state = position(pawns={"a1": 10, "a2": 12}, hand=["7c", "9s", "9h", "10c", "10d"])
    assert "7 p2+4 p1+3" in legal(state)  # p1 would pass p2 unless p2 moves first
    with pytest.raises(IllegalActionError,
                       match="Part a1\\+3 of the 7: Only the K passes pawns: a1 would pass a2 on square 12"):
        state.apply("7 p1+3 p2+4")


def test_other_spellings_of_a_listed_seven_are_refused_naming_it() -> None:
    state = position(pawns={"a1": 10, "a2": 30}, hand=["7c", "9s", "9h", "10c", "10d"])
    with pytest.raises(IllegalActionError, match="the same moves as 7 a1\\+3 a2\\+4"):
        state.apply("7 p2+4 p1+3")


@pytest.mark.parametrize(("swap", "why"), [
    ("J p2<>b2", "a2 is in its home"),
    ("J p3<>b2", "a3 is in the reserve"),
    ("J p1<>b1", "position advantage on its start is never pushed or swapped: b1"),
    ("J p1<>c1", "c1 is in its home"),
    ("J p1<>b3", "b3 is in the reserve"),
])
def test_the_jack_refuses_home_reserve_and_advantaged_pawns(swap: str, why: str) -> None:
    state = position(pawns={"a1": 10, "a2": "h1", "b1": 18, "b2": 30, "c1": "h2"}, advantaged=["b1"],
                     hand=["Jc", "9s", "9h", "10c", "10d"])
    assert legal(state) == ["J p1<>b2"]
    with pytest.raises(IllegalActionError, match=why):
        state.apply(swap)


def test_the_jack_swaps() -> None:
    state = position(pawns={"a1": 10, "b2": 30}, hand=["Jc", "9s", "9h", "10c", "10d"])
    state.apply("J p1<>b2")
    assert (place(state, "a1"), place(state, "b2")) == (30, 10)


def test_joker_bonus_stored_twice_then_forced() -> None:
    state = position(hand=["Jk", "Jk", "Jk", "9s", "9h"], stock=["2c", "2d", "2h", "4c", "4d", "4h"])
    state.apply("Jk enter")
    assert state.view(0)["phase"] == "bonus"
    assert legal(state) == ["bonus play", "bonus keep"]
    state.apply("bonus keep")
    assert state.view(None)["bonuses"][0] == 1
    others_discard(state)
    state.apply("Jk 18 p1")
    state.apply("bonus keep")
    assert state.view(None)["bonuses"][0] == 2
    assert state.view(0)["phase"] == "spend"  # the bonus stored last turn may be spent now
    state.apply("bonus keep")
    others_discard(state)
    state.apply("Jk enter")
    assert state.view(0)["phase"] == "extra"  # two stored: this bonus is played at once
    assert "bonus keep" not in legal(state)
    with pytest.raises(IllegalActionError, match="play one more card"):
        state.apply("bonus keep")
    assert state.current_player == 0


def test_a_stored_bonus_is_spent_after_a_later_card() -> None:
    state = position(pawns={"a1": 0}, advantaged=["a1"], hand=["4c", "3d", "9s", "9h", "10c"],
                     bonuses=[1, 0, 0, 0], stock=DULL)
    state.apply("4 p1")
    assert state.view(0)["phase"] == "spend"
    state.apply("bonus play")
    state.apply("3 p1")
    assert place(state, "a1") == "h1"
    assert state.view(None)["bonuses"][0] == 0
    assert state.current_player == 1


def test_a_shortcut_on_the_six_player_board_forwards_and_backwards() -> None:
    state = position(players=6, pawns={"a1": 9, "a2": 45, "b1": 15}, hand=["8c", "4s", "9h", "10c", "10d"])
    assert "8 p1" not in legal(state)  # the track passes b1 on 15
    state.clone().apply("8 p1>")
    ahead = state.clone()
    ahead.apply("8 p1>")
    assert place(ahead, "a1") == 34  # 9 → 27 in one step, then 7 on
    back = state.clone()
    back.apply("4 p2>")
    assert place(back, "a2") == 24  # 45 → 27 in one step, then 3 back
    with pytest.raises(IllegalActionError, match="at most 1 shortcuts"):
        state.apply("8 p2>>")


def test_the_double_jump_on_the_eight_player_board() -> None:
    state = position(players=8, pawns={"a1": 9, "a2": 63}, hand=["Qc", "4s", "9h", "10c", "10d"])
    actions = legal(state)
    assert {"Q p1", "Q p1>", "Q p1>>"} <= set(actions)
    twice = state.clone()
    twice.apply("Q p1>>")
    assert place(twice, "a1") == 55  # 9 → 27 → 45, then 10 on
    once = state.clone()
    once.apply("Q p1>")
    assert place(once, "a1") == 38
    back = state.clone()
    back.apply("4 p2>")
    assert place(back, "a2") == 42  # 63 → 45, then 3 back
    with pytest.raises(IllegalActionError, match="at most one shortcut"):
        state.apply("4 p2>>")
    with pytest.raises(IllegalActionError, match="square 10 is none"):
        position(players=8, pawns={"a1": 10}, hand=["8c", "9s", "9h", "10c", "10d"]).apply("8 p1>")


def test_overshooting_the_home_goes_round_again() -> None:
    state = position(pawns={"a1": 66}, hand=["10c", "9s", "9h", "8c", "10d"])
    state.apply("10 p1")
    assert place(state, "a1") == 4


def test_a_pawn_in_the_lane_sends_the_next_one_round() -> None:
    state = position(pawns={"a1": 68, "a2": "h1"}, hand=["3c", "9s", "9h", "8c", "10d"])
    state.apply("3 p1")
    assert place(state, "a1") == 71


def test_home_pawns_move_up_with_exact_counts_only() -> None:
    state = position(pawns={"a1": "h1", "a2": "h3"}, hand=["Ac", "2c", "3s", "9h", "8c"])
    assert legal(state) == ["A enter", "A p1", "A p2"]
    with pytest.raises(IllegalActionError, match="a1 would land on the pawn on home 3"):
        state.apply("2 p1")
    with pytest.raises(IllegalActionError, match="a1 would pass the pawn on home 3"):
        state.apply("3 p1")
    with pytest.raises(IllegalActionError, match="would go past home 4"):
        state.apply("2 p2")
    state.apply("A p2")
    assert place(state, "a2") == "h4"


def test_home_entry_is_mandatory_by_default_and_optional_by_flag() -> None:
    mandatory = position(pawns={"a1": 68}, hand=["3c", "9s", "9h", "8c", "10d"])
    assert "3 p1" in legal(mandatory)
    assert "3 p1~" not in legal(mandatory)
    with pytest.raises(IllegalActionError, match="enters its home whenever the count allows: a1 must"):
        mandatory.apply("3 p1~")
    optional = position(pawns={"a1": 68}, hand=["3c", "9s", "9h", "8c", "10d"], home_entry="optional")
    assert {"3 p1", "3 p1~"} <= set(legal(optional))
    optional.apply("3 p1~")
    assert place(optional, "a1") == 71


def test_the_two_of_spades_enters_only_by_flag() -> None:
    plain = position(hand=["2s", "9s", "9h", "8c", "10d"])
    assert "2s enter" not in legal(plain)
    with pytest.raises(IllegalActionError, match="only at a table that allows it"):
        plain.apply("2s enter")
    flagged = position(hand=["2s", "9s", "9h", "8c", "10d"], two_of_spades_enters=True)
    flagged.apply("2s enter")
    assert place(flagged, "a1") == 0
    assert flagged.view(None)["pile"] == ["2s"]


def test_four_pawns_home_win() -> None:
    state = position(pawns={"a1": 68, "a2": "h2", "a3": "h3", "a4": "h4"}, hand=["3c", "9s", "9h", "8c", "10d"])
    state.apply("3 p1")
    assert state.is_terminal
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert state.view(None)["ranking"][0] == 0
    with pytest.raises(IllegalActionError, match="over"):
        state.apply("9 p1")


def test_the_pile_becomes_the_new_stock_when_the_stock_runs_out() -> None:
    state = position(hand=["2c", "3s", "6h", "8c", "Qd"])
    state.pos.stock, state.pos.pile = state.pos.stock[:0], state.pos.stock[:]
    state.apply("discard 6h")
    view = state.view(None)
    assert view["pile"] == []
    assert view["stock"] == 108 - 4 * 5  # the whole pile, 6h included, less the card drawn
    assert view["log"] == []


# ---- shortcuts only from an intersection the pawn stood on when its owner's turn began
#      (docs/rules/en/tock.md, "Material and board")

def test_a_settled_pawn_jumps_and_double_jumps_on_the_eight_section_board() -> None:
    state = position(players=8, pawns={"a1": 9}, hand=["Qc", "9s", "9h", "10c", "10d"])
    assert state.view(None)["settled"] == ["a1"]
    assert {"Q p1", "Q p1>", "Q p1>>"} <= set(legal(state))
    state.apply("Q p1>>")
    assert place(state, "a1") == 55


def test_a_pawn_that_reached_an_intersection_by_a_joker_may_not_jump_in_the_bonus() -> None:
    state = position(players=8, pawns={"a1": 117}, hand=["Jk", "Qc", "4s", "9h", "10c"])
    state.apply("Jk 18 p1")
    assert place(state, "a1") == 135
    assert state.view(None)["settled"] == []
    state.apply("bonus play")
    actions = legal(state)
    assert "Q p1" in actions and "Q p1>" not in actions and "Q p1>>" not in actions
    with pytest.raises(IllegalActionError, match="stood on intersection 135 when its owner's turn began"):
        state.apply("Q p1>")


def test_a_pawn_that_reached_an_intersection_by_a_spent_bonus_card_may_not_jump_backwards() -> None:
    state = position(players=8, pawns={"a1": 36}, hand=["9c", "4s", "9h", "10c", "10d"], bonuses=[1] + [0] * 7,
                     stock=DULL)
    state.apply("9 p1")
    assert place(state, "a1") == 45
    state.apply("bonus play")
    assert "4 p1" in legal(state) and "4 p1>" not in legal(state)
    with pytest.raises(IllegalActionError, match="Only a pawn that stood on intersection"):
        state.apply("4 p1>")


def test_in_a_seven_after_a_joker_only_the_settled_pawn_jumps() -> None:
    state = position(players=8, pawns={"a1": 117, "a2": 45}, hand=["Jk", "7c", "9h", "10c", "10d"])
    state.apply("Jk 18 p1")  # a1 reaches the intersection 135 this turn; a2 stood on 45 when it began
    state.apply("bonus play")
    actions = [a for a in legal(state) if a.startswith("7")]
    assert "7 p1+5 p2+2>" in actions
    assert not [a for a in actions if any(part.startswith("p1") and ">" in part for part in a.split())]
    with pytest.raises(IllegalActionError, match="Part a1\\+2> of the 7: Only a pawn that stood on intersection 135"):
        state.apply("7 p1+2> p2+5")


def test_the_turn_after_the_pawn_may_jump() -> None:
    state = position(players=8, pawns={"a1": 36}, hand=["9c", "Qs", "9h", "10c", "10d"], stock=DULL)
    state.apply("9 p1")
    assert place(state, "a1") == 45
    others_discard(state)
    assert state.view(None)["settled"] == ["a1"]
    assert {"Q p1>", "Q p1>>"} <= set(legal(state))
    state.apply("Q p1>>")
    assert place(state, "a1") == 91  # 45 → 63 → 81, then 10 on
