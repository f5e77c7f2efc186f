"""The arena benchmark times a few games on one and two local workers, through the entry point."""

from __future__ import annotations

import sys

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors


def test_a_short_run_gives_games_per_second_beside_one_worker(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # Ray's start-up would take longer than the games: left out
    figures = entry.main(["arena", "--games", "8", "--rounds", "1"])
    assert [f.figure for f in figures] == ["local, 1 worker", "local, 2 workers"]
    assert all(f.value > 0 and f.unit == "games/s" and f.met is None for f in figures)
    assert figures[1].anchor.startswith("1 worker ") and "(ratio " in figures[1].anchor
    out = capsys.readouterr().out
    assert "| Ray | – | – | – | not installed" in out and anchors.HEADER in out
