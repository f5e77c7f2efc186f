"""The budget benchmark runs end to end on a tiny budget, through the entry point, and reports every game asked for."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors, budget


def test_a_short_run_times_the_moves_of_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["budget", "--ms", "5", "--moves", "3", "--only", "tonk"])
    games = [g for g in budget.GAMES if "tonk" in g]
    assert [f.figure for f in figures] == [f"{g}: {what}" for g in games for what in ("worst of 3 moves",
                                                                                         "99th percentile")]
    assert all(f.value > 0 and f.unit == "ms" and f.anchor.startswith("budget 5 ms (") for f in figures)
    assert all(f.met is not None for f in figures[::2]) and all(f.met is None for f in figures[1::2])
    out = capsys.readouterr().out
    assert "| game | moves | median | 99th percentile | worst |" in out and "| tonk:speno?players=2 | 3 |" in out
    assert anchors.HEADER in out and "goal ≤ 5% over |" in out
