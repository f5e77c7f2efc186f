"""parlour.rl: the word encoding of every game and preset, PettingZoo's and Gymnasium's own checks."""

from __future__ import annotations

import importlib
import random
import warnings
from types import SimpleNamespace
from typing import Any

import gymnasium
import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from benchmarks.rl_resets import StartingAt
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.test.state_test import test_state_space as pettingzoo_state_space_test

from parlour import rl
from parlour.bots.random import RandomBot
from parlour.core.encoding import WordChooser, observation_of
from parlour.core.errors import BotSpecError, RulesError
from parlour.core.game import Game, State
from parlour.core.parts import Parts, encoding_of, parts_of
from parlour.core.registry import load_game
from parlour.rl.single import BLIND, view_for
from tests.conftest import conformance_games
from tests.test_conformance import walk

benchmark = importlib.import_module("pettingzoo.test.performance_benchmark")
"""PettingZoo's benchmark module (``pettingzoo.test`` gives its function the same name): a test speeds its clock."""

GAMES = [(label, game) for label, game in conformance_games() if "encoding" in parts_of(game)]
IDS = [label for label, _ in GAMES]
BOARDS: list[tuple[str, dict[str, Any]]] = [
    ("plonk", {}), ("tonk:speno", {"players": 2}), ("tonk:classic", {"players": 3, "jokers": 2}),
    ("tonk:pagat", {"players": 6}), ("tock", {"players": 4}), ("tock", {"players": 6}), ("tock", {"players": 8}),
]
"""A preset of each game and each Tock board size, for PettingZoo's and Gymnasium's checks."""


def settle(words: WordChooser, path: tuple[int, ...]) -> object | None:
    """The action the word indices ``path`` settle on (mask checked at each word), or None if unsettled."""
    for index in path:
        assert words.mask()[index] == 1
        chosen = words.choose(index)
        if chosen is not None:
            return chosen
    return words.choose(0) if words.mask()[0] else None


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_every_legal_action_has_exactly_one_word_path(label: str, game: Game) -> None:
    words = WordChooser(encoding_of(game).vocabulary)
    for state in walk(game, 5, samples=25):
        legal = state.legal_actions()
        paths = [words.words_of(a) for a in legal]
        assert len(set(paths)) == len(paths), f"two actions share their words at {state.version}"
        words.begin(legal)
        firsts = {p[0] for p in paths}
        assert {i for i, on in enumerate(words.mask()) if on} == firsts | ({0} if () in paths else set())
        for action, path in list(zip(legal, paths, strict=True))[:60]:
            words.begin(legal)
            assert settle(words, path) is action


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_observations_fit_the_layout_and_show_no_hidden_card(label: str, game: Game) -> None:
    """A seat's observation is the same in every state its view allows (hidden cards dealt otherwise)."""
    env = rl.ParlourEnv(game.name_with_rules())
    rng = random.Random(3)
    for state in walk(game, 7, samples=12):
        for seat, agent in enumerate(env.possible_agents):
            other = game.determinize(state.view(seat), rng)
            seen = []
            for candidate in (state, other):
                env.game_state = candidate
                env.words.begin(candidate.legal_actions())
                seen.append(env.observe(agent))
            mine, theirs = seen
            assert mine["observation"].shape == (env.encoding.layout.size + len(env.words.vocabulary),)
            assert np.isfinite(mine["observation"]).all()
            assert (mine["observation"] == theirs["observation"]).all()
            assert (mine["action_mask"] == theirs["action_mask"]).all()


def test_observations_change_with_what_the_seat_sees() -> None:
    """The encoding is not blind: the seat's own hand and the table show in it."""
    game = rl.env("plonk").game
    encoding = encoding_of(game)
    state = game.new_state(1)
    before = encoding.observe(state.view(0))
    state.apply(state.legal_actions()[0])
    assert encoding.observe(state.view(0)) != before
    hand = encoding.layout.sections[0]
    assert sum(before[hand.start:hand.start + hand.size]) == 13


@pytest.mark.parametrize(("spec", "flags"), BOARDS, ids=[f"{s}{f}" for s, f in BOARDS])
def test_pettingzoo_api_and_seed_tests(spec: str, flags: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env(spec, **flags), num_cycles=200)
        seed_test(lambda: rl.env(spec, **flags), num_cycles=100)


@pytest.mark.parametrize(("spec", "flags"), BOARDS[:5], ids=[f"{s}{f}" for s, f in BOARDS[:5]])
def test_gymnasium_env_checker(spec: str, flags: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.single_agent(spec, **flags), skip_render_check=True)


def test_gymnasium_ids_name_each_game() -> None:
    assert rl.gymnasium_ids() == {"plonk": "parlour/Plonk-v0", "tock": "parlour/Tock-v0", "tonk": "parlour/Tonk-v0"}
    assert all(env_id in gymnasium.registry for env_id in rl.gymnasium_ids().values())


@pytest.mark.parametrize(("env_id", "spec", "flags"), [
    ("parlour/Tonk-v0", "tonk:speno", {"players": 2}), ("parlour/Tock-v0", "tock", {"players": 6}),
    ("parlour.rl:parlour/Plonk-v0", "plonk", {}),
])
def test_gymnasium_make_and_its_checker(env_id: str, spec: str, flags: dict[str, Any],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``gymnasium.make`` by id (keywords as ``single_agent``'s); ``check_env`` with its render checks, which make
    the environment again through its spec in each render mode."""
    preset = {"preset": spec.partition(":")[2]} if ":" in spec else {}
    env = gymnasium.make(env_id, opponents="random", seat=1, **preset, **flags)
    single = env.unwrapped
    assert isinstance(single, rl.SingleAgentEnv) and single.seat == 1
    assert single.multi.game.name_with_rules() == load_game(spec, **flags).name_with_rules()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(single)
    assert capsys.readouterr().out.strip()  # the "human" render mode printed the learner's view


def test_gymnasium_make_passes_bad_keywords_on_to_be_refused() -> None:
    with pytest.raises(RulesError, match="players"):
        gymnasium.make("parlour/Plonk-v0", players=3)


def play_out(env: rl.ParlourEnv, seed: int) -> tuple[State, dict[str, float]]:
    """A random game through the environment; its final state and each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        state = env.live()
        env.step(action)
    return state, totals


@pytest.mark.parametrize(("spec", "flags"), BOARDS[:5], ids=[f"{s}{f}" for s, f in BOARDS[:5]])
def test_rewards_add_up_to_the_returns_and_seeds_replay(spec: str, flags: dict[str, Any]) -> None:
    state, totals = play_out(rl.env(spec, **flags), 11)
    assert state.is_terminal
    assert list(totals.values()) == pytest.approx(state.returns())
    again, _ = play_out(rl.env(spec, **flags), 11)
    assert again.history() == state.history() and again.seed == state.seed


@pytest.mark.parametrize(("spec", "flags"), BOARDS[:5], ids=[f"{s}{f}" for s, f in BOARDS[:5]])
def test_the_global_state_is_every_seats_view(spec: str, flags: dict[str, Any]) -> None:
    """``state()``: one vector whoever acts, each seat's view in seat order (so each hand), in ``state_space``."""
    env = rl.env(spec, **flags)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded, like the observations
        pettingzoo_state_space_test(env)
    env.reset(seed=6)
    size = env.encoding.layout.size
    rng = np.random.default_rng(6)
    for step, agent in enumerate(env.agent_iter(300)):
        observation, _, terminated, truncated, _ = env.last()
        state = env.state()
        assert env.state_space.contains(state)
        for seat, other in enumerate(env.possible_agents):
            seen = env.observe(other)["observation"]
            assert (state[seat * size:(seat + 1) * size] == seen[:size]).all()
            if other == agent and not terminated:
                assert (state[-len(env.words.vocabulary):] == seen[size:]).all()  # the words chosen so far
        assert (env.state() == state).all()
        if step % 7 == 0 and env.possible_agents[1] != agent:  # asked while another agent is selected: the same
            selected, env.agent_selection = env.agent_selection, env.possible_agents[1]
            assert (env.state() == state).all()
            env.agent_selection = selected
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(("spec", "flags"), BOARDS[:5], ids=[f"{s}{f}" for s, f in BOARDS[:5]])
def test_observations_are_the_views_encoded_and_new_arrays_each_time(spec: str, flags: dict[str, Any]) -> None:
    """Every agent's observation is ``observation_of`` its view (the reference) with the words chosen, its mask
    the chooser's; the arrays are the caller's: changing them changes nothing the environment gives later."""
    env = rl.env(spec, **flags)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    kept = []
    for agent in env.agent_iter(400):
        observation, _, terminated, truncated, _ = env.last()
        state = env.live()
        for seat, other in enumerate(env.possible_agents):
            acting = seat == state.current_player
            seen = env.observe(other)
            expected = observation_of(env.encoding, state.view(seat), env.words if acting else None)
            assert np.array_equal(seen["observation"], np.asarray(expected, np.float32))
            mask = env.words.mask() if acting else [0] * len(env.words.vocabulary)
            assert seen["action_mask"].tolist() == mask
        kept.append((observation["observation"].copy(), observation["action_mask"].copy(), observation))
        word = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation["observation"][:] = 7.0
        observation["action_mask"][:] = 1
        again = env.observe(agent)
        assert np.array_equal(again["observation"], kept[-1][0]) and np.array_equal(again["action_mask"], kept[-1][1])
        observation["observation"][:], observation["action_mask"][:] = kept[-1][0], kept[-1][1]
        env.step(word)
    for vector, mask, given in kept:
        assert np.array_equal(given["observation"], vector) and np.array_equal(given["action_mask"], mask)


def test_the_global_state_shows_what_observations_hide() -> None:
    """Cards hidden from a seat change the state, never that seat's observation: privileged information."""
    env = rl.env("tonk:speno", players=2)
    env.reset(seed=2)
    real = env.live()
    other = env.game.determinize(real.view(0), random.Random(1))
    states, observations = [], []
    for candidate in (real, other):
        env.game_state = candidate
        env.words.begin(candidate.legal_actions())
        states.append(env.state())
        observations.append(env.observe("player_0")["observation"])
    assert (observations[0] == observations[1]).all()
    assert (states[0] != states[1]).any()


def test_a_word_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = rl.env("tonk:speno", players=2)
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)
    version = env.live().version
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[-1])
    word = env.words.vocabulary[illegal]
    with pytest.raises(ValueError, match=rf"action index {illegal} \('{word}'\) is not legal here; allowed: "):
        env.step(illegal)
    with pytest.raises(ValueError, match=r"action index 9999 \(there are"):
        env.step(9999)
    after = env.observe(agent)
    assert env.live().version == version and env.agent_selection == agent
    assert (after["observation"] == before["observation"]).all()
    assert (after["action_mask"] == before["action_mask"]).all()


def test_single_agent_refuses_an_illegal_word_in_info_or_raises() -> None:
    env = rl.single_agent("plonk", seat=2, opponents="random")
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    again, reward, done, _, info = env.step(illegal)
    assert reward == 0.0 and not done and "is not legal here" in info["illegal"]
    assert (again["observation"] == observation["observation"]).all()
    strict = rl.single_agent("plonk", seat=2, opponents="random", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="is not legal here"):
        strict.step(illegal)


def test_every_single_agent_episode_starts_at_a_decision_of_the_learner() -> None:
    env = rl.single_agent("tonk:speno", players=2, seat=1, opponents="random")
    env.reset(seed=5)
    for _ in range(300):  # many of these deals end before seat 1 moves (seat 0 drops, or a deal-time win)
        observation, _ = env.reset()
        assert observation["action_mask"].any()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))

    def episodes() -> list[np.ndarray]:
        return [env.reset(seed=9)[0]["observation"], *(env.reset()[0]["observation"] for _ in range(20))]

    assert all((a == b).all() for a, b in zip(episodes(), episodes(), strict=True))  # dealing again replays


def test_a_seven_split_is_chosen_part_by_part() -> None:
    """Tock: ``7`` then one part at a time; each mask offers only parts that lead on to a legal split."""
    env = rl.env("tock", players=4)
    game = env.game
    state = game.new_state(0, {"pawns": {"a1": 3, "a2": 10, "a3": 30},
                               "hands": [["7c", "2d", "3d", "4d", "6d"], [], [], []], "to_play": 0})
    env.reset(seed=0)
    env.game_state = state
    env.words.begin(state.legal_actions())
    sevens = [a for a in state.legal_actions() if str(a).startswith("7 ")]
    assert len(sevens) > 20
    seven = env.words.index["7"]
    assert env.words.choose(seven) is None
    offered = {env.words.vocabulary[i] for i, on in enumerate(env.words.mask()) if on}
    assert offered == {str(a).split()[1] for a in sevens}
    target = next(a for a in sevens if len(str(a).split()) == 3)
    for word in str(target).split()[1:]:
        settled = env.words.choose(env.words.index[word])
    assert settled is target


def test_render_ansi_draws_the_acting_seat_and_bad_modes_are_refused() -> None:
    env = rl.env("plonk", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "player_0" in text
    with pytest.raises(ValueError, match="render_mode 'rgb_array' is not offered; use 'human' or 'ansi' or None"):
        rl.env("plonk", render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_mode 'rgb_array' is not offered"):
        rl.single_agent("plonk", render_mode="rgb_array")


@pytest.mark.parametrize(("spec", "flags"), BOARDS[:5], ids=[f"{s}{f}" for s, f in BOARDS[:5]])
def test_pettingzoo_render_test(spec: str, flags: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: rl.env(spec, render_mode=render_mode, **flags))
    assert "player_0" in capsys.readouterr().out  # "human" printed the drawings


def test_human_rendering_prints_at_reset_and_each_settled_action(capsys: pytest.CaptureFixture[str]) -> None:
    env = rl.env("plonk", render_mode="human")
    env.reset(seed=1)
    drawn = env.drawing(0)
    assert capsys.readouterr().out == drawn
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))  # a Plonk word is an action
    assert capsys.readouterr().out == env.drawing(1)
    assert env.render() is None and capsys.readouterr().out == env.drawing(1)


def test_single_agent_renders_the_learners_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = rl.single_agent("plonk", seat=2, opponents="random", render_mode="human")
    observation, _ = env.reset(seed=3)
    assert capsys.readouterr().out == env.multi.drawing(2)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert capsys.readouterr().out == env.multi.drawing(2)
    ansi = rl.single_agent("plonk", seat=2, opponents="random", render_mode="ansi")
    ansi.reset(seed=3)
    assert ansi.render() == ansi.multi.drawing(2) != ansi.multi.drawing(0)


def test_a_game_without_an_encoding_is_refused_by_name() -> None:
    with pytest.raises(RulesError, match="has no encoding"):
        encoding_of(_NoEncoding())


class _NoEncoding(Game):  # type: ignore[type-arg]
    """A game class stub with no parts: ``encoding_of`` must refuse it by name."""

    spec = rl.env("plonk").game.spec
    parts = Parts()

    def __init__(self) -> None:
        pass

    def parse_action(self, text: str, state: Any = None) -> Any:
        raise NotImplementedError

    def determinize(self, view: Any, rng: random.Random) -> Any:
        raise NotImplementedError


DECIDED: list[tuple[str, dict[str, Any], int]] = [
    ("tonk:speno", {"players": 2}, 49), ("tonk:speno", {"players": 2}, 60),
    ("tonk:pagat", {"players": 4}, 11), ("tonk:pagat", {"players": 4}, 92),
]
"""Seeds whose first episode's deal decides the whole game (found by scanning ``reset(seed=s)``)."""
DECIDED_IDS = [f"{s}{f}-{seed}" for s, f, seed in DECIDED]


def first_deal(env: rl.ParlourEnv, seed: int) -> State:
    """The game ``reset(seed=seed)`` deals first (as the environment draws its episode seeds)."""
    return env.game.new_state(random.Random(seed).getrandbits(64))


@pytest.mark.parametrize(("spec", "flags", "seed"), DECIDED, ids=DECIDED_IDS)
def test_a_game_over_at_the_deal_is_passed_over_and_reported(spec: str, flags: dict[str, Any], seed: int) -> None:
    env = rl.env(spec, **flags)
    decided = first_deal(env, seed)
    assert decided.is_terminal and any(decided.returns())
    env.reset(seed=seed)
    assert env.passed == [decided.returns()]
    assert not any(env.terminations.values()) and not any(env._cumulative_rewards.values())
    observation, *_ = env.last()
    assert observation["action_mask"].any() and env.live().current_player >= 0
    assert [env.infos[agent]["passed"] for agent in env.agents] == [[r] for r in decided.returns()]
    state, totals = play_out(env, seed)
    assert state.is_terminal and list(totals.values()) == pytest.approx(state.returns())


def test_a_hand_decided_at_the_deal_pays_its_stake_and_the_match_goes_on() -> None:
    env = rl.env("tonk:speno", players=2, hands=3)
    env.reset(seed=49)  # its first hand is won at the deal
    state = env.live()
    assert not state.is_terminal and any(state.returns()) and not env.passed
    final, totals = play_out(env, 49)
    assert list(totals.values()) == pytest.approx(final.returns())


@pytest.mark.parametrize(("spec", "flags", "seed"), DECIDED, ids=DECIDED_IDS)
def test_pettingzoo_api_test_and_benchmark_pass_from_a_game_over_at_the_deal(
        spec: str, flags: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(StartingAt(spec, seed, **flags), num_cycles=30)
    clock = iter(range(10**6))  # PettingZoo's benchmark runs 5 s: its clock here ticks 0.01 s a cycle
    monkeypatch.setattr(benchmark, "time", SimpleNamespace(time=lambda: next(clock) / 100))
    benchmark.performance_benchmark(StartingAt(spec, seed, **flags))


@pytest.mark.parametrize("flags", [{}, {"hands": 3}])
def test_single_agent_reports_a_game_passed_over_and_pays_a_stake_of_the_match(flags: dict[str, Any]) -> None:
    """Seeds 49 and 60 deal first a hand won at the deal, before the learner (seat 0, who plays first in a
    game) has chosen anything: a game passed over and reported, or (3 hands) a stake the match pays."""
    env = rl.single_agent("tonk:speno", players=2, seat=0, opponents="random", **flags)
    rng = np.random.default_rng(0)
    for seed in (49, 60):
        first = first_deal(env.multi, seed)
        _, info = env.reset(seed=seed)
        assert info["passed"] == ([] if flags else [first.returns()[0]])
        total, done = 0.0, False
        while not done:
            _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += reward
        assert total == pytest.approx(env.multi.live().returns()[0])


def test_single_agent_reports_the_games_over_before_the_learner_moves() -> None:
    """At seat 1 against ``random``, many games end at seat 0's first move; ``info["passed"]`` lists them."""
    env = rl.single_agent("tonk:speno", players=2, seat=1, opponents="random")
    reported = [env.reset(seed=seed)[1]["passed"] for seed in range(40)]
    assert sum(map(len, reported)) > 5 and all(r != 0 for games in reported for r in games)


def play_episode(env: rl.SingleAgentEnv, seed: int) -> float:
    """Play one episode choosing the first legal word; the learner's total reward."""
    observation, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        observation, reward, done, _, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        total += reward
    return total


def test_single_agent_opponents_may_be_bots_or_policy_callables() -> None:
    seen: list[int] = []

    def first_legal(view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
        seen.append(view["seat"])
        return legal[0]

    class FirstLegal:
        name = "first"

        def choose(self, view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
            return legal[0]

    by_callable = rl.single_agent("plonk", seat=2, opponents=first_legal)
    assert play_episode(by_callable, 3) == play_episode(rl.single_agent("plonk", seat=2, opponents=FirstLegal()), 3)
    assert set(seen) == {0, 1, 3}  # the policy is asked for every other seat, with that seat's view
    mixed = rl.single_agent("plonk", seat=0, opponents=["random", FirstLegal(), first_legal])
    assert [type(b).__name__ for b in mixed.bots.values()][1:] == ["FirstLegal", "PolicyBot"]
    play_episode(mixed, 4)
    with pytest.raises(BotSpecError, match="give a bot spec, a Bot"):
        rl.single_agent("plonk", opponents=42)  # type: ignore[arg-type]
    with pytest.raises(BotSpecError, match="one per other seat"):
        rl.single_agent("plonk", opponents=[first_legal, first_legal])


def test_only_the_random_bot_itself_is_spared_its_view() -> None:
    """The ``random`` bot never reads its view, so none is built for it; a subclass may read one, and gets it."""
    class Peeking(RandomBot):
        def choose(self, view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
            assert view["seat"] is not None
            return super().choose(view, legal, rng)

    state = load_game("plonk").new_state(5)
    seat = state.current_player
    assert view_for(RandomBot(), state, seat) is BLIND
    assert view_for(Peeking(), state, seat) == state.view(seat)
    play_episode(rl.single_agent("plonk", seat=2, opponents=["random", Peeking(), "random"]), 6)


@pytest.mark.parametrize(("label", "game"), [*GAMES, ("tonk:match", load_game("tonk:classic", players=3, hands=6))],
                         ids=[*IDS, "tonk:match"])
def test_observations_and_states_stay_within_finite_bounds(label: str, game: Game) -> None:
    env = rl.ParlourEnv(game.name_with_rules())
    box = env.observation_space(env.possible_agents[0])["observation"]
    for space in (box, env.state_space):
        assert np.isfinite(space.low).all() and np.isfinite(space.high).all() and (space.low <= space.high).all()
    for seed in (1,):
        for state in walk(game, seed, samples=60):
            env.game_state = state
            env.words.begin(state.legal_actions() if not state.is_terminal else [])
            for agent in env.possible_agents:
                observation = env.observe(agent)
                outside = np.flatnonzero((observation["observation"] < box.low)
                                         | (observation["observation"] > box.high))
                assert env.observation_space(agent).contains(observation), f"slots {outside} out of bounds"
            assert env.state_space.contains(env.state())
    env.reset(seed=3)
    for agent in env.agent_iter(max_iter=3000):  # through the environment's own steps, chosen words included
        observation, _, terminated, truncated, _ = env.last()
        assert env.observation_space(agent).contains(observation) and env.state_space.contains(env.state())
        env.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[-1]))


def test_hand_rewards_pay_each_plonk_deal_and_add_up_to_the_returns() -> None:
    for seed in (1, 2):
        rewards: dict[str, list[float]] = {}
        for mode in ("game", "hand"):
            env = rl.single_agent("plonk", seat=1, opponents="random", reward=mode, target=300)
            observation, _ = env.reset(seed=seed)
            done, got = False, []
            while not done:
                observation, reward, done, _, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
                got.append(reward)
            assert sum(got) == pytest.approx(env.multi.live().returns()[1])
            rewards[mode] = got
        assert len(rewards["game"]) == len(rewards["hand"])  # the same game, rewarded otherwise
        paid = [r for r in rewards["hand"][:-1] if r]
        assert len(paid) >= 1 and not any(rewards["game"][:-1])  # deals paid along the way, not only at the end
    tonk = rl.single_agent("tonk:speno", players=2, opponents="random", reward="hand", hands=4)
    total = play_episode(tonk, 5)
    assert total == pytest.approx(tonk.multi.live().returns()[0])  # Tonk's hands already settle as they end
    with pytest.raises(ValueError, match="has none: use reward"):
        rl.single_agent("tock", reward="hand")
    with pytest.raises(ValueError, match="reward='deal'"):
        rl.single_agent("plonk", reward="deal")


@pytest.mark.parametrize(("players", "teams"), [(4, "pairs"), (6, "two")])
def test_team_tock_rewards_are_constant_sum_by_team(players: int, teams: str) -> None:
    env = rl.env("tock", players=players, teams=teams)
    api_test(env, num_cycles=200)
    state, totals = play_out(rl.env("tock", players=players, teams=teams), 5)
    rewards = list(totals.values())
    assert sum(rewards) == pytest.approx(players // 2)  # the winning team's size: each member gets 1
    winners = {seat for seat, reward in enumerate(rewards) if reward == pytest.approx(1.0)}
    assert winners in {frozenset(team) for team in state.game.teams()}
