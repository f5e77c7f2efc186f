"""``vector_env(..., backend="jax")``: the Python backend's vector interface over parlour.jax's environments."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("pgx")

from parlour.games.plonk.rules import PlonkRules
from parlour.rl import vector_env
from parlour.rl.jaxvector import JaxVectorEnv

PLONK = PlonkRules.game_name
ENVS = 4
VIEW = 491
"""The width of Plonk's observation before its legal words."""


def play(venv: Any, steps: int, seed: int = 0) -> list[tuple[Any, ...]]:
    """``steps`` steps of uniformly random legal words; each step's returns."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        words = np.array([rng.choice(np.flatnonzero(row)) for row in venv.action_masks()])
        out.append(venv.step(words))
    return out


@pytest.fixture(scope="module")
def learners() -> JaxVectorEnv:
    venv = vector_env(PLONK, ENVS, backend="jax", opponents="random")
    assert isinstance(venv, JaxVectorEnv)
    return venv


def test_its_spaces_and_rows_are_the_python_backends(learners: JaxVectorEnv) -> None:
    python = vector_env(PLONK, ENVS, opponents="random")
    assert learners.single_observation_space == python.single_observation_space
    assert learners.single_action_space == python.single_action_space
    rows, infos = learners.reset(seed=3)
    assert rows.shape == (ENVS, VIEW + 53) and rows.dtype == np.float32
    assert not rows[:, VIEW:].any() and (infos["action_mask"] == learners.masks).all()  # no word chosen yet
    assert (learners.masks.sum(axis=1) == 13).all() and not learners.masks[:, 0].any()  # a new deal, END never legal
    assert (infos["current_player"] == np.arange(ENVS) % 4).all()  # env i's learner at seat i % 4
    assert rows[:, :13 * 4].sum() == 13 * ENVS  # the learner's own hand in its row


def test_matches_end_pay_the_learner_and_start_again_in_the_same_step(learners: JaxVectorEnv) -> None:
    learners.reset(seed=5)
    ended = 0
    for rows, rewards, terminated, truncated, infos in play(learners, 100):
        assert (infos["current_player"] == np.arange(ENVS) % 4).all()  # always back at the learner's turn
        assert not truncated.any() and (rewards[~terminated] == 0).all()
        assert not rows[:, VIEW:].any() and infos["action_mask"].any(axis=1).all()
        for i in np.flatnonzero(terminated):
            ended += 1
            assert rewards[i] in (-1.0, 1.0) and infos["final_info"]["return"][i] == rewards[i]
            assert infos["final_info"]["length"][i] >= 52  # a match is at least four deals of 13 words
            assert infos["final_obs"][i].shape == (VIEW + 53,) and not infos["final_obs"][i][:52].any()  # no hand
            assert infos["action_mask"][i].sum() == 13  # the next match's first deal
    assert ended >= 2


def test_self_play_gives_every_seat_its_rewards() -> None:
    venv = vector_env(PLONK, 2, seat="all", backend="jax", target=50)  # a match of a deal or two: 52 words each
    _, infos = venv.reset(seed=1)
    seats = [infos["current_player"].copy()]
    totals = np.zeros((2, 4))
    ended = 0
    for _, rewards, terminated, _, infos in play(venv, 120):
        assert rewards.shape == (2, 4)
        totals += rewards
        seats.append(infos["current_player"].copy())
        for i in np.flatnonzero(terminated):
            ended += 1
            assert sorted(rewards[i]) == [-1, -1, 1, 1] and rewards[i][0] == rewards[i][2]  # partners alike
            assert infos["final_obs"][i].shape == (4, VIEW + 53)
    assert venv.all_observations().shape == (2, 4, VIEW + 53)
    assert (venv.all_observations()[:, :, :52].sum(axis=2) > 0).all()  # every seat sees its own hand
    assert len({int(s[0]) for s in seats}) == 4  # the row follows the seat to move
    assert (totals.sum(axis=1) == 0).all() and ended >= 2


def test_max_episode_steps_truncates_and_deals_again(learners: JaxVectorEnv) -> None:
    learners.max_episode_steps = 5
    try:
        learners.reset(seed=2)
        steps = play(learners, 5)
    finally:
        learners.max_episode_steps = None
    _, rewards, terminated, truncated, infos = steps[-1]
    assert truncated.all() and not terminated.any() and (rewards == 0).all()
    assert (infos["final_info"]["length"] == 5).all() and (infos["action_mask"].sum(axis=1) == 13).all()
    assert not any(s[3].any() for s in steps[:-1])
    assert vector_env(PLONK, 2, backend="jax", max_episode_steps=5).max_episode_steps == 5


@pytest.mark.parametrize(("options", "refused"), [
    ({"opponents": "heuristic"}, "'random' only"),
    ({"backend": "gpu"}, "backend='gpu'"),
    ({"backend": "python", "device": "gpu"}, "for backend='jax'"),
    ({"device": "abacus"}, "device='abacus'"),
    ({"backend": "jax", "reward": "hand"}, "reward='hand'"),
    ({"backend": "jax", "autoreset_mode": "NextStep"}, "SAME_STEP"),
])
def test_options_it_does_not_offer_are_refused_by_name(options: dict[str, Any], refused: str) -> None:
    with pytest.raises(ValueError, match=refused.replace("(", r"\(").replace(")", r"\)")):
        vector_env(PLONK, 2, **({"backend": "jax"} | options))


def test_an_illegal_word_is_refused_and_changes_nothing(learners: JaxVectorEnv) -> None:
    rows, _ = learners.reset(seed=4)
    illegal = np.argmin(learners.masks, axis=1)
    with pytest.raises(ValueError, match="env 0: word 0 is not legal now; legal: "):
        learners.step(illegal)
    assert (learners.observed() == rows).all()


def test_stable_baselines3_steps_it(learners: JaxVectorEnv) -> None:
    sb3 = pytest.importorskip("parlour.rl.sb3")
    venv = sb3.Sb3VecEnv(learners)
    venv.seed(7)
    first = venv.reset()
    assert first.shape == (ENVS, VIEW + 53)
    masks = venv.env_method("action_masks")
    observations, rewards, _, infos = venv.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
    assert observations.shape == first.shape and rewards.shape == (ENVS,) and len(infos) == ENVS
