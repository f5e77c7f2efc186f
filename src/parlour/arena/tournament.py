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
from parlour.core.game import Game
from parlour.core.registry import load_game

BULKY = ("records.jsonl", "plot.png")
"""The files ``figures_only`` leaves out: ``results.json`` and ``results.md`` hold the figures."""


def tournament(spec: str, bot_specs: Sequence[str], games: int, out: Path, workers: int = 1, seed: int = 0,
               settings: Mapping[str, Any] | None = None, figures_only: bool = False) -> list[BotResult]:
    """Play ``games`` games of ``spec`` between ``bot_specs`` (fair seating, duplicate deals) and write the
    arena's files into ``out`` (made if missing), its ``results.json`` noting ``settings`` beside the run's
    own (spec, seed, workers, bots, seconds); with ``figures_only`` the records and the plot are not kept.
    In a team game partners are the same bot, and results count each team once per game."""
    game = load_game(spec)
    name = game.name_with_rules()
    bots = list(bot_specs)
    teams = team_seats(game)
    tasks = schedule(len(bots), game.num_players, games, seed, teams or None)
    start = time.perf_counter()
    outcomes = run(name, bots, tasks, workers)
    seconds = time.perf_counter() - start
    results = summarize(bots, outcomes, teams or None)
    out.mkdir(parents=True, exist_ok=True)
    noted = {"spec": name, "seed": seed, "workers": workers, "bot_specs": bots, "seconds": round(seconds, 1),
             **(settings or {})}
    report.write(out, name, noted, outcomes, results, teams)
    if figures_only:
        for bulky in BULKY:
            (out / bulky).unlink(missing_ok=True)
    return results


def team_seats(game: Game[Any]) -> list[tuple[int, ...]]:
    """The game's teams when it plays in teams (some team has two seats or more), else none."""
    teams = game.teams()
    return teams if any(len(team) > 1 for team in teams) else []
