"""The games as pure JAX functions over fixed-shape arrays (pgx environments), equal to the Python engine.

Only this package and ``parlour.rl.jaxvector`` (``vector_env``'s ``backend="jax"``, imported only when asked for)
import jax and pgx (the ``jax`` extra: ``pip install parlour[jax]``). ``make("plonk")`` (with its ``target`` flag),
``make("tock")`` (with Tock's flags as a spec writes them, ``tock?players=3&extra_sevens=true``: those
``tock.OFFERED`` names) and ``make("tonk")`` (any Tonk spec,
``tonk:classic?players=3&jokers=2``) are the games so far.
"""

from __future__ import annotations

from collections.abc import Callable

import pgx.core

from parlour.core.errors import ParlourError
from parlour.core.registry import parse_spec
from parlour.jax import plonk, tock, tonk

ENVS: dict[str, Callable[[], pgx.core.Env]] = {plonk.ENV_ID: plonk.Plonk, tock.ENV_ID: tock.Tock,
                                             tonk.ENV_ID: tonk.Tonk}
"""Each game's pgx environment, by its name."""
WITH_FLAGS: dict[str, Callable[[str], pgx.core.Env]] = {tock.ENV_ID: tock.make, tonk.ENV_ID: tonk.make,
                                                        plonk.ENV_ID: plonk.make}
"""The games whose spec may carry flags (and a preset), by name: each makes the environment of a whole spec."""


def make(spec: str) -> pgx.core.Env:
    """The pgx environment of ``spec`` (a game's name, with flags for the games of ``WITH_FLAGS``); any other spec
    is refused with a ``ParlourError`` quoting it and naming the games offered."""
    name = parse_spec(spec)[0]
    if name in WITH_FLAGS:
        return WITH_FLAGS[name](spec)
    if spec not in ENVS:
        raise ParlourError(f"parlour.jax.make: no JAX environment for {spec!r}; offered: {', '.join(ENVS)}")
    return ENVS[spec]()
