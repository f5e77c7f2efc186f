"""benchmarks/jax_speed.py runs through the entry point and times the JAX env beside vector_env (a tiny batch)."""

from __future__ import annotations

import pytest

pytest.importorskip("jax")
pytest.importorskip("gymnasium")

from benchmarks import __main__ as entry
from benchmarks import anchors


def test_a_short_run_times_the_jax_env_beside_vector_env(capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["jax_speed", "--games", "plonk", "--batch", "16", "--steps", "20", "--rounds", "1",
                          "--vector-steps", "128", "--device", "cpu"])
    assert [f.figure for f in figures] == ["jax plonk steps/s", "jax plonk compile", "vector_env plonk, 64 games"]
    assert all(f.value > 0 for f in figures)
    assert figures[0].met is None  # the ratio's goal is set at batch 1,024 only
    assert "goal ≤ 30 s on the CPU" in figures[1].anchor and figures[1].met is (figures[1].value <= 30)
    printed = capsys.readouterr().out
    assert "plonk: JAX on cpu, 16 matches" in printed and "every seat's" in printed
    assert "(goal 10x at batch 1,024 on the CPU)" in printed
    assert anchors.HEADER in printed
