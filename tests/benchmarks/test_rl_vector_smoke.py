"""benchmarks/rl_vector.py runs and times the single env and each vector_env size asked."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from benchmarks import rl_vector


def test_a_short_run_times_every_env(capsys: pytest.CaptureFixture[str]) -> None:
    rates = rl_vector.main(["--steps", "300", "--envs", "1", "4", "--rounds", "1"])
    assert set(rates) == {"single", "vector1", "vector4"} and min(rates.values()) > 0
    printed = capsys.readouterr().out
    assert "single_agent:" in printed and "vector_env N=4" in printed and "x the single env" in printed


def test_another_game_and_opponent_are_timed_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    rates = rl_vector.main(["--steps", "200", "--envs", "2", "--rounds", "1", "--spec", "plonk",
                            "--opponent", "heuristic"])
    assert set(rates) == {"single", "vector2"} and min(rates.values()) > 0
    assert capsys.readouterr().out.startswith("plonk, opponent heuristic")
