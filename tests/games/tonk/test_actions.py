"""Tonk's action notation: typed case-insensitively, printed canonically, errors quote the input."""

from __future__ import annotations

import pytest

from parlour.core.actions import Discard
from parlour.core.cards import Card
from parlour.core.errors import InvalidActionError
from parlour.games.tonk.actions import Draw, Drop, Hit, SpadesBet, Spread, parse_tonk_action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("drop", Drop()),
        ("DRAW Stock", Draw(True)),
        ("draw discard", Draw(False)),
        ("spread 8h 8c 8d", Spread((Card("8c"), Card("8d"), Card("8h")))),
        ("spread jk=5H 6h 7h", Spread((Card("5h"), Card("6h"), Card("7h")), (Card("5h"),))),
        ("spread Ah Kh Qh", Spread((Card("Qh"), Card("Kh"), Card("Ah")))),
        ("spread 3c 3d", Spread((Card("3c"), Card("3d")))),  # well formed: the rules say it is too short
        ("spread 8c 8c 8d", Spread((Card("8c"), Card("8c"), Card("8d")))),  # the rules: each card once
        ("hit 8s 2", Hit(Card("8s"), 2)),
        ("hit Jk=9s 1", Hit(Card("9s"), 1, True)),
        ("discard Qh", Discard(Card("Qh"))),
        ("discard jk", Discard(Card("Jk"))),
        ("discard Td", Discard(Card("10d"))),
        ("spades in", SpadesBet(True)),
        ("  spades   OUT ", SpadesBet(False)),
    ],
)
def test_parse(text: str, action: object) -> None:
    assert parse_tonk_action(text) == action


def test_canonical_text() -> None:
    assert str(parse_tonk_action("spread 7h jk=5h 6h")) == "spread Jk=5h 6h 7h"
    assert str(parse_tonk_action("spread Ah Kh Qh")) == "spread Qh Kh Ah"
    assert repr(parse_tonk_action("hit 8s 2")) == "Hit(card=Card('8s'), spread=2, joker=False)"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "Nothing was written"),
        ("fly", "This is no Tonk action"),
        ("discard", "This is no Tonk action"),
        ("discard Zz", "'Zz' is not a card"),
        ("hit 8s two", "two is no spread number"),
        ("hit 8s 0", "0 is no spread number"),
        ("spread Jk 6h 7h", "Say which card the joker stands for"),
        ("spread 5h=6h 6h 7h", "Only a joker names the card it stands for"),
        ("draw pile", "This is no Tonk action"),
    ],
)
def test_bad_text_is_refused_quoting_it(text: str, fragment: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        parse_tonk_action(text)
    assert str(caught.value).startswith(repr(text))
    assert fragment in str(caught.value)
