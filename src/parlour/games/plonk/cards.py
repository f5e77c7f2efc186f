"""Plonk's view of the 52 cards: ace-high strength, face values, masks per suit.

Card ids are the core's faces 0..51 (``suit * 13 + rank - 1``), so each suit
is a run of 13 bits with the ace at the bottom. The tables here turn a mask
into its face value or its cards in display order with a few lookups.
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import card_str, rank, suit, value_of_face

SUIT_BITS: Final = 0x1FFF
"""The 13 bits of one suit, shifted by ``13 * suit``."""
ALL_CARDS: Final = (1 << 52) - 1
CARD_BITS: Final = tuple(1 << c for c in range(52))
"""Each card's bit, looked up rather than shifted: a hand's mask is the sum of its cards' bits."""

SUIT_OF: Final = tuple(suit(c) for c in range(52))
STRENGTH: Final = tuple((rank(c) + 11) % 13 for c in range(52))
"""0 for a two .. 12 for an ace: the order of the cards within their suit."""
FACE_VALUE: Final = tuple(value_of_face(c, ace=15) for c in range(52))
"""What a live card scores: pips, 10 for J Q K, 15 for an ace (the 52 total 396)."""

_SUIT_VALUE: Final = tuple(
    sum(FACE_VALUE[r] for r in range(13) if bits >> r & 1) for bits in range(1 << 13)
)


def value_of(mask: int) -> int:
    """The face value of the cards in ``mask``: four table lookups."""
    table = _SUIT_VALUE
    return (table[mask & SUIT_BITS] + table[mask >> 13 & SUIT_BITS]
            + table[mask >> 26 & SUIT_BITS] + table[mask >> 39 & SUIT_BITS])


def mask_cards(mask: int) -> list[int]:
    """The cards of ``mask`` in display order."""
    return [c for s in range(4) for c in _SUIT_DESCENDING[s] if mask >> c & 1]


def mask_text(mask: int) -> list[str]:
    """The cards of ``mask`` as notation, in display order."""
    return [card_str(c) for c in mask_cards(mask)]


_SUIT_DESCENDING: Final = tuple(
    tuple(13 * s + r for r in (0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)) for s in range(4)
)
