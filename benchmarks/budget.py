"""Does search keep its time budget? By hand: ``.venv/bin/python -m benchmarks budget``.

Plays games with the ``strong`` bot (or ``--bot``) at every seat and times
each move that had a choice, from the call to ``choose`` to its answer; per
game it prints the moves timed, the median, the 99th percentile and the worst
move time, each also as a share of the budget. The goal is a worst move at
most 5 % over the budget. The machine's load stretches single moves (a
process descheduled mid-iteration), so run it on a quiet machine and look at
the 99th percentile beside the worst.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.anchors import Anchored
from parlour import load_game
from parlour.bots import make_bot

GAMES = ("tonk:speno?players=2", "tonk:classic?players=4", "plonk", "tock?players=4", "tock?players=6")


@dataclass(frozen=True)
class Timing:
    """One game's move times, in milliseconds, against the budget."""

    spec: str
    budget: float
    times: tuple[float, ...]

    def quantile(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def row(self) -> str:
        median, p99, worst = self.quantile(0.5), self.quantile(0.99), max(self.times)
        return (f"| {self.spec} | {len(self.times)} | {median:.0f} | {p99:.0f} ({p99 / self.budget - 1:+.1%}) | "
                f"{worst:.0f} ({worst / self.budget - 1:+.1%}) |")


def time_moves(spec: str, bot_spec: str, budget: float, moves: int, seed: int) -> Timing:
    """The time of ``moves`` searched moves of ``bot_spec`` playing every seat of ``spec`` games."""
    game = load_game(spec)
    bot = make_bot(bot_spec, game)
    rng = random.Random(seed)
    times: list[float] = []
    deal = seed
    while len(times) < moves:
        state = game.new_state(deal)
        deal += 1
        while not state.is_terminal and len(times) < moves:
            seat, legal = state.current_player, state.legal_actions()
            start = time.perf_counter()
            action = bot.choose(state.view(seat), legal, rng)
            if len(legal) > 1:
                times.append((time.perf_counter() - start) * 1000)
            state.apply(action)
    return Timing(spec, budget, tuple(times))


def main(argv: Sequence[str] | None = None) -> list[Timing]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=float, default=200, help="the time budget per move")
    parser.add_argument("--bot", default="strong", help="bot spec; ms=… is added")
    parser.add_argument("--moves", type=int, default=100, help="moves timed per game")
    parser.add_argument("--only", default="", help="only games whose spec contains this")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    bot_spec = f"{args.bot}{',' if ':' in args.bot else ':'}ms={args.ms:g}"
    print(f"{bot_spec}: move times in ms for a budget of {args.ms:g} ms\n")
    print("| game | moves | median | 99th percentile | worst |\n|---|---:|---:|---:|---:|", flush=True)
    timings = []
    for spec in GAMES:
        if args.only in spec:
            timing = time_moves(spec, bot_spec, args.ms, args.moves, args.seed)
            print(timing.row(), flush=True)
            timings.append(timing)
    return timings


OVER = 0.05
"""The goal: the worst move at most this share over the budget."""


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each game's worst and 99th-percentile move beside the budget, for ``python -m benchmarks budget``."""
    figures = []
    for timing in main(argv):
        worst, p99 = max(timing.times), timing.quantile(0.99)
        figures += [
            Anchored(f"{timing.spec}: worst of {len(timing.times)} moves", worst, "ms",
                     f"budget {timing.budget:g} ms ({worst / timing.budget - 1:+.1%}); goal ≤ {OVER:.0%} over",
                     worst <= timing.budget * (1 + OVER)),
            Anchored(f"{timing.spec}: 99th percentile", p99, "ms",
                     f"budget {timing.budget:g} ms ({p99 / timing.budget - 1:+.1%})"),
        ]
    return figures


if __name__ == "__main__":
    main()
