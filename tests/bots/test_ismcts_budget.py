"""ISMCTS keeps its time budget: no iteration, or paired round, is started that would end after the deadline."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import ISMCTSBot
from parlour.bots.heuristic import rollout_policy
from parlour.bots.ismcts import CLOCK_STEPS, Deadline
from parlour.core.game import Action, State


class FakeClock:
    """Time that passes only when the rollout policy plays: each action costs 0.1 ms, every 7th ten times that."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.calls = 0

    def __call__(self) -> float:
        return self.now

    def spend(self) -> None:
        self.calls += 1
        self.now += 0.001 if self.calls % 7 == 0 else 0.0001


@pytest.mark.parametrize("root", ["tree", "paired"])
@pytest.mark.parametrize("spec", ["tonk:speno?players=2", "tock?players=4"])
def test_a_move_ends_within_five_percent_of_its_budget(root: str, spec: str) -> None:
    game = load_game(spec)
    clock = FakeClock()
    policy = rollout_policy(game)

    def slow_policy(state: State[Any, Any], rng: random.Random) -> Action:
        clock.spend()
        return policy(state, rng)

    bot = ISMCTSBot(game, ms=200, rollout=slow_policy, root=root, depth=40, clock=clock)
    rng = random.Random(1)
    for seed in range(3):
        state = game.new_state(seed)
        for _ in range(4):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            start = clock.now
            action = bot.choose(state.view(state.current_player), legal, rng)
            spent = clock.now - start
            assert spent <= 0.2 * 1.05, (seed, spent)
            if len(legal) > 1:
                assert spent > 0.2 * 0.8, (seed, spent)  # and most of the budget is used
                assert bot.last_iterations == sum(choice.visits for choice in bot.last) > 0
            state.apply(action)


def test_a_paired_round_the_deadline_cuts_is_dropped_whole() -> None:
    game = load_game("tock", players=4)
    state = game.new_state(2)
    clock = FakeClock()
    policy = rollout_policy(game)

    def slow_policy(s: State[Any, Any], rng: random.Random) -> Action:
        clock.spend()
        return policy(s, rng)

    bot = ISMCTSBot(game, ms=30, rollout=slow_policy, root="paired", depth=40, clock=clock)
    while len(state.legal_actions()) < 3:
        state.apply(policy(state, random.Random(0)))
    bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(4))
    samples = [choice.visits for choice in bot.last]
    # the actions still alive share the last whole round's count; the others were dropped at a power of two
    assert bot.last_iterations == sum(samples)
    assert all(n in (0, max(samples)) or n & (n - 1) == 0 for n in samples), samples
    assert clock.now - 1000.0 <= 0.03 * 1.05 + 0.001


def test_deadline_predicts_from_the_mean_cost() -> None:
    clock = FakeClock()
    deadline = Deadline(clock, 0.010)
    assert deadline.allows(100)  # nothing done: no cost known
    clock.now += 0.004
    deadline.done = 2  # 2 ms each
    assert deadline.allows(2) and not deadline.allows(3)


def test_a_paired_search_starved_of_time_still_weighs_every_move_once() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(3)
    policy = rollout_policy(game)
    clock = FakeClock()

    def slower_policy(s: State[Any, Any], rng: random.Random) -> Action:
        clock.now += 0.002  # 2 ms an action: the 5 ms budget runs out within the first playout
        return policy(s, rng)

    bot = ISMCTSBot(game, ms=5, rollout=slower_policy, root="paired", depth=40, clock=clock)
    legal = state.legal_actions()
    assert len(legal) >= 2
    bot.choose(state.view(state.current_player), legal, random.Random(0))
    assert sorted(choice.visits for choice in bot.last) == [1] * len(legal)  # the first round played whole
    assert len(bot.compared()) == len(legal)
    assert clock.now - 1000.0 <= 0.005 + 0.002 * (1 + CLOCK_STEPS) * (1 + len(legal))
