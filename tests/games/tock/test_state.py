"""Views, determinization, the deal and hand-made positions."""

from __future__ import annotations

import random

import pytest

from parlour import load_game
from parlour.core.errors import RulesError
from parlour.core.game import State
from tests.games.tock.helpers import position


def test_the_deal_and_the_views() -> None:
    game = load_game("tock", players=6, extra_sevens=True)
    state = game.new_state(7)
    assert isinstance(state, State)
    view = state.view(2)
    assert view["hand_sizes"] == [5] * 6
    assert view["stock"] == 108 + 6 - 30
    assert len(view["hand"]) == 5
    assert view["pawns"] == [[None] * 4] * 6
    assert view["bonuses"] == [0] * 6
    assert "hand" not in state.view(None)
    assert state.hidden_cards(2) == set(state.pos.stock) | {c for q in range(6) if q != 2 for c in state.hand(q)}


def test_bonuses_and_advantage_are_public() -> None:
    state = position(pawns={"a1": 0, "b2": "h3"}, advantaged=["a1"], bonuses=[0, 2, 1, 0],
                     hand=["9c", "9d", "8h", "8s", "10c"])
    view = state.view(3)
    assert view["bonuses"] == [0, 2, 1, 0]
    assert view["advantaged"] == ["a1"]
    assert view["pawns"][1] == [None, "h3", None, None]


def test_determinize_keeps_the_view_and_deals_the_rest_at_random() -> None:
    game = load_game("tock", players=4)
    state = game.new_state(3)
    rng = random.Random(3)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    view = state.view(1)
    guesses = [game.determinize(view, random.Random(i)) for i in range(3)]
    for guess in guesses:
        assert guess.view(1) == view
    assert len({tuple(g.hand(0)) for g in guesses}) > 1


@pytest.mark.parametrize(("setup", "says"), [
    ({"pawns": {"a1": 5, "b1": 5}}, "two pawns on square 5"),
    ({"pawns": {"z1": 5}}, "is no pawn"),
    ({"pawns": {"a1": 99}}, "is no place"),
    ({"pawns": {"a1": 5}, "advantaged": ["a1"]}, "only on its own start"),
    ({"hands": [["9c", "9c", "9c"], [], [], []]}, "no '9c' left"),
    ({"bonuses": [3, 0, 0, 0]}, "counts from 0 to 2"),
    ({"colour": "red"}, "unknown key"),
])
def test_bad_positions_are_refused(setup: dict[str, object], says: str) -> None:
    with pytest.raises(RulesError, match=says):
        load_game("tock", players=4).new_state(0, setup)


def test_rules_flags() -> None:
    assert load_game("tock:sevens", players=3).rules.deck_size == 111
    with pytest.raises(RulesError, match="home_entry"):
        load_game("tock", home_entry="sometimes")
    with pytest.raises(RulesError, match="players"):
        load_game("tock", players=9)
