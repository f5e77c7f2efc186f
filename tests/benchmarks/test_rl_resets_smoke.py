"""The reset sweep runs end to end on a few seeds of every preset (the sample of seeds the tests check)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from benchmarks import __main__ as entry
from benchmarks import anchors, rl_resets


def test_a_few_seeds_of_every_preset_pass_pettingzoo_and_openspiel(capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["rl_resets", "--seeds", "3", "--no-benchmark"])
    assert len(figures) == len(rl_resets.PRESETS) and all(f.met and f.value == 0 for f in figures)
    out = capsys.readouterr().out
    assert out.count(" | 3 | ") == len(rl_resets.PRESETS) and "…" not in out
    assert anchors.HEADER in out and "| plonk (4 players): failures over 3 seeds | 0  | goal: none (" in out


def test_a_failure_is_named_with_its_seed_and_the_exit_code_says_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("broken on purpose")

    monkeypatch.setattr(rl_resets, "api_test", broken)
    assert rl_resets.main(["--seeds", "2", "--only", "plonk", "--no-benchmark"]) == 1
    out = capsys.readouterr().out
    assert "plonk (4 players) seed 1, api_test:" in out and "broken on purpose" in out
