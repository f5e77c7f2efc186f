"""Tock's actions as frozen values, and their text notation.

A turn plays one card, named by its rank only (which copy or suit you hold
does not matter), then what it does. Your own pawns are ``p1`` … ``p4``;
another seat's pawn is its seat letter and number (``b3``: seat b's pawn 3;
seats are a, b, c, … in turn order).

==================  ==========================================================
``A enter``         enter a pawn with an A, a K (``K enter``), a joker
                    (``Jk enter``) or, with flag ``two_of_spades_enters``,
                    the 2♠ (``2s enter``)
``8 p2``            move p2 forward by the card (A 1, 2, 3, 6, 8, 9, 10,
                    Q 12, K 13 capturing what it passes, ``Jk 18 p3``)
``4 p1``            move p1 four squares back
``5 b3``            push seat b's pawn 3 five squares forward
``7 p1+3 p4+4``     split a 7 into ordered parts adding up to 7 (``7 p1``:
                    all seven to p1)
``J p2<>c1``        swap p2 with seat c's pawn 1
``discard 9h``      when no card can be played: discard that card
``bonus play``      after a joker: play another card now (or spend a stored
``bonus keep``      bonus); keep it for later (or end the turn keeping them)
==================  ==========================================================

Route marks follow a pawn (or a part of a 7): ``>`` takes the shortcut from
the intersection the pawn stands on (``>>``: the double jump of the
8-section board; with a 4 the shortcut is taken backwards), ``~`` goes on
round the track instead of entering the home (flag ``home_entry=optional``):
``8 p2>``, ``Q p1>>``, ``4 p3>``, ``7 p1+3~ p2+4``. A move with no ``~``
enters the home whenever its count allows it.

Text is read case-insensitively; an optional count after the rank must be
the card's own (``Jk 18 p3``, ``K 13 p1``). ``str(action)`` is canonical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from mypy_extensions import mypyc_attr

from parlour.core.actions import Discard
from parlour.core.cards import CARDS, JOKER_FACES, parse_card
from parlour.core.errors import IllegalActionError, InvalidActionError
from parlour.core.refusals import Refusal, unreadable
from parlour.games.tock.refusals import REFUSALS

JOKER: Final = 0
"""The card kind of a joker; A … K are 1 … 13."""
ACE: Final = 1
TWO: Final = 2
FOUR: Final = 4
FIVE: Final = 5
SEVEN: Final = 7
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
KIND_TEXT: Final = {JOKER: "Jk", 1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
VALUE: Final = {JOKER: 18, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 12: 12, 13: 13}
"""Squares each card moves; the J moves nothing and no card is worth 11."""
ENTER_KINDS: Final = (ACE, TWO, KING, JOKER)
KIND_ORDER: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, JOKER)
"""The order legal actions list the cards in."""
SEAT_LETTERS: Final = "abcdefgh"
PAWNS: Final = 4


def pawn_text(seat: int | None, number: int) -> str:
    """``p2`` for one's own pawn (``seat`` None), ``b3`` for seat 1's pawn 3."""
    return f"p{number}" if seat is None else f"{SEAT_LETTERS[seat]}{number}"


def _marks(jumps: int, stay_out: bool) -> str:
    return ">" * jumps + ("~" if stay_out else "")


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Enter:
    """Put a reserve pawn on one's start with ``card`` (A, K, joker, or the 2♠)."""

    card: int

    def __str__(self) -> str:
        return f"{'2s' if self.card == TWO else KIND_TEXT[self.card]} enter"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Move:
    """Move own pawn ``pawn`` (1–4) by ``card``: forward its value, or 4 back."""

    card: int
    pawn: int
    jumps: int = 0
    stay_out: bool = False

    def __str__(self) -> str:
        kind = "Jk 18" if self.card == JOKER else KIND_TEXT[self.card]
        return f"{kind} p{self.pawn}{_marks(self.jumps, self.stay_out)}"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Push:
    """With a 5, move seat ``seat``'s pawn ``pawn`` five squares forward."""

    seat: int
    pawn: int
    jumps: int = 0

    def __str__(self) -> str:
        return f"5 {pawn_text(self.seat, self.pawn)}{_marks(self.jumps, False)}"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Part:
    """One part of a split 7: own pawn ``pawn`` forward ``steps``."""

    pawn: int
    steps: int
    jumps: int = 0
    stay_out: bool = False

    def __str__(self) -> str:
        return f"p{self.pawn}+{self.steps}{_marks(self.jumps, self.stay_out)}"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Seven:
    """A 7 split into ordered parts, played one after the other."""

    parts: tuple[Part, ...]

    def __str__(self) -> str:
        if len(self.parts) == 1:
            part = self.parts[0]
            return f"7 p{part.pawn}{_marks(part.jumps, part.stay_out)}"
        return "7 " + " ".join(str(p) for p in self.parts)


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Swap:
    """With a J, swap own pawn ``pawn`` with seat ``seat``'s pawn ``other``."""

    pawn: int
    seat: int
    other: int

    def __str__(self) -> str:
        return f"J p{self.pawn}<>{pawn_text(self.seat, self.other)}"


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Bonus:
    """After a joker (or to spend a stored bonus): ``play`` a card now, or keep the bonus."""

    play: bool

    def __str__(self) -> str:
        return "bonus play" if self.play else "bonus keep"


CardAction = Enter | Move | Push | Seven | Swap


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class For:
    """A card played for teammate ``seat`` by a player whose own pawns are all home (flag ``teams``): in
    ``action``, ``p1`` … ``p4`` are that teammate's pawns."""

    seat: int
    action: CardAction

    def __str__(self) -> str:
        return f"for {SEAT_LETTERS[self.seat]}: {self.action}"


TockAction = Enter | Move | Push | Seven | Swap | For | Discard | Bonus

BONUS_PLAY: Final = Bonus(True)
BONUS_KEEP: Final = Bonus(False)
DISCARDS: Final = tuple(Discard(c) for c in CARDS[:53])
"""By face; both jokers are ``DISCARDS[52]``."""


@cache
def enter(card: int) -> Enter:
    return Enter(card)


@cache
def move(card: int, pawn: int, jumps: int = 0, stay_out: bool = False) -> Move:
    return Move(card, pawn, jumps, stay_out)


@cache
def push(seat: int, pawn: int, jumps: int = 0) -> Push:
    return Push(seat, pawn, jumps)


@cache
def part(pawn: int, steps: int, jumps: int = 0, stay_out: bool = False) -> Part:
    return Part(pawn, steps, jumps, stay_out)


@cache
def swap(pawn: int, seat: int, other: int) -> Swap:
    return Swap(pawn, seat, other)


def discard(card: int) -> Discard:
    """The discard of ``card`` (any copy, any joker)."""
    face = card % 54
    return DISCARDS[min(face, JOKER_FACES[0])]


FORMS = (
    "A enter, K enter, Jk enter, 2s enter, 8 p2, Jk 18 p3, 4 p1, 5 b3, 7 p1+3 p4+4, J p2<>c1, "
    "discard 9h, bonus play, bonus keep, for c: 8 p2 (playing for teammate c) (route marks: 8 p2> takes a "
    "shortcut, 8 p2~ stays out of the home)"
)
_KIND_WORDS = {"a": 1, "1": 1, "t": 10, "j": 11, "q": 12, "k": 13, "jk": JOKER, "jo": JOKER,
               "joker": JOKER, "*": JOKER} | {str(r): r for r in range(2, 11)}
_FOR = re.compile(r"\s*for\s+([a-z])\s*:\s*(.*)", re.IGNORECASE | re.DOTALL)
_OWN = re.compile(r"p(\d+)(?:\+(\d+))?(>*)(~?)")
_OTHER = re.compile(r"([a-z])(\d+)(>*)")


def own_pawns_as_p(text: str, seat: int) -> str:
    """``text`` with ``seat``'s pawns written by seat letter (``a2``, as the board and log show them) turned
    into the mover's own form (``p2``): both name the same pawn."""
    letter = SEAT_LETTERS[seat]
    return re.sub(rf"(?<![a-z0-9]){letter}(\d)", r"p\1", text, flags=re.IGNORECASE)


def own_pawns_shown(text: str, seat: int) -> str:
    """``text`` with the mover's own pawns (``p2``) named as the board shows them (``a2`` for seat a): how a
    refusal quotes an action back."""
    return re.sub(r"(?<![a-z0-9])p(\d)", SEAT_LETTERS[seat] + r"\1", text)


def parse_tock_action(text: str, seat: int | None = None) -> TockAction:
    """Read one Tock action (case-insensitive) or raise ``InvalidActionError`` quoting it as written.

    With the mover's ``seat``, their own pawns may also be named by seat letter (``a2`` for seat a), and
    an own pawn where another seat's is expected (``5 p1``, ``J p1<>p2``) reads as that seat's: a move
    the rules then refuse, with their reason, rather than text that is no action.
    """
    served = _FOR.fullmatch(text)
    if served is not None:
        return _parse_for(served.group(1).lower(), served.group(2), text)
    plain = text if seat is None else own_pawns_as_p(text, seat)
    words = plain.strip().lower().split()
    if not words:
        raise unreadable(REFUSALS, text, "tock/empty", forms=FORMS)
    try:
        return _parse(words[0], words[1:], text, seat)
    except InvalidActionError as e:
        if str(e).startswith(repr(text)):
            raise
        why = e.refusal
        inner = Refusal(why.code, **{**why.params, "action": text}) if isinstance(why, Refusal) else None
        raise InvalidActionError(f"{text!r}: {e}", refusal=inner) from None


def _parse(verb: str, args: list[str], text: str, seat: int | None) -> TockAction:
    if verb == "discard":
        if len(args) != 1:
            raise unreadable(REFUSALS, text, "tock/discard_one", example="discard 9h")
        return discard(parse_card(args[0]))
    if verb == "bonus":
        if args in (["play"], ["keep"]):
            return BONUS_PLAY if args == ["play"] else BONUS_KEEP
        raise unreadable(REFUSALS, text, "tock/bonus_words", play="bonus play", keep="bonus keep")
    kind = _KIND_WORDS.get(verb)
    if kind is None:
        if verb in ("2s", "2♠") and args == ["enter"]:
            return enter(TWO)
        raise _not_a_card(verb, text)
    if args and args[0].isdigit() and kind != JACK:
        count = int(args.pop(0))
        if count != VALUE.get(kind):
            raise unreadable(REFUSALS, text, "tock/wrong_count", card=KIND_TEXT[kind], value=VALUE[kind], count=count)
    if args == ["enter"]:
        return enter(kind)  # a card that enters no pawn is the rules' refusal, with their reason
    if not args:
        raise unreadable(REFUSALS, text, "tock/which_pawn", card=KIND_TEXT[kind], example=_example(kind))
    if kind == JACK:
        return _parse_swap("".join(args), text, seat)
    if kind == FIVE:
        if len(args) != 1:
            raise unreadable(REFUSALS, text, "tock/five_one_pawn", example="5 b3")
        return _parse_push(args[0], text, seat)
    if kind == SEVEN:
        return _parse_seven(args, text)
    if len(args) != 1:
        raise unreadable(REFUSALS, text, "tock/one_pawn", card=KIND_TEXT[kind], example=_example(kind))
    number, steps, jumps, stay_out = _own(args[0], text, kind)
    if steps is not None:
        raise unreadable(REFUSALS, text, "tock/split_seven_only", example=_example(kind))
    return move(kind, number, jumps, stay_out)


def _example(kind: int) -> str:
    return {FIVE: "5 b3", SEVEN: "7 p1+3 p4+4", JACK: "J p2<>c1", JOKER: "Jk 18 p3"}.get(
        kind, f"{KIND_TEXT[kind]} p1"
    )


def _not_a_card(verb: str, text: str) -> InvalidActionError:
    try:
        card = parse_card(verb)
    except InvalidActionError:
        return unreadable(REFUSALS, text, "tock/unknown", forms=FORMS)
    rank = KIND_TEXT[card % 13 + 1] if card < 52 else "Jk"
    return unreadable(REFUSALS, text, "tock/rank_only", rank=rank, written=verb)


def _own(token: str, text: str, kind: int) -> tuple[int, int | None, int, bool]:
    """Read ``p2``, ``p1+3``, ``p1>``, ``p1+3~``, a pawn the ``kind`` card moves: (number, steps or None, jumps,
    stay_out). Another seat's pawn there is refused with the rule: the card moves one's own pawns."""
    m = _OWN.fullmatch(token)
    if m is None:
        if _OTHER.fullmatch(token):
            if kind == FOUR:
                raise unreadable(REFUSALS, text, "tock/four_own_pawn", pawn=token)
            raise unreadable(REFUSALS, text, "tock/own_pawn_only", pawn=token, card=KIND_TEXT[kind])
        raise unreadable(REFUSALS, text, "tock/no_pawn", written=token, own=f"p1 … p{PAWNS}", theirs="b3, c1")
    number = _number(m.group(1), token, text)
    steps = None if m.group(2) is None else int(m.group(2))
    if steps is not None and not 1 <= steps <= 7:
        raise unreadable(REFUSALS, text, "tock/part_steps", written=token)
    return number, steps, _jumps(m.group(3), token, text), bool(m.group(4))


def _other(token: str, text: str) -> tuple[int, int, int]:
    """Read another seat's pawn ``b3`` (with ``>`` marks): (seat, number, jumps)."""
    m = _OTHER.fullmatch(token)
    if m is None or m.group(1) not in SEAT_LETTERS or m.group(1) == "p":
        raise unreadable(REFUSALS, text, "tock/other_seat_pawn", written=token, letters=", ".join(SEAT_LETTERS),
                         example="b3")
    return SEAT_LETTERS.index(m.group(1)), _number(m.group(2), token, text), _jumps(
        m.group(3), token, text)


def _number(digits: str, token: str, text: str) -> int:
    number = int(digits)
    if not 1 <= number <= PAWNS:
        raise unreadable(REFUSALS, text, "tock/pawn_number", written=token, most=PAWNS)
    return number


def _jumps(marks: str, token: str, text: str) -> int:
    if len(marks) > 2:
        raise unreadable(REFUSALS, text, "tock/two_shortcuts", written=token)
    return len(marks)


def _parse_push(token: str, text: str, mover: int | None) -> Push:
    own = _OWN.fullmatch(token)
    if own and mover is not None and own.group(2) is None and not own.group(4):
        return push(mover, _number(own.group(1), token, text), _jumps(own.group(3), token, text))
    if own:  # well-formed, but whose pawn it is needs the mover: the rules' refusal, with their reason
        raise IllegalActionError(f"{text!r}: a 5 pushes another player's pawn, never your own: "
                                 "name it by seat letter and number, e.g. 5 b3",
                                 refusal=Refusal("tock/five_own_pawn", action=text))
    seat, number, jumps = _other(token, text)
    return push(seat, number, jumps)


def _parse_swap(joined: str, text: str, mover: int | None) -> Swap:
    mine, sep, theirs = joined.partition("<>")
    if not sep:
        raise unreadable(REFUSALS, text, "tock/swap_two", example="J p2<>c1")
    if _OWN.fullmatch(theirs) and not _OWN.fullmatch(mine):
        mine, theirs = theirs, mine
    number, steps, jumps, stay_out = _own(mine, text, JACK)
    if steps is not None or jumps or stay_out:
        raise unreadable(REFUSALS, text, "tock/jack_moves_nothing", example="J p2<>c1")
    both_own = _OWN.fullmatch(theirs)
    if both_own and mover is not None:
        other_steps, other_jumps, other_stays = both_own.group(2), both_own.group(3), both_own.group(4)
        if other_steps is not None or other_jumps or other_stays:
            raise unreadable(REFUSALS, text, "tock/jack_moves_nothing", example="J p2<>c1")
        return swap(number, mover, _number(both_own.group(1), theirs, text))
    if both_own:  # as for a 5 on one's own pawn
        raise IllegalActionError(f"{text!r}: a J swaps your pawn with another player's, not two of yours: "
                                 "name theirs by seat letter and number, e.g. J p2<>c1",
                                 refusal=Refusal("tock/jack_own_pawns", action=text))
    seat, other, other_jumps = _other(theirs, text)
    if other_jumps:
        raise unreadable(REFUSALS, text, "tock/jack_moves_nothing", example="J p2<>c1")
    return swap(number, seat, other)


def _parse_seven(args: list[str], text: str) -> Seven:
    parts = []
    for token in args:
        number, steps, jumps, stay_out = _own(token, text, SEVEN)
        if steps is None:
            if len(args) != 1:
                raise unreadable(REFUSALS, text, "tock/seven_counts", example="7 p1+3 p4+4")
            steps = 7
        parts.append(part(number, steps, jumps, stay_out))
    return Seven(tuple(parts))  # parts that do not add up to 7, or share a pawn, are the rules' refusal


def _parse_for(letter: str, rest: str, text: str) -> For:
    """Read ``for c: 8 p2`` (the card action after the colon naming the teammate's pawns as p1 … p4 or by
    their seat letter, c2)."""
    if letter not in SEAT_LETTERS:
        raise unreadable(REFUSALS, text, "tock/no_such_seat", seat=letter, letters=", ".join(SEAT_LETTERS))
    served = SEAT_LETTERS.index(letter)
    action = parse_tock_action(rest, served)
    if isinstance(action, For | Discard | Bonus):
        raise unreadable(REFUSALS, text, "tock/for_card_action", written=f"for {letter}:",
                         example=f"for {letter}: 8 p2")
    return For(served, action)
