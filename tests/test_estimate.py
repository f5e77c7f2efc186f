"""``State.estimate``: the returns at the end, and who is ahead before it."""

from __future__ import annotations

import random

from parlour import load_game
from tests.conftest import play_randomly


def test_plonk_estimate_favours_the_side_ahead_and_ends_as_the_returns() -> None:
    state = load_game("plonk", target=100).new_state(1)
    rng = random.Random(1)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    estimate = state.estimate()
    assert estimate[0] == estimate[2] == -estimate[1] == -estimate[3]
    play_randomly(state, rng)
    assert state.estimate() == state.returns()


def test_plonk_estimate_sign_follows_the_lead() -> None:
    state = load_game("plonk", target=500).new_state(2)
    state.scores = [300, 100]
    assert state.estimate()[0] > 0.9
    state.scores = [100, 300]
    assert state.estimate()[0] < -0.9


def test_tock_estimate_is_a_chance_that_favours_the_seat_nearer_home() -> None:
    state = load_game("tock", players=2).new_state(3)
    rng = random.Random(3)
    for _ in range(200):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    estimate = state.estimate()
    assert abs(sum(estimate) - 1) < 1e-9
    board, pos = state.plays.board, state.pos.pawns.pos
    to_go = [sum(board.to_go(s, pos[p]) for p in range(4 * s, 4 * s + 4)) for s in range(2)]
    assert (estimate[0] > estimate[1]) == (to_go[0] < to_go[1]) or to_go[0] == to_go[1]


def test_tonk_estimate_is_the_returns() -> None:
    state = load_game("tonk").new_state(4)
    assert state.estimate() == state.returns() == [0.0, 0.0]
