"""benchmarks/rl_floors.py runs each part end to end on a tiny budget and prints its floor."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")


def test_a_short_run_prints_every_floor(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "benchmarks"))  # it imports its neighbours
    rl_floors = importlib.import_module("rl_floors")
    floors = rl_floors.main(["--seconds", "0.05", "--steps", "128", "--only", "aec,vector"])
    assert set(floors) == {"aec Tonk 2p (speno)", "aec Tonk 2p (classic)", "aec Plonk 4p", "aec Tock 4p", "vector"}
    assert min(floors.values()) > 0
    out = capsys.readouterr().out
    assert "best possible AEC/engine" in out and "3x leaves" in out
    if rl_floors.import_pyspiel() is not None:
        assert rl_floors.main(["--seconds", "0.05", "--only", "spiel"])["spiel Tonk 2p (speno)"] > 0
        assert "pyspiel's own work" in capsys.readouterr().out


def test_an_unknown_part_is_refused_naming_the_parts(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2] / "benchmarks"))
    rl_floors = importlib.import_module("rl_floors")
    with pytest.raises(SystemExit):
        rl_floors.main(["--only", "aec,speed"])
    assert "--only: speed unknown; parts are aec, spiel, vector" in capsys.readouterr().err
