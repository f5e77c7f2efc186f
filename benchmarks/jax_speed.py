"""Steps per second of the JAX environments (``parlour.jax``) beside ``parlour.rl.vector_env``'s, in one run:
``.venv/bin/python -m benchmarks jax_speed [--games plonk tonk tock] [--device cpu|gpu] [--batch 1024]``.

The JAX side is ``--batch`` matches stepped together in one jitted function (``parlour.jax.batch.Stepper``,
``--steps`` steps in a ``jax.lax.fori_loop``): each step draws a random legal word for every match inside the jitted
code (``random_words``), plays it with pgx's ``step`` semantics and computes the observation of the player to move;
new matches for the finished ones are made in bulk, only where due, and so are the new deals of the ``Chanced`` envs
(``parlour.jax.batch``: Plonk's and Tonk's; Tock's draws its chance inside its ``step``). A step is one word in
every match: the rate is words per second over all matches, in wall time (XLA uses every core it is given), the best
of ``--rounds`` timed calls after one untimed call; the compile time (``lower().compile()``) is printed apart. The
Python side is ``vector_env(spec, 64)``'s learner words per second (seat 0, the other seats random bots playing
inside each step), in this process's CPU time as ``rl_vector`` times it, times the number of players: every seat's
words, the issue's yardstick (``GOALS``). ``--device`` picks the JAX backend (``cpu``, ``gpu``: what ``jax.devices``
names).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

import jax

import parlour.jax
from benchmarks.anchors import Anchored
from benchmarks.rl_vector import vector_rate
from parlour.core.registry import load_game
from parlour.jax.batch import Stepper, random_words

GOALS = {"plonk": 10, "tonk": 5, "tock": 3}
"""Issue 42's goals at batch 1,024 on the CPU: the JAX steps/s over vector_env's every-seat words/s, by game."""
COMPILE_GOAL = 30.0
"""Issue 42's goal for one env's compile on the CPU, in seconds."""
GOAL_BATCH = 1024
"""The batch at which the goals are set."""
VECTOR_ENVS = 64


def runner(env: Any, batch: int, steps: int) -> Callable[[Any, jax.Array], Any]:
    """The jitted ``steps`` steps of ``batch`` matches (module docstring), from a batch state and a key."""
    stepper = Stepper(env, batch, autoreset=True)

    def one(_: int, carry: tuple[Any, jax.Array]) -> tuple[Any, jax.Array]:
        state, key = carry
        key, choose, chance = jax.random.split(key, 3)
        return stepper.stepped(state, random_words(state.legal_action_mask, choose), chance), key

    def run(state: Any, key: jax.Array) -> Any:
        return jax.lax.fori_loop(0, steps, one, (state, key))[0]

    return jax.jit(run)


def jax_rate(spec: str, batch: int, steps: int, rounds: int, seed: int) -> tuple[float, float]:
    """(steps per second over all matches, compile seconds) of ``spec``'s JAX env on the default device."""
    env = parlour.jax.make(spec)
    key = jax.random.PRNGKey(seed)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, batch))
    start = time.perf_counter()
    run = runner(env, batch, steps).lower(state, key).compile()
    compile_s = time.perf_counter() - start
    state = run(state, key)
    best = float("inf")
    for k in range(rounds):
        start = time.perf_counter()
        state = run(state, jax.random.fold_in(key, k))
        jax.block_until_ready(state.observation)
        best = min(best, time.perf_counter() - start)
    return batch * steps / best, compile_s


def main(argv: Sequence[str] | None = None) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GOALS), help="the specs timed (default: the three games)")
    parser.add_argument("--batch", type=int, default=1024, help="matches stepped together by the JAX env")
    parser.add_argument("--steps", type=int, default=500, help="steps in one timed jitted call")
    parser.add_argument("--rounds", type=int, default=3, help="timed calls of each side; the best is kept")
    parser.add_argument("--vector-steps", type=int, default=20_000, help="learner words timed for vector_env")
    parser.add_argument("--device", default=None, help="the JAX backend: cpu or gpu (default: JAX's default)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    device = jax.devices(args.device)[0] if args.device else jax.devices()[0]
    found = {}
    for spec in args.games:
        with jax.default_device(device):
            rate, compile_s = jax_rate(spec, args.batch, args.steps, args.rounds, args.seed)
        players = load_game(spec).num_players
        vector = max(vector_rate(VECTOR_ENVS, args.vector_steps, args.seed + k, spec=spec, opponent="random")
                     for k in range(args.rounds))
        seats = vector * players
        goal = GOALS.get(load_game(spec).spec.name)
        judged = device.platform == "cpu" and args.batch == GOAL_BATCH
        print(f"{spec}: JAX on {device.platform}, {args.batch} matches: {rate:,.0f} steps/s (compile "
              f"{compile_s:.1f} s); vector_env({spec!r}, {VECTOR_ENVS}): {vector:,.0f} learner words/s, "
              f"{seats:,.0f} every seat's (CPU time); ratio {rate / seats:.1f}x"
              + (f" (goal {goal}x at batch {GOAL_BATCH:,} on the CPU)" if goal else ""))
        found[spec] = {"jax": rate, "compile": compile_s, "vector": vector, "seats": seats,
                       "goal": goal if goal and judged else 0.0, "cpu": float(device.platform == "cpu")}
    return found


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each JAX env's steps/s beside vector_env's every-seat words/s, and its compile time, for
    ``python -m benchmarks``."""
    out = []
    for spec, rates in main(argv).items():
        ratio, goal, cpu = rates["jax"] / rates["seats"], rates["goal"], bool(rates["cpu"])
        out += [Anchored(f"jax {spec} steps/s", rates["jax"], "steps/s",
                         f"vector_env every seat {rates['seats']:,.0f} words/s (ratio {ratio:.1f}x"
                         + (f", goal {goal:g}x)" if goal else ")"), ratio >= goal if goal else None),
                Anchored(f"jax {spec} compile", rates["compile"], "s", "the jitted steps' compile (lower and compile)"
                         + (f", goal ≤ {COMPILE_GOAL:g} s on the CPU" if cpu else ""),
                         rates["compile"] <= COMPILE_GOAL if cpu else None),
                Anchored(f"vector_env {spec}, 64 games", rates["vector"], "words/s", "learner words, random opponents")]
    return out


if __name__ == "__main__":
    main()
