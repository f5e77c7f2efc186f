"""parlour for reinforcement learning: every registered game as a PettingZoo or Gymnasium environment.

``env("tonk:speno", players=2)`` is a PettingZoo AEC environment (see
``aec``); ``single_agent("plonk", seat=0, opponents="heuristic")`` is a
Gymnasium environment where parlour bots play the other seats (see
``single``); ``vector_env("tonk:speno", 64, players=2, opponents="random")``
steps 64 such games at once in numpy arrays (see ``vector``; ``sb3`` makes it
a Stable-Baselines3 ``VecEnv``). Install with the ``rl`` extra. The action words and the
observation layout of each game are its ``encoding`` part's, written out in
``docs/researchers/encodings.md`` (the interfaces themselves: ``docs/rl.md``).

Importing this package registers each game with an encoding with Gymnasium
as ``parlour/<Game>-v0`` (``parlour/Tonk-v0``, …): the single-agent
environment, so ``gymnasium.make("parlour/Tonk-v0", preset="speno",
players=2, opponents="random")`` makes it, its keywords those of
``single_agent``. Gymnasium (1.x) finds third-party ids only by the import
of the module that registers them, so the id also reads with that module
named, ``gymnasium.make("parlour.rl:parlour/Tonk-v0")``, which needs no
import first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium

from parlour.core.parts import parts_of
from parlour.core.registry import game_classes
from parlour.rl.aec import ParlourEnv
from parlour.rl.single import Opponent, Opponents, SingleAgentEnv
from parlour.rl.vector import Batched, VectorEnv

__all__ = ["NAMESPACE", "Batched", "ParlourEnv", "SingleAgentEnv", "VectorEnv", "env", "gymnasium_ids", "single_agent",
           "vector_env"]

NAMESPACE = "parlour"
"""The Gymnasium namespace of parlour's ids."""


def env(spec: str, render_mode: str | None = None, **flags: Any) -> ParlourEnv:
    """The game ``spec`` (``"tonk:speno"``, ``"tock"``, ``"plonk"``; flags as keywords) for PettingZoo."""
    return ParlourEnv(spec, render_mode=render_mode, **flags)


def single_agent(spec: str, seat: int = 0, opponents: Opponents = "heuristic", render_mode: str | None = None,
                 illegal: str = "refuse", reward: str = "game", **flags: Any) -> SingleAgentEnv:
    """The game ``spec`` for one learner at ``seat``, bots (``opponents``: one bot spec, Bot or policy
    callable ``(view, legal, rng) -> action`` for all, or one per other seat, in a list or comma-separated)
    at the others, as a Gymnasium environment (see ``single``)."""
    return SingleAgentEnv(spec, seat=seat, opponents=opponents, render_mode=render_mode, illegal=illegal,
                          reward=reward, **flags)


def vector_env(spec: str, num_envs: int, seat: int | None = None,
               opponents: Opponent | Batched | Sequence[Opponent | Batched] = "heuristic", reward: str = "game",
               **flags: Any) -> VectorEnv:
    """``num_envs`` games of ``spec`` stepped together in numpy arrays, a learner in each (env ``i``'s at seat
    ``i % players``, or all at ``seat``), opponents as ``single_agent``'s or ``Batched`` policies asked for all
    envs at once (see ``vector``)."""
    return VectorEnv(spec, num_envs, seat=seat, opponents=opponents, reward=reward, **flags)


def gymnasium_ids() -> dict[str, str]:
    """The Gymnasium id of each installed game with an encoding (``parlour/Tonk-v0``), by game name."""
    return {name: f"{NAMESPACE}/{name.capitalize()}-v0"
            for name, game_class in sorted(game_classes().items()) if "encoding" in parts_of(game_class)}


def register_gymnasium_ids() -> None:
    """Register ``gymnasium_ids()`` with Gymnasium (once: an id already there is left as it is)."""
    for name, env_id in gymnasium_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{SingleAgentEnv.__module__}:SingleAgentEnv",
                               kwargs={"spec": name})


register_gymnasium_ids()
