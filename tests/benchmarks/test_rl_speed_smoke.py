"""The research-interface speed benchmark runs end to end on a tiny budget."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")


def test_a_short_run_gives_every_figure_of_a_tonk_row(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "benchmarks"))  # it imports speed.py beside it
    rl_speed = importlib.import_module("rl_speed")
    rows = rl_speed.main(["--seconds", "0.05", "--only", "speno"])
    assert [r.label for r in rows] == ["Tonk 2p (speno)"]
    row = rows[0]
    assert row.engine > 0 and row.aec > 0 and row.single > 0
    if rl_speed.import_pyspiel() is not None:
        assert row.spiel is not None and row.spiel > 0 and row.gin is not None and row.gin > 0
    out = capsys.readouterr().out
    assert "| game | engine steps/s | AEC env steps/s |" in out and "| Tonk 2p (speno) |" in out
