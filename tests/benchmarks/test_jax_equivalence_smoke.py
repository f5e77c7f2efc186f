"""benchmarks/jax_equivalence.py runs through the entry point: a few games of Plonk's two specs (the quickest to
compile; tests/jax runs each game's 200 through ``play``), equal, and a difference reported with the game's seed
and the words played, exit status 1."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("jax")

from benchmarks import __main__ as entry
from benchmarks import anchors, jax_equivalence


def test_a_short_run_plays_each_engine_and_finds_them_equal(capsys: pytest.CaptureFixture[str]) -> None:
    specs = ["plonk", "plonk?target=100"]
    figures = entry.main(["jax_equivalence", "--games", "3", "--specs", *specs])
    assert [f.figure for f in figures] == [f"{spec}: words compared in 3 games" for spec in specs]
    assert all(f.value > 10 and f.met for f in figures)
    printed = capsys.readouterr().out
    assert all(f"{spec}: 3 games, " in printed for spec in specs) and printed.count(": equal") == 2
    assert anchors.HEADER in printed


def test_a_difference_exits_with_the_seed_and_the_words_played(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A JAX Plonk that has the wrong seat to play after the first new deal's replacement."""
    real = jax_equivalence.PlonkHooks.to_jax
    calls = []

    def shifted(self: jax_equivalence.PlonkHooks, state: Any) -> Any:
        calls.append(state)
        out = real(self, state)
        return out if len(calls) <= 2 else out.replace(current_player=(out.current_player + 1) % 4)

    monkeypatch.setattr(jax_equivalence.PlonkHooks, "to_jax", shifted)
    with pytest.raises(SystemExit) as exited:
        entry.main(["jax_equivalence", "--games", "2", "--specs", "plonk"])
    assert exited.value.code == 1
    printed = capsys.readouterr()
    line = next(line for line in printed.out.splitlines() if line.startswith("plonk: "))
    assert "DIFFERENT: seed " in line and "to play, Python" in line and "after the words ['" in line
    assert "differ on plonk" in printed.err
