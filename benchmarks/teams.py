"""Team Tock's strength goal, by hand: ``.venv/bin/python -m benchmarks teams [--iters 100] [--games 200]``.

Two ``strong`` partners play two ``heuristic`` partners at 2-v-2 Tock
(``tock?players=4&teams=pairs``: seats a and c against b and d). The goal:
the strong team wins at least 65 % of at least 200 games, the low end of
the 95 % Wilson interval of that share above 55 %.

The games are the arena's fair schedule over the teams: each deal (its own
seed, from ``--seed``) is played twice, the strong team at seats a and c
(seat a plays first) and then at b and d, so each team starts half the
games and the luck of a deal falls on both alike. ``strong`` plays on an
iteration budget (``--iters``: paired playouts per move), so the result
does not move with the machine's load. A line per game shows the running
count, and after every deal the arena's ``results.json`` and ``results.md``
are written again under ``docs/strength/tock-pairs-4/strong-v-heuristic/``
(so a run cut short keeps the figures of the games it finished, and
``strength.md``'s table shows the run: ``python -m benchmarks strength
--table-only``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.anchors import Anchored
from benchmarks.strength import commit
from parlour import load_game
from parlour.arena import report
from parlour.arena.play import Outcome
from parlour.arena.runner import run
from parlour.arena.schedule import schedule, seatings
from parlour.arena.stats import summarize
from parlour.arena.tournament import BULKY
from parlour.bots.reasons import wilson

SPEC = "tock?players=4&teams=pairs"
ITERATIONS = 100
"""``strong``'s playouts per move: the least budget found to meet the goal (docs/strength/NOTES.md)."""
GOAL = 0.65
"""The strong team's share of wins to reach."""
FLOOR = 0.55
"""The least low end of the 95 % Wilson interval of that share."""
OUT = Path(__file__).resolve().parent.parent / "docs" / "strength" / "tock-pairs-4" / "strong-v-heuristic"


def strong_won(outcome: Outcome) -> bool:
    """Whether the team of bot 0 (``strong``) won ``outcome``'s game: a seat of theirs got the winner's return."""
    return any(bot == 0 and value > 0 for bot, value in zip(outcome.task.seating, outcome.returns, strict=True))


def write(args: argparse.Namespace, bots: list[str], outcomes: list[Outcome], seconds: float) -> None:
    """The arena's ``results.json`` and ``results.md`` of the games played so far, into ``args.out``."""
    game = load_game(SPEC)
    noted = {"spec": game.name_with_rules(), "seed": args.seed, "workers": 1, "bot_specs": bots,
             "seconds": round(seconds, 1), "full_games": 200, "commit": commit()}
    args.out.mkdir(parents=True, exist_ok=True)
    report.write(args.out, game.name_with_rules(), noted, outcomes, summarize(bots, outcomes, game.teams()),
                 game.teams())
    for bulky in BULKY:
        (args.out / bulky).unlink(missing_ok=True)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The options of a run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iters", type=int, default=ITERATIONS, help="strong's playouts per move")
    parser.add_argument("--games", type=int, default=200, help="games (rounded up to whole deals: 2 a deal)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT, help="the folder for results.json and results.md")
    return parser.parse_args(argv)


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Play the games, write the arena's figures; the strong team's share of wins beside the goal."""
    args = parse(argv)
    game = load_game(SPEC)
    teams = game.teams()
    bots = [f"strong:iters={args.iters}", "heuristic"]
    tasks = schedule(len(bots), game.num_players, args.games, args.seed, teams)
    wins = played = 0

    def tell(outcome: Outcome) -> None:
        nonlocal wins, played
        played += 1
        wins += strong_won(outcome)
        low, high = wilson(wins, played)
        side = "a+c" if outcome.task.seating[0] == 0 else "b+d"
        print(f"game {played}/{len(tasks)} (seed {outcome.task.seed}, strong at {side}): strong team "
              f"{'won' if strong_won(outcome) else 'lost'}; {wins}/{played} = {wins / played:.1%} "
              f"[{low:.1%}, {high:.1%}]", flush=True)

    start = time.perf_counter()
    outcomes: list[Outcome] = []
    deal = len(seatings(len(bots), game.num_players, teams))  # the games of one deal: one per seating
    for first in range(0, len(tasks), deal):
        outcomes += run(game.name_with_rules(), bots, tasks[first:first + deal], on_result=tell)
        write(args, bots, outcomes, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    summary = json.loads((args.out / "results.json").read_text(encoding="utf-8"))
    searched = summary["bots"][0].get("iterations")
    share = wins / played
    low, high = wilson(wins, played)
    print(f"{SPEC}, {bots[0]} partners v {bots[1]} partners: {wins} wins in {played} games "
          f"({share:.1%}, 95 % Wilson [{low:.1%}, {high:.1%}]) in {seconds:.0f} s", flush=True)
    return [
        Anchored(f"strong team's wins, {played} games, `strong:iters={args.iters}`", 100 * share, "%",
                 f"goal: ≥ {GOAL:.0%} of ≥ 200 games", share >= GOAL and played >= 200),
        Anchored("low end of its 95 % Wilson interval", 100 * low, "%", f"goal: above {FLOOR:.0%}", low > FLOOR),
        Anchored("strong's playouts per move searched", searched or 0.0, "", f"budget {args.iters}"),
    ]
