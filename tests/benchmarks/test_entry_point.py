"""``python -m benchmarks``: the list of maintained benchmarks, and a clear refusal of any other name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors

ROOT = Path(__file__).resolve().parents[2]


def test_the_list_names_every_maintained_benchmark_with_a_line_each() -> None:
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--list"], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=60)
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [b.name for b in entry.BENCHMARKS]
    assert {"speed", "load_server", "accounts_scale", "strength", "levels", "rl_speed", "rl_vector"} <= {
        line.split()[0] for line in lines}
    assert all(len(line.split(maxsplit=1)) == 2 for line in lines)


def test_an_unknown_name_is_refused_quoting_it_and_naming_the_allowed_ones() -> None:
    done = subprocess.run([sys.executable, "-m", "benchmarks", "speeed", "--seconds", "1"], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "unknown benchmark 'speeed'" in done.stderr
    assert all(b.name in done.stderr for b in entry.BENCHMARKS)


def test_every_benchmark_module_imports_and_has_its_bench() -> None:
    pytest.importorskip("pettingzoo")
    for benchmark in entry.BENCHMARKS:
        module = __import__(f"benchmarks.{benchmark.module}", fromlist=["bench"])
        assert callable(module.bench), benchmark.name


def test_the_table_says_each_verdict_and_counts_the_goals_met() -> None:
    text = anchors.table("demo", [anchors.Anchored("a", 1234.5, "ms", "goal ≤ 2,000 ms", True),
                                  anchors.Anchored("b", 0.5, "×", "reference only")])
    assert text.splitlines()[0] == "demo: 2 figures beside their anchors, 1 of 1 goals met"
    assert anchors.HEADER in text
    assert "| a | 1,234 ms | goal ≤ 2,000 ms | met |" in text and "| b | 0.5 × | reference only | reference |" in text
