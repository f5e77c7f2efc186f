"""A parlour game in play through OpenSpiel: its seed drawn at explicit chance nodes, so the same outcomes deal
the same game whatever clones are made, and every state round-trips through serialisation and pickle."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e .[openspiel])")

from parlour.openspiel import PREFIX, register  # noqa: E402
from parlour.openspiel.state import OUTCOMES, SEED_BYTES  # noqa: E402

register()

BOARDS = [
    ("tonk", {"preset": "speno?hands=3", "players": 2}),
    ("plonk", {"preset": "?target=40"}),
    ("tock", {"players": 4}),
]


def random_state(game: object, words: int, seed: int) -> object:
    """A state ``words`` random actions (chance outcomes included) into a game, or its end."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(words):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_game_starts_with_chance_nodes_drawing_its_seed() -> None:
    game = pyspiel.load_game(PREFIX + "plonk")
    state = game.new_initial_state()
    for _ in range(SEED_BYTES):
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(OUTCOMES)) and sum(p for _, p in outcomes) == pytest.approx(1)
        assert state.returns() == [0.0] * 4 and "seed bytes drawn" in str(state)
        state.apply_action(7)
    assert not state.is_chance_node() and state.state.seed == int.from_bytes(bytes([7] * SEED_BYTES), "big")
    assert str(game.deal(state.state.seed)) == str(state)
    with pytest.raises(ValueError, match="is not a 8-byte number"):
        game.deal(2**64)


def test_clones_never_change_which_game_the_same_chance_outcomes_deal() -> None:
    first, second = (pyspiel.load_game(PREFIX + "tonk", {"preset": "speno", "players": 2}) for _ in range(2))
    busy = random_state(second, 30, 1)
    for _ in range(50):  # what an algorithm does between deals: clones, new states, resampling
        busy.clone()
        second.new_initial_state().clone()
        if not busy.is_terminal():
            busy.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for seed in (3, 2**63 + 5):
        assert first.deal(seed).information_state_string(0) == second.deal(seed).information_state_string(0)
    assert first.deal(3).information_state_string(0) != first.deal(4).information_state_string(0)


@pytest.mark.parametrize(("name", "params"), BOARDS)
@pytest.mark.parametrize("words", [0, 3, SEED_BYTES, SEED_BYTES + 30, 10_000])
def test_every_state_round_trips_through_serialisation_and_pickle(name: str, params: dict[str, object],
                                                                   words: int) -> None:
    game = pyspiel.load_game(PREFIX + name, params)
    state = random_state(game, words, 5)
    for copy in (pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
                 pickle.loads(pickle.dumps(state)),
                 game.deserialize_state(state.serialize())):
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions() and copy.returns() == state.returns()
        if not state.is_chance_node():
            assert copy.information_state_string(0) == state.information_state_string(0)
            assert copy.observation_tensor(0) == state.observation_tensor(0)
        if not state.is_terminal():  # both play on alike
            action = state.legal_actions()[-1]
            copy.apply_action(action)
            after = state.clone()
            after.apply_action(action)
            assert str(copy) == str(after)


def expected_player(state: object) -> int:
    """The current player OpenSpiel should see: chance before the deal, then the parlour state's or terminal."""
    if state.play is None:
        return int(pyspiel.PlayerId.CHANCE)
    return int(pyspiel.PlayerId.TERMINAL) if state.state.is_terminal else state.state.current_player


@pytest.mark.parametrize(("name", "params"), BOARDS)
def test_the_current_player_follows_play_clones_copies_and_resamples(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(PREFIX + name, params)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(400):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
        copies = [state.clone(), pickle.loads(pickle.dumps(state))]
        if step % 25 == 0 and not state.is_chance_node() and not state.is_terminal():
            copies.append(state.resample_from_infostate(state.current_player(), sampler))
        for seen in (state, *copies):
            assert seen.current_player() == expected_player(seen)
    assert state.current_player() == expected_player(state)


def test_a_state_in_the_middle_of_a_composite_action_round_trips() -> None:
    game = pyspiel.load_game(PREFIX + "tock", {"players": 2})
    rng = np.random.RandomState(1)
    for seed in range(20):
        state = game.deal(seed)
        while not state.is_terminal():
            version = state.state.version
            state.apply_action(int(rng.choice(state.legal_actions())))
            if state.state.version == version:  # words chosen, the action not settled yet
                copy = pickle.loads(pickle.dumps(state))
                assert copy.words.chosen == state.words.chosen and copy.legal_actions() == state.legal_actions()
                return
    pytest.fail("no action of several words in 20 random games")
