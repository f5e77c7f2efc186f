"""``parlour.rl.vector_env`` as a Stable-Baselines3 ``VecEnv`` (needs the ``learn`` extra).

``Sb3VecEnv(parlour.rl.vector_env(...))`` is what ``MaskablePPO("MlpPolicy",
venv)`` trains on: observations are the vector env's float32 rows (copied:
SB3 keeps the previous step's array while the env writes the next), the mask
comes from ``action_masks()`` (sb3-contrib's ``get_action_masks`` calls
``env_method("action_masks")``, answered here with each env's row), and
episode ends auto-reset with the final observation in
``infos[i]["terminal_observation"]``, as SB3 expects: the vector env must
reset in the same step (``AutoresetMode.SAME_STEP``, its default) and have one
learner per env (not ``seat="all"``, whose rewards are per seat). SB3's
``dones`` are Gymnasium's terminations or truncations; an episode cut short
by ``max_episode_steps`` has ``infos[i]["TimeLimit.truncated"]`` set, so SB3
bootstraps its value from the final observation. ``seed(s)`` then
``reset()`` seeds env ``i`` with ``s + i``, as SB3's own vectorised envs do.
The step's infos list has one dict per env, filled for the envs that ended an
episode or passed over games (``passed``: the learner's returns of those
games), an ended episode's also with ``"return"``, ``"length"`` and
``"episode"`` (``{"r": return, "l": length}``, as SB3's ``Monitor`` writes
it, so the training logs show episode returns). This module is apart from
``parlour.rl.vector`` so that the ``rl`` extra alone (no Stable-Baselines3)
still imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvObs, VecEnvStepReturn

from parlour.rl.vector import VectorEnv

if TYPE_CHECKING:
    from parlour.rl.jaxvector import JaxVectorEnv


class Sb3VecEnv(VecEnv):
    """See the module docstring."""

    def __init__(self, venv: VectorEnv | JaxVectorEnv) -> None:
        if venv.autoreset_mode is not AutoresetMode.SAME_STEP or venv.all_seats:
            raise ValueError("Sb3VecEnv needs a vector env with one learner per env (not seat='all') that resets "
                             f"in the same step (AutoresetMode.SAME_STEP), as SB3's envs do; this one has "
                             f"autoreset_mode {venv.autoreset_mode.name}" + (", seat='all'" if venv.all_seats else ""))
        self.venv = venv
        self.render_mode = None
        self.actions: np.ndarray | None = None
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)

    def reset(self) -> VecEnvObs:
        seed = self._seeds[0]
        observations, infos = self.venv.reset(seed=seed)
        self.reset_infos = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(infos.get("_passed", ())):
            self.reset_infos[i]["passed"] = infos["passed"][i]
        self._reset_seeds()
        return observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self.actions = actions

    def step_wait(self) -> VecEnvStepReturn:
        if self.actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        observations, rewards, terminated, truncated, found = self.venv.step(self.actions)
        self.actions = None
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(found.get("_passed", ())):
            infos[i]["passed"] = found["passed"][i]
        if "final_obs" in found:
            final = found["final_info"]
            for i in np.flatnonzero(found["_final_obs"]):
                episode = {"r": float(final["return"][i]), "l": int(final["length"][i])}
                infos[i].update(terminal_observation=found["final_obs"][i], episode=episode,
                                **{"return": episode["r"], "length": episode["l"],
                                   "TimeLimit.truncated": bool(truncated[i] and not terminated[i])})
        return observations.copy(), rewards.copy(), terminated | truncated, infos

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
