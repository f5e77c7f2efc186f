"""Credit for every seat of a self-play rollout of ``vector_env(spec, n, seat="all")`` (PPO's advantages).

In self-play each env's row is the seat to move, so consecutive rows of one
env are different seats' decisions, and a seat is paid by the moves of
others between its own. ``seat_advantages`` follows each seat's own chain of
decisions through a rollout: the transition from a seat's decision at step
``t`` to its next decision at ``t'`` in the same game is paid the seat's
rewards of steps ``t`` to ``t' - 1``, discounted once per decision of that
seat; a game that ends first ends the chain there, worth 0 after a
termination or the value of the seat's final observation after a truncation
(``infos["final_obs"][i][seat]``); a chain still open at the rollout's end
bootstraps from the seat's observation then (``all_observations()``). A
partner's points reach both partners, each through its own chain, since the
rewards are per seat. The result is GAE(λ) over those chains, what PPO's
loss takes, with one row per decision: nothing is spent on waiting seats.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def seat_advantages(seats: ArrayLike, rewards: ArrayLike, terminated: ArrayLike, truncated: ArrayLike,
                    values: ArrayLike, final_values: ArrayLike, last_values: ArrayLike, gamma: float = 0.99,
                    lam: float = 0.95) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """GAE(λ) advantages and returns, ``(T, N)`` each, of the ``T × N`` decisions of a self-play rollout.

    ``seats``: ``(T, N)`` the seat whose word step ``t`` took in env ``n`` (``infos["current_player"]`` before
    that step); ``rewards``: ``(T, N, players)`` what step ``t`` returned; ``terminated``, ``truncated``:
    ``(T, N)`` its flags; ``values``: ``(T, N)`` the value of the observation the word was chosen from;
    ``final_values``: ``(T, N, players)`` each seat's value of ``final_obs`` where step ``t`` cut an episode
    short (read only there); ``last_values``: ``(N, players)`` each seat's value of its observation after the
    last step (``all_observations()``). The returns are advantages plus values, the value loss's targets."""
    seat = np.asarray(seats, np.int64)
    paid = np.asarray(rewards, np.float64)
    over = np.asarray(terminated, np.bool_)
    cut = np.asarray(truncated, np.bool_) & ~over
    value = np.asarray(values, np.float64)
    final = np.asarray(final_values, np.float64)
    steps, envs, players = paid.shape
    if seat.shape != (steps, envs) or over.shape != seat.shape or cut.shape != seat.shape \
            or value.shape != seat.shape or final.shape != paid.shape:
        raise ValueError(f"seat_advantages: seats, terminated, truncated and values must be (T, N) = {(steps, envs)} "
                         f"and final_values (T, N, players) = {paid.shape}, as rewards are")
    following = np.array(last_values, np.float64)  # per env and seat: the value of that seat's next decision
    if following.shape != (envs, players):
        raise ValueError(f"seat_advantages: last_values must be (N, players) = {(envs, players)}, "
                         f"not {following.shape}")
    ahead = np.zeros((envs, players))  # the advantage of each seat's next decision (0 past an end)
    owed = np.zeros((envs, players))  # each seat's rewards from here to its next decision
    advantages = np.zeros((steps, envs))
    rows = np.arange(envs)
    for t in range(steps - 1, -1, -1):
        ended = over[t] | cut[t]
        owed[ended] = 0.0  # what came after belongs to the next game
        ahead[ended] = 0.0
        following[over[t]] = 0.0
        following[cut[t]] = final[t][cut[t]]
        owed += paid[t]
        mover = seat[t]
        delta = owed[rows, mover] + gamma * following[rows, mover] - value[t]
        advantages[t] = delta + gamma * lam * ahead[rows, mover]
        ahead[rows, mover] = advantages[t]
        following[rows, mover] = value[t]
        owed[rows, mover] = 0.0
    return advantages, advantages + value
