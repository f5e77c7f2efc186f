"""Views hold no hidden card: every card a view names is the seat's own or on the public pile."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from parlour import load_game
from parlour.core.cards import CARD_TEXT, sort_key
from parlour.core.game import State
from parlour.games.tock.game import TockState
from tests.conftest import strings

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[cdhs](?![A-Za-z0-9])|(?<![A-Za-z])Jk(?![A-Za-z])")
"""A card's text (``9h``, ``10s``, ``Jk``) inside any string of a view."""


def check_view(state: TockState, seat: int | None) -> None:
    view = state.view(seat)
    pos = state.pos
    pile = [CARD_TEXT[c] for c in pos.pile]
    assert view["pile"] == pile
    if seat is None:
        assert "hand" not in view
        own: list[str] = []
    else:
        own = [CARD_TEXT[c] for c in sorted(pos.hands[seat], key=sort_key)]
        assert view["hand"] == own
    assert view["hand_sizes"] == [len(h) for h in pos.hands]
    assert view["stock"] == len(pos.stock)
    rest = {k: v for k, v in view.items() if k not in ("hand", "pile")}
    named = Counter(m.group() for text in strings(rest) for m in CARD.finditer(text))
    assert set(named) <= set(pile), f"seat {seat}'s view names {sorted(set(named) - set(pile))} off the pile"
    seen = Counter(own) + Counter(pile)
    hidden = Counter(CARD_TEXT[c] for c in state.hidden_cards(seat))
    assert sum(hidden.values()) == len(pos.stock) + sum(len(h) for q, h in enumerate(pos.hands) if q != seat)
    # what the view shows is exactly the seat's own cards and the pile: no more copies of any card
    shown = Counter(view.get("hand", [])) + Counter(view["pile"])
    assert shown == seen


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_no_view_names_a_hidden_card(players: int) -> None:
    game = load_game("tock:sevens", players=players)
    for seed in range(4):
        state = game.new_state(seed)
        assert isinstance(state, State)
        rng = random.Random(seed)
        for step in range(700):
            if step % 7 == 0 or state.is_terminal:
                for seat in (None, *range(players)):
                    check_view(state, seat)
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_card_pattern_finds_cards_and_nothing_else() -> None:
    found = [m.group() for m in CARD.finditer("discard 9h, 10s, Jk 18 p3, h1, b3, 7 p1+3, Qd Jk")]
    assert found == ["9h", "10s", "Jk", "Qd", "Jk"]
