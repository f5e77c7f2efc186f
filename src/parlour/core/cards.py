"""Cards, decks and their text notation.

A card is an ``int`` id. Its *face* is ``id % 54``: faces 0..51 are the
ordinary cards, suit-major (``suit * 13 + rank - 1``, so the cards of a run are
neighbouring bits of a mask), and faces 52 and 53 are the two jokers. Several
physical decks are told apart by ``id // 54`` (the copy), which no notation
shows. ``Card`` is an ``int`` subclass that prints and reprs in notation; the
engines work on plain ints and bit masks and hand out the cached ``CARDS``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Final

from mypy_extensions import mypyc_attr

from parlour.core.errors import InvalidActionError
from parlour.core.i18n import current_language, gettext
from parlour.core.refusals import NOT_A_CARD, Refusal

SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
FRENCH_SUITS = "tdcp"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
JOKER_TEXT = "Jk"
FACES_PER_DECK = 54
JOKER_FACES = (52, 53)
MAX_COPIES = 4

ACE, JACK, QUEEN, KING = 1, 11, 12, 13


def make_card(rank: int, suit: int, copy: int = 0) -> int:
    """The id of the card of ``rank`` (1 = ace .. 13 = king) and ``suit`` (0..3)."""
    return copy * FACES_PER_DECK + suit * 13 + rank - 1


def face(card: int) -> int:
    """The card's face, forgetting which physical deck it came from."""
    return card % FACES_PER_DECK


def is_joker(card: int) -> bool:
    return card % FACES_PER_DECK >= 52


def rank(card: int) -> int:
    """1 (ace) .. 13 (king); 0 for a joker."""
    f = card % FACES_PER_DECK
    return 0 if f >= 52 else f % 13 + 1


def suit(card: int) -> int:
    """0..3 for clubs, diamonds, hearts, spades; -1 for a joker."""
    f = card % FACES_PER_DECK
    return -1 if f >= 52 else f // 13


FACE_TEXT: Final = (*(RANKS[f % 13] + SUITS[f // 13] for f in range(52)), JOKER_TEXT, JOKER_TEXT)
"""The notation of each face (``card_str`` looks it up: views and records name many cards)."""
FRENCH_FACE_TEXT: Final = (*(FRENCH_RANKS[f % 13] + FRENCH_SUITS[f // 13] for f in range(52)), JOKER_TEXT,
                           JOKER_TEXT)
"""The French notation of each face."""


def card_str(card: int, french: bool = False) -> str:
    """The notation of a card: ``Qh``, ``10s``, ``Jk`` (``Dc``, ``10p`` in French)."""
    return (FRENCH_FACE_TEXT if french else FACE_TEXT)[card % FACES_PER_DECK]


def suit_name(suit: int, lang: str | None = None) -> str:
    """A suit (0..3) in words, in ``lang``: "spades", "pique" (French names a suit in the singular)."""
    return (gettext("clubs", lang), gettext("diamonds", lang), gettext("hearts", lang),
            gettext("spades", lang))[suit]


def the_card(card: int | str, lang: str | None = None) -> str:
    """A card in words with its definite article, in ``lang``: "the queen of hearts", "la dame de cœur",
    "l'as de pique", "le 10 de trèfle". The article (and French elision) comes from the catalog, one message
    per rank whose article may differ, so that a sentence can say "Play {card}" / "Jouer {card}"."""
    if isinstance(card, str):
        card = parse_card(card)
    if is_joker(card):
        return gettext("the joker", lang)
    name = suit_name(suit(card), lang)
    r = rank(card)
    if r == ACE:
        return gettext("the ace of {suit}", lang).format(suit=name)
    if r == JACK:
        return gettext("the jack of {suit}", lang).format(suit=name)
    if r == QUEEN:
        return gettext("the queen of {suit}", lang).format(suit=name)
    if r == KING:
        return gettext("the king of {suit}", lang).format(suit=name)
    return gettext("the {rank} of {suit}", lang).format(rank=r, suit=name)


def card_symbol(card: int | str, lang: str | None = None) -> str:
    """A card short, with its suit symbol, ranks in ``lang``'s letters: "Q♥" ("D♥" in French), "10♠", "Jk".
    For a group of cards in plain words ("Spread 8♣ 8♦ 8♥"), where names would be too long."""
    if isinstance(card, str):
        card = parse_card(card)
    f = card % FACES_PER_DECK
    if f >= 52:
        return JOKER_TEXT
    ranks = FRENCH_RANKS if (lang or current_language()) == "fr" else RANKS
    return ranks[f % 13] + SUIT_SYMBOLS[f // 13]


def _rank_table(french: bool) -> dict[str, int]:
    names = FRENCH_RANKS if french else RANKS
    table = {name.lower(): i + 1 for i, name in enumerate(names)}
    table["t"] = 10
    return table


_RANK_TABLES = {False: _rank_table(False), True: _rank_table(True)}
_SUIT_TABLES = {
    False: {s: i for i, s in enumerate(SUITS)},
    True: {s: i for i, s in enumerate(FRENCH_SUITS)},
}
_SUIT_TABLES[False].update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_SUIT_TABLES[True].update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})


def parse_card(text: str, french: bool = False) -> int:
    """Read one card; case-insensitive, ``T`` for ten, ``Jk`` for a joker.

    Returns the face id (first deck). With ``french=True`` the suits are
    ``t d c p`` and ``R D V`` are king, queen and jack.
    """
    t = text.strip().lower()
    if t in ("jk", "jo", "joker", "*"):
        return JOKER_FACES[0]
    if len(t) >= 2:
        r = _RANK_TABLES[french].get(t[:-1])
        s = _SUIT_TABLES[french].get(t[-1])
        if r is not None and r <= 13 and s is not None:
            return s * 13 + r - 1
    ranks = " ".join(FRENCH_RANKS if french else RANKS)
    suits = " ".join(FRENCH_SUITS if french else SUITS)
    refusal = Refusal(NOT_A_CARD, text=repr(text), ranks=ranks, suits=suits, example="Dc" if french else "Qh",
                      joker=JOKER_TEXT)
    raise InvalidActionError(refusal.text(), refusal=refusal)


@mypyc_attr(native_class=False)  # a compiled class cannot subclass int
class Card(int):
    """A card id that prints in notation; ``Card('Qh')`` pastes back as code."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            value = parse_card(value)
        return int.__new__(cls, value)

    def __str__(self) -> str:
        return card_str(self)

    def __repr__(self) -> str:
        if self >= FACES_PER_DECK:
            return f"Card({int(self)})"
        return f"Card({card_str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(FACES_PER_DECK * MAX_COPIES))
"""Every card id as a cached ``Card``: engines hand these out instead of making new ones."""


CARD_TEXT: tuple[str, ...] = tuple(card_str(i) for i in range(FACES_PER_DECK * MAX_COPIES))
"""``card_str`` of every card id, looked up rather than worked out (views name many cards)."""


def deck(jokers: int = 0, copies: int = 1) -> list[int]:
    """The ids of ``copies`` decks of 52 cards, each with ``jokers`` jokers (0..2)."""
    if not 0 <= jokers <= 2:
        raise ValueError(f"a deck holds 0, 1 or 2 jokers, not {jokers}")
    out: list[int] = []
    for c in range(copies):
        base = c * FACES_PER_DECK
        out.extend(range(base, base + 52))
        out.extend(base + 52 + j for j in range(jokers))
    return out


def shuffled(cards: Iterable[int], rng: random.Random) -> list[int]:
    """The cards in a random order drawn from ``rng``: one ``random()`` per card, then a sort.

    About four times faster than ``random.shuffle`` for a deck, and just as
    reproducible: the same generator state always gives the same order.
    """
    items = list(cards)
    keys = [rng.random() for _ in items]
    order = sorted(range(len(items)), key=keys.__getitem__)
    return [items[i] for i in order]


def sort_key(card: int) -> tuple[int, int, int]:
    """Rank first, then suit, jokers last: the order hands are shown in."""
    f = card % FACES_PER_DECK
    if f >= 52:
        return (14, f, card)
    return (f % 13, f // 13, card)


def cards_str(cards: Iterable[int], french: bool = False) -> str:
    return " ".join(card_str(c, french) for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> Iterator[int]:
    """The ids whose bits are set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def value_of_face(card: int, joker_points: int = 0, ace: int = 1, face_cards: int = 10) -> int:
    """Counting value: ace ``ace``, pips, J/Q/K ``face_cards``, joker ``joker_points``."""
    r = rank(card)
    if r == 0:
        return joker_points
    if r == ACE:
        return ace
    return face_cards if r > 10 else r
