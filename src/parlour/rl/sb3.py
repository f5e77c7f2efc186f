"""``parlour.rl.vector_env`` as a Stable-Baselines3 ``VecEnv`` (needs the ``learn`` extra).

``Sb3VecEnv(parlour.rl.vector_env(...))`` is what ``MaskablePPO("MlpPolicy",
venv)`` trains on: observations are the vector env's float32 rows (copied:
SB3 keeps the previous step's array while the env writes the next), the mask
comes from ``action_masks()`` (sb3-contrib's ``get_action_masks`` calls
``env_method("action_masks")``, answered here with each env's row), and
episode ends auto-reset with the final observation in
``infos[i]["terminal_observation"]``, as SB3 expects. ``seed(s)`` then
``reset()`` seeds env ``i`` with ``s + i``, as SB3's own vectorised envs do.
The step's infos list has one dict per env, those of the vector env's sparse
infos filled in (``passed``: the learner's returns of games passed over), an
ended episode's also with ``"episode"`` (``{"r": return, "l": length}``, as
SB3's ``Monitor`` writes it, so the training logs show episode returns).
This module is apart from ``parlour.rl.vector`` so that the ``rl`` extra
alone (no Stable-Baselines3) still imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvObs, VecEnvStepReturn

from parlour.rl.vector import VectorEnv


class Sb3VecEnv(VecEnv):
    """See the module docstring."""

    def __init__(self, venv: VectorEnv) -> None:
        self.venv = venv
        self.render_mode = None
        self.actions: np.ndarray | None = None
        super().__init__(venv.num_envs, venv.observation_space, venv.action_space)

    def reset(self) -> VecEnvObs:
        seed = self._seeds[0]
        observations, infos = self.venv.reset(seed=seed)
        self.reset_infos = [infos.get(i, {}) for i in range(self.num_envs)]
        self._reset_seeds()
        return observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self.actions = actions

    def step_wait(self) -> VecEnvStepReturn:
        if self.actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        observations, rewards, terminated, sparse = self.venv.step(self.actions)
        self.actions = None
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i, info in sparse.items():
            infos[i] = info
            if "return" in info:  # what SB3's Monitor notes, for its episode statistics in the logs
                info["episode"] = {"r": info["return"], "l": info["length"]}
        return observations.copy(), rewards.copy(), terminated.copy(), infos

    def action_masks(self) -> np.ndarray:
        """Each env's legal words now (a copy)."""
        return self.venv.masks.copy()

    def close(self) -> None:
        self.venv.close()

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The attribute of the vector env (the same for each env), or ``render_mode`` (None)."""
        value = self.render_mode if attr_name == "render_mode" else getattr(self.venv, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        setattr(self.venv, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        """``action_masks`` gives each env's own row (what ``get_action_masks`` stacks); other methods are the
        vector env's, called once, their result given for each env."""
        rows = list(self._get_indices(indices))
        if method_name == "action_masks":
            return [self.venv.masks[i].copy() for i in rows]
        result = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]],
                       indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None for _ in range(self.num_envs)]
