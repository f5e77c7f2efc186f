"""parlour for reinforcement learning: every registered game as a PettingZoo or Gymnasium environment.

``env("tonk:speno", players=2)`` is a PettingZoo AEC environment (see
``aec``); ``single_agent("plonk", seat=0, opponents="heuristic")`` is a
Gymnasium environment where parlour bots play the other seats (see
``single``). Install with the ``rl`` extra. The action words and the
observation layout of each game are its ``encoding`` part's, written out in
``docs/rl.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.rl.aec import ParlourEnv
from parlour.rl.single import SingleAgentEnv

__all__ = ["ParlourEnv", "SingleAgentEnv", "env", "single_agent"]


def env(spec: str, render_mode: str | None = None, **flags: Any) -> ParlourEnv:
    """The game ``spec`` (``"tonk:speno"``, ``"tock"``, ``"plonk"``; flags as keywords) for PettingZoo."""
    return ParlourEnv(spec, render_mode=render_mode, **flags)


def single_agent(spec: str, seat: int = 0, opponents: str = "heuristic", render_mode: str | None = None,
                 illegal: str = "refuse", **flags: Any) -> SingleAgentEnv:
    """The game ``spec`` for one learner at ``seat``, bots (``opponents``: one spec, or one per other seat,
    comma-separated) at the others, as a Gymnasium environment (see ``single``)."""
    return SingleAgentEnv(spec, seat=seat, opponents=opponents, render_mode=render_mode, illegal=illegal, **flags)
