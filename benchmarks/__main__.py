"""``python -m benchmarks NAME [options]``: run one maintained benchmark, then its figures beside their anchors.

``python -m benchmarks --list`` lists them; ``python -m benchmarks NAME --help`` gives one benchmark's options.
Every benchmark prints its own detailed output first, then the table of ``anchors``: each headline figure, the
figure it is compared to (OpenSpiel's timed in the same run, a goal, the ratings stored before the run) and
whether a goal was met. The exit status is 0 whatever the verdicts (goals are read, not enforced: several are
known to be missed), 2 for an unknown name or bad options.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.anchors import Anchored, table


@dataclass(frozen=True)
class Benchmark:
    """A maintained benchmark: its name on the command line, its module and what it measures, in a line."""

    name: str
    module: str
    description: str


BENCHMARKS = (
    Benchmark("speed", "speed", "engine steps, clone, determinize and Tock's 7 splits beside OpenSpiel's C++ games"),
    Benchmark("load_server", "load_server", "scripted clients at 50/100/200 tables against `parlour serve`: "
              "round trips beside the goal p99 ≤ 50 ms"),
    Benchmark("accounts_scale", "accounts_scale", "5,000 accounts and 2,000 turn-based tables on PostgreSQL: pages, "
              "clock sweep, Play now beside their goals"),
    Benchmark("strength", "strength", "strong v heuristic and heuristic v random in every configuration: edges "
              "beside zero (writes docs/strength.md)"),
    Benchmark("teams", "teams", "2-v-2 Tock, strong partners v heuristic partners: the strong team's wins beside "
              "the goal ≥ 65 % (Wilson low end > 55 %)"),
    Benchmark("levels", "levels", "the levels' round-robin: each level's fitted rating beside the stored one "
              "and the level below"),
    Benchmark("budget", "budget", "search bots' move times beside their time budget (worst ≤ 5 % over)"),
    Benchmark("arena", "arena", "arena games/s on 1 and 2 local workers and on Ray, beside 1 worker"),
    Benchmark("rl_speed", "rl_speed", "PettingZoo and OpenSpiel interfaces' steps/s beside the engine's and "
              "gin_rummy's"),
    Benchmark("rl_vector", "rl_vector", "vector_env's learner steps/s at 1, 8, 64 games beside the single env"),
    Benchmark("jax_speed", "jax_speed", "Plonk's JAX env (jit + vmap, 1,024 matches) steps/s beside vector_env's "
              "words/s at 64 games"),
    Benchmark("jax_equivalence", "jax_equivalence", "random games through the JAX envs and the Python engine, "
              "compared at every word: words compared beside no difference"),
    Benchmark("jax_api", "jax_api", "pgx's api_test on every preset of the JAX envs: seconds beside passing"),
    Benchmark("rl_resets", "rl_resets", "PettingZoo api_test and OpenSpiel resets over 1,000 seeds per preset: "
              "failures beside none"),
)
"""Every maintained benchmark, in the order ``--list`` gives them."""

USAGE = "usage: python -m benchmarks NAME [options] | --list"


def listing() -> str:
    """One line per benchmark: its name and what it measures."""
    width = max(len(b.name) for b in BENCHMARKS)
    return "\n".join(f"{b.name:<{width}}  {b.description}" for b in BENCHMARKS)


def find(name: str) -> Benchmark:
    """The benchmark called ``name``; SystemExit(2) quoting it and naming every one allowed when none is."""
    for benchmark in BENCHMARKS:
        if benchmark.name == name:
            return benchmark
    allowed = ", ".join(b.name for b in BENCHMARKS)
    print(f"unknown benchmark {name!r}: choose one of {allowed} (python -m benchmarks --list)", file=sys.stderr)
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> list[Anchored]:
    """Run the benchmark named first in ``argv`` with the rest as its options; its figures, also printed."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(f"{USAGE}\n\n{listing()}")
        return []
    if args[0] == "--list":
        print(listing())
        return []
    benchmark = find(args[0])
    module = importlib.import_module(f"benchmarks.{benchmark.module}")
    figures: list[Anchored] = module.bench(args[1:])
    print()
    print(table(benchmark.name, figures), flush=True)
    return figures


if __name__ == "__main__":
    main()
