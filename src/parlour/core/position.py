"""Reading hand-built positions (``game.new_state(seed, position)``): what every game shares.

A position is plain JSON-like data; anything wrong in it is a ``RulesError``
that says where (``position: hand 2: …``) and quotes the offending value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from parlour.core.cards import parse_card
from parlour.core.errors import ParlourError, RulesError


def check_keys(position: Mapping[str, Any], keys: Iterable[str]) -> None:
    """Refuse keys the game does not know, listing those it does."""
    allowed = list(keys)
    unknown = [k for k in position if k not in allowed]
    if unknown:
        raise RulesError(f"position: unknown key(s) {', '.join(map(repr, unknown))}; keys are "
                         + ", ".join(allowed))


def read_card(text: Any, where: str) -> int:
    """The face a position names at ``where`` (a joker reads as face 52)."""
    if not isinstance(text, str):
        raise RulesError(f"position: {where}: {text!r} is not a card")
    try:
        return parse_card(text)
    except ParlourError as e:
        raise RulesError(f"position: {where}: {e}") from None
