"""Setting up a Plonk deal by hand: for tests, puzzles and teaching.

``load_game("plonk").new_state(seed, position)`` with a position like::

    {"hands": [["Ac", "Kc", …13 cards], [...], [...], [...]],   # by seat, all 52 cards
     "dealer": 3,            # default 3: seat 0 leads the first trick
     "scores": [450, 430],   # the match scores before this deal, default [0, 0]
     "deal": 4}              # the number of this deal, default 1

The match starts with this deal; later deals are shuffled from the seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.core.cards import card_str
from parlour.core.errors import RulesError
from parlour.core.position import check_keys, read_card

if TYPE_CHECKING:
    from parlour.games.plonk.state import PlonkState

KEYS = ("hands", "dealer", "scores", "deal")


def set_up(state: PlonkState, position: Mapping[str, Any]) -> None:
    """Put ``state`` at the start of the deal ``position`` describes, or raise ``RulesError``."""
    check_keys(position, KEYS)
    hands_in = position.get("hands")
    if not isinstance(hands_in, list | tuple) or len(hands_in) != 4:
        raise RulesError(f"position: 'hands' should be a list of 4 hands of 13 cards, got {hands_in!r}")
    used = 0
    hands = []
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, list | tuple) or len(hand) != 13:
            raise RulesError(f"position: hand {seat} should be a list of 13 cards, got {hand!r}")
        mask = 0
        for text in hand:
            card = read_card(text, f"hand {seat}")
            if card >= 52:
                raise RulesError(f"position: hand {seat}: Plonk has no jokers, got {text!r}")
            if used >> card & 1:
                raise RulesError(f"position: {card_str(card)} is named twice")
            used |= 1 << card
            mask |= 1 << card
        hands.append(mask)
    state.dealer = _number(position.get("dealer", state.dealer), "dealer", 0, 3)
    scores = position.get("scores", [0, 0])
    if not isinstance(scores, list | tuple) or len(scores) != 2:
        raise RulesError(f"position: 'scores' should be [side 0, side 1], got {scores!r}")
    state.scores = [_number(s, "scores", -100_000, 100_000) for s in scores]
    state.deal_no = _number(position.get("deal", 1), "deal", 1, 100_000) - 1
    state._begin_deal(hands)


def _number(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"position: {key!r} should be an integer from {low} to {high}, got {value!r}")
    return value
