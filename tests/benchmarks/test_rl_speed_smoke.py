"""The research-interface speed benchmark runs end to end on a tiny budget, through the entry point."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from benchmarks import __main__ as entry
from benchmarks import anchors, speed


def test_a_short_run_gives_every_figure_of_a_tonk_row_beside_its_anchor(capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["rl_speed", "--seconds", "0.05", "--only", "speno"])
    expected = ["PettingZoo AEC env", "single-agent env"]
    if speed.import_pyspiel() is not None:
        expected.append("OpenSpiel game + observation_tensor")
    assert [f.figure for f in figures] == [f"Tonk 2p (speno): {what}" for what in expected]
    assert all(f.value > 0 and f.unit == "steps/s" for f in figures)
    assert "goal ≥ 0.4×" in figures[0].anchor and figures[0].anchor.startswith("engine ")
    out = capsys.readouterr().out
    assert "| game | engine steps/s | AEC env steps/s |" in out and "| Tonk 2p (speno) |" in out
    assert anchors.HEADER in out and "| Tonk 2p (speno): PettingZoo AEC env |" in out
