"""Sets, runs, hits and jokers (docs/rules/en/tonk.md, "Spreads and hits")."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import mask_of, parse_card
from parlour.core.errors import IllegalActionError
from parlour.games.tonk.moves import spread_actions
from parlour.games.tonk.spreads import shape_of, spread_shape, table_order
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


def f(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_card(c) for c in text.split()))


def offered_spreads(hand: int, jokers: int, ace_high: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The spreads the move generator offers the hand (``moves.spread_actions``), each as (mask of its real
    faces, sorted faces its jokers stand for)."""
    return [(mask_of(s.real), tuple(sorted(s.jokers))) for s in spread_actions(hand, jokers, ace_high)]


def test_candidates_without_jokers_are_every_set_and_sub_run() -> None:
    found = set(offered_spreads(m("5h 6h 7h 8h 5c 5d Ks"), 0, False))
    expected = {m("5h 6h 7h"), m("6h 7h 8h"), m("5h 6h 7h 8h"), m("5c 5d 5h")}
    assert {n for n, _ in found} == expected
    assert all(j == () for _, j in found)


def test_candidates_with_a_joker_name_any_card_the_spread_needs() -> None:
    """Spreads and hits: a joker may name a card its player holds; a set may show a face twice."""
    found = set(offered_spreads(m("5h 6h 5s Kc"), 1, False))
    assert (m("5h 6h"), f("4h")) in found
    assert (m("5h 6h"), f("7h")) in found
    assert (m("5s 5h"), f("5h")) in found  # 5h 5s and a joker named 5h
    assert (m("5s 5h"), f("5s")) in found
    assert (m("6h"), f("5h")) not in found  # a joker fills only one gap
    found = set(offered_spreads(m("5h 6h 7h"), 1, False))
    assert (m("6h 7h"), f("5h")) in found  # the joker stands for the held 5h
    assert (m("5h 7h"), f("6h")) in found
    assert all(real for real, _ in found)  # a spread keeps a real card
    found = set(offered_spreads(m("9c"), 2, False))
    assert (m("9c"), f("9c 9c")) in found and (m("9c"), f("9d 9h")) in found
    assert all(real.bit_count() + len(j) <= 4 for real, j in offered_spreads(m("9c 9d 9h 9s"), 2, False))


def test_candidates_match_a_brute_force_search() -> None:
    """Every spread offered is a spread, once, and every spread of the hand (real cards ⊆ hand, ≤ jokers) is offered."""
    import random
    from itertools import combinations, combinations_with_replacement

    rng = random.Random(3)
    for _ in range(30):
        hand = rng.sample(range(52), 6)
        jokers = rng.randrange(3)
        ace_high = rng.random() < 0.5
        offered = offered_spreads(mask_of(hand), jokers, ace_high)
        found = set(offered)
        assert len(found) == len(offered)  # no spread offered twice
        brute = set()
        for size in range(1, 7):
            for real in combinations(hand, size):
                for j in range(jokers + 1):
                    for named in combinations_with_replacement(range(52), j):
                        if spread_shape(mask_of(real), named, ace_high) is not None:
                            brute.add((mask_of(real), tuple(sorted(named))))
        assert found == brute


def test_spread_and_hit_with_a_joker() -> None:
    state = tonk("tonk:classic?jokers=2", ["6h 7h Jk Kc", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock", "spread Jk=5h 6h 7h")
    assert state.view(None)["spreads"] == [{"owner": 0, "cards": ["Jk=5h", "6h", "7h"]}]
    assert state.pos.values[0] == 19  # Kc 10 + 9d
    with pytest.raises(IllegalActionError, match="you hold no joker"):
        state.apply("hit Jk=8h 1")
    with pytest.raises(IllegalActionError, match="does not fit spread 1"):
        state.apply("hit 9d 1")


def test_joker_may_stand_for_a_card_you_hold() -> None:
    """Spreads and hits: the named card may be one the player holds; it stays in the hand."""
    state = tonk("tonk:classic?jokers=2", ["6h 7h 5h Jk", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock")
    assert "spread Jk=5h 6h 7h" in [str(a) for a in state.legal_actions()]
    play(state, "spread Jk=5h 6h 7h")
    assert state.view(0)["hand"] == ["5h", "9d"]
    assert state.view(None)["spreads"] == [{"owner": 0, "cards": ["Jk=5h", "6h", "7h"]}]


def test_a_set_may_show_a_face_twice_and_still_holds_four_at_most() -> None:
    state = tonk("tonk:classic?jokers=2", ["5h 5s Jk Jk Kc", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock")
    legal = [str(a) for a in state.legal_actions()]
    assert "spread 5h Jk=5h 5s" in legal and "spread 5h Jk=5h Jk=5h 5s" in legal
    assert not any(text.startswith("spread") and text.count(" ") > 4 for text in legal)
    play(state, "spread 5h Jk=5h 5s")
    assert state.view(None)["spreads"] == [{"owner": 0, "cards": ["5h", "Jk=5h", "5s"]}]
    assert "hit Jk=5h 1" in [str(a) for a in state.legal_actions()]  # onto a set, naming a face shown
    play(state, "hit Jk=5c 1")
    assert state.view(None)["spreads"][0]["cards"] == ["Jk=5c", "5h", "Jk=5h", "5s"]
    assert not any(str(a).startswith("hit") for a in state.legal_actions())
    state = tonk("tonk:classic?jokers=2", ["5h 5s Jk Jk 5d", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock", "spread 5h Jk=5h 5s", "hit 5d 1")
    with pytest.raises(IllegalActionError, match="is full"):
        state.apply("hit Jk=5c 1")


def test_a_joker_named_for_a_card_in_another_spread() -> None:
    spreads = [{"owner": 1, "cards": ["4h", "5h", "6h"]}]
    state = tonk("tonk:classic?jokers=2", ["5c 5d Jk Kc", "Ac 2c 3c"], stock="9d", spreads=spreads)
    play(state, "draw stock", "spread 5c 5d Jk=5h")
    assert state.view(None)["spreads"][1]["cards"] == ["5c", "5d", "Jk=5h"]


def test_spreads_with_a_repeated_face_round_trip_through_text_views_and_json() -> None:
    state = tonk("tonk:classic?jokers=2&players=2", ["5h 5s Jk Jk Kc", "Ac 2c 3c"], stock="9d")
    play(state, "draw stock")
    for action in state.legal_actions():
        assert state.game.parse_action(str(action)) == action
    play(state, "spread 5s Jk=5s Jk=5h")
    again = state.game.state_from_json(state.to_json())
    assert again == state
    guess = state.game.determinize(state.view(0), random.Random(1))
    assert guess.view(0) == state.view(0)
    assert [str(a) for a in guess.legal_actions()] == [str(a) for a in state.legal_actions()]


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
    assert state.pos.lockout == [0, 1]


def test_not_a_spread_is_refused_with_the_reason() -> None:
    state = tonk("tonk:speno", ["Qc Kc Ac", "2c 3c 4d"], stock="9d")
    play(state, "draw stock")
    with pytest.raises(IllegalActionError, match="is neither"):
        state.apply("spread Qc Kc Ac")
    with pytest.raises(IllegalActionError, match="you do not hold 5c"):
        state.apply("spread 5c 5d 5h")
