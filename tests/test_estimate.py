"""``State.estimate``: the returns at the end, and who is ahead before it.

Positions are built with ``game.new_state(seed, position)`` and read through
the public ``view``, ``estimate`` and ``returns``, so that the tests hold
whatever the engines keep inside.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from parlour import load_game
from parlour.core.game import State
from parlour.testing import long_random_action
from tests.conftest import play_randomly

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def plonk_deal(scores: list[int], seed: int = 0) -> State:
    """The start of a Plonk deal (no trick played yet) with the match at ``scores``."""
    deck = [rank + suit for suit in "cdhs" for rank in RANKS]
    random.Random(seed).shuffle(deck)
    hands = [deck[i::4] for i in range(4)]
    return load_game("plonk", target=500).new_state(seed, {"hands": hands, "scores": scores})


def plonk_lead(view: dict[str, Any]) -> int:
    """Side 0's lead: the match scores before this deal plus the deal's points so far."""
    scores, points = view["scores"], view["points"]
    return int(scores[0] + points[0] - scores[1] - points[1])


def test_plonk_estimate_is_zero_when_level_and_grows_with_the_lead() -> None:
    leads = [-400, -150, -60, -20, -5, 0, 5, 20, 60, 150, 400]
    edges = []
    for lead in leads:
        state = plonk_deal([200 + lead, 200] if lead >= 0 else [200, 200 - lead])
        assert plonk_lead(state.view(None)) == lead
        estimate = state.estimate()
        assert estimate == [estimate[0], -estimate[0], estimate[0], -estimate[0]]  # partners share, opponents lose it
        assert -1 < estimate[0] < 1
        edges.append(estimate[0])
    assert edges[leads.index(0)] == 0
    assert all((edge > 0) == (lead > 0) and (edge < 0) == (lead < 0) for lead, edge in zip(leads, edges, strict=True))
    assert edges == sorted(edges) and len(set(edges)) == len(edges), list(zip(leads, edges, strict=True))
    assert edges[-1] > 0.9 and edges[0] < -0.9  # a 400-point lead in a match to 500 is nearly won
    assert plonk_deal([250, 150]).estimate() == pytest.approx([-e for e in plonk_deal([150, 250]).estimate()])


def test_plonk_estimate_follows_the_points_of_the_deal_in_play_and_ends_as_the_returns() -> None:
    state = load_game("plonk", target=100).new_state(2)  # a match whose lead changes hands
    rng = random.Random(2)
    seen: list[tuple[int, float]] = []
    while not state.is_terminal:
        estimate = state.estimate()
        assert estimate == [estimate[0], -estimate[0], estimate[0], -estimate[0]]
        seen.append((plonk_lead(state.view(None)), estimate[0]))
        state.apply(rng.choice(state.legal_actions()))
    assert len({lead for lead, _ in seen}) > 10  # the lead moved, both ways
    assert any(lead > 0 for lead, _ in seen) and any(lead < 0 for lead, _ in seen)
    for lead, edge in seen:
        assert (edge > 0) == (lead > 0) and (edge < 0) == (lead < 0), (lead, edge)
    seen.sort()
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(seen)), "a larger lead was judged worse"
    winner = state.view(None)["winner"]
    assert state.estimate() == state.returns() == [1.0 if seat % 2 == winner else -1.0 for seat in range(4)]


def tock_estimate(pawns: dict[str, Any], players: int = 2) -> list[float]:
    estimate = load_game("tock", players=players).new_state(3, {"pawns": pawns}).estimate()
    assert sum(estimate) == pytest.approx(1) and all(0 < e < 1 for e in estimate), estimate
    return estimate


def test_tock_estimate_rises_as_a_pawn_runs_towards_home() -> None:
    # Two players: seat a starts on square 0, its home lane leaves the track after square 70.
    level = tock_estimate({})
    assert level == [0.5, 0.5]
    along = [tock_estimate({"a1": square})[0] for square in range(0, 70, 3)]
    assert along[0] > level[0]  # entered beats the reserve
    assert along == sorted(along) and len(set(along)) == len(along), along
    home = [tock_estimate({"a1": f"h{h}"})[0] for h in range(1, 5)]
    assert min(home) > along[-1] and home == sorted(home)
    # The other seat's chance is what this one's leaves, and a pawn of its own brings it back up.
    assert tock_estimate({"a1": 60})[1] < tock_estimate({"a1": 30})[1] < 0.5
    assert tock_estimate({"a1": 60, "b1": (36 + 60) % 72}) == pytest.approx([0.5, 0.5])  # the same distance from home
    assert tock_estimate({"a1": 60, "b1": 36 + 30})[0] > 0.5


def test_tock_estimate_favours_the_seat_nearest_home_among_four() -> None:
    starts = (0, 18, 36, 54)
    # Four players share the 72 squares: every seat has a pawn 10 squares out, seat c one more 40 out.
    ahead = {f"{'abcd'[s]}1": starts[s] + 10 for s in range(4)} | {"c2": (36 + 40) % 72}
    estimate = tock_estimate(ahead, players=4)
    assert max(range(4), key=estimate.__getitem__) == 2
    assert estimate[0] == pytest.approx(estimate[1]) == pytest.approx(estimate[3])


def test_tock_estimate_is_the_returns_once_a_seat_wins() -> None:
    game = load_game("tock", players=2)
    state = game.new_state(0, {"pawns": {"a1": "h4", "a2": "h3", "a3": "h2", "a4": 68},
                               "hands": [["3c", "2c", "4c", "6c", "8c"], []]})
    assert state.estimate()[0] > 0.99 and state.returns() == [0.0, 0.0]
    won = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.is_terminal:
            won.append(after)
    assert won, "the 3 should take the last pawn home"
    assert all(s.estimate() == s.returns() == [1.0, 0.0] for s in won)


def test_tonk_estimate_is_the_returns_while_the_balances_move() -> None:
    state = load_game("tonk:classic?hands=4&players=3").new_state(4)
    rng = random.Random(4)
    moved = 0
    while not state.is_terminal:
        assert state.estimate() == state.returns() == [float(b) for b in state.view(None)["balances"]]
        moved += any(state.returns())
        state.apply(long_random_action(state, rng))
    assert moved, "no hand was settled before the end: the test proved nothing"
    assert state.estimate() == state.returns()


def test_every_game_estimates_its_returns_at_the_end() -> None:
    for spec, seed in (("tonk:speno", 5), ("plonk?target=100", 6), ("tock?players=3", 7)):
        state = play_randomly(load_game(spec).new_state(seed), random.Random(seed))
        assert state.estimate() == state.returns(), spec
