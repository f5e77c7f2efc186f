"""A whole tournament in one call, for scripts: schedule, play, summarize and write its files."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from parlour.arena import report
from parlour.arena.runner import run
from parlour.arena.schedule import schedule
from parlour.arena.stats import BotResult, summarize
from parlour.core.registry import load_game

BULKY = ("records.jsonl", "plot.png")
"""The files ``figures_only`` leaves out: ``results.json`` and ``results.md`` hold the figures."""


def tournament(spec: str, bot_specs: Sequence[str], games: int, out: Path, workers: int = 1, seed: int = 0,
               settings: Mapping[str, Any] | None = None, figures_only: bool = False) -> list[BotResult]:
    """Play ``games`` games of ``spec`` between ``bot_specs`` (fair seating, duplicate deals) and write the
    arena's files into ``out`` (made if missing), its ``results.json`` noting ``settings`` beside the run's
    own (spec, seed, workers, bots, seconds); with ``figures_only`` the records and the plot are not kept."""
    game = load_game(spec)
    name = game.name_with_rules()
    bots = list(bot_specs)
    tasks = schedule(len(bots), game.num_players, games, seed)
    start = time.perf_counter()
    outcomes = run(name, bots, tasks, workers)
    seconds = time.perf_counter() - start
    results = summarize(bots, outcomes)
    out.mkdir(parents=True, exist_ok=True)
    noted = {"spec": name, "seed": seed, "workers": workers, "bot_specs": bots, "seconds": round(seconds, 1),
             **(settings or {})}
    report.write(out, name, noted, outcomes, results)
    if figures_only:
        for bulky in BULKY:
            (out / bulky).unlink(missing_ok=True)
    return results
