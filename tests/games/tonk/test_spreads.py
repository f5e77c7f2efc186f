"""Sets, runs, hits and jokers (RULES.md §1.5)."""

from __future__ import annotations

import pytest

from parlour.core.cards import mask_of, parse_card
from parlour.core.errors import IllegalActionError
from parlour.games.tonk.spreads import candidate_spreads, shape_of, table_order
from tests.games.tonk.helpers import play, tonk


def m(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


@pytest.mark.parametrize(
    ("cards", "ace_high", "is_spread"),
    [
        ("8c 8d 8h", False, True),
        ("8c 8d 8h 8s", False, True),
        ("8c 8d", False, False),
        ("Ac 2c 3c", False, True),
        ("Qc Kc Ac", False, False),
        ("Qc Kc Ac", True, True),
        ("Kc Ac 2c", True, False),  # a run never wraps
        ("9s 10s Js Qs Ks As", True, True),
        ("9s 10s Qs", False, False),
        ("9s 10s Jh", False, False),
    ],
)
def test_shapes(cards: str, ace_high: bool, is_spread: bool) -> None:
    assert (shape_of(m(cards), ace_high) is not None) == is_spread


def test_high_ace_runs_show_the_ace_last() -> None:
    assert table_order([parse_card(c) for c in ("Ac", "Qc", "Kc")]) == [11, 12, 0]
    assert table_order([parse_card(c) for c in ("Ac", "2c", "3c")]) == [0, 1, 2]


def test_candidates_without_jokers_are_every_set_and_sub_run() -> None:
    found = {(n, j) for n, j in candidate_spreads(m("5h 6h 7h 8h 5c 5d Ks"), 0, False)}
    expected = {m("5h 6h 7h"), m("6h 7h 8h"), m("5h 6h 7h 8h"), m("5c 5d 5h")}
    assert {n for n, _ in found} == expected
    assert all(j == 0 for _, j in found)


def test_candidates_with_a_joker_name_only_cards_not_held() -> None:
    found = candidate_spreads(m("5h 6h Kc"), 1, False)
    named = {(n, j) for n, j in found}
    assert (m("4h 5h 6h"), m("4h")) in named
    assert (m("5h 6h 7h"), m("7h")) in named
    assert all(j & m("5h 6h Kc") == 0 for _, j in named)


def test_spread_and_hit_with_a_joker() -> None:
    state = tonk("tonk:classic?jokers=2", ["6h 7h Jk Kc", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock", "spread Jk=5h 6h 7h")
    assert state.view(None)["spreads"] == [{"owner": 0, "cards": ["Jk=5h", "6h", "7h"]}]
    assert state.hand_value(0) == 19  # Kc 10 + 9d
    with pytest.raises(IllegalActionError, match="you hold no joker"):
        state.apply("hit Jk=8h 1")
    with pytest.raises(IllegalActionError, match="does not fit spread 1"):
        state.apply("hit 9d 1")


def test_joker_may_not_stand_for_a_card_you_hold() -> None:
    state = tonk("tonk:classic?jokers=2", ["6h 7h 5h Jk", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock")
    with pytest.raises(IllegalActionError, match="you hold 5h"):
        state.apply("spread Jk=5h 6h 7h")


def test_hits_at_either_end_of_a_run_and_high_ace() -> None:
    spreads = [{"owner": 1, "cards": ["Js", "Qs", "Ks"]}]
    state = tonk("tonk:classic", ["10s As 2c", "Ac 2d 3c"], stock="9d", spreads=spreads)
    play(state, "draw stock", "hit 10s 1", "hit As 1")
    assert state.view(None)["spreads"][0]["cards"] == ["10s", "Js", "Qs", "Ks", "As"]


def test_speno_ace_is_low_only() -> None:
    spreads = [{"owner": 1, "cards": ["Js", "Qs", "Ks"]}]
    state = tonk("tonk:speno", ["As 2c 3d", "Ac 2d 3c"], stock="9d", spreads=spreads)
    play(state, "draw stock")
    with pytest.raises(IllegalActionError, match="does not fit"):
        state.apply("hit As 1")


def test_classic_hit_on_a_set_up_to_four() -> None:
    spreads = [{"owner": 1, "cards": ["9c", "9d", "9s"]}]
    state = tonk("tonk:classic", ["9h 2c 3d", "Ac 2d 3c"], stock="Kd", spreads=spreads)
    play(state, "draw stock", "hit 9h 1")
    assert state.view(None)["spreads"][0]["cards"] == ["9c", "9d", "9h", "9s"]
    assert state.lockout == [0, 1]


def test_not_a_spread_is_refused_with_the_reason() -> None:
    state = tonk("tonk:speno", ["Qc Kc Ac", "2c 3c 4d"], stock="9d")
    play(state, "draw stock")
    with pytest.raises(IllegalActionError, match="not a set or run"):
        state.apply("spread Qc Kc Ac")
    with pytest.raises(IllegalActionError, match="you have no 5c"):
        state.apply("spread 5c 5d 5h")
