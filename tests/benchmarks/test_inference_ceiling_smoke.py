"""The inference-ceiling benchmark plays a searching bot with its own, the true hands' or the true state's sampler."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

SPEC = "tonk:classic?players=2"


@pytest.fixture
def inference_ceiling(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "benchmarks"))  # it imports policy_gain.py beside it
    return importlib.import_module("inference_ceiling")


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
