"""Positions as data, over every registered game and preset: JSON round trips, big seeds, records from exports."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.chance import JSON_SAFE
from parlour.core.errors import RecordError
from parlour.core.game import Game, State
from parlour.core.record import GameRecord, replay
from parlour.core.registry import load_state
from parlour.testing import long_random_action
from tests.conftest import conformance_games

GAMES = list(conformance_games())
IDS = [label for label, _ in GAMES]


def random_state(game: Game[Any], seed: int, steps: int) -> State[Any, Any]:
    """``steps`` random actions (mostly not ending the game) from a fresh deal of ``seed``."""
    state = game.new_state(seed)
    rng = random.Random(steps)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(long_random_action(state, rng))
    return state


def play_on(state: State[Any, Any], seed: int, steps: int = 40) -> list[Any]:
    """What every seat sees, the legal actions and the returns along one random continuation."""
    rng = random.Random(seed)
    seats: list[int | None] = [*range(state.game.num_players), None]
    seen: list[Any] = []
    for _ in range(steps):
        seen.append(([str(a) for a in state.legal_actions()], [state.view(q) for q in seats], state.returns()))
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return seen


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.one_of(st.integers(0, 2**32), st.integers(0, 2**128)),
       st.one_of(st.integers(0, 200), st.just(100_000)))
def test_any_state_round_trips_through_json_text_and_plays_on_identically(
        labelled: tuple[str, Game[Any]], seed: int, steps: int) -> None:
    _, game = labelled
    state = random_state(game, seed, steps)
    text = json.dumps(state.to_json())
    again = game.state_from_json(json.loads(text))
    assert again == state
    assert json.dumps(again.to_json()) == text
    assert load_state(json.loads(text)) == state
    assert play_on(again, seed) == play_on(state.clone(), seed)


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_seeds_beyond_2_53_travel_as_decimal_text(label: str, game: Game[Any]) -> None:
    seed = 2**127 + 2**64 + 12345
    state = random_state(game, seed, 30)
    data = json.loads(json.dumps(state.to_json()))
    assert data["seed"] == str(seed)
    record = json.loads(GameRecord.of(state).to_json())
    assert record["seed"] == str(seed)
    assert replay(GameRecord.from_dict(record)) == state
    small = random_state(game, JSON_SAFE, 0).to_json()
    assert small["seed"] == JSON_SAFE


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_a_record_may_start_from_an_exported_state(label: str, game: Game[Any]) -> None:
    exported = random_state(game, 21, 15).to_json()
    state = game.state_from_json(exported)
    rng = random.Random(4)
    for _ in range(25):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.from_json(GameRecord.of(state).to_json())
    assert record.start == exported
    assert len(record.actions) == state.version - exported["position"]["version"]
    assert replay(record) == state


@pytest.mark.parametrize(("label", "game"), GAMES[:1], ids=IDS[:1])
@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format=99), "unknown state format 99"),
    (lambda d: d.update(game="chess"), "is of game 'chess'"),
    (lambda d: d["rules"].update(players=9), "differ from"),
    (lambda d: d.update(seed="12a"), "'12a' is not a seed"),
    (lambda d: d.update(position=[]), "no position object"),
    (lambda d: d["position"].update(version=-1), "version"),
])
def test_a_state_that_does_not_fit_is_refused_quoting_what(label: str, game: Game[Any], change: Any,
                                                            message: str) -> None:
    data = json.loads(json.dumps(random_state(game, 5, 3).to_json()))
    change(data)
    with pytest.raises(RecordError, match=message):
        game.state_from_json(data)
