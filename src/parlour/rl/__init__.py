"""parlour for reinforcement learning: every registered game as a PettingZoo or Gymnasium environment.

``env("tonk:speno", players=2)`` is a PettingZoo AEC environment (see
``aec``); ``single_agent("plonk", seat=0, opponents="heuristic")`` is a
Gymnasium environment where parlour bots play the other seats (see
``single``); ``vector_env("tonk:speno", 64, players=2, opponents="random")``
steps 64 such games at once in numpy arrays, a ``gymnasium.vector.VectorEnv``
(see ``vector``; ``sb3`` makes it a Stable-Baselines3 ``VecEnv``). Install
with the ``rl`` extra. The action words and the observation layout of each
game are its ``encoding`` part's, written out in ``docs/researchers/encodings.md``
(the interfaces themselves: ``docs/rl.md``).

Importing this package registers each game with an encoding with Gymnasium
as ``parlour/<Game>-v0`` (``parlour/Tonk-v0``, …): the single-agent
environment, so ``gymnasium.make("parlour/Tonk-v0", preset="speno",
players=2, opponents="random")`` makes it, its keywords those of
``single_agent``, and ``gymnasium.make_vec("parlour/Tonk-v0", num_envs=64,
…)`` makes ``vector_env`` with its keywords. Each preset at each number of
players also has a pinned id, ``parlour/Tonk-classic-2p-v0`` (see ``ids``),
that fixes its rule set and encoding. Gymnasium (1.x) finds third-party ids
only by the import of the module that registers them, so the id also reads
with that module named, ``gymnasium.make("parlour.rl:parlour/Tonk-v0")``,
which needs no import first.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from parlour.rl import ids
from parlour.rl.aec import ParlourEnv
from parlour.rl.ids import NAMESPACE, gymnasium_ids, pinned_ids
from parlour.rl.single import Opponents, SingleAgentEnv
from parlour.rl.vector import Batched, VectorEnv, vector_env

__all__ = ["NAMESPACE", "Batched", "ParlourEnv", "SingleAgentEnv", "VectorEnv", "env", "gymnasium_ids", "pinned_ids",
           "single_agent", "vector_env"]


def env(spec: str, render_mode: str | None = None, max_episode_steps: int | None = None, **flags: Any) -> ParlourEnv:
    """The game ``spec`` (``"tonk:speno"``, ``"tock"``, ``"plonk"``; flags as keywords) for PettingZoo;
    ``max_episode_steps``: every agent truncated after that many words in an episode (see ``aec``)."""
    return ParlourEnv(spec, render_mode=render_mode, max_episode_steps=max_episode_steps, **flags)


def single_agent(spec: str, seat: int = 0, opponents: Opponents = "heuristic", render_mode: str | None = None,
                 illegal: str = "refuse", reward: str = "game", max_episode_steps: int | None = None,
                 **flags: Any) -> SingleAgentEnv:
    """The game ``spec`` for one learner at ``seat``, bots (``opponents``: one bot spec, Bot or policy
    callable ``(view, legal, rng) -> action`` for all, or one per other seat, in a list or comma-separated)
    at the others, as a Gymnasium environment (see ``single``); ``max_episode_steps``: an episode truncated after
    that many of the learner's steps."""
    return SingleAgentEnv(spec, seat=seat, opponents=opponents, render_mode=render_mode, illegal=illegal,
                          reward=reward, max_episode_steps=max_episode_steps, **flags)


def register_gymnasium_ids() -> None:
    """Register ``gymnasium_ids()`` and ``pinned_ids()`` with Gymnasium, ``make`` making ``single_agent`` and
    ``make_vec`` making ``vector_env``, a pinned id's refusing keywords that change its rules (``ids``); once: an
    id already there is left as it is."""
    for name, env_id in gymnasium_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{SingleAgentEnv.__module__}:{SingleAgentEnv.__name__}",
                               vector_entry_point=f"{__name__}:{vector_env.__name__}", kwargs={"spec": name})
    for env_id in pinned_ids():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{ids.__name__}:{ids.make_pinned.__name__}",
                               vector_entry_point=f"{ids.__name__}:{ids.make_pinned_vector.__name__}",
                               kwargs={"pinned": env_id})


register_gymnasium_ids()
