"""Steps per second of ``parlour.rl.vector_env`` against the single-agent env, in one run:
``.venv/bin/python -m benchmarks rl_vector``.

A step is one word chosen by the learner (a random word of its mask), at
seat 0 in every env (the learner's seat changes the work per step: at seat 1
a third of the games end before its turn and are dealt again); the opponent
is the ``random`` bot. The single-agent env (``single_agent``, reset
by hand at each episode's end) runs first, then ``vector_env`` at each
``--envs`` size (auto-reset), each for ``--steps`` learner steps after a
short warm-up, and the ratios to the single env are printed. Both pick words
the same way, from uniform draws masked and maximised (one draw per env).
The machine is shared, so a rate is steps per second of this process's CPU
time (wall time swings with the other work), taken in ``--rounds`` rounds,
each timing every env in turn, each env's best round kept.
``--profile N`` prints the vector env's hottest functions at N envs instead;
``--spec`` plays another game (default: 2-player speno Tonk, where the goal is set),
``--opponent`` seats another bot (default ``random``). ``--self-play`` also
times ``vector_env(spec, N, seat="all")`` at each size: every seat a learner,
no bot, so its rate counts every seat's words (the words a batched policy
chooses for all the seats of self-play).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Sequence

import numpy as np

import parlour.rl
from benchmarks.anchors import Anchored

SPEC = "tonk:speno?players=2"
OPPONENT = "random"


def single_rate(steps: int, seed: int, spec: str = SPEC, opponent: str = OPPONENT) -> float:
    """The single-agent env's learner steps per second."""
    env = parlour.rl.single_agent(spec, seat=0, opponents=opponent)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    size = len(info["action_mask"])
    start = time.process_time()
    for _ in range(steps):
        word = int((rng.random(size) * info["action_mask"]).argmax())
        _, _, done, _, info = env.step(word)
        if done:
            _, info = env.reset()
    return steps / (time.process_time() - start)


def vector_rate(num_envs: int, steps: int, seed: int, spec: str = SPEC, opponent: str = OPPONENT,
                self_play: bool = False) -> float:
    """``vector_env``'s learner steps per second (all envs' steps) with ``num_envs`` games; ``self_play``: every
    seat a learner (``seat="all"``), so every word a step."""
    env = (parlour.rl.vector_env(spec, num_envs, seat="all") if self_play
           else parlour.rl.vector_env(spec, num_envs, seat=0, opponents=opponent))
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    rounds = max(1, steps // num_envs)
    for _ in range(max(1, rounds // 20)):  # warm-up: the word cache and the first deals
        env.step((rng.random(env.masks.shape) * env.masks).argmax(1))
    start = time.process_time()
    for _ in range(rounds):
        env.step((rng.random(env.masks.shape) * env.masks).argmax(1))
    return rounds * num_envs / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="learner steps timed for each env")
    parser.add_argument("--envs", type=int, nargs="+", default=[1, 8, 64], help="vector_env sizes to time")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of timings; each env's best is kept")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spec", default=SPEC, help=f"the game played (default {SPEC!r})")
    parser.add_argument("--opponent", default=OPPONENT, help=f"the opponents' bot spec (default {OPPONENT!r})")
    parser.add_argument("--profile", type=int, metavar="N", help="profile vector_env at N envs instead")
    parser.add_argument("--self-play", action="store_true",
                        help="also time vector_env(spec, N, seat='all') at each size (every seat's words)")
    args = parser.parse_args(argv)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(vector_rate, args.profile, args.steps, args.seed, args.spec, args.opponent)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return {}
    rates = {"single": 0.0, **{f"vector{n}": 0.0 for n in args.envs},
             **{f"self{n}": 0.0 for n in args.envs if args.self_play}}
    for _ in range(args.rounds):
        rates["single"] = max(rates["single"], single_rate(args.steps, args.seed, args.spec, args.opponent))
        for n in args.envs:
            rate = vector_rate(n, args.steps, args.seed, args.spec, args.opponent)
            rates[f"vector{n}"] = max(rates[f"vector{n}"], rate)
            if args.self_play:
                rate = vector_rate(n, args.steps, args.seed, args.spec, self_play=True)
                rates[f"self{n}"] = max(rates[f"self{n}"], rate)
    single = rates["single"]
    print(f"{args.spec}, opponent {args.opponent}, {args.steps:,} learner steps each, best of {args.rounds} rounds",
          flush=True)
    print(f"single_agent:    {single:8,.0f} steps/s", flush=True)
    for n in args.envs:
        rate = rates[f"vector{n}"]
        print(f"vector_env N={n:<3}: {rate:8,.0f} steps/s  ({rate / single:.2f}x the single env)", flush=True)
    for n in args.envs if args.self_play else []:
        print(f"vector_env N={n:<3} seat='all': {rates[f'self{n}']:8,.0f} words/s (every seat a learner)", flush=True)
    return rates


VECTOR_GOAL = 3.0
"""``vector_env``'s goal at 64 games: this many times the single env's learner steps per second."""
GOAL_ENVS = 64
"""The ``vector_env`` size the goal is set at."""


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each ``vector_env`` size's rate beside the single env's, for ``python -m benchmarks rl_vector``; the goal
    is set at 64 games."""
    rates = main(argv)
    if not rates:  # --profile: statistics printed, no rate measured
        return []
    single = rates["single"]
    figures = [Anchored("single_agent", single, "steps/s", "the vector envs' anchor")]
    for key, rate in rates.items():
        if key.startswith("self"):
            figures.append(Anchored(f"vector_env self-play, {key.removeprefix('self')} games", rate, "words/s",
                                    "every seat a learner (seat='all'), no bot: every seat's words"))
        if not key.startswith("vector"):
            continue
        envs = int(key.removeprefix("vector"))
        ratio = rate / single
        goal = envs == GOAL_ENVS
        figures.append(Anchored(f"vector_env, {envs} games", rate, "steps/s",
                                f"single_agent {single:,.0f} steps/s (ratio {ratio:.2f}×)"
                                + (f"; goal ≥ {VECTOR_GOAL:g}×" if goal else ""),
                                ratio >= VECTOR_GOAL if goal else None))
    return figures


if __name__ == "__main__":
    main()
