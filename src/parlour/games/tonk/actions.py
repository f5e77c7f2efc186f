"""Tonk's actions as frozen values, and their text notation.

``drop`` · ``draw stock`` · ``draw discard`` · ``spread 8c 8d 8h`` ·
``spread Jk=5h 6h 7h`` · ``spread 5h Jk=5h 5s`` · ``hit 8s 2`` (spreads numbered from 1 as laid) ·
``hit Jk=8s 2`` · ``discard Qh`` · ``spades in`` / ``spades out``.
Text is read case-insensitively; ``str(action)`` gives the canonical form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from parlour.core.actions import Discard
from parlour.core.cards import CARDS, JOKER_FACES, Card, card_str, parse_card
from parlour.core.errors import InvalidActionError
from parlour.core.refusals import N_, Refusal, declare, unreadable
from parlour.games.tonk.spreads import table_order

JOKER = CARDS[JOKER_FACES[0]]


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Drop:
    """Reveal your hand and end it, betting yours is the lowest."""

    def __str__(self) -> str:
        return "drop"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock (``from_stock``) or of the discard pile."""

    from_stock: bool

    def __str__(self) -> str:
        return "draw stock" if self.from_stock else "draw discard"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Spread:
    """Lay a set or run; ``cards`` are the faces it shows, ``jokers`` those jokers stand for.

    A face may show twice in a set (``spread 5h Jk=5h 5s``): ``cards`` then
    holds it twice and ``jokers`` once; the real card is written first.
    """

    cards: tuple[Card, ...]
    jokers: tuple[Card, ...] = ()

    @property
    def real(self) -> tuple[Card, ...]:
        """The faces of the real cards laid (``cards`` less ``jokers``)."""
        if not self.jokers:
            return self.cards
        left = list(self.jokers)
        out = []
        for c in reversed(self.cards):
            if c in left:
                left.remove(c)
            else:
                out.append(c)
        return tuple(reversed(out))

    def __str__(self) -> str:
        if not self.jokers:
            return "spread " + " ".join(card_str(c) for c in self.cards)
        real = list(self.real)
        words = []
        for c in self.cards:
            if c in real:
                real.remove(c)
                words.append(card_str(c))
            else:
                words.append("Jk=" + card_str(c))
        return "spread " + " ".join(words)


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Hit:
    """Lay ``card`` (a joker standing for it, if ``joker``) on spread number ``spread``."""

    card: Card
    spread: int
    joker: bool = False

    def __str__(self) -> str:
        return f"hit {'Jk=' if self.joker else ''}{card_str(self.card)} {self.spread}"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class SpadesBet:
    """Opt in to (``join``) or out of the spades side bet."""

    join: bool

    def __str__(self) -> str:
        return "spades in" if self.join else "spades out"


TonkAction = Drop | Draw | Spread | Hit | Discard | SpadesBet

DROP: Final = Drop()
DRAW_STOCK: Final = Draw(True)
DRAW_DISCARD: Final = Draw(False)
SPADES_IN: Final = SpadesBet(True)
SPADES_OUT: Final = SpadesBet(False)
DISCARDS: Final = tuple(Discard(c) for c in CARDS[:54])

FORMS = "drop, draw stock, draw discard, spread CARD CARD CARD…, hit CARD N, discard CARD, spades in, spades out"


NOTATION = declare({
    "tonk/empty": N_("Nothing was written: actions are written {forms} (a joker in a spread or hit is written "
                     "Jk=CARD, as in Jk=5h)"),
    "tonk/unknown": N_("This is no Tonk action: actions are written {forms} (a joker in a spread or hit is "
                       "written Jk=CARD, as in Jk=5h)"),
    "tonk/joker_names_card": N_("Only a joker names the card it stands for, as in Jk=5h: {written}"),
    "tonk/joker_real_card": N_("A joker stands for a real card, as in Jk=5h: {written}"),
    "tonk/joker_which": N_("Say which card the joker stands for, as in Jk=5h, instead of {written}"),
    "tonk/spread_number": N_("Spreads are numbered 1, 2, … as they are laid: {written} is no spread number"),
})
"""The refusals of text that is no Tonk action (part of refusals.py's ``REFUSALS``): code → sentence."""


def _named_card(token: str, text: str) -> tuple[Card, bool]:
    """Read ``CARD`` or ``Jk=CARD``: the card shown, and whether a joker stands for it."""
    head, eq, named = token.partition("=")
    if eq:
        if parse_card(head) != JOKER:
            raise unreadable(NOTATION, text, "tonk/joker_names_card", written=token)
        card = parse_card(named)
        if card == JOKER:
            raise unreadable(NOTATION, text, "tonk/joker_real_card", written=token)
        return CARDS[card], True
    card = parse_card(token)
    if card == JOKER:
        raise unreadable(NOTATION, text, "tonk/joker_which", written=token)
    return CARDS[card], False


def parse_tonk_action(text: str) -> TonkAction:
    """Read one Tonk action (case-insensitive) or raise ``InvalidActionError`` quoting it."""
    words = text.strip().split()
    if not words:
        raise unreadable(NOTATION, text, "tonk/empty", forms=FORMS)
    verb, args = words[0].lower(), words[1:]
    try:
        return _parse(verb, args, text)
    except InvalidActionError as e:
        if str(e).startswith(repr(text)):
            raise
        why = e.refusal
        inner = Refusal(why.code, **{**why.params, "action": text}) if isinstance(why, Refusal) else None
        raise InvalidActionError(f"{text!r}: {e}", refusal=inner) from None


def _parse(verb: str, args: list[str], text: str) -> TonkAction:
    lowered = [a.lower() for a in args]
    if verb == "drop" and not args:
        return DROP
    if verb == "draw" and lowered in (["stock"], ["discard"]):
        return DRAW_STOCK if lowered == ["stock"] else DRAW_DISCARD
    if verb == "spades" and lowered in (["in"], ["out"]):
        return SPADES_IN if lowered == ["in"] else SPADES_OUT
    if verb == "discard" and len(args) == 1:
        return DISCARDS[parse_card(args[0])]
    if verb == "hit" and len(args) == 2:
        card, joker = _named_card(args[0], text)
        if not args[1].isdigit() or int(args[1]) < 1:
            raise unreadable(NOTATION, text, "tonk/spread_number", written=args[1])
        return Hit(card, int(args[1]), joker)
    if verb == "spread" and args:  # too few cards, a card named twice: the rules' refusal (``why_illegal``)
        named = [_named_card(a, text) for a in args]
        cards = tuple(CARDS[f] for f in table_order([c for c, _ in named]))
        return Spread(cards, tuple(sorted(c for c, joker in named if joker)))
    raise unreadable(NOTATION, text, "tonk/unknown", forms=FORMS)
