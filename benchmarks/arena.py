"""How the arena scales, by hand: ``.venv/bin/python -m benchmarks arena [--games 4000] [--rounds 3]``.

Cheap bots (``heuristic`` against ``heuristic`` at 2-player Tonk) make the
cost of handing games to workers show: the table gives games per second on
one local worker and on two, and the same games on a local Ray cluster of two
workers beside two local workers (Ray started once, before the timing, as a
cluster already running would be). Each measurement alternates with its
counterpart ``--rounds`` times, so that a change in the shared machine's load
hits both alike; the best round of each is kept.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from benchmarks.anchors import Anchored
from parlour.arena.runner import run
from parlour.arena.schedule import schedule

SPEC = "tonk:speno?players=2"
BOTS = ("heuristic", "heuristic")


def timed(games: int, workers: int, backend: str = "local") -> Callable[[], float]:
    tasks = schedule(len(BOTS), 2, games, seed=1)

    def once() -> float:
        start = time.perf_counter()
        run(SPEC, BOTS, tasks, workers=workers, backend=backend)
        return time.perf_counter() - start

    return once


def best_of(rounds: int, *runs: Callable[[], float]) -> list[float]:
    """The least seconds of each run over ``rounds`` alternating rounds."""
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for i, once in enumerate(runs):
            best[i] = min(best[i], once())
    return best


def measure(argv: Sequence[str] | None = None) -> tuple[str, list[Anchored]]:
    """Time the runs, print the table; its text and the figures beside their anchors."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games per local measurement")
    parser.add_argument("--ray-games", type=int, default=1000, help="games per Ray measurement")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    one, two = best_of(args.rounds, timed(args.games, 1), timed(args.games, 2))
    rows = [
        f"| local, 1 worker | {args.games} | {one:.2f} s | {args.games / one:,.0f} | 1.00× |",
        f"| local, 2 workers | {args.games} | {two:.2f} s | {args.games / two:,.0f} | {one / two:.2f}× |",
    ]
    figures = [
        Anchored("local, 1 worker", args.games / one, "games/s", "the other runs' anchor"),
        Anchored("local, 2 workers", args.games / two, "games/s",
                 f"1 worker {args.games / one:,.0f} games/s (ratio {one / two:.2f}×)"),
    ]
    try:
        import ray
    except ImportError:
        rows.append("| Ray | – | – | – | not installed (pip install -e '.[cluster]') |")
    else:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            local, on_ray = best_of(args.rounds, timed(args.ray_games, 2), timed(args.ray_games, 2, "ray"))
        finally:
            ray.shutdown()
        rows += [
            f"| local, 2 workers | {args.ray_games} | {local:.2f} s | {args.ray_games / local:,.0f} | 1.00× |",
            f"| Ray, 2 workers | {args.ray_games} | {on_ray:.2f} s | {args.ray_games / on_ray:,.0f} | "
            f"{on_ray / local:.2f}× the time |",
        ]
        figures.append(Anchored("Ray, 2 workers", args.ray_games / on_ray, "games/s",
                                f"2 local workers {args.ray_games / local:,.0f} games/s on the same games "
                                f"(ratio {local / on_ray:.2f}×)"))
    text = "\n".join([
        f"`{SPEC}`, `{' v '.join(BOTS)}`, best of {args.rounds} alternating rounds:",
        "",
        "| run | games | time | games/s | ratio |",
        "|---|---:|---:|---:|---|",
        *rows,
    ])
    print(text)
    return text, figures


def main(argv: Sequence[str] | None = None) -> str:
    """Time the runs, print the table; its text."""
    return measure(argv)[0]


def bench(argv: Sequence[str]) -> list[Anchored]:
    """The games/s of each run beside one local worker's, for ``python -m benchmarks arena``."""
    return measure(argv)[1]


if __name__ == "__main__":
    main()
