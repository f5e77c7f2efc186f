"""Plonk positions as data: hand-built starts round-trip; the generic checks are in tests/test_positions.py."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour import load_game
from parlour.core.errors import RecordError
from parlour.core.game import State
from parlour.games.plonk.rules import PlonkRules
from tests.games.plonk.helpers import SUIT_HANDS, start
from tests.play import play_on

SPECS = [f"plonk:{p}" for p in PlonkRules.presets] or ["plonk"]
GAMES = [load_game(spec, target=target) for spec in SPECS for target in (1, 120, 500)]
"""Every preset (Plonk has none beyond the defaults), with a one-deal, a short and a full match."""


def assert_round_trips(state: State[Any, Any], continuation: int) -> None:
    game = state.game
    data = state.to_json()
    again = game.state_from_json(data)
    assert again == state and again.pos == state.pos and again.seed == state.seed
    sent = json.loads(json.dumps(data))
    assert sent == data
    from_text = game.state_from_json(sent)
    assert from_text == state
    assert from_text.to_json() == data
    assert play_on(from_text, random.Random(continuation), 120) == play_on(state, random.Random(continuation), 120)
    assert from_text == state


def test_a_state_from_a_hand_built_deal_round_trips_with_its_start() -> None:
    state = start(SUIT_HANDS, seed=9, scores=[450, 430], deal=3)
    for _ in range(7):
        state.apply(state.legal_actions()[0])
    data = json.loads(json.dumps(state.to_json()))
    assert data["start"]["hands"] == [h.split() for h in SUIT_HANDS]
    again = state.game.state_from_json(data)
    assert again == state and again.start == state.start
    assert_round_trips(state, 3)


def test_the_position_is_readable_json() -> None:
    state = start(SUIT_HANDS)
    for card in ["Ac", "Ad", "Ah", "As", "Ks"]:
        state.apply(card)
    position = state.to_json()["position"]
    assert position["trick"] == ["Ks"] and position["tricks"] == [[0, ["Ac", "Ad", "Ah", "As"], 0]]
    assert position["hands"][0][:2] == ["Kc", "Qc"] and position["to_play"] == 0 and position["leader"] == 3
    assert position["history"][:2] == [[0, "Ac"], [1, "Ad"]] and position["version"] == 5


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p["hands"][0].append("Ad"), "hand 0 holds card"),
    (lambda p: p["hands"][0].pop(), "hand 0 holds 11 cards"),
    (lambda p: p.update(to_play=2), "seat 2 cannot be to play"),
    (lambda p: p["tricks"][0].__setitem__(2, 1), "is won by seat 0"),
    (lambda p: p["trick"].__setitem__(0, "Zz"), "'Zz' is not a Plonk card"),
    (lambda p: p.update(winner=0), "a finished match"),
    (lambda p: p.pop("dealer"), "'dealer'"),
])
def test_a_position_that_does_not_add_up_is_refused(change: Any, message: str) -> None:
    state = start(SUIT_HANDS)
    for card in ["Ac", "Ad", "Ah", "As", "Ks"]:
        state.apply(card)
    data = json.loads(json.dumps(state.to_json()))
    change(data["position"])
    with pytest.raises(RecordError, match=message):
        state.game.state_from_json(data)
