"""parlour for reinforcement learning: every registered game as a PettingZoo or Gymnasium environment.

``env("tonk:speno", players=2)`` is a PettingZoo AEC environment (see
``aec``); ``single_agent("plonk", seat=0, opponents="heuristic")`` is a
Gymnasium environment where parlour bots play the other seats (see
``single``). Install with the ``rl`` extra. The action words and the
observation layout of each game are its ``encoding`` part's, written out in
``docs/rl.md``.

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

from typing import Any

import gymnasium

from parlour.core.registry import game_classes
from parlour.rl.aec import ParlourEnv
from parlour.rl.single import Opponents, SingleAgentEnv

__all__ = ["NAMESPACE", "ParlourEnv", "SingleAgentEnv", "env", "gymnasium_ids", "single_agent"]

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


def gymnasium_ids() -> dict[str, str]:
    """The Gymnasium id of each installed game with an encoding (``parlour/Tonk-v0``), by game name."""
    return {name: f"{NAMESPACE}/{name.capitalize()}-v0"
            for name, game_class in sorted(game_classes().items()) if "encoding" in game_class.parts}


def register_gymnasium_ids() -> None:
    """Register ``gymnasium_ids()`` with Gymnasium (once: an id already there is left as it is)."""
    for name, env_id in gymnasium_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{SingleAgentEnv.__module__}:SingleAgentEnv",
                               kwargs={"spec": name})


register_gymnasium_ids()
