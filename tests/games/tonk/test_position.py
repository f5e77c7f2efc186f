"""TonkPosition as data: exact JSON round trips that play on identically, any-size seeds."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import load_game
from parlour.core.game import State
from parlour.games.tonk.position import TonkPosition

SPECS = (
    "tonk:speno", "tonk:classic", "tonk:texas", "tonk:pagat",
    "tonk:classic?jokers=2&hand_size=7", "tonk:speno?spades_side_bet=true&hands=3",
    "tonk:pagat?upcard=false&drop_timing=any&jokers=2&joker_points=20&hands=2",
    "tonk:classic?deal_49_wins=in_turn&hit_lockout=true&hands=2&target=3",
)


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


@settings(max_examples=80, deadline=None)
@given(
    spec=st.sampled_from(SPECS),
    players=st.integers(2, 5),
    seed=st.one_of(st.integers(0, 2**32), st.integers(2**127, 2**128 - 1)),
    length=st.integers(0, 400),
    then=st.integers(0, 2**16),
)
def test_states_round_trip_through_json_and_play_on_identically(
    spec: str, players: int, seed: int, length: int, then: int,
) -> None:
    game = load_game(spec, players=players)
    state = game.new_state(seed)
    rng = random.Random(seed ^ length)
    for _ in range(length):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        others = [a for a in legal if str(a) != "drop"] or list(legal)
        state.apply(others[rng.randrange(len(others))])
    again = round_trip(state)
    assert isinstance(again.pos, TonkPosition)
    assert again.pos is not state.pos
    assert continue_randomly(again, then) == continue_randomly(state, then)
    assert again == state


def test_a_hand_built_position_round_trips_with_its_start() -> None:
    game = load_game("tonk:classic?jokers=2", players=2)
    spreads = [{"owner": 1, "cards": ["5c", "5d", "Jk=5h"]}]
    state = game.new_state(7, {"hands": [["5h", "6h", "Jk", "Kc"], ["Ac", "2c"]], "spreads": spreads})
    state.apply("draw stock")
    again = round_trip(state)
    assert again.to_json()["start"] == state.to_json()["start"]
    assert continue_randomly(again, 3) == continue_randomly(state, 3)


def test_seeds_beyond_2_53_survive_as_decimal_text() -> None:
    game = load_game("tonk:speno", players=3)
    seed = 2**53 + 1
    state = game.new_state(seed)
    data = state.to_json()
    assert data["seed"] == str(seed)
    again = game.state_from_json(json.loads(json.dumps(data)))
    assert again.seed == seed and again == state
    big = 2**128 - 159
    assert game.new_state(big).view(None) == game.new_state(big).view(None)
    assert game.new_state(big).view(0) != game.new_state(big - 1).view(0)
    assert game.new_state(2**53).to_json()["seed"] == 2**53
