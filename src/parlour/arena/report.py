"""Writing a tournament's results: records.jsonl, results.json, results.md and plot.png."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parlour.arena.play import Outcome
from parlour.arena.stats import BotResult


def markdown(game: str, results: Sequence[BotResult], games: int) -> str:
    lines = [
        f"# {game}: {games} games",
        "",
        "| bot | seat-games | wins | mean return | 95 % CI | edge | 95 % CI | rating |",
        "|---|---:|---:|---:|---|---:|---|---:|",
    ]
    for r in sorted(results, key=lambda r: -r.mean):
        lines.append(f"| `{r.bot}` | {r.games} | {r.wins} | {r.mean:+.3f} | "
                     f"[{r.ci_low:+.3f}, {r.ci_high:+.3f}] | {r.edge:+.3f} | "
                     f"[{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.rating:.0f} |")
    lines += ["", "*edge*: mean return less that of the other bots' seats in the same games."]
    return "\n".join(lines) + "\n"


def write(out: Path, game: str, settings: dict[str, Any], outcomes: Sequence[Outcome],
          results: Sequence[BotResult]) -> None:
    """Write the four files into ``out`` (which must exist)."""
    with (out / "records.jsonl").open("w", encoding="utf-8") as f:
        for outcome in outcomes:
            f.write(json.dumps(outcome.record, ensure_ascii=False) + "\n")
    summary = {"game": game, **settings, "games": len(outcomes), "bots": [r.as_dict() for r in results]}
    (out / "results.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    (out / "results.md").write_text(markdown(game, results, len(outcomes)), encoding="utf-8")
    plot(out / "plot.png", game, results)


def plot(path: Path, game: str, results: Sequence[BotResult]) -> None:
    """Mean return per bot with its 95 % interval, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(1.8 + 1.4 * len(results), 3.6), dpi=110)
    names = [r.bot for r in results]
    means = [r.mean for r in results]
    errors = [[r.mean - r.ci_low for r in results], [r.ci_high - r.mean for r in results]]
    ax.bar(range(len(results)), means, yerr=errors, capsize=6, color="#4c78a8")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(results)), names, rotation=15, ha="right", fontsize=8)
    ax.set_ylabel("mean return per game")
    ax.set_title(f"{game}: mean return, 95 % CI")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
