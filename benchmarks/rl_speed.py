"""Observations at engine speed: the research interfaces' steps per second beside the engine's, in one run.

Run by hand, never part of the tests::

    .venv/bin/python -m benchmarks rl_speed [--seconds 3] [--only tonk,plonk]

For each game: the engine's own steps/s (``new_state``, then
``legal_actions()`` and one random legal action applied per step); the
PettingZoo AEC environment's (``parlour.rl.env``: per step ``env.last()``,
then a random word among those its mask allows through ``env.step``;
``reset`` included, dead agents' ``step(None)`` timed but not counted) and
its ratio to the engine's; the single-agent Gymnasium environment's
(``parlour.rl.single_agent`` against ``random`` bots, whose moves are timed
too; ``reset`` included). With OpenSpiel installed (``pip install -e
'.[bench]'``): parlour's registered game (``python_parlour_<name>``) played
from ``new_initial_state`` with random legal actions, reading
``observation_tensor`` of the player to act at each decision, beside
``gin_rummy`` played the same way, and the ratio. parlour's OpenSpiel game
offers its perfect-recall information state as a string only (a whole
game's history fits no bounded tensor; ``provides_information_state_tensor``
is False), so its tensor figure is the default observer's, the one
OpenSpiel's learners read. An environment step is one word of an action
(an action takes one or more), an engine step one whole action: the ratios
compare what a learner and a player each decide per second. Each comparison
runs its two sides in alternating slices of time (``speed.compare``), so a
change in the load of the shared machine hits both alike.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.anchors import Anchored
from benchmarks.speed import INSTALL_HINT, Run, compare, import_pyspiel
from parlour import load_game, rl

clock = time.perf_counter

GIN = "gin_rummy"


@dataclass(frozen=True)
class Subject:
    """A game measured: its label, its spec, and its OpenSpiel game's name and parameters."""

    label: str
    spec: str
    name: str
    params: dict[str, Any]


SUBJECTS = (
    Subject("Tonk 2p (speno)", "tonk:speno?players=2", "tonk", {"preset": "speno", "players": 2}),
    Subject("Tonk 2p (classic)", "tonk:classic?players=2", "tonk", {"preset": "classic", "players": 2}),
    Subject("Plonk 4p", "plonk", "plonk", {"players": 4}),
    Subject("Tock 4p", "tock?players=4", "tock", {"players": 4}),
)


@dataclass
class Row:
    """One game's figures, in steps per second (None: not measured)."""

    label: str
    engine: float
    aec: float
    single: float
    spiel: float | None = None
    gin: float | None = None


def engine_play(spec: str) -> Run:
    """The engine alone: fresh deals played at random to their end; a step is one action."""
    game = load_game(spec)
    rng = random.Random(1)
    seeds = itertools.count()

    def run(seconds: float) -> tuple[float, int]:
        steps = 0
        start = clock()
        while clock() - start < seconds:
            state = game.new_state(next(seeds))
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
        return clock() - start, steps

    return run


def aec_play(spec: str) -> Run:
    """The PettingZoo AEC environment: ``last()`` then ``step`` at each step, to each game's end.

    The play is the engine's: at the start of each action, one of the legal actions drawn uniformly, then
    its words one step each. (Drawing each word uniformly from the mask would play other games: in Tonk,
    "drop" is one of two first words but one of three actions, so games end sooner and deals count more.)
    """
    env = rl.env(spec)
    env.reset(seed=1)
    rng = random.Random(1)

    def run(seconds: float) -> tuple[float, int]:
        steps = 0
        start = clock()
        words: list[int] = []
        while clock() - start < seconds:
            env.reset()
            for _ in env.agent_iter():
                _observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if not env.words.chosen:
                    legal = env.game_state.legal_actions()
                    words = list(env.words.words_of(legal[rng.randrange(len(legal))]))
                env.step(words.pop(0) if words else 0)
                steps += 1
        return clock() - start, steps

    return run


def single_play(spec: str) -> Run:
    """The single-agent Gymnasium environment against random bots: a random allowed word at each step."""
    env = rl.single_agent(spec, opponents="random")
    rng = random.Random(1)
    env.reset(seed=1)

    def run(seconds: float) -> tuple[float, int]:
        steps = 0
        start = clock()
        observation, _ = env.reset()
        while clock() - start < seconds:
            allowed = observation["action_mask"].nonzero()[0]
            observation, _reward, done, _truncated, _info = env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
            if done:
                observation, _ = env.reset()
        return clock() - start, steps

    return run


def spiel_play(pyspiel: Any, name: str, params: dict[str, Any] | None = None, observe: bool = True) -> Run:
    """An OpenSpiel game from ``new_initial_state`` to its end, chance at random, reading the observation
    tensor of the player to act before each random decision (unless not ``observe``); a step is one decision."""
    game = pyspiel.load_game(name, params or {})
    rng = random.Random(1)

    def run(seconds: float) -> tuple[float, int]:
        steps = 0
        start = clock()
        while clock() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return clock() - start, steps

    return run


def per_second(us: float) -> float:
    return 1e6 / us


def measure(subject: Subject, pyspiel: Any | None, seconds: float) -> Row:
    """One game's row; progress printed as it goes."""
    engine_us, aec_us = compare(engine_play(subject.spec), aec_play(subject.spec), seconds)
    assert aec_us is not None
    single_us, _ = compare(single_play(subject.spec), None, seconds)
    row = Row(subject.label, per_second(engine_us), per_second(aec_us), per_second(single_us))
    if pyspiel is not None:
        import parlour.openspiel

        parlour.openspiel.register()
        ours_us, gin_us = compare(spiel_play(pyspiel, parlour.openspiel.PREFIX + subject.name, subject.params),
                                  spiel_play(pyspiel, GIN), seconds)
        assert gin_us is not None
        row.spiel, row.gin = per_second(ours_us), per_second(gin_us)
    print(f"{row.label}: engine {row.engine:,.0f}/s, AEC {row.aec:,.0f}/s, single {row.single:,.0f}/s"
          + ("" if row.spiel is None else f", OpenSpiel {row.spiel:,.0f}/s vs gin_rummy {row.gin:,.0f}/s"),
          flush=True)
    return row


def ratio(ours: float | None, theirs: float | None) -> str:
    return "—" if ours is None or not theirs else f"{ours / theirs:.2f}×"


def count(value: float | None) -> str:
    return "—" if value is None else f"{value:,.0f}"


def table(rows: Sequence[Row]) -> str:
    """The Markdown table of every row: steps per second and the two ratios."""
    lines = ["| game | engine steps/s | AEC env steps/s | AEC / engine (goal ≥ 0.4×) | single-agent env steps/s "
             "| OpenSpiel steps/s + observation_tensor | gin_rummy steps/s + observation_tensor "
             "| OpenSpiel / gin_rummy (goal ≥ 1×) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r.label} | {count(r.engine)} | {count(r.aec)} | {ratio(r.aec, r.engine)} "
                     f"| {count(r.single)} | {count(r.spiel)} | {count(r.gin)} | {ratio(r.spiel, r.gin)} |")
    return "\n".join(lines)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per comparison, each side (default 3)")
    parser.add_argument("--only", default="", help="comma-separated parts of game labels to measure (default all)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> list[Row]:
    """Measure, print the table; returns the rows."""
    args = parse(argv)
    wanted = [part.lower() for part in args.only.split(",") if part]
    subjects = [s for s in SUBJECTS if not wanted or any(part in s.label.lower() for part in wanted)]
    if not subjects:
        sys.exit(f"--only {args.only!r} names none of: {', '.join(s.label for s in SUBJECTS)}")
    pyspiel = import_pyspiel()
    if pyspiel is None:
        print(f"OpenSpiel is not installed: no OpenSpiel figures ({INSTALL_HINT}).")
    rows = [measure(subject, pyspiel, args.seconds) for subject in subjects]
    print()
    print(table(rows))
    return rows


AEC_GOAL = 0.4
"""The PettingZoo environment's goal: at least this share of the engine's steps per second."""
SPIEL_GOAL = 1.0
"""parlour's OpenSpiel game's goal, observation tensor read: at least gin_rummy's steps per second."""


def anchored(row: Row) -> list[Anchored]:
    """One row's interface figures, each beside the figure it is judged against, timed in the same run."""
    aec = row.aec / row.engine
    figures = [
        Anchored(f"{row.label}: PettingZoo AEC env", row.aec, "steps/s",
                 f"engine {row.engine:,.0f} steps/s (ratio {aec:.2f}×); goal ≥ {AEC_GOAL:g}×", aec >= AEC_GOAL),
        Anchored(f"{row.label}: single-agent env", row.single, "steps/s", f"engine {row.engine:,.0f} steps/s "
                 f"(ratio {row.single / row.engine:.2f}×)"),
    ]
    if row.spiel is not None and row.gin:
        spiel = row.spiel / row.gin
        figures.append(Anchored(f"{row.label}: OpenSpiel game + observation_tensor", row.spiel, "steps/s",
                                f"gin_rummy + observation_tensor {row.gin:,.0f} steps/s (ratio {spiel:.2f}×); "
                                f"goal ≥ {SPIEL_GOAL:g}×", spiel >= SPIEL_GOAL))
    return figures


def bench(argv: Sequence[str]) -> list[Anchored]:
    """``main``'s rows beside their anchors, for ``python -m benchmarks rl_speed``."""
    return [figure for row in main(argv) for figure in anchored(row)]


if __name__ == "__main__":
    main()
