"""The budget benchmark runs end to end on a tiny budget and reports every game asked for."""

from __future__ import annotations

import pytest

from benchmarks import budget


def test_a_short_run_times_the_moves_of_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    timings = budget.main(["--ms", "5", "--moves", "3", "--only", "tonk"])
    assert [t.spec for t in timings] == [g for g in budget.GAMES if "tonk" in g]
    assert all(len(t.times) == 3 and min(t.times) > 0 for t in timings)
    out = capsys.readouterr().out
    assert "| game | moves | median | 99th percentile | worst |" in out and "| tonk:speno?players=2 | 3 |" in out
