"""Tock positions as data: hand-built starts round-trip; the generic checks are in tests/test_positions.py."""

from __future__ import annotations

import json
import random

from parlour import load_game
from parlour.core.game import State
from tests.conftest import play_randomly
from tests.play import play_on

PRESETS = ["standard", "sevens"]


def check_round_trip(state: State) -> None:
    game = state.game
    data = state.to_json()
    back = game.state_from_json(data)
    assert back == state
    text = json.dumps(data)
    again = game.state_from_json(json.loads(text))
    assert again == state
    assert json.loads(json.dumps(again.to_json())) == json.loads(text)
    assert play_on(state.clone(), random.Random(7)) == play_on(again, random.Random(7))


def test_a_finished_game_round_trips() -> None:
    game = load_game("tock", players=2)
    state = play_randomly(game.new_state(3), random.Random(3 ^ 0x5EED), max_steps=100_000)
    assert state.is_terminal
    check_round_trip(state)


def test_a_hand_built_position_round_trips() -> None:
    game = load_game("tock", players=8)
    state = game.new_state(5, {"pawns": {"a1": 9, "a2": 45, "b1": 27}, "unsettled": ["a2"]})
    assert state.view(None)["settled"] == ["a1", "b1"]
    check_round_trip(state)


def test_the_board_the_log_starts_from_is_kept_and_shown_after_the_stock_runs_out() -> None:
    """When the played cards become the stock, the views' log starts afresh: they show the board it starts from
    (``log_board``), which round-trips, survives determinization, and is None for JSON written before it."""
    game = load_game("tock", players=4)
    state = game.new_state(5)
    rng = random.Random(5)
    boards = {0: state.view(None)["pawns"]}
    while not state.view(None)["version"] - len(state.view(None)["log"]):
        state.apply(rng.choice(state.legal_actions()))
        boards[state.view(None)["version"]] = state.view(None)["pawns"]
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(2)
    start = view["version"] - len(view["log"])
    assert start > 0 and view["log_board"]["pawns"] == boards[start]
    assert game.determinize(view, random.Random(1)).view(2) == view
    check_round_trip(state)
    older = state.to_json()
    del older["position"]["log_board"]
    assert game.state_from_json(older).view(2)["log_board"] is None
