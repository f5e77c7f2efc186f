"""Which card actions are legal, what each does, and why one is not: the one place that says.

``Plays`` holds the rules of one game (its ``Mover``: board and home-entry
flag, and the 2♠ flag). ``card_moves`` lists every legal card action of the
seat to play with the card it uses and its effect; ``play_of`` works out one
action's card and effect the same way (``apply`` uses it for the action
chosen), or says why it is illegal. Both call the same move functions
(``Mover``, ``seven``), so the list, the moves made and the refusals never
disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from parlour.core.cards import CARDS
from parlour.core.refusals import ILLEGAL, Refusal
from parlour.games.tock import seven
from parlour.games.tock.actions import (
    ENTER_KINDS,
    FIVE,
    FOUR,
    JACK,
    KIND_ORDER,
    KIND_TEXT,
    KING,
    PAWNS,
    SEAT_LETTERS,
    SEVEN,
    TWO,
    VALUE,
    CardAction,
    Enter,
    Move,
    Push,
    Seven,
    Swap,
    enter,
    move,
    own_pawns_shown,
    push,
    swap,
)
from parlour.games.tock.board import HOME, RESERVE, board_for
from parlour.games.tock.deck import KIND, TWO_OF_SPADES
from parlour.games.tock.pawns import Effect, Mover, Pawns, Why
from parlour.games.tock.position import TockPosition

Play = tuple[int, Effect]
"""The card an action uses and its effect."""
NOT_WORKED_OUT: Final[Effect] = ()
"""The effect ``card_moves`` leaves out without ``effects`` (no legal action has an empty one)."""
SIMPLE_MOVES: Final = {kind: tuple(move(kind, number) for number in range(1, PAWNS + 1))
                for kind in VALUE if kind not in (FOUR, FIVE, SEVEN)}
"""By card kind and own pawn (0–3): the move without route marks (``move``'s own objects)."""
PUSHES: Final = tuple(push(other >> 2, other % PAWNS + 1) for other in range(PAWNS * len(SEAT_LETTERS)))
"""By pawn: the push without route marks (``push``'s own objects)."""
CAPTURED: Final = tuple((pawn, RESERVE) for pawn in range(PAWNS * len(SEAT_LETTERS)))
"""By pawn: the change that sends it back to its reserve."""
SWAPS: Final = tuple(tuple(swap(number, other >> 2, other % PAWNS + 1) for other in range(PAWNS * len(SEAT_LETTERS)))
              for number in range(1, PAWNS + 1))
"""By own pawn (0–3) and other pawn: the swap (``swap``'s own objects)."""
BACKS: Final = tuple(move(FOUR, number) for number in range(1, PAWNS + 1))
"""By own pawn (0–3): the 4's move back without route marks (``move``'s own objects)."""
CASE: Final = tuple(4 if kind == FOUR else 5 if kind == FIVE else 6 if kind == SEVEN else 7 if kind == JACK
             else int(kind in ENTER_KINDS) for kind in range(14))
"""By card kind, what it does: 0 a forward move, 1 a forward move or an entry, or the rest below."""
FOUR_CASE: Final = 4
FIVE_CASE: Final = 5
SEVEN_CASE: Final = 6
BETWEEN: Final = tuple((1 << (steps - 1)) - 1 if steps else 0 for steps in range(19))
"""By steps: the squares a move passes over, as bits from the one after the start."""
AHEAD: Final = 0x3FFFF
"""The squares a move by one card may pass over, the 18 after its start, as bits (see ``BETWEEN``)."""
HAND_ORDER: Final = tuple((KIND_ORDER.index(KIND[card]) << 12) | card for card in range(len(CARDS)))
"""By card id: a key that sorts a hand by kind (``KIND_ORDER``), then by id; the id is its low bits
(``CARD_BITS``)."""
CARD_BITS: Final = 0xFFF
"""The bits of a ``HAND_ORDER`` key that hold the card id."""
ROOM: Final = tuple(tuple(next((x - h - 1 for x in range(h + 1, HOME) if lane >> x & 1), HOME - 1 - h)
                   for h in range(HOME)) for lane in range(1 << HOME))
"""By home lane (bits) and home square: how many free squares are right above it."""


class Plays:
    """The legal card actions of a rule set; see the module docstring."""

    __slots__ = ("alone", "board", "goes", "mover", "players", "two_of_spades_enters")

    def __init__(self, players: int, optional_entry: bool, two_of_spades_enters: bool) -> None:
        self.players = players
        self.board = board_for(players)
        self.mover = Mover(self.board, optional_entry)
        self.two_of_spades_enters = two_of_spades_enters
        places = range(self.board.squares + HOME)
        self.goes: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((pawn, place) for place in places) for pawn in range(PAWNS * players))
        """By pawn and place: the change that puts the pawn there, made once (``card_moves`` lists it often)."""
        self.alone: tuple[tuple[Effect, ...], ...] = tuple(tuple((step,) for step in row) for row in self.goes)
        """By pawn and place: the effect of a move of the pawn there that captures nothing."""

    def __reduce__(self) -> tuple[Callable[[int, bool, bool], Plays], tuple[int, bool, bool]]:
        """Pickled as its rule set, unpickled as that rule set's shared ``Plays``: a state pickles its
        ``__dict__``, this included, and a compiled class has no ``__dict__`` for pickle to copy."""
        return (plays_for, (self.players, self.mover.optional_entry, self.two_of_spades_enters))

    # ------------------------------------------------------------ the list

    def card_moves(self, pos: TockPosition, first: bool = False, effects: bool = True,
                   owner: int = -1) -> tuple[list[CardAction], list[Play]]:
        """Every legal card action of the seat to play, and each one's card and effect.

        With ``first`` it stops at the first one found (is any card playable?). Without
        ``effects``, the effects of 7s and Js are left out (``NOT_WORKED_OUT``: ``play_of``
        works out the one chosen): ``legal_actions`` needs the actions alone. ``owner`` is the seat
        whose pawns the cards treat as one's own: the seat to play (-1), or the teammate it plays for.
        """
        seat = pos.cur if owner < 0 else owner
        pawns = pos.pawns
        mover = self.mover
        length = self.board.squares
        places = pawns.pos
        occ, adv = pawns.occ, pawns.adv
        bits = pawns.bits
        bits |= bits << length  # a run of squares across square 0 is one shift
        goes = self.goes
        alone = self.alone
        actions: list[CardAction] = []
        plays: list[Play] = []
        hand = pos.hands[pos.cur]
        order = sorted([HAND_ORDER[c] for c in hand])  # by KIND_ORDER, then id
        base = seat * PAWNS
        theirs: list[int] | None = None
        runners: list[tuple[int, int, int, int, int]] | None = None
        entry: Effect | bool | None = False  # not worked out yet
        last = -1
        for key in order:
            card = key & CARD_BITS
            kind = KIND[card]
            if kind == last:
                continue  # the kind's lowest card came first
            last = kind
            case = CASE[kind]
            if case < FOUR_CASE:  # a forward move of the card's value
                if case:  # and it enters a pawn
                    if kind == TWO:
                        twos = [c for c in hand if KIND[c] == TWO]
                        entry_card = self.entry_card(TWO, twos)
                        card = move_card(TWO, twos)
                    else:
                        entry_card = card
                    if entry_card >= 0:
                        if entry is False:
                            entry = mover.enter(pawns, seat)
                        if entry is not None:
                            actions.append(enter(kind))
                            plays.append((entry_card, entry))  # type: ignore[arg-type]
                if runners is None:
                    runners = self._runners(pos, bits, seat)
                if runners:
                    steps = VALUE[kind]
                    between = BETWEEN[steps]
                    simple = SIMPLE_MOVES[kind]
                    for pawn, at, limit, ahead, how in runners:
                        if limit >= steps:
                            if how:  # up the home lane, over no pawn
                                actions.append(simple[pawn - base])
                                plays.append((card, alone[pawn][at + steps]))
                                continue
                            # along the track, short of the home, no shortcut
                            land = at + steps
                            if land >= length:
                                land -= length
                            if ahead & between:
                                if kind == KING:
                                    effect = _king_run(pawns, pawn, at, ahead & between, land)
                                    if effect is not None:
                                        actions.append(simple[pawn - base])
                                        plays.append((card, effect))
                                continue  # a pawn in the way
                            there = occ[land]
                            if there < 0:
                                actions.append(simple[pawn - base])
                                plays.append((card, alone[pawn][land]))
                            elif not adv >> there & 1:
                                actions.append(simple[pawn - base])
                                plays.append((card, (CAPTURED[there], goes[pawn][land])))
                        elif not how:
                            self._forward_moves(pos, pawn, at, kind, card, actions, plays, seat)
            elif case == FOUR_CASE:
                settled = pawns.settled
                for pawn in range(base, base + PAWNS):
                    at = places[pawn]
                    if 0 <= at < length:
                        if not settled >> pawn & 1:
                            # the common case, inline: back along the track, over no pawn
                            if bits >> (at + length - 3) & 0b111:
                                continue  # a pawn in the way
                            land = at - 4
                            if land < 0:
                                land += length
                            there = occ[land]
                            if there < 0:
                                actions.append(BACKS[pawn - base])
                                plays.append((card, alone[pawn][land]))
                            elif not adv >> there & 1:
                                actions.append(BACKS[pawn - base])
                                plays.append((card, (CAPTURED[there], goes[pawn][land])))
                            continue
                        for jumps in mover.jump_choices(pawns, pawn, 4, True):
                            effect = mover.backward(pawns, pawn, 4, jumps)
                            if effect is not None:
                                actions.append(move(FOUR, pawn - base + 1, jumps))
                                plays.append((card, effect))
            elif case == FIVE_CASE:
                settled = pawns.settled
                if theirs is None:
                    theirs = _theirs(pawns, seat, length)
                for pawn in theirs:
                    if not settled >> pawn & 1:
                        # the common case, inline: a pushed pawn goes along the track, never home
                        at = places[pawn]
                        if bits >> (at + 1) & 0b1111:
                            continue  # a pawn in the way
                        land = at + 5
                        if land >= length:
                            land -= length
                        there = occ[land]
                        if there < 0:
                            actions.append(PUSHES[pawn])
                            plays.append((card, alone[pawn][land]))
                        elif not adv >> there & 1:
                            actions.append(PUSHES[pawn])
                            plays.append((card, (CAPTURED[there], goes[pawn][land])))
                        continue
                    for jumps in mover.jump_choices(pawns, pawn, 5):
                        effect = mover.forward(pawns, pawn, 5, jumps, False, False, seat)
                        if effect is not None:
                            actions.append(push(pawn >> 2, pawn % PAWNS + 1, jumps))
                            plays.append((card, effect))
            elif case == SEVEN_CASE:
                if effects:
                    for action, effect in seven.splits(mover, pawns, seat):
                        actions.append(action)
                        plays.append((card, effect))
                else:
                    found = seven.sevens(mover, pawns, seat)
                    actions.extend(found)
                    plays.extend([(card, NOT_WORKED_OUT)] * len(found))
            else:  # a J
                if theirs is None:
                    theirs = _theirs(pawns, seat, length)
                if theirs:
                    for pawn in range(base, base + PAWNS):
                        at = places[pawn]
                        if not 0 <= at < length or adv >> pawn & 1:
                            continue
                        row = SWAPS[pawn - base]
                        actions.extend([row[other] for other in theirs])
                        if effects:
                            plays.extend([(card, ((pawn, places[other]), (other, at))) for other in theirs])
                        else:
                            plays.extend([(card, NOT_WORKED_OUT)] * len(theirs))
            if first and actions:
                break
        return actions, plays

    def _runners(self, pos: TockPosition, bits: int, seat: int) -> list[tuple[int, int, int, int, int]]:
        """``seat``'s pawns that may move forward, as (pawn, place, limit, ahead, how) for the
        forward moves of ``card_moves``: a move of up to ``limit`` steps is the common case,
        done inline; ``how`` 1 for a pawn up its home lane (then ``limit`` is the free squares
        above it and no other count moves it), 0 for one on the track (``limit``: the steps to its
        home's foot, -1 when settled; ``ahead``: the occupied squares of the 18 after it as bits (``AHEAD``),
        ``bits`` being doubled); ``_forward_moves`` works out the moves past ``limit`` of a track pawn."""
        pawns = pos.pawns
        length = self.board.squares
        foot = self.board.feet[seat]
        settled = pawns.settled
        places = pawns.pos
        lane = pawns.homes[seat]
        out = []
        for pawn in range(seat * PAWNS, seat * PAWNS + PAWNS):
            at = places[pawn]
            if at < 0:
                continue
            if at >= length:
                room = ROOM[lane][at - length]
                if room:
                    out.append((pawn, at, room, 0, 1))
            elif settled >> pawn & 1:
                out.append((pawn, at, -1, 0, 0))
            else:
                to_foot = foot - at
                if to_foot < 0:
                    to_foot += length
                out.append((pawn, at, to_foot, bits >> (at + 1) & AHEAD, 0))
        return out

    def _forward_moves(self, pos: TockPosition, pawn: int, at: int, kind: int, card: int,
                       actions: list[CardAction], plays: list[Play], seat: int) -> None:
        """The forward moves of ``pawn`` (of ``seat``, the owner the cards serve) at track square ``at`` by a
        card that moves one pawn its value, in the cases ``card_moves`` does not do inline (shortcuts, the
        home's foot)."""
        pawns = pos.pawns
        mover = self.mover
        board = self.board
        steps = VALUE[kind]
        king = kind == KING
        number = pawn - seat * PAWNS + 1
        for jumps in mover.jump_choices(pawns, pawn, steps):
            effect = mover.forward(pawns, pawn, steps, jumps, False, king)
            if effect is not None:
                actions.append(move(kind, number, jumps))
                plays.append((card, effect))
            if mover.optional_entry and 1 <= board.past_foot(seat, at, steps, jumps) <= HOME:
                effect = mover.forward(pawns, pawn, steps, jumps, True, king)
                if effect is not None:
                    actions.append(move(kind, number, jumps, True))
                    plays.append((card, effect))

    def entry_card(self, kind: int, cards: list[int]) -> int:
        """The card of ``kind`` that enters a pawn, or -1 (only the 2♠ among the 2s, by flag)."""
        if kind != TWO:
            return min(cards)
        if not self.two_of_spades_enters:
            return -1
        spades = [c for c in cards if c % 54 == TWO_OF_SPADES]
        return min(spades) if spades else -1

    # ------------------------------------------------------------ one action

    def play_of(self, pos: TockPosition, action: CardAction, why: Why = None, owner: int = -1) -> Play | None:
        """The card ``action`` uses and its effect, or None (with the reason in ``why``); ``owner`` as for
        ``card_moves``."""
        seat = pos.cur if owner < 0 else owner
        pawns = pos.pawns
        mover = self.mover
        if isinstance(action, Enter | Move):
            kind = action.card
        else:
            kind = FIVE if isinstance(action, Push) else SEVEN if isinstance(action, Seven) else JACK
        if isinstance(action, Enter) and kind not in ENTER_KINDS:
            return _no(why, Refusal("tock/enter_kinds", card=KIND_TEXT.get(kind, "?")))
        if isinstance(action, Move) and (kind in (FIVE, SEVEN, JACK) or kind not in VALUE):
            return _no(why, _how_played(kind))
        if isinstance(action, Move) and kind == FOUR and action.stay_out:
            return _no(why, Refusal("tock/four_no_home"))
        if isinstance(action, Seven):
            total = sum(part.steps for part in action.parts)
            if total != SEVEN:
                return _no(why, Refusal("tock/seven_total", total=total))
            if len({part.pawn for part in action.parts}) != len(action.parts):
                return _no(why, Refusal("tock/seven_one_part"))
        held = [c for c in pos.hands[pos.cur] if KIND[c] == kind]
        if not held:
            return _no(why, Refusal("tock/not_held", card=KIND_TEXT[kind]))
        effect: Effect | None
        card = move_card(kind, held)
        if isinstance(action, Enter):
            if kind == TWO and not self.two_of_spades_enters:
                return _no(why, Refusal("tock/two_enters_flag"))
            card = self.entry_card(kind, held)
            if card < 0:
                return _no(why, Refusal("tock/no_two_of_spades"))
            effect = mover.enter(pawns, seat, why)
        elif isinstance(action, Move):
            pawn = seat * PAWNS + action.pawn - 1
            if kind == FOUR:
                effect = mover.backward(pawns, pawn, 4, action.jumps, why)
            else:
                effect = mover.forward(pawns, pawn, VALUE[kind], action.jumps, action.stay_out,
                                       kind == KING, why=why)
        elif isinstance(action, Push | Swap):
            if not 0 <= action.seat < self.players:
                n = self.players
                return _no(why, Refusal("tock/no_seat", seat=SEAT_LETTERS[action.seat], n=n,
                                        last=SEAT_LETTERS[n - 1]))
            if isinstance(action, Push):
                effect = mover.push(pawns, action.seat * PAWNS + action.pawn - 1, seat, 5, action.jumps, why)
            else:
                effect = mover.swap(pawns, seat * PAWNS + action.pawn - 1,
                                    action.seat * PAWNS + action.other - 1, why)
        else:
            effect = seven.effect_of(mover, pawns, seat, action.parts, why)
        return None if effect is None else (card, effect)

    def why(self, pos: TockPosition, action: CardAction, owner: int = -1) -> Refusal:
        """Why the card action ``action`` (``owner`` as for ``card_moves``), not among the legal ones, is
        refused."""
        why: list[Refusal] = []
        found = self.play_of(pos, action, why, owner)
        if found is not None and isinstance(action, Seven):
            key = seven.outcome(found[1])
            actions, plays = self.card_moves(pos, owner=owner)
            same = next((a for a, (_, e) in zip(actions, plays, strict=True)
                         if isinstance(a, Seven) and seven.outcome(e) == key), None)
            if same is not None:
                return Refusal("tock/same_seven", same=own_pawns_shown(str(same), pos.cur if owner < 0 else owner))
        return why[0] if why else Refusal(ILLEGAL)


def _theirs(pawns: Pawns, seat: int, length: int) -> list[int]:
    """Every other seat's track pawns without the advantage: what 5s and Js use."""
    adv = pawns.adv
    return [pawn for pawn, at in enumerate(pawns.pos) if 0 <= at < length and pawn >> 2 != seat
            and not adv >> pawn & 1]


def _king_run(pawns: Pawns, pawn: int, at: int, passed: int, land: int) -> Effect | None:
    """A K's move along the track (no shortcut, short of the home) that passes the pawns ``passed``
    (bits of the squares after ``at``): it captures them, unless one has the advantage."""
    occ, adv = pawns.occ, pawns.adv
    length = len(occ)
    captures: list[tuple[int, int]] = []
    while passed:
        low = passed & -passed
        square = at + low.bit_length()
        there = occ[square - length if square >= length else square]
        if adv >> there & 1:
            return None
        captures.append((there, RESERVE))
        passed ^= low
    there = occ[land]
    if there >= 0:
        if adv >> there & 1:
            return None
        captures.append((there, RESERVE))
    captures.append((pawn, land))
    return tuple(captures)


@cache
def plays_for(players: int, optional_entry: bool, two_of_spades_enters: bool) -> Plays:
    """The (shared) ``Plays`` of a rule set."""
    return Plays(players, optional_entry, two_of_spades_enters)


def move_card(kind: int, cards: list[int]) -> int:
    """The card of ``kind`` a move plays: the lowest id, but a 2 other than the 2♠ when there is one."""
    if kind == TWO:
        return min(cards, key=lambda c: (c % 54 == TWO_OF_SPADES, c))
    return min(cards)


def _how_played(kind: int) -> Refusal:
    """How the cards that are not simple moves are played: the 5, the 7, and the J (the one card worth no
    squares)."""
    if kind == FIVE:
        return Refusal("tock/five_pushes")
    if kind == SEVEN:
        return Refusal("tock/seven_splits")
    return Refusal("tock/jack_swaps")


def _no(why: Why, reason: Refusal) -> Play | None:
    if why is not None:
        why.append(reason)
    return None
