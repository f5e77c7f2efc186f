"""parlour.rl.vector_env: N games in numpy arrays, auto-reset with valid masks, seeded, as single_agent plays."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from parlour import rl
from parlour.core.encoding import observation_of
from parlour.core.errors import BotSpecError
from parlour.rl.vector import Batched, VectorEnv

TONK = ("tonk:speno", {"players": 2})


def random_words(env: VectorEnv, rng: np.random.Generator) -> np.ndarray:
    """One random word of each env's mask."""
    return (rng.random(env.masks.shape) * env.masks).argmax(1)  # type: ignore[no-any-return]


def passed_of(infos: dict[str, Any], i: int) -> list[Any]:
    """Env ``i``'s passed games in Gymnasium's vector infos (``passed`` and its ``_passed`` mask)."""
    return list(infos["passed"][i]) if "_passed" in infos and infos["_passed"][i] else []


def test_arrays_have_the_promised_shapes_and_types() -> None:
    env = rl.vector_env("tonk:speno", 5, players=2, opponents="random")
    observations, infos = env.reset(seed=0)
    vocabulary = env.single_action_space.n
    assert observations.shape == (5, env.single_observation_space.shape[0]) and observations.dtype == np.float32
    assert env.observation_space.shape == observations.shape and env.action_space.shape == (5,)
    assert env.masks.shape == (5, vocabulary) and env.masks.dtype == np.bool_
    assert env.action_masks() is env.masks and infos["action_mask"] is env.masks and infos["_action_mask"].all()
    observations, rewards, terminated, truncated, infos = env.step(random_words(env, np.random.default_rng(0)))
    assert rewards.shape == (5,) and rewards.dtype == np.float32
    assert terminated.shape == truncated.shape == (5,) and terminated.dtype == truncated.dtype == np.bool_
    assert not truncated.any() and infos["current_player"].tolist() == env.seats
    assert all(env.single_observation_space.contains(row) for row in observations)
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
        _, rewards, terminated, _, infos = env.step(random_words(env, rng))  # raises on any illegal word
        assert env.masks.any(axis=1).all()
        sums += rewards
        for i in np.flatnonzero(terminated):
            assert sums[i] == pytest.approx(infos["final_info"]["return"][i], abs=1e-5)
            assert infos["final_obs"][i].shape == env.observations[i].shape
            sums[i], episodes = 0.0, episodes + 1
        assert np.array_equal(infos.get("_final_obs", np.zeros(num_envs, bool)), terminated)
    assert episodes >= least


def test_plonk_hand_rewards_are_paid_by_deal_and_taken_back() -> None:
    env = rl.vector_env("plonk", 2, opponents="random", reward="hand")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    sums, paid_between = np.zeros(2), False
    for _ in range(1500):
        _, rewards, terminated, _, infos = env.step(random_words(env, rng))
        paid_between |= bool((rewards[~terminated] != 0).any())
        sums += rewards
        for i in np.flatnonzero(terminated):
            result = infos["final_info"]["return"][i]
            assert sums[i] == pytest.approx(result, abs=1e-5) and abs(result) == 1
            sums[i] = 0.0
    assert paid_between


def run(env: VectorEnv, seed: int, steps: int) -> list[tuple[bytes, bytes, bytes, bytes]]:
    """Each step's observations, masks, rewards and terminations, for random words drawn from ``seed``."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        observations, rewards, terminated, _, _ = env.step(random_words(env, rng))
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
        assert info["passed"] == passed_of(infos, i)
    rng = np.random.default_rng(seed)
    ended = passed = 0
    for _ in range(300):
        words = random_words(env, rng)
        observations, rewards, terminated, _, infos = env.step(words)
        for i, single in enumerate(singles):
            observation, reward, done, _, info = single.step(int(words[i]))
            assert (done, reward) == (terminated[i], pytest.approx(rewards[i], abs=1e-6))
            if done:
                assert np.array_equal(observation["observation"], infos["final_obs"][i])
                observation, info = single.reset()
                assert info["passed"] == passed_of(infos, i)
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
    passed = sum(len(passed_of(infos, i)) for i in range(2))
    rng = np.random.default_rng(0)
    for _ in range(400):
        _, _, _, _, infos = env.step(random_words(env, rng))
        passed += sum(len(passed_of(infos, i)) for i in range(2))
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


def test_it_is_a_gymnasium_vector_env_that_gymnasiums_wrappers_take() -> None:
    """A ``gymnasium.vector.VectorEnv`` with its spaces and autoreset mode: Gymnasium's episode statistics wrapper
    counts the same episodes and returns as ``final_info``, and the mask reaches through it in the infos."""
    env = rl.vector_env("tonk:speno", 4, players=2, opponents="random")
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert env.single_action_space == gymnasium.spaces.Discrete(132)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([132] * 4)
    wrapped = RecordEpisodeStatistics(env)
    _, infos = wrapped.reset(seed=2)
    rng = np.random.default_rng(2)
    recorded = returned = 0
    for _ in range(150):
        mask = infos["action_mask"]
        _, _, terminated, _, infos = wrapped.step((rng.random(mask.shape) * mask).argmax(1))
        if terminated.any():
            assert np.array_equal(infos["_episode"], terminated)
            assert np.allclose(infos["episode"]["r"][terminated], infos["final_info"]["return"][terminated])
            recorded, returned = recorded + int(infos["_episode"].sum()), returned + int(terminated.sum())
    assert recorded == returned > 5


def test_make_vec_makes_it_with_its_keywords_and_time_limit() -> None:
    envs = gymnasium.make_vec("parlour/Tonk-v0", num_envs=3, preset="classic", players=3, opponents="random",
                              max_episode_steps=4)
    assert isinstance(envs, VectorEnv) and envs.num_envs == 3 and envs.max_episode_steps == 4
    assert envs.game.name_with_rules() == "tonk:classic?players=3" and envs.spec is not None
    pinned = gymnasium.make_vec("parlour/Plonk-4p-v0", num_envs=2, opponents="random")
    assert isinstance(pinned, VectorEnv) and pinned.num_envs == 2
    observations, _ = pinned.reset(seed=0)
    assert observations.shape == (2, 544)


def lockstep(spec: str, flags: dict[str, Any], steps: int, mode: str, limit: int | None) -> tuple[int, int]:
    """One env reset in the same step and one in ``mode`` (next step), fed the same words, with the time limit
    ``limit``: the latter shows each final observation in its row (its mask word 0 alone), then deals at its
    next step what the former dealt at once, reward 0; (episodes ended, episodes cut short)."""
    same = rl.vector_env(spec, 1, opponents="random", max_episode_steps=limit, **flags)
    later = rl.vector_env(spec, 1, opponents="random", autoreset_mode=mode, max_episode_steps=limit, **flags)
    assert later.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    observations, _ = same.reset(seed=4)
    assert np.array_equal(observations, later.reset(seed=4)[0])
    rng = np.random.default_rng(4)
    ended = cut_short = 0
    for _ in range(steps):
        words = random_words(same, rng)
        observations, rewards, terminated, truncated, infos = same.step(words)
        shown, paid, done, cut, found = later.step(words)
        assert (float(paid[0]), bool(done[0]), bool(cut[0])) == \
            (float(rewards[0]), bool(terminated[0]), bool(truncated[0]))
        if terminated[0] or truncated[0]:
            ended += int(terminated[0])
            cut_short += int(truncated[0] and not terminated[0])
            assert np.array_equal(shown[0], infos["final_obs"][0]) and later.masks[0].tolist() == \
                [True] + [False] * (later.masks.shape[1] - 1)
            assert found["return"][0] == infos["final_info"]["return"][0] and found["_return"][0]
            with pytest.raises(ValueError, match="not legal"):
                later.step(np.array([1]))
            shown, paid, done, _, found = later.step(np.array([0]))  # ignored: the next game is dealt
            assert float(paid[0]) == 0.0 and not done[0]
            assert passed_of(found, 0) == passed_of(infos, 0)
        assert np.array_equal(shown, observations) and np.array_equal(later.masks, same.masks)
    return ended, cut_short


def test_next_step_autoreset_deals_a_step_later_what_same_step_deals_at_once() -> None:
    ended, cut = lockstep("tonk:speno", {"players": 2}, 300, "NextStep", None)
    assert ended >= 5 and cut == 0
    ended, cut = lockstep("tonk:speno", {"players": 2}, 300, "next_step", 6)
    assert ended >= 5 and cut >= 5


def test_disabled_autoreset_waits_for_reset_with_a_mask() -> None:
    env = rl.vector_env("tonk:speno", 3, players=2, opponents="random", autoreset_mode=AutoresetMode.DISABLED)
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(200):
        _, _, terminated, _, infos = env.step(random_words(env, rng))
        if terminated.any():
            break
    ended = terminated.copy()  # the env's own buffer, which reset clears
    assert ended.any() and infos["_return"].tolist() == ended.tolist()
    assert not env.masks[ended].any()
    kept = env.observations[~ended].copy()
    with pytest.raises(RuntimeError, match=r"env \d: its episode is over .*reset_mask"):
        env.step(np.where(ended, 0, random_words(env, rng)))
    observations, _ = env.reset(options={"reset_mask": ended})
    assert np.array_equal(observations[~ended], kept) and env.masks.any(axis=1).all()
    env.step(random_words(env, rng))
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": np.zeros(3, bool)})


def test_max_episode_steps_truncates_as_gymnasiums_time_limit_does() -> None:
    """Env 0 of ``vector_env(max_episode_steps=5)`` is truncated exactly when ``gymnasium.make``'s ``TimeLimit``
    truncates the single-agent env of the same seed, the same final observation and next deal following."""
    env = rl.vector_env("tonk:speno", 2, seat=0, players=2, opponents="random", max_episode_steps=5)
    single = gymnasium.make("parlour/Tonk-v0", preset="speno", players=2, opponents="random", max_episode_steps=5)
    observations, _ = env.reset(seed=8)
    assert np.array_equal(single.reset(seed=8)[0]["observation"], observations[0])
    rng = np.random.default_rng(8)
    sums, cut = np.zeros(2), 0
    for _ in range(200):
        words = random_words(env, rng)
        observations, rewards, terminated, truncated, infos = env.step(words)
        observation, reward, done, limited, _ = single.step(int(words[0]))
        assert (done, limited, reward) == (terminated[0], truncated[0], pytest.approx(rewards[0], abs=1e-6))
        assert (env.lengths <= 5).all()
        sums += rewards
        for i in np.flatnonzero(terminated | truncated):
            assert infos["final_info"]["length"][i] <= 5 and sums[i] == pytest.approx(infos["final_info"]["return"][i])
            assert infos["final_info"]["length"][i] == 5 or not truncated[i]
            sums[i] = 0.0
            cut += int(truncated[i])
        if done or limited:
            assert np.array_equal(observation["observation"], infos["final_obs"][0])
            observation, _ = single.reset()
        assert np.array_equal(observation["observation"], observations[0])
    assert cut > 10


def test_every_seat_learns_in_self_play_with_rewards_per_seat() -> None:
    """``seat="all"``: each row is the seat to move (its observation and mask as the encoder and the word chooser
    make them), every seat moves, the rewards are per seat, partners' equal, and each seat's rewards add up to
    its return of the game; a time limit gives every seat's final observation."""
    env = rl.vector_env("plonk", 3, seat="all")
    observations, infos = env.reset(seed=9)
    assert env.rewards.shape == (3, 4) and env.single_action_space.n == 53
    rng = np.random.default_rng(9)
    sums, ended, movers = np.zeros((3, 4)), 0, set()
    for _ in range(600):
        for i, state in enumerate(env.states):
            assert state is not None and infos["current_player"][i] == state.current_player
            expected = observation_of(env.encoding, state.view(state.current_player), env.words[i])
            assert np.array_equal(observations[i], np.asarray(expected, np.float32))
            movers.add(state.current_player)
        observations, rewards, terminated, _, infos = env.step(random_words(env, rng))
        assert np.array_equal(rewards[:, 0], rewards[:, 2]) and np.array_equal(rewards[:, 1], -rewards[:, 0])
        sums += rewards
        for i in np.flatnonzero(terminated):
            assert np.allclose(sums[i], infos["final_info"]["return"][i]) and abs(sums[i]).tolist() == [1] * 4
            assert infos["final_obs"][i].shape == (4, 544)
            sums[i] = 0.0
            ended += 1
    assert ended >= 2 and movers == {0, 1, 2, 3}
    seen = env.all_observations()
    assert seen.shape == (3, 4, 544) and np.array_equal(seen[np.arange(3), env.current_player], observations)
    for i, state in enumerate(env.states):
        assert state is not None
        for other in set(range(4)) - {state.current_player}:
            expected = observation_of(env.encoding, state.view(other), None)
            assert np.array_equal(seen[i, other], np.asarray(expected, np.float32))
    match = rl.vector_env("tonk:pagat", 2, seat="all", players=3, hands=2, reward="hand", max_episode_steps=6)
    match.reset(seed=2)
    cut = 0
    for _ in range(40):
        _, rewards, terminated, truncated, infos = match.step(random_words(match, rng))
        for i in np.flatnonzero(truncated & ~terminated):
            final = infos["final_obs"][i]
            assert final.shape == (3, match.observations.shape[1]) and final[:, :match.view_size].any(axis=1).all()
            cut += 1
    assert rewards.shape == (2, 3) and cut >= 2


@pytest.mark.parametrize(("spec", "flags"), [("plonk", {}), ("tonk:speno", {"players": 3})], ids=["plonk", "tonk3"])
def test_self_play_env_i_plays_what_the_pettingzoo_env_plays_from_its_seed(spec: str, flags: dict[str, Any]) -> None:
    """Env ``i`` of ``seat="all"`` after ``reset(seed=s)`` is the AEC environment after ``reset(seed=s + i)``:
    for the same words, the same seat to move, observation, mask, every seat's rewards, ends and passed games."""
    env = rl.vector_env(spec, 2, seat="all", **flags)
    games = [rl.env(spec, **flags) for _ in range(2)]
    observations, infos = env.reset(seed=5)
    for i, game in enumerate(games):
        game.reset(seed=5 + i)
        assert game.passed == passed_of(infos, i)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(500):
        for i, game in enumerate(games):
            seen = game.observe(game.agent_selection)
            assert game.possible_agents[infos["current_player"][i]] == game.agent_selection
            assert np.array_equal(seen["observation"], observations[i])
            assert np.array_equal(seen["action_mask"].astype(bool), env.masks[i])
        words = random_words(env, rng)
        observations, rewards, terminated, _, infos = env.step(words)
        for i, game in enumerate(games):
            game.step(int(words[i]))
            paid = [game.rewards[a] if game.paying else 0.0 for a in game.possible_agents]
            assert rewards[i].tolist() == pytest.approx(paid) and terminated[i] == game.terminations[game.agents[0]]
            if terminated[i]:
                game.reset()
                assert game.passed == passed_of(infos, i)
                ended += 1
    assert ended >= 2


def test_self_play_hand_rewards_pay_each_side_its_deals_and_take_them_back() -> None:
    env = rl.vector_env("plonk", 2, seat="all", reward="hand")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    sums, paid_between, ended = np.zeros((2, 4)), False, 0
    for _ in range(700):
        _, rewards, terminated, _, infos = env.step(random_words(env, rng))
        assert np.array_equal(rewards[:, 0], rewards[:, 2]) and np.array_equal(rewards[:, 1], rewards[:, 3])
        paid_between |= bool((rewards[~terminated] != 0).any())
        sums += rewards
        for i in np.flatnonzero(terminated):
            assert np.allclose(sums[i], infos["final_info"]["return"][i]) and np.allclose(np.abs(sums[i]), 1.0)
            sums[i] = 0.0
            ended += 1
    assert paid_between and ended >= 2


def test_self_play_and_modes_refuse_what_they_cannot_do() -> None:
    with pytest.raises(ValueError, match="give no opponents"):
        rl.vector_env("plonk", 2, seat="all", opponents="random")
    with pytest.raises(ValueError, match="resets in the same step"):
        rl.vector_env("plonk", 2, seat="all", autoreset_mode="next_step")
    with pytest.raises(ValueError, match="autoreset_mode='later'"):
        rl.vector_env("plonk", 2, autoreset_mode="later")
    with pytest.raises(ValueError, match="max_episode_steps=0"):
        rl.vector_env("plonk", 2, max_episode_steps=0)
    with pytest.raises(ValueError, match="seat='north'"):
        rl.vector_env("plonk", 2, seat="north")
