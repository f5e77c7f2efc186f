"""The actions games share: one ``Discard``, the same value, text, hash and pickle in every game that has it."""

from __future__ import annotations

import pickle

import pytest

from parlour.core.actions import Discard
from parlour.core.cards import parse_card
from parlour.core.registry import load_game


@pytest.mark.parametrize("name", ["tonk", "tock"])
def test_each_game_reads_and_writes_the_one_discard(name: str) -> None:
    game = load_game(name)
    action = game.parse_action("DISCARD qh")
    assert type(action) is Discard and action == Discard(parse_card("Qh"))
    assert str(action) == "discard Qh" and repr(action) == "Discard(card=Card('Qh'))"


def test_a_discard_is_a_frozen_hashable_value_that_pickles() -> None:
    action = Discard(parse_card("10s"))
    assert hash(action) == hash(Discard(parse_card("10s"))) and action != Discard(parse_card("9s"))
    assert pickle.loads(pickle.dumps(action)) == action
    with pytest.raises(AttributeError):
        action.card = 3  # type: ignore[misc]
