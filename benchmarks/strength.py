"""Bot strength per game, preset and seat count, by hand: ``.venv/bin/python -m benchmarks strength``.

For every configuration (Tonk's four presets at 2, 3 and 4 players; Tock at
2, 4 and 6; Plonk) it plays two arena tournaments with fair seating and
duplicate deals: ``strong`` against ``heuristic``, and ``heuristic`` against
``random``. Each writes its raw ``results.json`` (with ``seconds``, the time
it took) under ``docs/strength/<configuration>/<matchup>/``, and the table in
``docs/strength.md`` is rebuilt from every ``results.json`` found there (and
``docs/strength/NOTES.md``, written by hand, below it), so a
run may be cut short, resumed with ``--only``, or extended one configuration
at a time.

``strong`` plays on an *iteration* budget (``ITERATIONS``: about what 200 ms
gave per move on the shared development machine), so that the results do not
move with the machine's load; the table shows the search each bot actually
did per move. The goal is met where the first bot's edge (its mean return
less that of the other bot's seats in the same games) has its 95 % interval
above zero.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.anchors import Anchored
from parlour import load_game
from parlour.arena.tournament import tournament

OUT = Path(__file__).resolve().parent.parent / "docs"


@dataclass(frozen=True)
class Config:
    """One game, preset and seat count, with the games a full run plays per tournament."""

    spec: str
    games: int

    @property
    def slug(self) -> str:
        """The folder name: ``tonk-speno-2``."""
        game = load_game(self.spec)
        preset = self.spec.partition(":")[2].partition("?")[0]
        return "-".join(filter(None, (game.spec.name, preset, str(game.num_players))))


ITERATIONS = {("tonk", 2): 1500, ("tonk", 3): 1500, ("tonk", 4): 700, ("plonk", 4): 900,
              ("tock", 2): 120, ("tock", 4): 200, ("tock", 6): 130}
"""``strong``'s iterations (paired root: playouts) per move, by game and seat count."""

CONFIGS = (
    *(Config(f"tonk:{preset}?players={n}", 1000) for preset in ("speno", "classic", "texas", "pagat")
      for n in (2, 3, 4)),
    *(Config(f"tock?players={n}", 48) for n in (2, 4, 6)),
    Config("plonk", 100),
)
"""Every configuration, with the games per tournament that make its intervals narrow enough."""


def matchups(config: Config) -> dict[str, list[str]]:
    """The tournaments of one configuration, by folder name: the bot to judge first."""
    game = load_game(config.spec)
    strong = f"strong:iters={ITERATIONS[(game.spec.name, game.num_players)]}"
    return {"strong-v-heuristic": [strong, "heuristic"], "heuristic-v-random": ["heuristic", "random"]}


def matchup(config: Config, name: str, bots: list[str], games: int, workers: int, seed: int,
            out: Path) -> dict[str, Any]:
    """Play one tournament, write its files into ``out/strength/<slug>/<name>``; its summary."""
    folder = out / "strength" / config.slug / name
    tournament(config.spec, bots, games, folder, workers, seed, {"full_games": config.games, "commit": commit()},
               figures_only=True)
    summary: dict[str, Any] = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    return summary


def commit() -> str:
    """The code that played: the checkout's commit, ``+`` when it has changes not committed."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=False,
                              cwd=Path(__file__).parent).stdout.strip()

    return git("rev-parse", "--short", "HEAD") + ("+" if git("status", "--porcelain", "--", "src") else "")


def table(out: Path) -> str:
    """``strength.md``: one row per tournament found under ``out/strength``."""
    rows = []
    total = full = 0.0
    for path in sorted((out / "strength").glob("*/*/results.json")):
        summary = json.loads(path.read_text(encoding="utf-8"))
        first, second = summary["bots"]
        met = "yes" if first["edge_low"] > 0 else "no"
        search = "; ".join(f"{b['iterations']:,.0f}" for b in summary["bots"] if b.get("iterations") is not None)
        rows.append(f"| {summary['spec']} | `{first['bot']}` v `{second['bot']}` | {summary['games']} | "
                    f"{first['edge']:+.3f} [{first['edge_low']:+.3f}, {first['edge_high']:+.3f}] | "
                    f"{first['mean']:+.3f} / {second['mean']:+.3f} | {search or '–'} | {met} | "
                    f"{summary['seconds']:.0f} | {summary.get('commit', '–')} |")
        total += summary["seconds"]
        full += summary["seconds"] * summary["full_games"] / summary["games"]
    head = [
        "# Bot strength",
        "",
        "Made by `.venv/bin/python -m benchmarks strength` (the raw `results.json` of each tournament under",
        "`docs/strength/<game-preset-players>/<matchup>/`). Fair seating and duplicate deals; *edge*: the first",
        "bot's mean return less that of the other bot's seats in the same games, with its 95 % interval over",
        "deals; *goal met*: that interval lies above zero. `strong` plays on an iteration budget, so the",
        "results do not depend on the machine's load; *search/move* is the mean iterations (paired root:",
        "playouts) it actually did per move with a choice.",
        "",
        f"These tournaments took {total / 3600:.1f} h on one worker; at the full game counts (`--games 0`) the",
        f"same tournaments would take about {full / 3600:.0f} h.",
        "",
        "| game | bots | games | edge of the first [95 % CI] | means | search/move | goal met | seconds | code |",
        "|---|---|---:|---|---|---:|---|---:|---|",
    ]
    tail = []
    for extra in ("NOTES.md", "VERSUS.md", "LEVELS.md"):  # by hand; versus-openspiel's, levels' tables
        path = out / "strength" / extra
        if path.exists():
            tail += ["", path.read_text(encoding="utf-8").rstrip()]
    return "\n".join(head + rows + tail) + "\n"


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The options of a run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="games per tournament (default 0: each "
                        "configuration's full count)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default="", help="only configurations whose folder name contains this")
    parser.add_argument("--matchup", default="", help="only matchups whose name contains this")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT, help="the docs folder to write into")
    parser.add_argument("--table-only", action="store_true", help="only rebuild strength.md")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> str:
    """Play the chosen tournaments, rebuild ``strength.md``; its text."""
    args = parse(argv)
    if not args.table_only:
        for config in CONFIGS:
            if args.only not in config.slug:
                continue
            for name, bots in matchups(config).items():
                if args.matchup not in name:
                    continue
                summary = matchup(config, name, bots, args.games or config.games, args.workers, args.seed,
                                     args.out)
                first = summary["bots"][0]
                print(f"{config.slug} {name}: {summary['games']} games in {summary['seconds']:.0f} s, edge "
                      f"{first['edge']:+.3f} [{first['edge_low']:+.3f}, {first['edge_high']:+.3f}]", flush=True)
                (args.out / "strength.md").write_text(table(args.out), encoding="utf-8")
    text = table(args.out)
    (args.out / "strength.md").write_text(text, encoding="utf-8")
    return text


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each chosen tournament's edge beside zero, the goal (its interval above it), read back from the
    ``results.json`` files after the run, for ``python -m benchmarks strength``."""
    args = parse(argv)
    main(argv)
    figures = []
    for path in sorted((args.out / "strength").glob("*/*/results.json")):
        if args.only not in path.parent.parent.name or args.matchup not in path.parent.name:
            continue
        summary = json.loads(path.read_text(encoding="utf-8"))
        first, second = summary["bots"]
        figures.append(Anchored(f"{summary['spec']}: `{first['bot']}` v `{second['bot']}`, {summary['games']} games, "
                                "edge", first["edge"], "", f"goal: 95 % interval [{first['edge_low']:+.3f}, "
                                f"{first['edge_high']:+.3f}] above 0", first["edge_low"] > 0))
    return figures


if __name__ == "__main__":
    main()
