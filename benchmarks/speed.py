"""Engine speed: random games, µs per step (legal actions + apply) and games per second.

Run by hand: ``.venv/bin/python benchmarks/speed.py [--seconds 5] [--only tonk]``.
When OpenSpiel (``pyspiel``) is installed, its C++ games named in OPENSPIEL run
the same way in the same process and the ratio is printed.
"""

from __future__ import annotations

import argparse
import random
import time

from parlour import load_game

CONFIGS: list[tuple[str, str]] = [
    ("Tonk, 2 players (speno)", "tonk:speno?players=2"),
    ("Tonk, 2 players (classic, 2 jokers)", "tonk:classic?players=2&jokers=2"),
    ("Tonk, 4 players (pagat)", "tonk:pagat?players=4"),
    ("Plonk, match to 500", "plonk"),
    ("Tock, 4 players", "tock?players=4"),
    ("Tock, 8 players", "tock?players=8"),
]
"""(label, game spec) pairs; each game adds its own."""

OPENSPIEL: list[tuple[str, str, str]] = [
    ("OpenSpiel gin_rummy (C++)", "gin_rummy", "tonk:speno?players=2"),
    ("OpenSpiel hearts (C++)", "hearts", "plonk"),
    ("OpenSpiel bridge card play (C++)", "bridge(use_double_dummy_result=false)", "plonk"),
]
"""(label, OpenSpiel game, the parlour spec to compare it with)."""


def run_parlour(spec: str, seconds: float) -> tuple[float, float, float]:
    """(µs per step, µs per step leaving out the deal, games per second) for random play of ``spec``."""
    game = load_game(spec)
    rng = random.Random(1)
    steps = games = 0
    dealing = 0.0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    seed = 0
    while clock() < deadline:
        before = clock()
        state = game.new_state(seed)
        dealing += clock() - before
        seed += 1
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    elapsed = clock() - start
    return elapsed / steps * 1e6, (elapsed - dealing) / steps * 1e6, games / elapsed


def run_openspiel(name: str, seconds: float) -> tuple[float, float] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return elapsed / steps * 1e6, games / elapsed


def row(label: str, us: float, gps: float) -> None:
    print(f"{label:<44} {us:8.2f} µs/step {gps:10.1f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per configuration")
    parser.add_argument("--only", default="", help="run only specs containing this text")
    args = parser.parse_args()
    measured: dict[str, float] = {}
    for label, spec in CONFIGS:
        if args.only in spec:
            us, play_us, gps = run_parlour(spec, args.seconds)
            measured[spec] = us
            row(label, us, gps)
            print(f"{'':<44} {play_us:8.2f} µs/step without the deal (new_state)")
    for label, name, ours in OPENSPIEL:
        if args.only not in ours:
            continue
        result = run_openspiel(name, args.seconds)
        if result is None:
            print(f"{label:<44} skipped: pyspiel is not installed (pip install open_spiel)")
            continue
        row(label, *result)
        if ours in measured:
            print(f"{'':<44} parlour {ours} / OpenSpiel: {measured[ours] / result[0]:.2f}×")


if __name__ == "__main__":
    main()
