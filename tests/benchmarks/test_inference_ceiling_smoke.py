"""The inference-ceiling benchmark plays a searching bot with its own, the true hands' or the true state's sampler."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.core.game import State

SPEC = "tonk:classic?players=2"


@pytest.fixture
def inference_ceiling(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "benchmarks"))  # it imports policy_gain.py beside it
    return importlib.import_module("inference_ceiling")


def second_turn() -> State[Any, Any]:
    """The first heuristic game (by seed) still going at seat 0's second turn, after seat 1 has thrown a card."""
    game = load_game(SPEC)
    heuristic = make_bot("heuristic", game)
    for seed in range(100):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal and (state.current_player != 0 or {s for s, _ in state.history()} != {0, 1}):
            state.apply(heuristic.choose(state.view(state.current_player), state.legal_actions(), rng))
        if not state.is_terminal and state.pos.discard:
            return state
    raise AssertionError("no heuristic game of the first 100 seeds reached seat 0's second turn")


def test_the_heuristic_against_itself_has_no_edge_on_any_deal(inference_ceiling: ModuleType) -> None:
    assert [inference_ceiling.deal(SPEC, "heuristic", "uniform", seed) for seed in range(4)] == [0.0] * 4


def test_a_search_that_sees_every_card_beats_the_heuristic(inference_ceiling: ModuleType) -> None:
    """With the true state (stock order included) even a small search wins clearly over a few deals."""
    edges = [inference_ceiling.deal(SPEC, "strong:iters=60", "all", seed) for seed in range(12)]
    assert sum(edges) / len(edges) > 0.3


def test_a_run_prints_one_line_per_sampler_and_refuses_unknown_ones(inference_ceiling: ModuleType,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = inference_ceiling.main([SPEC, "--bot", "strong:iters=20", "--deals", "3", "--seed", "7",
                                  "--samplers", "uniform,hands"])
    assert set(out) == {"uniform", "hands"}
    printed = capsys.readouterr().out
    assert "sampler=uniform: edge" in printed and "sampler=hands: edge" in printed and "seed 7" in printed
    with pytest.raises(SystemExit):
        inference_ceiling.main([SPEC, "--seed", "1", "--samplers", "psychic"])
    assert "psychic unknown" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        inference_ceiling.main([SPEC, "--seed", "1", "--deals", "0"])
    assert "--deals 0: play at least 1 deal" in capsys.readouterr().err


def test_the_posterior_keeps_only_worlds_where_the_opponent_played_as_the_heuristic(
        inference_ceiling: ModuleType) -> None:
    """After the opponent's first turn, some deals are ruled out; the worlds kept hold the seat's own hand and
    the public cards, came through the same moves and deal the opponent various hands; the true deal passes."""
    state = second_turn()
    game = state.game
    inference_ceiling.truth[:] = [state]
    inference_ceiling.found[:] = [0, 0, 0, 0]
    sample = inference_ceiling.posterior(state.view(0))
    decisions, kept, tried, empty = inference_ceiling.found
    assert decisions == 1 and kept == inference_ceiling.POOL and tried > kept and not empty  # some ruled out
    worlds = [sample(random.Random(k)) for k in range(30)]
    assert {w.pos.hands[0] for w in worlds} == {state.pos.hands[0]}
    assert {tuple(w.pos.discard) for w in worlds} == {tuple(state.pos.discard)}
    assert all(w.history() == state.history() for w in worlds)
    assert len({w.pos.hands[1] for w in worlds}) > 1
    true_deal = game.new_state(state.seed)
    assert inference_ceiling.replayed(true_deal, state.history(), 0, random.Random(0)) == state  # the model holds


def test_a_deal_where_the_opponent_would_have_played_otherwise_is_ruled_out(inference_ceiling: ModuleType) -> None:
    """Swapping the card the opponent threw with the stock's last card (one nobody has seen) leaves it without
    that card to throw: that deal is not kept."""
    state = second_turn()
    game = state.game
    thrown = state.pos.discard[-1]
    start = game.new_state(state.seed)
    deep = start.pos.stock[0]  # the stock's last card to be drawn: nobody has seen it
    swapped = inference_ceiling.relabelled(start, {thrown: deep, deep: thrown})
    assert inference_ceiling.replayed(swapped, state.history(), 0, random.Random(0)) is None
