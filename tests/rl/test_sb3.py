"""parlour.rl.sb3: the vector env as Stable-Baselines3's VecEnv, which MaskablePPO trains on (the learn extra)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

from parlour import rl
from parlour.rl.sb3 import Sb3VecEnv


def test_masks_seeds_and_auto_resets_as_sb3_expects() -> None:
    venv = Sb3VecEnv(rl.vector_env("tonk:speno", 4, players=2, opponents="random"))
    assert is_masking_supported(venv)
    venv.seed(7)
    observations = venv.reset()
    assert observations.shape == (4, venv.observation_space.shape[0])  # type: ignore[index]
    assert np.array_equal(observations, rl.vector_env("tonk:speno", 4, players=2, opponents="random")
                          .reset(seed=7)[0])
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(200):
        masks = get_action_masks(venv)
        assert masks.shape == (4, venv.action_space.n) and masks.any(axis=1).all()  # type: ignore[attr-defined]
        kept = observations
        observations, _, dones, infos = venv.step((rng.random(masks.shape) * masks).argmax(1))
        assert observations is not kept and len(infos) == 4
        for i in np.flatnonzero(dones):
            assert infos[i]["episode"]["r"] == infos[i]["return"] and "terminal_observation" in infos[i]
            ended += 1
    assert ended > 10
    assert venv.get_attr("num_envs") == [4] * 4 and venv.env_is_wrapped(object) == [False] * 4  # type: ignore[arg-type]


def test_maskable_ppo_learns_a_few_hundred_steps_on_it() -> None:
    venv = Sb3VecEnv(rl.vector_env("tonk:speno", 8, players=2, opponents="random"))
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=64, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [32]})
    model.learn(512)
    assert model.num_timesteps == 512 and len(model.ep_info_buffer) > 0


def test_a_time_limit_reaches_sb3_as_truncation_and_other_modes_are_refused() -> None:
    venv = Sb3VecEnv(rl.vector_env("tonk:speno", 4, players=2, opponents="random", max_episode_steps=3))
    venv.seed(1)
    venv.reset()
    rng = np.random.default_rng(1)
    cut = 0
    for _ in range(60):
        masks = get_action_masks(venv)
        _, _, dones, infos = venv.step((rng.random(masks.shape) * masks).argmax(1))
        for i in np.flatnonzero(dones):
            assert infos[i]["episode"]["l"] <= 3 and infos[i]["terminal_observation"].shape == (2398,)
            assert not infos[i]["TimeLimit.truncated"] or infos[i]["episode"]["l"] == 3
            cut += infos[i]["TimeLimit.truncated"]
    assert cut > 5
    with pytest.raises(ValueError, match="SAME_STEP"):
        Sb3VecEnv(rl.vector_env("tonk:speno", 2, players=2, autoreset_mode="next_step"))
    with pytest.raises(ValueError, match="seat='all'"):
        Sb3VecEnv(rl.vector_env("tonk:speno", 2, players=2, seat="all"))
