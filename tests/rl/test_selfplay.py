"""parlour.rl.selfplay: each seat's GAE over its own chain of decisions in a self-play rollout."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from parlour import rl
from parlour.rl.selfplay import seat_advantages

SEATS = np.array([[0], [1], [0], [1], [0]])
"""Two seats alternating in one env; the game ends at step 3, the next begins at step 4."""
PAID = np.zeros((5, 1, 2))
PAID[3, 0] = [1.0, -1.0]


def test_each_seat_is_credited_along_its_own_decisions() -> None:
    """Seat 0's first decision earns what its second earns (the game's +1 at step 3, paid after it); seat 1's
    likewise -1; the new game's decision bootstraps from the seat's last value."""
    ended = np.array([[False], [False], [False], [True], [False]])
    advantages, returns = seat_advantages(SEATS, PAID, ended, np.zeros_like(ended), np.zeros((5, 1)),
                                          np.zeros((5, 1, 2)), [[0.5, 0.2]], gamma=1.0, lam=1.0)
    assert advantages[:, 0].tolist() == [1.0, -1.0, 1.0, -1.0, 0.5]
    assert np.array_equal(returns, advantages)
    values = np.full((5, 1), 0.25)
    advantages, returns = seat_advantages(SEATS, PAID, ended, np.zeros_like(ended), values, np.zeros((5, 1, 2)),
                                          [[0.5, 0.2]], gamma=1.0, lam=0.0)
    assert advantages[:, 0].tolist() == [0.0, 0.0, 0.75, -1.25, 0.25]  # one-step: R + V(next of the seat) - V
    assert np.allclose(returns, advantages + values)


def test_a_cut_game_bootstraps_each_seat_from_its_final_observation() -> None:
    cut = np.array([[False], [False], [False], [True], [False]])
    final = np.zeros((5, 1, 2))
    final[3, 0] = [0.3, 0.7]
    advantages, _ = seat_advantages(SEATS, PAID, np.zeros_like(cut), cut, np.zeros((5, 1)), final, [[0.0, 0.0]],
                                    gamma=1.0, lam=1.0)
    assert np.allclose(advantages[:, 0], [1.3, -0.3, 1.3, -0.3, 0.0])
    advantages, _ = seat_advantages(SEATS, PAID, cut, cut, np.zeros((5, 1)), final, [[0.0, 0.0]], gamma=1.0, lam=1.0)
    assert advantages[:, 0].tolist() == [1.0, -1.0, 1.0, -1.0, 0.0]  # over at the limit: terminated wins


def test_a_self_play_rollout_credits_every_decision_with_its_seats_discounted_rewards() -> None:
    """Over a rollout of Plonk self-play, each decision's advantage (values 0, λ = 1) is the sum of its seat's
    rewards from that decision to the game's end or the rollout's, discounted once per later decision of that
    seat, found here by walking forward."""
    env = rl.vector_env("plonk", 2, seat="all")
    _, infos = env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 700
    seats, paid = np.zeros((steps, 2), np.int64), np.zeros((steps, 2, 4))
    over, cut = np.zeros((steps, 2), bool), np.zeros((steps, 2), bool)
    for t in range(steps):
        seats[t] = infos["current_player"]
        mask = infos["action_mask"]
        _, rewards, terminated, truncated, infos = env.step((rng.random(mask.shape) * mask).argmax(1))
        paid[t], over[t], cut[t] = rewards, terminated, truncated
    assert over.sum() >= 2
    gamma = 0.9
    advantages, _ = seat_advantages(seats, paid, over, cut, np.zeros((steps, 2)), np.zeros((steps, 2, 4)),
                                    np.zeros((2, 4)), gamma=gamma, lam=1.0)
    for n in range(2):
        for t in range(0, steps, 7):
            seat, total, weight = seats[t, n], 0.0, 1.0
            for k in range(t, steps):
                if k > t and seats[k, n] == seat:
                    weight *= gamma  # the seat's next decision: its rewards from here on are discounted once more
                total += weight * paid[k, n, seat]
                if over[k, n]:
                    break
            assert advantages[t, n] == pytest.approx(total), (t, n)


def test_wrong_shapes_are_refused() -> None:
    with pytest.raises(ValueError, match=r"must be \(T, N\) = \(5, 1\)"):
        seat_advantages(SEATS[:4], PAID, np.zeros((5, 1), bool), np.zeros((5, 1), bool), np.zeros((5, 1)),
                        np.zeros((5, 1, 2)), [[0.0, 0.0]])
    with pytest.raises(ValueError, match=r"last_values must be \(N, players\) = \(1, 2\)"):
        seat_advantages(SEATS, PAID, np.zeros((5, 1), bool), np.zeros((5, 1), bool), np.zeros((5, 1)),
                        np.zeros((5, 1, 2)), [0.0, 0.0])
