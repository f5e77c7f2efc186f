"""Two worked examples of BSFS/Speno Tonk (tests/data/tonk_worked_examples.json) replay move for move with the
speno preset."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour import load_game
from parlour.core.game import State
from parlour.games.tonk.game import TonkState

EXAMPLES = json.loads((Path(__file__).parents[2] / "data" / "tonk_worked_examples.json").read_text())["examples"]
SEATS = ["Toubib", "Gobelin", "Elmo"]
"""Play order: Toubib sits left of the dealer, Elmo."""


def start(example: dict[str, Any]) -> TonkState:
    game = load_game("tonk:speno", players=3)
    position = {
        "hands": [example["hands"][name] for name in SEATS],
        "discard": example["discard"],
        "stock": example["stock_top_first"],
        "to_play": 0,
        "dealer": 2,
    }
    state = game.new_state(0, position)
    assert isinstance(state, State)
    return state


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_example_replays_with_its_checkpoints_and_payments(example: dict[str, Any]) -> None:
    state = start(example)
    checkpoints = {c["after"]: c for c in example["checkpoints"]}
    for i, (who, text) in enumerate(example["actions"], start=1):
        assert state.current_player == SEATS.index(who), f"action {i}: {who} should be to play"
        state.apply(text)
        if i in checkpoints:
            check = checkpoints[i]
            totals = {name: state.pos.values[seat] for seat, name in enumerate(SEATS)}
            assert totals == check["totals"], f"after action {i}"
            assert state.view(None)["discard"][-1] == check["discard_top"]
            if "table" in check:
                table = [[SEATS[s["owner"]], s["cards"]] for s in state.view(None)["spreads"]]
                assert table == check["table"]
    assert state.is_terminal
    payments = [[SEATS[e.payer], SEATS[e.payee], e.stakes] for e in state.settlement()]
    assert payments == example["payments"]
    assert sum(state.returns()) == 0


def test_example_two_drop_is_a_win_for_gobelin() -> None:
    state = start(EXAMPLES[1])
    for _, text in EXAMPLES[1]["actions"]:
        state.apply(text)
    assert state.returns() == [-1.0, 2.0, -1.0]
    assert state.view(None)["results"][-1]["totals"] == [11, 5, 15]


def test_erratum_elmo_totals_24_not_25() -> None:
    """The example as first written gave Elmo 25 at its third position, for 7♥ 7♠ 6♦ 2♦ 2♣: that hand is 24."""
    state = start(EXAMPLES[0])
    for _, text in EXAMPLES[0]["actions"][:13]:
        state.apply(text)
    assert " ".join(state.view(2)["hand"]) == "2c 2d 6d 7h 7s"
    assert state.pos.values[2] == 24
