"""Plonk's one action, playing a card, and its notation: the card itself (``Ah``, ``10s``)."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core.cards import CARDS, Card, card_str, parse_card
from parlour.core.errors import InvalidActionError
from parlour.games.plonk.cards import SUIT_BITS


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from your hand to the trick; any card may be played at any time."""

    card: Card

    def __str__(self) -> str:
        return card_str(self.card)


PLAYS = tuple(Play(CARDS[c]) for c in range(52))
"""The cached action of each card: engines hand these out, never new ones."""

_ASCENDING = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0)
"""Ranks of a suit from the two up to the ace, as bit offsets in the suit."""

_suit_plays: list[dict[int, tuple[Play, ...]]] = [{} for _ in range(4)]


def plays_of(hand: int) -> tuple[Play, ...]:
    """The actions of the cards in ``hand``: by suit (c d h s), each from the two up to the ace.

    Each suit's 13 bits index a cache filled on first use, so a hand's
    legal actions are four lookups and a concatenation.
    """
    out: tuple[Play, ...] = ()
    for s in range(4):
        bits = hand >> (13 * s) & SUIT_BITS
        if bits:
            cache = _suit_plays[s]
            plays = cache.get(bits)
            if plays is None:
                plays = cache[bits] = tuple(PLAYS[13 * s + r] for r in _ASCENDING if bits >> r & 1)
            out += plays
    return out


def parse_plonk_action(text: str) -> Play:
    """Read a card (case-insensitive, ``T`` for ten) or raise ``InvalidActionError`` quoting ``text``."""
    try:
        card = parse_card(text)
    except InvalidActionError:
        raise InvalidActionError(
            f"{text!r} is not a Plonk action: play a card by its rank (A K Q J 10 … 2) "
            "and suit (c d h s), e.g. Ah or 10s"
        ) from None
    if card >= 52:
        raise InvalidActionError(f"{text!r}: Plonk is played without jokers; play a card, e.g. Ah")
    return PLAYS[card]
