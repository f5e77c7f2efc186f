"""Positions as data: exact JSON round trips that play on identically (Hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import load_game
from parlour.core.chance import JSON_SAFE
from parlour.core.game import Game, State

PRESETS = ["standard", "sevens"]


def random_state(game: Game, seed: int, steps: int) -> State:
    state = game.new_state(seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def play_on(state: State, seed: int, steps: int = 60) -> list[tuple[list[str], list[dict[str, object]]]]:
    rng = random.Random(seed)
    trace = []
    for _ in range(steps):
        views = [state.view(s) for s in (None, *range(state.game.num_players))]
        legal = state.legal_actions()
        trace.append(([str(a) for a in legal], views))
        if state.is_terminal:
            break
        state.apply(legal[rng.randrange(len(legal))])
    return trace


def check_round_trip(state: State) -> None:
    game = state.game
    data = state.to_json()
    back = game.state_from_json(data)
    assert back == state
    text = json.dumps(data)
    again = game.state_from_json(json.loads(text))
    assert again == state
    assert json.loads(json.dumps(again.to_json())) == json.loads(text)
    assert play_on(state.clone(), 7) == play_on(again, 7)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**128), preset=st.sampled_from(PRESETS), players=st.integers(2, 8),
       steps=st.integers(0, 900), optional=st.booleans())
def test_states_round_trip_exactly_and_play_on_alike(seed: int, preset: str, players: int, steps: int,
                                                      optional: bool) -> None:
    game = load_game(f"tock:{preset}", players=players, home_entry="optional" if optional else "mandatory")
    check_round_trip(random_state(game, seed, steps))


def test_a_finished_game_round_trips() -> None:
    game = load_game("tock", players=2)
    state = random_state(game, 3, 100_000)
    assert state.is_terminal
    check_round_trip(state)


def test_seeds_beyond_2_to_the_53_survive() -> None:
    game = load_game("tock", players=3)
    seed = 2**127 + 12345
    state = random_state(game, seed, 200)
    data = state.to_json()
    assert data["seed"] == str(seed)
    back = game.state_from_json(json.loads(json.dumps(data)))
    assert back.seed == seed > JSON_SAFE
    assert back == state
    assert play_on(state.clone(), 1, 400) == play_on(back, 1, 400)


def test_a_hand_built_position_round_trips() -> None:
    game = load_game("tock", players=8)
    state = game.new_state(5, {"pawns": {"a1": 9, "a2": 45, "b1": 27}, "unsettled": ["a2"]})
    assert state.view(None)["settled"] == ["a1", "b1"]
    check_round_trip(state)
