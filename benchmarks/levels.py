"""The levels' round-robin, by hand: ``.venv/bin/python -m benchmarks levels --seed 2611 --workers 2``.

Plays every level (``parlour.bots.levels``: Beginner, Casual, Expert, Master)
against every other with the arena's fair seating and duplicate deals, the
same games ``parlour arena GAME --bots level:beginner,level:expert`` plays:
one tournament per pair of levels, each level of the pair at every other
seat (in a partnership game, one team each). One Bradley–Terry fit (the arena's rating, Elo scale, mean 1500)
over all the pairs' games gives each level its rating.

Written: each tournament's arena files under
``docs/strength/levels/<configuration>/<pair>/``, the fit in
``docs/strength/levels/<configuration>/ratings.json``, the table of every
configuration in ``docs/strength/LEVELS.md`` (a section of
``docs/strength.md``, which ``python -m benchmarks strength --table-only`` rebuilds)
and the ratings the lobby shows, by game, in ``src/parlour/bots/levels.json``.

Games with long hands are played at a fraction of the search levels' time
budgets (``Config.scale``: Expert and Master keep their 1 : 5 ratio), so the
round-robin ends in an evening on two workers; the table says so.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.anchors import Anchored
from parlour import load_game
from parlour.arena import report
from parlour.arena.play import Outcome
from parlour.arena.runner import run
from parlour.arena.schedule import Task, schedule
from parlour.arena.stats import BotResult, Tally, bradley_terry, stakes_won, summarize
from parlour.bots.levels import EXPERT_MS, LEVELS, MASTER_MS, RATINGS, level_of

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "strength"


@dataclass(frozen=True)
class Config:
    """One game and seat count: the games per tournament and the share of the time budgets searched."""

    spec: str
    games: int
    scale: float = 1.0

    @property
    def slug(self) -> str:
        """The folder name: ``tonk-classic-2``."""
        game = load_game(self.spec)
        preset = self.spec.partition(":")[2].partition("?")[0]
        return "-".join(filter(None, (game.spec.name, preset, str(game.num_players))))

    def bot(self, level: str) -> str:
        """The spec of ``level`` in this configuration: a search level with its scaled time budget."""
        if level in ("expert", "master") and self.scale != 1.0:
            ms = (EXPERT_MS if level == "expert" else MASTER_MS) * self.scale
            return f"level:{level},ms={ms:g}"
        return f"level:{level}"


CONFIGS = (Config("tonk:classic?players=2", 300), Config("plonk", 4, 0.2), Config("tock?players=4", 4, 0.2))
"""The round-robin: Tonk's hands are short, so it plays at the levels' own budgets."""


def pairings(config: Config) -> list[tuple[str, ...]]:
    """The tournaments of a configuration: one per pair of levels. At a table of more seats each level of the
    pair takes every other seat, so in a partnership game (partners opposite) a level plays as one team
    against the other: four levels at one table would make partners of the first and third for good."""
    return list(itertools.combinations(LEVELS, 2))


def play(config: Config, levels: tuple[str, ...], workers: int, seed: int, out: Path) -> list[Outcome]:
    """One tournament between ``levels``, its arena files in ``out``; its outcomes, seated by level index."""
    game = load_game(config.spec)
    name = game.name_with_rules()
    bots = [config.bot(level) for level in levels]
    tasks = schedule(len(bots), game.num_players, config.games, seed)
    start = time.perf_counter()
    outcomes = run(name, bots, tasks, workers)
    seconds = time.perf_counter() - start
    out.mkdir(parents=True, exist_ok=True)
    report.write(out, name, {"spec": name, "seed": seed, "workers": workers, "bot_specs": bots,
                             "seconds": round(seconds, 1), "commit": commit()}, outcomes, summarize(bots, outcomes))
    index = [LEVELS.index(level) for level in levels]
    return [dataclasses.replace(o, task=dataclasses.replace(o.task, seating=tuple(index[b] for b in o.task.seating)))
            for o in outcomes]


def round_robin(config: Config, workers: int, seed: int, docs: Path) -> dict[str, Any]:
    """Every tournament of ``config``, then the fit over all of them, written to ``ratings.json``."""
    folder = docs / "levels" / config.slug
    tally = Tally([config.bot(level) for level in LEVELS])
    outcomes: list[Outcome] = []
    start = time.perf_counter()
    for levels in pairings(config):
        for outcome in play(config, levels, workers, seed, folder / "-".join(levels)):
            tally.add(outcome)
            outcomes.append(outcome)
    results: list[BotResult] = tally.results()
    fit = {"spec": load_game(config.spec).name_with_rules(), "seed": seed, "workers": workers, "scale": config.scale,
           "games_per_tournament": config.games, "seconds": round(time.perf_counter() - start, 1),
           "commit": commit(), "levels": {level: r.as_dict() for level, r in zip(LEVELS, results, strict=True)},
           **ratings(outcomes)}
    (folder / "ratings.json").write_text(json.dumps(fit, indent=1) + "\n", encoding="utf-8")
    return fit


def ratings(outcomes: Sequence[Outcome]) -> dict[str, dict[str, int]]:
    """The levels' ratings from ``outcomes`` (seated by level index): ``ratings``, the lobby's, fitted to the
    stakes each level won from each other (``stakes_won``: what the game pays, so that in Tonk a level that
    wins fewer hands by more stakes rates higher), and ``ratings_by_games``, fitted to who finished ahead."""
    by_stakes = bradley_terry(stakes_won(outcomes, len(LEVELS)))
    tally = Tally(list(LEVELS))
    for outcome in outcomes:
        tally.add(outcome)
    return {"ratings": {level: round(r) for level, r in zip(LEVELS, by_stakes, strict=True)},
            "ratings_by_games": {level: round(r.rating) for level, r in zip(LEVELS, tally.results(), strict=True)}}


def recorded(folder: Path) -> list[Outcome]:
    """The outcomes of a configuration's stored tournaments (each pair's ``records.jsonl``), seated by level
    index: enough to fit the ratings again without playing."""
    out: list[Outcome] = []
    for path in sorted(folder.glob("*/records.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            levels = [level_of(spec) for spec in record["players"]]
            if None in levels:
                raise SystemExit(f"{path}: players {record['players']!r} are not all levels (level:beginner …)")
            seating = tuple(LEVELS.index(str(level)) for level in levels)
            returns = tuple(float(r) for r in record["result"]["returns"])
            out.append(Outcome(Task(len(out), int(record["seed"]), seating), returns, {}))
    return out


def refit(docs: Path, ratings_path: Path, only: str) -> None:
    """Fit every stored configuration's ratings again from its records (``--refit``), keeping all else."""
    for path in sorted((docs / "levels").glob("*/ratings.json")):
        if only not in path.parent.name:
            continue
        fit = json.loads(path.read_text(encoding="utf-8"))
        fit.update(ratings(recorded(path.parent)))
        path.write_text(json.dumps(fit, indent=1) + "\n", encoding="utf-8")
        store(load_game(fit["spec"]).spec.name, fit, ratings_path)
        print(fit["spec"], fit["ratings"], "by games:", fit["ratings_by_games"], flush=True)


def store(game: str, fit: dict[str, Any], path: Path = RATINGS) -> None:
    """Keep ``fit``'s ratings for ``game`` in the package's ratings file (the lobby's)."""
    stored: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    stored[game] = {"spec": fit["spec"], "ratings": fit["ratings"], "scale": fit["scale"],
                    "games": sum(r["games"] for r in fit["levels"].values()) // load_game(fit["spec"]).num_players,
                    "seed": fit["seed"], "commit": fit["commit"]}
    path.write_text(json.dumps(dict(sorted(stored.items())), indent=1) + "\n", encoding="utf-8")


def table(docs: Path) -> str:
    """``LEVELS.md``: one row per level of every configuration found under ``docs/levels``."""
    lines = ["## Levels", "",
             "Made by `.venv/bin/python -m benchmarks levels --seed SEED --workers 2` (each tournament's arena files",
             "under `docs/strength/levels/<configuration>/<pair>/`, the fit in `ratings.json` beside them): every",
             "level against every other, fair seating and duplicate deals; *rating*: one Bradley–Terry fit over all",
             "the pairs' games to the stakes each level won from each other (Elo scale, mean 1500), what the lobby",
             "shows beside each level (from `src/parlour/bots/levels.json`); *by games*: the same fit to who",
             "finished ahead, however much the game paid. *budget*: the time a search level had per move (a",
             "fraction of its own where the hands are long); *search/move*: what it searched in that time; *CPU*:",
             "the share of that time the processor gave it (below 1: the machine was busy, and the level searched",
             "less than it does on a quiet one).", "",
             "| game | level | bot | rating | by games | seat-games | mean [95 % CI] | search/move | CPU | budget "
             "| seed | code |",
             "|---|---|---|---:|---:|---:|---|---:|---:|---|---:|---|"]
    for path in sorted((docs / "levels").glob("*/ratings.json")):
        fit = json.loads(path.read_text(encoding="utf-8"))
        for level, r in fit["levels"].items():
            budget = ("–" if level in ("beginner", "casual") else
                      f"{(EXPERT_MS if level == 'expert' else MASTER_MS) * fit['scale']:g} ms"
                      + ("" if fit["scale"] == 1.0 else f" ({fit['scale']:g} of its own)"))
            cpu = "–" if r["cpu_share"] is None else f"{r['cpu_share']:.2f}"
            by_games = fit.get("ratings_by_games", fit["ratings"])[level]
            lines.append(f"| {fit['spec']} | {level.capitalize()} | `{r['bot']}` | {fit['ratings'][level]} | "
                         f"{by_games} | "
                         f"{r['games']} | {r['mean']:+.3f} [{r['ci_low']:+.3f}, {r['ci_high']:+.3f}] | "
                         f"{report.iterations(BotResult(**r))} | {cpu} | {budget} | {fit['seed']} | {fit['commit']} |")
    notes = docs / "levels" / "NOTES.md"
    if notes.exists():
        lines += ["", notes.read_text(encoding="utf-8").rstrip()]
    return "\n".join(lines) + "\n"


def commit() -> str:
    """The code that played: the checkout's commit, ``+`` when it has changes not committed."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=False, cwd=ROOT).stdout.strip()

    return git("rev-parse", "--short", "HEAD") + ("+" if git("status", "--porcelain", "--", "src") else "")


def make_parser() -> argparse.ArgumentParser:
    """The options of a run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=None, help="the tournaments' seed, chosen before the run "
                        "(required unless --refit)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", default="", help="only configurations whose folder name contains this")
    parser.add_argument("--games", type=int, default=0, help="games per tournament (default 0: each "
                        "configuration's own)")
    parser.add_argument("--scale", type=float, default=0.0, help="the share of the search levels' time budgets "
                        "they think for (default 0: each configuration's own; 1: the budgets a person meets)")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs/strength folder to write into")
    parser.add_argument("--ratings", type=Path, default=RATINGS, help="the lobby's ratings file to update")
    parser.add_argument("--refit", action="store_true", help="play nothing: fit the stored tournaments' ratings "
                        "again from their records, then rewrite the table and the lobby's ratings")
    return parser


def main(argv: Sequence[str] | None = None) -> str:
    """Play (or refit) the chosen round-robins, store their ratings, rewrite ``LEVELS.md``; its text."""
    options = make_parser()
    args = options.parse_args(argv)
    if args.refit:
        refit(args.docs, args.ratings, args.only)
        text = table(args.docs)
        (args.docs / "LEVELS.md").write_text(text, encoding="utf-8")
        return text
    if args.seed is None:
        options.error("--seed is required to play (choose it before the run)")
    if args.scale < 0:
        options.error(f"--scale {args.scale:g}: a share of the time budgets is above 0 (1: the levels' own)")
    for config in CONFIGS:
        if args.only not in config.slug:
            continue
        if args.games:
            config = dataclasses.replace(config, games=args.games)
        if args.scale:
            config = dataclasses.replace(config, scale=args.scale)
        fit = round_robin(config, args.workers, args.seed, args.docs)
        store(load_game(config.spec).spec.name, fit, args.ratings)
        print(fit["spec"], fit["ratings"], f"{fit['seconds']:.0f} s", flush=True)
        text = table(args.docs)
        (args.docs / "LEVELS.md").write_text(text, encoding="utf-8")
    return table(args.docs)


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each level's new rating in every game the run rated, beside the rating the lobby showed before it and
    the level below's new one (the goal: each level above the one below), for ``python -m benchmarks levels``."""
    path = make_parser().parse_args(argv).ratings
    before = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    print(main(argv))
    after = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    figures = []
    for game, fit in after.items():
        if fit == before.get(game):
            continue
        old = before.get(game, {}).get("ratings", {})
        below: str | None = None
        for level in LEVELS:
            rating = fit["ratings"][level]
            anchor = f"before the run {old[level]}" if level in old else "not rated before the run"
            if below is not None:
                anchor += f"; goal: above {below.capitalize()} {fit['ratings'][below]}"
            figures.append(Anchored(f"{fit['spec']}: {level.capitalize()}", rating, "Elo", anchor,
                                    None if below is None else rating > fit["ratings"][below]))
            below = level
    return figures


if __name__ == "__main__":
    print(main())
