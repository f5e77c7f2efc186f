"""Figures beside their anchors: the one format every maintained benchmark ends its output with.

A figure alone says little: 1.8 µs per step is fast or slow only beside OpenSpiel's step timed in the same run,
a p99 of 40 ms only beside the goal of 50 ms. Each benchmark's ``bench`` returns its headline figures as
``Anchored`` rows, and ``python -m benchmarks`` prints them in one table whichever benchmark ran, so that runs of
different benchmarks read alike and a missed goal shows in the same column everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

HEADER = "| figure | value | anchor | verdict |"
"""The table's first line, the same for every benchmark (the smoke tests look for it)."""


@dataclass(frozen=True)
class Anchored:
    """One measured figure and what it is judged against.

    ``anchor`` names the comparison in words with its number (OpenSpiel's step timed in the same run, a goal,
    the rating stored before the run); ``met`` is whether a goal was met, None where the anchor is a reference
    to read the figure by rather than a goal.
    """

    figure: str
    value: float
    unit: str
    anchor: str
    met: bool | None = None

    @property
    def verdict(self) -> str:
        """``met``, ``missed`` or ``reference``: the table's last column."""
        return "reference" if self.met is None else "met" if self.met else "missed"


def number(value: float) -> str:
    """Three significant figures, thousands grouped from 1,000 up, without a needless exponent."""
    if math.isnan(value):  # nothing was measured
        return "–"
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}"


def table(name: str, figures: Sequence[Anchored]) -> str:
    """The Markdown table of ``figures`` under a line naming the benchmark, and the goals met of those set."""
    goals = [f for f in figures if f.met is not None]
    lines = [f"{name}: {len(figures)} figures beside their anchors, "
             f"{sum(1 for f in goals if f.met)} of {len(goals)} goals met", "", HEADER, "|---|---:|---|---|"]
    lines += [f"| {f.figure} | {number(f.value)} {f.unit} | {f.anchor} | {f.verdict} |" for f in figures]
    return "\n".join(lines)
