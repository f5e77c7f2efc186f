"""The contract every registered game and preset must keep (DESIGN.md, 'Testing habits')."""

from __future__ import annotations

import pickle
import random

import pytest

from parlour.core.errors import IllegalActionError, InvalidActionError, ParlourError
from parlour.core.game import Game, State
from parlour.core.record import GameRecord, replay
from parlour.testing import check_game, random_walk, snapshot
from tests.conftest import conformance_games, play_randomly

GAMES = list(conformance_games())
IDS = [label for label, _ in GAMES]


def walk(game: Game, seed: int, samples: int = 40) -> list[State]:
    """About ``samples`` states spread evenly over one long random game, its end included."""
    return random_walk(game, seed, samples)[1]


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_random_games_end(label: str, game: Game) -> None:
    for seed in range(8):
        state = play_randomly(game.new_state(seed), random.Random(seed))
        assert state.is_terminal
        assert len(state.returns()) == game.num_players
        assert state.legal_actions() == () or list(state.legal_actions()) == []


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_action_text_round_trips(label: str, game: Game) -> None:
    for state in walk(game, 11):
        for action in state.legal_actions():
            text = str(action)
            assert game.parse_action(text, state) == action, text
            assert game.parse_action(text.upper(), state) == action, text.upper()
            assert eval(repr(action), _namespace(action)) == action  # repr pastes back as code


def _namespace(action: object) -> dict[str, object]:
    import importlib

    from parlour.core.cards import Card

    module = importlib.import_module(type(action).__module__)
    return {**vars(module), "Card": Card}


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_same_seed_and_actions_replay_identically(label: str, game: Game) -> None:
    for seed in (3, 4):
        state = play_randomly(game.new_state(seed), random.Random(seed + 100))
        record = GameRecord.from_json(GameRecord.of(state).to_json())
        again = replay(record)
        assert snapshot(again) == snapshot(state)
        assert game.new_state(seed).view(None) == game.new_state(seed).view(None)


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_a_pickled_state_plays_on_alike(label: str, game: Game) -> None:
    """States pickle (as ``multiprocessing`` hands them to workers): compiled rules of play and a history of
    thousands of actions included."""
    for state in walk(game, 7, samples=6):
        copy = pickle.loads(pickle.dumps(state))
        assert copy.to_json() == state.to_json() and copy.legal_actions() == state.legal_actions()
        if not state.is_terminal:
            action = state.legal_actions()[-1]
            copy.apply(action)
            after = state.clone()
            after.apply(action)
            assert copy.to_json() == after.to_json()


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_the_plugin_kit_passes(label: str, game: Game) -> None:
    """Clones, JSON, determinism, determinizations that keep every view, views without hidden cards."""
    check_game(game, games=2, seed=12, samples=30)


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_refused_actions_change_nothing(label: str, game: Game) -> None:
    states = walk(game, 15)
    elsewhere = {str(a): a for s in states for a in s.legal_actions()}
    for state in states[::3]:
        before = snapshot(state)
        legal = {str(a) for a in state.legal_actions()}
        for text, action in list(elsewhere.items())[:40]:
            if text in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert snapshot(state) == before
        for nonsense in ("", "   ", "fly away", "discard", "Zz9", "7 p9+99", "hit Qh x"):
            with pytest.raises(ParlourError) as caught:
                state.apply(nonsense)
            assert isinstance(caught.value, InvalidActionError | IllegalActionError)
            assert repr(nonsense) in str(caught.value) or nonsense.strip() == ""
            assert snapshot(state) == before
