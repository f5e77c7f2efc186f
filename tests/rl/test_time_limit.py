"""``max_episode_steps``: the single-agent and AEC environments cut an episode short (truncated, not terminated),
as Gymnasium's ``TimeLimit`` does."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from parlour import rl


def random_word(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A word of ``mask`` drawn at random."""
    return int(rng.choice(np.flatnonzero(mask)))


def test_single_agent_truncates_at_max_episode_steps_and_waits_for_reset() -> None:
    """A Plonk match (about 65 learner words a deal) cut after 5 of the learner's words: truncated, not
    terminated, the last observation's mask still legal words; then no step before ``reset``."""
    env = rl.single_agent("plonk", opponents="random", max_episode_steps=5)
    rng = np.random.default_rng(3)
    for episode in range(2):
        _, info = env.reset(seed=episode)
        flags = []
        for _ in range(5):
            observation, _, terminated, truncated, info = env.step(random_word(info["action_mask"], rng))
            flags.append((terminated, truncated))
        assert flags == [(False, False)] * 4 + [(False, True)]
        assert observation["action_mask"].any() and not env.multi.live().is_terminal
        with pytest.raises(RuntimeError, match="max_episode_steps=5"):
            env.step(random_word(observation["action_mask"], rng))


def test_single_agent_counts_refused_words_and_ends_games_shorter_than_the_limit() -> None:
    """A refused word is a step (Gymnasium's ``TimeLimit`` counts it too); a game over before the limit is
    terminated, not truncated."""
    env = rl.single_agent("plonk", opponents="random", max_episode_steps=2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    *_, truncated, info = env.step(illegal)
    assert "illegal" in info and not truncated
    *_, truncated, info = env.step(illegal)
    assert "illegal" in info and truncated
    short = rl.single_agent("tonk:speno", players=2, opponents="random", max_episode_steps=10_000)
    rng = np.random.default_rng(0)
    for seed in range(5):
        _, info = short.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            _, _, terminated, truncated, info = short.step(random_word(info["action_mask"], rng))
        assert terminated and not truncated


def flags_of(env: gymnasium.Env[Any, Any], seed: int, limit: int) -> list[tuple[bool, bool]]:
    """(terminated, truncated) of each step of one episode of ``env`` from ``seed``, random legal words chosen,
    until it ends or ``limit`` steps."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    flags: list[tuple[bool, bool]] = []
    while len(flags) < limit and not (flags and any(flags[-1])):
        *_, terminated, truncated, info = env.step(random_word(info["action_mask"], rng))
        flags.append((terminated, truncated))
    return flags


def test_the_limit_is_gymnasiums_time_limit_a_game_ending_at_it_both_flags() -> None:
    """The same flags as ``gymnasium.make(id, max_episode_steps=n)`` (Gymnasium's ``TimeLimit`` around the
    environment); a game that ends at the limit's very step is terminated and truncated, as there."""
    ours = rl.single_agent("plonk", opponents="random", max_episode_steps=4)
    theirs = gymnasium.make("parlour/Plonk-v0", opponents="random", max_episode_steps=4)
    assert flags_of(ours, 5, 10) == flags_of(theirs, 5, 10) == [(False, False)] * 3 + [(False, True)]
    unlimited = rl.single_agent("tonk:speno", players=2, opponents="random")
    length = len(flags_of(unlimited, 8, 10_000))
    exact = rl.single_agent("tonk:speno", players=2, opponents="random", max_episode_steps=length)
    timed = gymnasium.make("parlour/Tonk-v0", preset="speno", players=2, opponents="random",
                           max_episode_steps=length)
    assert flags_of(exact, 8, 10_000)[-1] == flags_of(timed, 8, 10_000)[-1] == (True, True)


def test_single_agent_with_a_time_limit_passes_gymnasiums_checker() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.single_agent("tock", players=4, opponents="random", max_episode_steps=3), skip_render_check=True)


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_a_time_limit_that_is_no_whole_number_from_one_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="max_episode_steps"):
        rl.single_agent("plonk", max_episode_steps=bad)
    with pytest.raises(ValueError, match="max_episode_steps"):
        rl.env("plonk", max_episode_steps=bad)


def test_the_aec_env_truncates_every_agent_after_max_episode_steps_words() -> None:
    """Ten words of a Plonk match, then every agent truncated (none terminated) and stepped out with None."""
    env = rl.env("plonk", max_episode_steps=10)
    rng = np.random.default_rng(2)
    for seed in range(2):
        env.reset(seed=seed)
        words = 0
        ended = set()
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            assert not terminated
            if truncated:
                ended.add(agent)
                env.step(None)
                continue
            assert words < 10
            env.step(random_word(observation["action_mask"], rng))
            words += 1
        assert words == 10 and ended == set(env.possible_agents)
        assert not env.live().is_terminal and env.agents == []


def test_the_aec_env_with_a_time_limit_passes_pettingzoos_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env("tonk:classic", players=3, max_episode_steps=7), num_cycles=50)
