"""Resets over many seeds through the libraries' own checks, by hand: ``.venv/bin/python -m benchmarks rl_resets``.

About 2 % of one-hand Tonk deals decide the game at once. For every preset
below and every seed of ``--seeds`` (1,000 by default), this runs

* PettingZoo's ``api_test`` on ``parlour.rl.env`` with its episodes turned to
  start at that seed (``StartingAt``: the test seeds 0, or nothing),
* OpenSpiel's ``rl_environment`` reset on the game whose chance nodes draw that seed: its
  first time step must be a decision of a seat (skipped without ``pyspiel``),

and once per preset PettingZoo's ``performance_benchmark`` (its own 5 s),
from the first seed whose first game is over at the deal where there is one.
It prints a Markdown table (games passed over at the deal, failures, time)
and exits 1 after naming each failure's preset, seed and error. The tests
(``tests/rl``, ``tests/openspiel``) check a few such seeds each run; this is
the full sweep, too long for them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import time
import traceback
import warnings
from collections.abc import Sequence
from typing import Any

from pettingzoo.test import api_test, performance_benchmark

import parlour.rl
from benchmarks.anchors import Anchored

PRESETS: list[tuple[str, int]] = [
    ("plonk", 4), ("tonk:speno", 2), ("tonk:pagat", 4), ("tonk:classic?jokers=2", 3), ("tonk:pagat", 6),
    ("tock", 4), ("tock", 6), ("tock", 8),
]
"""(spec, players): a preset of each game, each Tock board size, and the Tonk tables where a reset was once
found to hand out a game already finished."""

SHOWN = 10
"""Failures printed in full at most."""


class StartingAt(parlour.rl.ParlourEnv):
    """``parlour.rl.env`` with its first reset and every seeded one turned to seed ``start``, so that
    PettingZoo's checks (which seed 0, or nothing) play the episodes that follow ``reset(seed=start)``."""

    def __init__(self, spec: str, start: int, **flags: Any) -> None:
        super().__init__(spec, **flags)
        self.start = start

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=self.start if seed is not None or self.game_state is None else None, options=options)


def over_at_the_deal(env: parlour.rl.ParlourEnv, seed: int) -> bool:
    """Whether the first game that ``reset(seed=seed)`` deals is over at the deal."""
    return bool(env.game.new_state(random.Random(seed).getrandbits(64)).is_terminal)


def openspiel_first_step(spec: str, players: int, seed: int) -> None:
    """Raise unless ``rl_environment``'s first time step, its chance nodes drawing ``seed``, is a seat's decision."""
    import pyspiel
    from open_spiel.python import rl_environment

    import parlour.openspiel
    from parlour.openspiel.state import SEED_BYTES

    parlour.openspiel.register()
    name, _, preset = spec.partition(":")
    game = pyspiel.load_game(parlour.openspiel.PREFIX + name, {"preset": preset, "players": players})
    drawn = list(seed.to_bytes(SEED_BYTES, "big"))
    step = rl_environment.Environment(game, chance_event_sampler=lambda state: drawn.pop(0)).reset()
    player = step.observations["current_player"]
    if step.last() or not 0 <= player < game.num_players():
        raise AssertionError(f"first time step {step.step_type} with current_player {player}")


def sweep(spec: str, players: int, seeds: int, openspiel: bool,
          benchmark: bool) -> tuple[list[str], list[str]]:
    """One preset's table row and its failures."""
    failures: list[str] = []
    label = f"{spec} ({players} players)"
    probe = parlour.rl.env(spec, players=players)
    decided = [seed for seed in range(seeds) if over_at_the_deal(probe, seed)]
    began = time.perf_counter()
    for seed in range(seeds):
        checks = [("api_test", lambda s=seed: api_test(StartingAt(spec, s, players=players), num_cycles=10))]
        if openspiel:
            checks.append(("rl_environment", lambda s=seed: openspiel_first_step(spec, players, s)))
        for what, check in checks:
            try:
                with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
                    warnings.simplefilter("ignore")
                    check()
            except Exception:
                failures.append(f"{label} seed {seed}, {what}:\n{traceback.format_exc(limit=3)}")
    checked = time.perf_counter() - began
    turns = "not run"
    if benchmark:
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                performance_benchmark(StartingAt(spec, decided[0] if decided else 0, players=players))
            turns = out.getvalue().split(" turns per second")[0].rsplit("\n", 1)[-1].split(".")[0]
        except Exception:
            failures.append(f"{label} performance_benchmark:\n{traceback.format_exc(limit=3)}")
            turns = "failed"
    row = [f"`{label}`", str(seeds), str(len(decided)), str(len(failures)), f"{checked:.1f}", turns]
    return row, failures


def measure(argv: Sequence[str] | None = None) -> tuple[list[str], list[Anchored]]:
    """Sweep the chosen presets and print the table; the failures, and each preset's count of them beside none."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000, help="seeds 0 … N-1 per preset (default 1000)")
    parser.add_argument("--only", default="", help="comma-separated preset labels' beginnings (default: all)")
    parser.add_argument("--no-benchmark", action="store_true", help="skip performance_benchmark (5 s a preset)")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
        openspiel = True
    except ImportError:
        openspiel = False
    rows, failures, figures = [], [], []
    for spec, players in PRESETS:
        if args.only and not any(spec.startswith(o) for o in args.only.split(",")):
            continue
        row, failed = sweep(spec, players, args.seeds, openspiel, not args.no_benchmark)
        rows.append(row)
        failures += failed
        figures.append(Anchored(f"{spec} ({players} players): failures over {args.seeds} seeds", len(failed), "",
                                f"goal: none ({row[2]} first games over at the deal; "
                                f"performance_benchmark {row[5]} turns/s)", not failed))
    print("| preset | seeds | first game over at the deal | failures | seconds | benchmark turns/s |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\nChecks per seed: PettingZoo api_test{', OpenSpiel rl_environment reset' if openspiel else ''}"
          f"{'' if openspiel else ' (OpenSpiel not installed: its check skipped)'}.")
    for failure in failures[:SHOWN]:
        print("\n" + failure)
    if len(failures) > SHOWN:
        print(f"\n… and {len(failures) - SHOWN} more failures")
    return failures, figures


def main(argv: Sequence[str] | None = None) -> int:
    """Sweep and print; the exit status: 1 when anything failed."""
    return 1 if measure(argv)[0] else 0


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each preset's failures beside none, for ``python -m benchmarks rl_resets``."""
    return measure(argv)[1]


if __name__ == "__main__":
    raise SystemExit(main())
