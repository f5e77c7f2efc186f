"""Plonk's one action, playing a card, and its notation: the card itself (``Ah``, ``10s``)."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from parlour.core.cards import CARDS, Card, card_str, parse_card
from parlour.core.errors import InvalidActionError
from parlour.core.refusals import unreadable
from parlour.games.plonk.cards import SUIT_BITS
from parlour.games.plonk.refusals import NO_JOKERS, REFUSALS, UNKNOWN


@mypyc_attr(native_class=False)  # interned, immutable: __new__ and __setattr__ of its own
class Play:
    """Play ``card`` from your hand to the trick; any card may be played at any time.

    There is one ``Play`` per card (``PLAYS``): ``Play(card)`` returns it, so
    plays compare by identity, and ``State.apply`` checks legality with a
    membership test in C (``State.interned_actions``). A play is immutable, and
    hashes as it did when it was a frozen dataclass: the same in every process.
    """

    __slots__ = ("card",)
    card: Card

    def __new__(cls, card: int) -> Play:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise ValueError(f"a Plonk play is of a card id 0..51, not {card!r}")
        return PLAYS[card]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Play is immutable: cannot set {name!r}")

    def __hash__(self) -> int:
        return hash((self.card,))

    def __reduce__(self) -> tuple[type[Play], tuple[int]]:
        """Copies and pickles come back as the one shared play of the card."""
        return Play, (int(self.card),)

    def __str__(self) -> str:
        return card_str(self.card)

    def __repr__(self) -> str:
        return f"Play(card={self.card!r})"


def _shared_play(card: Card) -> Play:
    """The one ``Play`` of ``card``, made once when the module loads."""
    play = object.__new__(Play)
    object.__setattr__(play, "card", card)
    return play


PLAYS: Final = tuple(_shared_play(CARDS[c]) for c in range(52))
"""The action of each card: engines, parsing and ``Play(card)`` hand out these, never new ones."""

_ASCENDING: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0)
"""Ranks of a suit from the two up to the ace, as bit offsets in the suit."""

_SUIT_PLAYS: Final[tuple[list[tuple[Play, ...] | None], ...]] = tuple(
    [(), *[None] * SUIT_BITS] for _ in range(4)
)
"""Per suit, the actions of each 13-bit set of its cards, filled on first use."""


def _suit_plays(suit: int, bits: int) -> tuple[Play, ...]:
    """The actions of the cards ``bits`` of ``suit`` (from the two up), stored in ``_SUIT_PLAYS``."""
    plays = tuple(PLAYS[13 * suit + r] for r in _ASCENDING if bits >> r & 1)
    _SUIT_PLAYS[suit][bits] = plays
    return plays


def plays_of(hand: int) -> tuple[Play, ...]:
    """The actions of the cards in ``hand``: by suit (c d h s), each from the two up to the ace.

    Four table lookups and a concatenation: this is every step's legal list.
    """
    clubs, diamonds, hearts, spades = _SUIT_PLAYS
    c = clubs[hand & SUIT_BITS]
    if c is None:
        c = _suit_plays(0, hand & SUIT_BITS)
    d = diamonds[hand >> 13 & SUIT_BITS]
    if d is None:
        d = _suit_plays(1, hand >> 13 & SUIT_BITS)
    h = hearts[hand >> 26 & SUIT_BITS]
    if h is None:
        h = _suit_plays(2, hand >> 26 & SUIT_BITS)
    s = spades[hand >> 39 & SUIT_BITS]
    if s is None:
        s = _suit_plays(3, hand >> 39 & SUIT_BITS)
    return c + d + h + s


def parse_plonk_action(text: str) -> Play:
    """Read a card (case-insensitive, ``T`` for ten) or raise ``InvalidActionError`` quoting ``text``."""
    try:
        card = parse_card(text)
    except InvalidActionError:
        raise unreadable(REFUSALS, text, UNKNOWN) from None
    if card >= 52:
        raise unreadable(REFUSALS, text, NO_JOKERS)
    return PLAYS[card]
