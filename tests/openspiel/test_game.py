"""parlour's games through OpenSpiel: registration and parameters, the declared utility, its random-simulation
test (with serialisation), its Python ISMCTS bot playing whole games, and resampling that keeps to what a seat
knows."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e .[openspiel])")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from parlour.openspiel import PREFIX, EstimateEvaluator, register  # noqa: E402
from parlour.openspiel.state import SEED_BYTES  # noqa: E402

register()

BOARDS = [
    ("tonk", {"preset": "speno", "players": 2}),
    ("tonk", {"preset": "classic", "players": 4}),
    ("plonk", {"preset": "?target=40"}),
    ("tock", {"players": 2}),
    ("tock", {"players": 4}),
    ("tock", {"preset": "?teams=pairs", "players": 4}),
]


def load(name: str, params: dict[str, object]) -> object:
    return pyspiel.load_game(PREFIX + name, params)


def test_every_game_is_registered_and_bad_parameters_are_refused() -> None:
    assert register() == [PREFIX + n for n in ("plonk", "tock", "tonk")]
    game = load("tonk", {"preset": "pagat", "players": 3})
    assert game.num_players() == 3 and game.get_type().information.name == "IMPERFECT_INFORMATION"
    assert game.get_type().chance_mode.name == "EXPLICIT_STOCHASTIC"
    assert (game.min_utility(), game.max_utility()) < (0, 1) <= (game.max_utility(), 99)
    with pytest.raises(Exception, match="unknown preset 'poker'"):
        load("tonk", {"preset": "poker"})
    with pytest.raises(Exception, match="players"):
        load("plonk", {"players": 3})


@pytest.mark.parametrize(("name", "params", "utility", "total"), [
    ("tonk", {"preset": "speno", "players": 2}, "ZERO_SUM", 0.0),
    ("tonk", {"preset": "pagat", "players": 5}, "ZERO_SUM", 0.0),
    ("plonk", {}, "ZERO_SUM", 0.0),
    ("tock", {"players": 2}, "CONSTANT_SUM", 1.0),
    ("tock", {"players": 6}, "CONSTANT_SUM", 1.0),
    ("tock", {"preset": "?teams=pairs", "players": 4}, "CONSTANT_SUM", 2.0),
])
def test_the_utility_is_declared_as_the_returns_add_up(name: str, params: dict[str, object], utility: str,
                                                         total: float) -> None:
    game = load(name, params)
    assert game.get_type().utility.name == utility and game.utility_sum() == total
    rng = np.random.RandomState(2)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        assert sum(state.returns()) == pytest.approx(total)


@pytest.mark.parametrize(("name", "params"), BOARDS)
def test_openspiel_random_simulation_test_passes_with_serialisation(name: str, params: dict[str, object]) -> None:
    pyspiel.random_sim_test(load(name, params), num_sims=1, serialize=True, verbose=False)


def test_a_preset_with_flags_survives_the_game_string() -> None:
    game = load("tonk", {"preset": "classic?jokers=2&hands=2", "players": 3})
    again = pyspiel.load_game(str(game))
    assert again.parlour.rules == game.parlour.rules and "jokers:2" in str(game)


@pytest.mark.parametrize(("name", "params", "evaluator"), [
    ("tonk", {"preset": "speno?hands=2", "players": 2}, "rollout"),
    ("plonk", {"preset": "?target=30"}, "rollout"),
    ("tock", {"players": 2}, "estimate"),
])
def test_openspiel_ismcts_plays_whole_games(name: str, params: dict[str, object], evaluator: str) -> None:
    game = load(name, params)
    rng = np.random.RandomState(3)
    judge = EstimateEvaluator() if evaluator == "estimate" else mcts.RandomRolloutEvaluator(random_state=rng)
    bot = ismcts.ISMCTSBot(game=game, evaluator=judge, uct_c=1.5, max_simulations=8, random_state=rng)
    state = game.deal(11)
    for _ in range(20_000):
        if state.is_terminal():
            break
        state.apply_action(bot.step(state))
    assert state.is_terminal()
    assert state.returns() == state.state.returns() and not state.words.chosen


def played(name: str, params: dict[str, object], words: int) -> object:
    """A state ``words`` random words into a game (or its last live state)."""
    game = load(name, params)
    state = game.deal(5)
    rng = np.random.RandomState(7)
    for _ in range(words):
        legal = state.legal_actions()
        after = state.clone()
        after.apply_action(int(rng.choice(legal)))
        if after.is_terminal():
            break
        state = after
    return state


@pytest.mark.parametrize(("name", "params"), BOARDS)
def test_resampling_keeps_what_the_seat_knows_and_deals_the_rest_anew(name: str, params: dict[str, object]) -> None:
    state = played(name, params, 25)
    for player in range(state.num_players()):
        others_hands = set()
        for i in range(6):
            sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            if player == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            others_hands.add(str([sample.state.hand(s) for s in range(state.num_players()) if s != player]))
            del i
        assert len(others_hands) > 1, "the hidden cards were not dealt anew"


def test_a_composite_action_is_chosen_word_by_word_by_the_same_player() -> None:
    game = load("tock", {"players": 2})
    rng = np.random.RandomState(1)
    for seed in range(20):
        state = game.deal(seed)
        while not state.is_terminal():
            player, version = state.current_player(), state.state.version
            state.apply_action(int(rng.choice(state.legal_actions())))
            if state.state.version == version:  # a word that settles nothing yet: the same player goes on
                assert state.current_player() == player and state.words.chosen
                assert state.observation_tensor(player) != state.observation_tensor(1 - player)
                return
    pytest.fail("no action of several words in 20 random games")


DECIDED = [
    ("tonk", {"preset": "speno", "players": 2}, 81), ("tonk", {"preset": "speno", "players": 2}, 96),
    ("tonk", {"preset": "pagat", "players": 4}, 88), ("tonk", {"preset": "pagat", "players": 4}, 156),
]
"""Seeds whose game is over at the deal (found by scanning seeds)."""


class FirstSeed:
    """OpenSpiel's chance sampler drawing ``seed``'s bytes for the first game, then at random."""

    def __init__(self, seed: int) -> None:
        self.bytes = list(seed.to_bytes(SEED_BYTES, "big"))
        self.rng = np.random.RandomState(0)

    def __call__(self, state: object) -> int:
        return self.bytes.pop(0) if self.bytes else int(self.rng.randint(256))


@pytest.mark.parametrize(("name", "params", "seed"), DECIDED)
def test_a_game_over_at_the_deal_is_passed_over_and_never_shown(name: str, params: dict[str, object],
                                                                  seed: int) -> None:
    game = load(name, params)
    state = game.deal(seed)
    assert len(state.passed) == 1 and any(state.passed[0])
    assert not state.is_terminal() and 0 <= state.current_player() < game.num_players()
    env = rl_environment.Environment(game, chance_event_sampler=FirstSeed(seed))
    rng = np.random.RandomState(0)
    for _ in range(3):  # the first game, passed over at its deal, and two more
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            assert 0 <= player < game.num_players()
            time_step = env.step([int(rng.choice(time_step.observations["legal_actions"][player]))])
        assert sum(time_step.rewards) == pytest.approx(0.0)


def test_a_match_whose_first_hand_is_decided_at_the_deal_goes_on() -> None:
    state = load("tonk", {"preset": "speno?hands=3", "players": 2}).deal(81)  # seed 81's first hand wins at once
    assert not state.passed and any(state.state.returns()) and not state.is_terminal()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == state.state.returns() and sum(state.returns()) == pytest.approx(0.0)


def learners_play(game: object, seed: int, agents: list[object], episodes: int) -> None:
    """OpenSpiel's own training loop (as in its examples) for ``episodes`` games, the first dealt by ``seed``."""
    env = rl_environment.Environment(game, chance_event_sampler=FirstSeed(seed))
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = env.step([agents[player].step(time_step).action])
        for agent in agents:
            agent.step(time_step)


@pytest.mark.parametrize(("name", "params", "seed"), DECIDED[::2])
def test_openspiel_policy_gradient_learns_from_a_game_over_at_the_deal(name: str, params: dict[str, object],
                                                                        seed: int) -> None:
    policy_gradient = pytest.importorskip("open_spiel.python.pytorch.policy_gradient",
                                          reason="OpenSpiel's torch learners need torch (the learn extra)")
    game = load(name, params)  # the environment's observations: the observation tensor (no information-state one)
    agents = [policy_gradient.PolicyGradient(player, game.observation_tensor_size(),
                                             game.num_distinct_actions(), hidden_layers_sizes=(8,), batch_size=2)
              for player in range(game.num_players())]
    learners_play(game, seed, agents, episodes=3)


@pytest.mark.parametrize(("name", "params", "seed"), DECIDED[::2])
def test_openspiel_dqn_learns_from_a_game_over_at_the_deal(name: str, params: dict[str, object], seed: int) -> None:
    pytest.importorskip("tree", reason="OpenSpiel's DQN imports dm-tree: pip install -e '.[openspiel]'")
    dqn = pytest.importorskip("open_spiel.python.pytorch.dqn",
                              reason="OpenSpiel's torch learners need torch (the learn extra)")
    game = load(name, params)
    agents = [dqn.DQN(player, state_representation_size=game.observation_tensor_size(),
                      num_actions=game.num_distinct_actions(), hidden_layers_sizes=[8], replay_buffer_capacity=64,
                      batch_size=4, min_buffer_size_to_learn=8, learn_every=4)
              for player in range(game.num_players())]
    learners_play(game, seed, agents, episodes=3)
