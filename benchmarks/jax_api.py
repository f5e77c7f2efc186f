"""pgx's own API test on every preset the JAX environments offer: ``.venv/bin/python -m benchmarks jax_api
[--num 1] [--specs plonk tonk:classic?players=4 ...]``.

``pgx.api_test`` plays ``--num`` random games of one env alone and ``--num`` batches of four under ``vmap``, each
``jit``-compiled, checking at every step the state's types, the player to move, the legal mask (empty once the game
ended), that a finished game stands still, that ``observe`` differs between players, and ``save_svg``. It knows
pgx's own game ids only and draws its random actions along axis 1, which one env's 1-D mask lacks under current
NumPy, so ``api_test`` here runs it with its list of ids widened to the env's and its random player drawing along
the last axis; nothing else of it changes. The tests in ``tests/jax`` run it on one preset of each game (its two
compiles cost CI up to a minute a preset); this benchmark runs it on every spec of the equivalence benchmark
(``jax_equivalence.SPECS``: every Tonk preset at 2 and 4 players, Tock's player counts, teams and flags) and on
every Tonk preset at 3, 5 and 6 players. A failure is printed with its spec and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

import jax
import jax.numpy as jnp
import pgx
import pgx._src.api_test as pgx_api_test

import parlour.jax
from benchmarks.anchors import Anchored
from benchmarks.jax_equivalence import SPECS as EQUIVALENCE_SPECS
from parlour.games.tonk.rules import TonkRules

SPECS = (*EQUIVALENCE_SPECS,
         *(f"{TonkRules.game_name}:{preset}?players={players}" for preset in TonkRules.presets
           for players in (3, 5, 6)))
"""The specs checked by default: the equivalence benchmark's, and every Tonk preset at the other player counts."""


def draw_along_last_axis(key: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal action per mask row (a single env's 1-D mask included)."""
    return jax.random.categorical(key, jnp.log(mask.astype(jnp.float32)), axis=-1)


@contextmanager
def widened(env_id: str) -> Iterator[None]:
    """pgx's api_test accepting ``env_id`` and drawing along the last axis, for the time of the block."""
    saved = pgx_api_test.EnvId, pgx_api_test.act_randomly
    pgx_api_test.EnvId = Literal[env_id]
    pgx_api_test.act_randomly = jax.jit(draw_along_last_axis)
    try:
        yield
    finally:
        pgx_api_test.EnvId, pgx_api_test.act_randomly = saved


def api_test(env: Any, num: int = 1) -> None:
    """``pgx.api_test(env, num)`` on a parlour env (``widened``); its AssertionError when a check fails."""
    with widened(env.id):
        pgx.api_test(env, num=num)


@dataclass(frozen=True)
class Checked:
    """One spec's api_test: seconds taken (compiles included) and the failure, if any, in words."""

    spec: str
    seconds: float
    failure: str | None


def check(spec: str, num: int) -> Checked:
    """Run ``api_test`` on ``parlour.jax.make(spec)``."""
    start = time.perf_counter()
    try:
        api_test(parlour.jax.make(spec), num)
    except AssertionError as e:
        return Checked(spec, time.perf_counter() - start, f"{type(e).__name__}: {e}")
    return Checked(spec, time.perf_counter() - start, None)


def main(argv: Sequence[str] | None = None) -> list[Checked]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--num", type=int, default=1, help="random games alone and batches of four per spec")
    parser.add_argument("--specs", nargs="+", default=list(SPECS), help="the specs checked (default: SPECS)")
    args = parser.parse_args(argv)
    found = []
    for spec in args.specs:
        result = check(spec, args.num)
        verdict = "passed" if result.failure is None else f"FAILED: {result.failure}"
        print(f"{spec}: pgx api_test {verdict} ({result.seconds:.1f} s)", flush=True)
        found.append(result)
    return found


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each spec's seconds, beside the goal of passing, for ``python -m benchmarks``; exit status 1 (no table) when
    any spec fails."""
    found = main(argv)
    failed = [r.spec for r in found if r.failure is not None]
    if failed:
        print(f"pgx api_test failed on {', '.join(failed)}", file=sys.stderr)
        raise SystemExit(1)
    return [Anchored(f"{r.spec}: pgx api_test", r.seconds, "s", "passes (goal)", True) for r in found]


if __name__ == "__main__":
    main()
