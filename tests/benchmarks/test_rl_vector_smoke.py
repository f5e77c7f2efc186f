"""benchmarks/rl_vector.py runs and times the single env and each vector_env size asked, through the entry point."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from benchmarks import __main__ as entry
from benchmarks import anchors, rl_vector


def test_a_short_run_times_every_env_beside_the_single_one(capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["rl_vector", "--steps", "300", "--envs", "1", "64", "--rounds", "1"])
    assert [f.figure for f in figures] == ["single_agent", "vector_env, 1 games", "vector_env, 64 games"]
    assert all(f.value > 0 and f.unit == "steps/s" for f in figures)
    assert figures[1].met is None and figures[2].met is not None and "; goal ≥ 3×" in figures[2].anchor
    printed = capsys.readouterr().out
    assert "single_agent:" in printed and "vector_env N=64" in printed and "x the single env" in printed
    assert anchors.HEADER in printed and "| vector_env, 64 games |" in printed


def test_another_game_and_opponent_are_timed_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    rates = rl_vector.main(["--steps", "200", "--envs", "2", "--rounds", "1", "--spec", "plonk",
                            "--opponent", "heuristic"])
    assert set(rates) == {"single", "vector2"} and min(rates.values()) > 0
    assert capsys.readouterr().out.startswith("plonk, opponent heuristic")


def test_self_play_is_timed_beside_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["rl_vector", "--steps", "200", "--envs", "4", "--rounds", "1", "--spec", "plonk",
                          "--self-play"])
    assert [f.figure for f in figures] == ["single_agent", "vector_env, 4 games", "vector_env self-play, 4 games"]
    assert figures[2].unit == "words/s" and figures[2].value > 0 and figures[2].met is None
    assert "vector_env N=4   seat='all':" in capsys.readouterr().out
