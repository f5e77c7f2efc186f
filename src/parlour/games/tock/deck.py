"""Tock's cards: the two decks with their jokers (and the extra sevens), and card kinds."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from parlour.core.cards import CARD_TEXT, CARDS, deck, make_card, sort_key

HAND_SIZE: Final = 5
TWO_OF_SPADES: Final = make_card(2, 3)
KIND: Final = tuple(0 if c % 54 >= 52 else c % 54 % 13 + 1 for c in range(len(CARDS)))
"""The card kind (JOKER = 0, or A = 1 … K = 13) of every card id."""


def full_deck(players: int, extra_sevens: bool) -> list[int]:
    """Two decks with their 4 jokers, and one more 7 per player with ``extra_sevens``.

    The extra sevens are further copies (``id // 54`` of 2 and 3), clubs first.
    """
    cards = deck(jokers=2, copies=2)
    if extra_sevens:
        cards += [make_card(7, i % 4, copy=2 + i // 4) for i in range(players)]
    return cards


def cards_text(cards: Iterable[int]) -> list[str]:
    """The cards' texts in the order hands are shown (rank, then suit)."""
    return [CARD_TEXT[c] for c in sorted(cards, key=sort_key)]


def card_pool(cards: Iterable[int]) -> dict[int, list[int]]:
    """Card ids by face, jokers all under face 52: what ``take`` draws named cards from."""
    pool: dict[int, list[int]] = {}
    for card in sorted(cards):
        pool.setdefault(min(card % 54, 52), []).append(card)
    return pool
