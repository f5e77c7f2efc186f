"""Actions that more than one game has, as frozen values with their text notation.

Each game reads the text itself and lists these among its own action types;
the value, its text, equality and hashing are the same in every game.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from parlour.core.cards import Card, card_str


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` face up on the discard pile (``discard Qh``); each game says when it may."""

    card: Card

    def __str__(self) -> str:
        return f"discard {card_str(self.card)}"
