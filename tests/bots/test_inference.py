"""Determinizations resampled by the likelihood of the opponents' play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.inference import inference_of, inferred_determinizer, resample
from parlour.core.errors import BotSpecError
from parlour.core.game import State


def test_resampling_follows_the_weights() -> None:
    draws = iter(range(10**6))
    states: Any = lambda rng: next(draws) % 4  # noqa: E731 - stands in for the states of a sampler
    weigh: Any = lambda s: [0.0, 1.0, 3.0, 0.0][s]  # noqa: E731
    picked: list[Any] = [resample(states, weigh, 4, random.Random(seed)) for seed in range(2000)]
    assert picked.count(0) == picked.count(3) == 0
    assert 2.5 < picked.count(2) / picked.count(1) < 3.5


def test_when_every_weight_is_zero_any_draw_may_be_kept() -> None:
    draws = iter(range(10**6))
    states: Any = lambda rng: next(draws) % 4  # noqa: E731
    picked = {resample(states, lambda s: 0.0, 4, random.Random(seed)) for seed in range(200)}
    assert picked == {0, 1, 2, 3}


def test_a_game_without_inference_says_so(highcard: list[str]) -> None:
    game = load_game("highcard")
    with pytest.raises(BotSpecError, match="no inference"):
        inference_of(game)
    with pytest.raises(BotSpecError, match="no inference"):
        make_bot("ismcts:infer=4", game)


def test_inferred_determinizations_are_consistent_with_the_view_and_seeded() -> None:
    game = load_game("tonk:classic")
    state, rng = game.new_state(0), random.Random(0)
    heuristic = make_bot("heuristic", game)
    for _ in range(8):
        state.apply(heuristic.choose(state.view(state.current_player), state.legal_actions(), rng))
    view = state.view(state.current_player)
    sample = inferred_determinizer(game, 8)(view)
    guesses: list[State[Any, Any]] = [sample(random.Random(seed)) for seed in range(5)]
    assert all(g.view(state.current_player) == view for g in guesses)
    again = [sample(random.Random(seed)) for seed in range(5)]
    assert [g.to_json() for g in guesses] == [g.to_json() for g in again]


def test_strong_with_inference_is_named_and_deterministic() -> None:
    game = load_game("tonk:classic")
    bot = make_bot("strong:iters=200,infer=4", game)
    assert bot.name.endswith(",infer=4")
    state, rng = game.new_state(0), random.Random(0)
    heuristic = make_bot("heuristic", game)
    for _ in range(8):
        state.apply(heuristic.choose(state.view(state.current_player), state.legal_actions(), rng))
    view, legal = state.view(state.current_player), state.legal_actions()
    first = bot.choose(view, legal, random.Random(1)), list(bot.last)  # type: ignore[attr-defined]
    second = bot.choose(view, legal, random.Random(1)), list(bot.last)  # type: ignore[attr-defined]
    assert first == second
