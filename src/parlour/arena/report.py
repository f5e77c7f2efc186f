"""Writing a tournament's results: records.jsonl, results.json, results.md and plot.png."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parlour.arena.play import Outcome
from parlour.arena.stats import BotResult


def markdown(game: str, results: Sequence[BotResult], games: int, teams: Sequence[tuple[int, ...]] = ()) -> str:
    """The results as a Markdown table; in a team game (``teams``, as seats) its teams are named under the
    title, and the table counts team-games, each team's win once."""
    sides = "team-games" if teams else "seat-games"
    lines = [f"# {game}: {games} games", ""]
    if teams:
        lines += ["Teams (seats): " + ", ".join("+".join(str(seat) for seat in team) for team in teams)
                  + "; partners are always the same bot.", ""]
    lines += [
        f"| bot | {sides} | wins | mean return | 95 % CI | edge | 95 % CI | rating | iterations/move |",
        "|---|---:|---:|---:|---|---:|---|---:|---:|",
    ]
    for r in sorted(results, key=lambda r: -r.mean):
        lines.append(f"| `{r.bot}` | {r.games} | {r.wins} | {r.mean:+.3f} | "
                     f"[{r.ci_low:+.3f}, {r.ci_high:+.3f}] | {r.edge:+.3f} | "
                     f"[{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.rating:.0f} | {iterations(r)} |")
    lines += ["", "*edge*: mean return less that of the other bots' sides in the same games. "
              "*iterations/move*: search iterations (paired root: playouts) per move with a choice."]
    return "\n".join(lines) + "\n"


def iterations(result: BotResult) -> str:
    """The bot's mean search per move searched, or a dash for a bot that does not search."""
    return "–" if result.iterations is None else f"{result.iterations:,.0f}"


def write(out: Path, game: str, settings: dict[str, Any], outcomes: Sequence[Outcome],
          results: Sequence[BotResult], teams: Sequence[tuple[int, ...]] = ()) -> bool:
    """Write the four files into ``out`` (which must exist), naming the teams of a team game (``teams``, as
    seats; empty for a game of single seats); False when matplotlib (the ``report`` extra) is missing, and
    the plot with it."""
    with (out / "records.jsonl").open("w", encoding="utf-8") as f:
        for outcome in outcomes:
            f.write(json.dumps(outcome.record, ensure_ascii=False) + "\n")
    named = {"teams": [list(team) for team in teams]} if teams else {}
    summary = {"game": game, **settings, "games": len(outcomes), **named, "bots": [r.as_dict() for r in results]}
    (out / "results.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    (out / "results.md").write_text(markdown(game, results, len(outcomes), teams), encoding="utf-8")
    return plot(out / "plot.png", game, results)


def plot(path: Path, game: str, results: Sequence[BotResult]) -> bool:
    """Mean return and edge per bot, each with its 95 % interval, as a PNG; False, and nothing drawn, without
    matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = ["\n".join(textwrap.wrap(r.bot.replace(",", ", "), 32)) for r in results]
    fig, axes = plt.subplots(1, 2, sharey=True, dpi=110,
                             figsize=(9, 1.2 + 0.3 * sum(name.count("\n") + 2 for name in names)))
    panels = (("mean return per game", [(r.mean, r.ci_low, r.ci_high) for r in results]),
              ("edge over the other bots", [(r.edge, r.edge_low, r.edge_high) for r in results]))
    rows = range(len(results))
    for ax, (label, values) in zip(axes, panels, strict=True):
        ax.barh(rows, [v for v, _, _ in values], capsize=5, color="#4c78a8",
                xerr=[[v - low for v, low, _ in values], [high - v for v, _, high in values]])
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel(label)
    axes[0].set_yticks(rows, names, fontsize=8)
    axes[0].invert_yaxis()
    fig.suptitle(f"{game}: 95 % intervals")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True
