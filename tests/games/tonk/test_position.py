"""Tonk positions as data: hand-built starts round-trip; the generic checks are in tests/test_positions.py."""

from __future__ import annotations

import json
import random

from parlour import load_game
from parlour.core.game import State


def continue_randomly(state: State, seed: int, steps: int = 60) -> list[str]:
    """Play ``steps`` random actions (mostly not drops), returning a trace of what was seen."""
    rng = random.Random(seed)
    trace = []
    for _ in range(steps):
        trace.append(json.dumps([[state.view(p) for p in [*range(state.game.num_players), None]],
                                 [str(a) for a in state.legal_actions()], state.returns()], default=str))
        if state.is_terminal:
            break
        legal = state.legal_actions()
        others = [a for a in legal if str(a) != "drop"]
        choices = others if others and rng.random() < 0.9 else list(legal)
        state.apply(choices[rng.randrange(len(choices))])
    return trace


def round_trip(state: State) -> State:
    text = json.dumps(state.to_json())
    again = state.game.state_from_json(json.loads(text))
    assert again == state
    assert json.dumps(again.to_json()) == text
    return again


def test_a_hand_built_position_round_trips_with_its_start() -> None:
    game = load_game("tonk:classic?jokers=2", players=2)
    spreads = [{"owner": 1, "cards": ["5c", "5d", "Jk=5h"]}]
    state = game.new_state(7, {"hands": [["5h", "6h", "Jk", "Kc"], ["Ac", "2c"]], "spreads": spreads})
    state.apply("draw stock")
    again = round_trip(state)
    assert again.to_json()["start"] == state.to_json()["start"]
    assert continue_randomly(again, 3) == continue_randomly(state, 3)


