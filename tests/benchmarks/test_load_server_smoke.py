"""The server load benchmark runs end to end: a real ``parlour serve``, a few tables, a couple of seconds."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors, load_server


def test_a_short_load_run_measures_round_trips_without_errors(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    measured: list[load_server.Phase] = []
    run = load_server.main
    monkeypatch.setattr(load_server, "main", lambda argv: measured.extend(run(argv)) or measured)
    figures = entry.main(["load_server", "--tables", "4", "--seconds", "2", "--think", "0.01", "--plonk-every", "2"])
    assert [f.figure for f in figures] == ["1 process(es), 4 tables: p99 round trip"]
    assert figures[0].anchor == "goal ≤ 50 ms with no errors (0 errors)" and figures[0].value > 0
    assert anchors.HEADER in capsys.readouterr().out
    phases = measured
    assert [p.tables for p in phases] == [4]
    phase = phases[0]
    assert not phase.errors, phase.errors
    assert len(phase.round_trips) > 10
    assert phase.actions >= len(phase.round_trips)
    assert all(0 < t < 10 for t in phase.round_trips)
