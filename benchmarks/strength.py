"""Bot strength and search speed, by hand: ``.venv/bin/python benchmarks/strength.py``.

For each game, three arena tournaments (heuristic v random, ismcts v
heuristic, ismcts v random) with fair seating and duplicate deals, printing
each bot's mean return with its 95 % interval; then ISMCTS simulations per
second on 2-player Tonk. The search is ``strong``: ISMCTS with each game's
tuned settings. ``--games`` and ``--ms`` trade time for precision.
"""

from __future__ import annotations

import argparse
import random
import time

from parlour import load_game
from parlour.arena.runner import run
from parlour.arena.schedule import schedule
from parlour.arena.stats import summarize
from parlour.bots import make_bot

GAMES = {
    "tonk": ("tonk:speno?players=2", 1000),
    "plonk": ("plonk?target=100", 100),
    "tock": ("tock?players=4", 48),
}
"""Each game's spec and the games per tournament that make its intervals narrow enough, in an hour or so."""


def tournament(spec: str, bots: list[str], games: int, workers: int, seed: int) -> None:
    game = load_game(spec)
    tasks = schedule(len(bots), game.num_players, games, seed)
    start = time.perf_counter()
    outcomes = run(game.name_with_rules(), bots, tasks, workers)
    elapsed = time.perf_counter() - start
    print(f"\n{spec}: {' v '.join(bots)} — {len(outcomes)} games in {elapsed:.0f} s")
    for r in summarize(bots, outcomes):
        print(f"  {r.bot:<40} mean {r.mean:+.3f}  95% CI [{r.ci_low:+.3f}, {r.ci_high:+.3f}]  "
              f"edge {r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}]  wins {r.wins}/{r.games}  "
              f"rating {r.rating:.0f}")


def simulations_per_second(spec: str, bot_spec: str, positions: int = 20) -> float:
    """ISMCTS iterations per second over the first decisions of a few games."""
    game = load_game(spec)
    bot = make_bot(bot_spec, game)
    iterations, elapsed = 0, 0.0
    for seed in range(positions):
        state = game.new_state(seed)
        if state.is_terminal:
            continue
        seat = state.current_player
        start = time.perf_counter()
        bot.choose(state.view(seat), state.legal_actions(), random.Random(seed))
        elapsed += time.perf_counter() - start
        iterations += getattr(bot, "last_iterations", 0)
    return iterations / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="games per tournament (default: per game)")
    parser.add_argument("--ms", type=int, default=200, help="ISMCTS time per move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default="", help="only games whose name contains this")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed-only", action="store_true", help="only the simulations per second")
    args = parser.parse_args()
    for name, (spec, games) in GAMES.items():
        if args.only not in name or args.speed_only:
            continue
        strong = f"strong:ms={args.ms}"
        for bots in (["heuristic", "random"], [strong, "heuristic"], [strong, "random"]):
            tournament(spec, bots, args.games or games, args.workers, args.seed)
    if args.only in "tonk":
        for search in ("ismcts:iters=3000,rollout=random", "ismcts:iters=3000,rollout=heuristic",
                       "strong:iters=3000"):
            rate = simulations_per_second("tonk:speno?players=2", search)
            print(f"\n{search} on 2-player Tonk: {rate:,.0f} simulations/s")


if __name__ == "__main__":
    main()
