"""The server load benchmark runs end to end: a real ``parlour serve``, a few tables, a couple of seconds."""

from __future__ import annotations

from benchmarks.load_server import main


def test_a_short_load_run_measures_round_trips_without_errors() -> None:
    phases = main(["--tables", "4", "--seconds", "2", "--think", "0.01", "--plonk-every", "2"])
    assert [p.tables for p in phases] == [4]
    phase = phases[0]
    assert not phase.errors, phase.errors
    assert len(phase.round_trips) > 10
    assert phase.actions >= len(phase.round_trips)
    assert all(0 < t < 10 for t in phase.round_trips)
