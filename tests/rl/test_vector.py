"""parlour.rl.vector_env: N games in numpy arrays, auto-reset with valid masks, seeded, as single_agent plays."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from parlour import rl
from parlour.core.encoding import observation_of
from parlour.core.errors import BotSpecError
from parlour.rl.vector import Batched, VectorEnv

TONK = ("tonk:speno", {"players": 2})


def random_words(env: VectorEnv, rng: np.random.Generator) -> np.ndarray:
    """One random word of each env's mask."""
    return (rng.random(env.masks.shape) * env.masks).argmax(1)  # type: ignore[no-any-return]


def test_arrays_have_the_promised_shapes_and_types() -> None:
    env = rl.vector_env("tonk:speno", 5, players=2, opponents="random")
    observations, _ = env.reset(seed=0)
    vocabulary = env.action_space.n
    assert observations.shape == (5, env.observation_space.shape[0]) and observations.dtype == np.float32
    assert env.masks.shape == (5, vocabulary) and env.masks.dtype == np.bool_
    assert env.action_masks() is env.masks
    observations, rewards, terminated, _ = env.step(random_words(env, np.random.default_rng(0)))
    assert rewards.shape == (5,) and rewards.dtype == np.float32
    assert terminated.shape == (5,) and terminated.dtype == np.bool_
    assert all(env.observation_space.contains(row) for row in observations)
    assert env.seats == [0, 1, 0, 1, 0]
    assert rl.vector_env("plonk", 3, seat=2, opponents="random").seats == [2, 2, 2]


@pytest.mark.parametrize(("spec", "flags", "num_envs", "steps", "least"), [
    ("tonk:speno", {"players": 2}, 16, 250, 100), ("tonk:pagat", {"players": 3, "hands": 3}, 8, 250, 5),
    ("plonk", {}, 4, 400, 1), ("tock", {"players": 4}, 2, 300, 0),
], ids=["tonk2", "tonk3-match", "plonk", "tock4"])
def test_masks_stay_valid_through_auto_resets_and_rewards_add_up_to_the_returns(
        spec: str, flags: dict[str, Any], num_envs: int, steps: int, least: int) -> None:
    """Random words for thousands of env steps never meet an empty or stale mask (Tock's games are too long to
    end here: it checks the masks of 7 splits); ``least`` episodes end, their rewards adding up."""
    env = rl.vector_env(spec, num_envs, opponents="random", **flags)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    sums, episodes = np.zeros(num_envs), 0
    for _ in range(steps):
        _, rewards, terminated, infos = env.step(random_words(env, rng))  # raises on any illegal word
        assert env.masks.any(axis=1).all()
        sums += rewards
        for i in np.flatnonzero(terminated):
            assert sums[i] == pytest.approx(infos[i]["return"], abs=1e-5)
            assert infos[i]["terminal_observation"].shape == env.observations[i].shape
            sums[i], episodes = 0.0, episodes + 1
        assert set(infos) >= set(np.flatnonzero(terminated))
    assert episodes >= least


def test_plonk_hand_rewards_are_paid_by_deal_and_taken_back() -> None:
    env = rl.vector_env("plonk", 2, opponents="random", reward="hand")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    sums, paid_between = np.zeros(2), False
    for _ in range(1500):
        _, rewards, terminated, infos = env.step(random_words(env, rng))
        paid_between |= bool((rewards[~terminated] != 0).any())
        sums += rewards
        for i in np.flatnonzero(terminated):
            assert sums[i] == pytest.approx(infos[i]["return"], abs=1e-5) and abs(infos[i]["return"]) == 1
            sums[i] = 0.0
    assert paid_between


def run(env: VectorEnv, seed: int, steps: int) -> list[tuple[bytes, bytes, bytes, bytes]]:
    """Each step's observations, masks, rewards and terminations, for random words drawn from ``seed``."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        observations, rewards, terminated, _ = env.step(random_words(env, rng))
        out.append((observations.tobytes(), env.masks.tobytes(), rewards.tobytes(), terminated.tobytes()))
    return out


def test_a_seed_replays_exactly_and_another_differs() -> None:
    first = run(rl.vector_env("tonk:speno", 6, players=2, opponents="random"), 11, 200)
    assert first == run(rl.vector_env("tonk:speno", 6, players=2, opponents="random"), 11, 200)
    assert first != run(rl.vector_env("tonk:speno", 6, players=2, opponents="random"), 12, 200)


@pytest.mark.parametrize(("spec", "flags", "opponents"), [
    ("tonk:speno", {"players": 2}, "random"), ("tonk:speno", {"players": 2}, "heuristic"),
    ("plonk", {}, ["random", "heuristic", "random"]),
], ids=["tonk-random", "tonk-heuristic", "plonk-mixed"])
def test_each_env_plays_what_single_agent_plays_from_its_seed(spec: str, flags: dict[str, Any],
                                                              opponents: Any) -> None:
    num_envs, seed = 4, 20
    env = rl.vector_env(spec, num_envs, opponents=opponents, **flags)
    singles = [rl.single_agent(spec, seat=env.seats[i], opponents=opponents, **flags) for i in range(num_envs)]
    observations, infos = env.reset(seed=seed)
    for i, single in enumerate(singles):
        observation, info = single.reset(seed=seed + i)
        assert np.array_equal(observation["observation"], observations[i])
        assert np.array_equal(observation["action_mask"].astype(bool), env.masks[i])
        assert info["passed"] == infos.get(i, {}).get("passed", [])
    rng = np.random.default_rng(seed)
    ended = passed = 0
    for _ in range(300):
        words = random_words(env, rng)
        observations, rewards, terminated, infos = env.step(words)
        for i, single in enumerate(singles):
            observation, reward, done, _, info = single.step(int(words[i]))
            assert (done, reward) == (terminated[i], pytest.approx(rewards[i], abs=1e-6))
            if done:
                assert np.array_equal(observation["observation"], infos[i]["terminal_observation"])
                observation, info = single.reset()
                assert info["passed"] == infos[i].get("passed", [])
                ended, passed = ended + 1, passed + len(info["passed"])
            assert np.array_equal(observation["observation"], observations[i])
            assert np.array_equal(observation["action_mask"].astype(bool), env.masks[i])
    assert ended > 4


def test_a_batched_opponent_sees_its_own_observation_and_mask() -> None:
    """Each row a batched opponent is given is the observation and mask of the seat choosing in some env of the
    batch, as ``observation_of`` and the word chooser make them (its view, its words so far), never the
    learner's."""
    envs: list[VectorEnv] = []
    rows_checked = 0
    draws = np.random.default_rng(1)

    def checking(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        nonlocal rows_checked
        env = envs[0]
        expected = []
        for i, state in enumerate(env.states):
            assert state is not None
            seat = state.current_player
            if seat >= 0 and seat != env.seats[i]:
                expected.append((np.asarray(observation_of(env.encoding, state.view(seat), env.words[i]), np.float32),
                                 np.asarray(env.words[i].mask(), bool)))
        for observation, mask in zip(observations, masks, strict=True):
            assert any(np.array_equal(observation, o) and np.array_equal(mask, m) for o, m in expected)
            rows_checked += 1
        return (draws.random(masks.shape) * masks).argmax(1)  # type: ignore[no-any-return]

    for spec, flags in (("tock", {"players": 4}), ("tonk:speno", {"players": 2})):
        envs[:] = [rl.vector_env(spec, 6, opponents=Batched(checking), **flags)]
        run(envs[0], 3, 40)
    assert rows_checked > 100


def test_games_over_before_the_learners_turn_are_passed_over_and_counted() -> None:
    env = rl.vector_env("tonk:speno", 2, seat=1, players=2, opponents="random")  # a random bot at seat 0 ends some
    _, infos = env.reset(seed=0)
    passed = sum(len(info.get("passed", [])) for info in infos.values())
    rng = np.random.default_rng(0)
    for _ in range(400):
        _, _, _, infos = env.step(random_words(env, rng))
        passed += sum(len(info.get("passed", [])) for info in infos.values())
    assert passed > 0


def test_a_batched_opponent_is_asked_for_many_envs_at_once() -> None:
    calls: list[int] = []
    draws = np.random.default_rng(0)

    def random_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        assert observations.dtype == np.float32 and len(observations) == len(masks) and masks.any(axis=1).all()
        calls.append(len(masks))
        return (draws.random(masks.shape) * masks).argmax(1)  # type: ignore[no-any-return]

    env = rl.vector_env("tonk:speno", 8, players=2, opponents=Batched(random_legal))
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(100):
        ended += int(env.step(random_words(env, rng))[2].sum())
    assert ended > 0 and max(calls) > 1 and sum(calls) > len(calls)
    calls.clear()
    mixed = rl.vector_env("plonk", 4, opponents=["random", Batched(random_legal), "random"])
    run(mixed, 0, 50)
    assert calls and mixed.observations.shape[1] == 544


def test_opponents_that_always_end_the_game_first_are_reported_not_dealt_for_ever() -> None:
    def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:  # at Tonk: drop at once
        return masks.argmax(1)  # type: ignore[no-any-return]

    env = rl.vector_env("tonk:speno", 2, seat=1, players=2, opponents=Batched(first_legal))
    with pytest.raises(RuntimeError, match="env 0: 1000 games in a row were over before the learner's first turn"):
        env.reset(seed=0)


def test_bad_arguments_are_refused_quoting_them() -> None:
    with pytest.raises(ValueError, match="num_envs=0"):
        rl.vector_env("tonk:speno", 0, players=2)
    with pytest.raises(ValueError, match="seat=2 is not at this table: seats are 0 to 1"):
        rl.vector_env("tonk:speno", 2, seat=2, players=2)
    with pytest.raises(ValueError, match="reward='deal'"):
        rl.vector_env("tonk:speno", 2, reward="deal", players=2)
    with pytest.raises(BotSpecError, match="give one opponent, or 1"):
        rl.vector_env("tonk:speno", 2, players=2, opponents=["random", "random"])
    env = rl.vector_env("tonk:speno", 3, players=2, opponents="random")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(3, np.int64))
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"give 3 word indices.*shape \(2,\)"):
        env.step(np.zeros(2, np.int64))
    with pytest.raises(ValueError, match="float"):
        env.step(np.zeros(3))
    words = env.masks.argmax(1)
    before = env.observations.copy()
    words[1] = int(np.flatnonzero(~env.masks[1])[0])
    with pytest.raises(ValueError, match=f"env 1: action index {words[1]} .* is not legal here; allowed: "):
        env.step(words)
    with pytest.raises(ValueError, match="action index 999"):
        env.step(np.array([999, 0, 0]))
    assert np.array_equal(before, env.observations)  # nothing moved
    env.step(env.masks.argmax(1))

    def illegal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return (~masks).argmax(1)  # type: ignore[no-any-return]

    batched = rl.vector_env("tonk:speno", 2, seat=1, players=2, opponents=Batched(illegal))
    with pytest.raises(ValueError, match=r"the batched opponent .*illegal.*env 0: action index"):
        batched.reset(seed=0)
    with pytest.raises(BotSpecError, match="Batched"):
        Batched("random")  # type: ignore[arg-type]
