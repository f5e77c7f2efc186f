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

from functools import cache

from parlour.games.tock import seven
from parlour.games.tock.actions import (
    ENTER_KINDS,
    FIVE,
    FOUR,
    JACK,
    JOKER,
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
    push,
    swap,
)
from parlour.games.tock.board import HOME, RESERVE, board_for
from parlour.games.tock.deck import KIND, TWO_OF_SPADES, cards_text
from parlour.games.tock.pawns import Effect, Mover, Pawns, Why
from parlour.games.tock.position import TockPosition

Play = tuple[int, Effect]
"""The card an action uses and its effect."""
NOT_WORKED_OUT: Effect = ()
"""The effect ``card_moves`` leaves out without ``effects`` (no legal action has an empty one)."""
SIMPLE_MOVES = {kind: tuple(move(kind, number) for number in range(1, PAWNS + 1))
                for kind in VALUE if kind not in (FOUR, FIVE, SEVEN)}
"""By card kind and own pawn (0–3): the move without route marks (``move``'s own objects)."""
PUSHES = tuple(push(other >> 2, other % PAWNS + 1) for other in range(PAWNS * len(SEAT_LETTERS)))
"""By pawn: the push without route marks (``push``'s own objects)."""
SWAPS = tuple(tuple(swap(number, other >> 2, other % PAWNS + 1) for other in range(PAWNS * len(SEAT_LETTERS)))
              for number in range(1, PAWNS + 1))
"""By own pawn (0–3) and other pawn: the swap (``swap``'s own objects)."""


class Plays:
    """The legal card actions of a rule set; see the module docstring."""

    __slots__ = ("board", "mover", "players", "two_of_spades_enters")

    def __init__(self, players: int, optional_entry: bool, two_of_spades_enters: bool) -> None:
        self.players = players
        self.board = board_for(players)
        self.mover = Mover(self.board, optional_entry)
        self.two_of_spades_enters = two_of_spades_enters

    # ------------------------------------------------------------ the list

    def card_moves(self, pos: TockPosition, first: bool = False,
                   effects: bool = True) -> tuple[list[CardAction], list[Play]]:
        """Every legal card action of the seat to play, and each one's card and effect.

        With ``first`` it stops at the first one found (is any card playable?). Without
        ``effects``, the effects of 7s and Js are left out (``NOT_WORKED_OUT``: ``play_of``
        works out the one chosen): ``legal_actions`` needs the actions alone.
        """
        seat = pos.cur
        pawns = pos.pawns
        mover = self.mover
        length = self.board.squares
        places = pawns.pos
        actions: list[CardAction] = []
        plays: list[Play] = []
        add_action = actions.append
        add_play = plays.append
        by_kind: dict[int, list[int]] = {}
        for card in pos.hands[seat]:
            kind = KIND[card]
            held = by_kind.get(kind)
            if held is None:
                by_kind[kind] = [card]
            else:
                held.append(card)
        base = seat * PAWNS
        mine, theirs = pawns.movable(seat) if FIVE in by_kind or JACK in by_kind else ([], [])
        runners: list[tuple[int, int, int]] | None = None
        kinds = sorted(by_kind)
        if len(kinds) > 1 and kinds[0] == JOKER:
            kinds.append(kinds.pop(0))  # the joker comes last (``KIND_ORDER``)
        for kind in kinds:
            cards = by_kind[kind]
            if kind in ENTER_KINDS:
                entry_card = self.entry_card(kind, cards)
                if entry_card >= 0:
                    effect = mover.enter(pawns, seat)
                    if effect is not None:
                        add_action(enter(kind))
                        add_play((entry_card, effect))
            card = (cards[0] if len(cards) == 1 else min(cards)) if kind != TWO else move_card(kind, cards)
            if kind == FOUR:
                for pawn in range(base, base + PAWNS):
                    if 0 <= places[pawn] < length:
                        for jumps in mover.jump_choices(pawns, pawn, 4, True):
                            effect = mover.backward(pawns, pawn, 4, jumps)
                            if effect is not None:
                                add_action(move(FOUR, pawn - base + 1, jumps))
                                add_play((card, effect))
            elif kind == FIVE:
                settled = pawns.settled
                occ, adv = pawns.occ, pawns.adv
                bits = pawns.bits
                bits |= bits << length
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
                            add_action(PUSHES[pawn])
                            add_play((card, ((pawn, land),)))
                        elif not adv >> there & 1:
                            add_action(PUSHES[pawn])
                            add_play((card, ((there, RESERVE), (pawn, land))))
                        continue
                    for jumps in mover.jump_choices(pawns, pawn, 5):
                        effect = mover.forward(pawns, pawn, 5, jumps, False, False, seat)
                        if effect is not None:
                            add_action(push(pawn >> 2, pawn % PAWNS + 1, jumps))
                            add_play((card, effect))
            elif kind == SEVEN:
                if effects:
                    for action, effect in seven.splits(mover, pawns, seat):
                        add_action(action)
                        add_play((card, effect))
                else:
                    found = seven.sevens(mover, pawns, seat)
                    actions.extend(found)
                    plays.extend([(card, NOT_WORKED_OUT)] * len(found))
            elif kind == JACK:
                if theirs:
                    for pawn in mine:
                        row = SWAPS[pawn - base]
                        actions.extend([row[other] for other in theirs])
                        if effects:
                            at = places[pawn]
                            plays.extend([(card, ((pawn, places[other]), (other, at))) for other in theirs])
                        else:
                            plays.extend([(card, NOT_WORKED_OUT)] * len(theirs))
            else:
                if runners is None:
                    runners = self._runners(pos)
                if runners:
                    self._forward_moves(pos, runners, kind, card, actions, plays)
            if first and actions:
                break
        return actions, plays

    def _runners(self, pos: TockPosition) -> list[tuple[int, int, int]]:
        """The seat's pawns out of the reserve, as (pawn, place, steps to its home's foot), the
        steps -1 for a pawn in its home lane or settled on an intersection (``_forward_moves``)."""
        seat = pos.cur
        pawns = pos.pawns
        length = self.board.squares
        foot = self.board.feet[seat]
        settled = pawns.settled
        places = pawns.pos
        out = []
        for pawn in range(seat * PAWNS, seat * PAWNS + PAWNS):
            at = places[pawn]
            if at >= 0:
                out.append((pawn, at, (foot - at) % length if at < length and not settled >> pawn & 1 else -1))
        return out

    def _forward_moves(self, pos: TockPosition, runners: list[tuple[int, int, int]], kind: int, card: int,
                       actions: list[CardAction], plays: list[Play]) -> None:
        """The forward moves of a card that moves one pawn its value (``_runners``: the pawns)."""
        seat = pos.cur
        pawns = pos.pawns
        mover = self.mover
        board = self.board
        steps = VALUE[kind]
        king = kind == KING
        length = board.squares
        base = seat * PAWNS
        occ, adv = pawns.occ, pawns.adv
        bits = pawns.bits
        bits |= bits << length  # a run of squares across square 0 is one shift
        between = (1 << (steps - 1)) - 1
        simple = SIMPLE_MOVES[kind]
        for pawn, at, to_foot in runners:
            if to_foot >= steps:
                # the common case, inline: along the track, short of the home, no shortcut
                passed = bits >> (at + 1) & between
                land = at + steps
                if land >= length:
                    land -= length
                if passed:
                    if not king:
                        continue  # a pawn in the way
                    effect = _king_run(pawns, pawn, at, passed, land)
                    if effect is not None:
                        actions.append(simple[pawn - base])
                        plays.append((card, effect))
                    continue
                there = occ[land]
                if there < 0:
                    actions.append(simple[pawn - base])
                    plays.append((card, ((pawn, land),)))
                elif not adv >> there & 1:
                    actions.append(simple[pawn - base])
                    plays.append((card, ((there, -1), (pawn, land))))
                continue
            if at >= length:  # up the home lane, over no pawn
                h = at - length
                if h + steps < HOME and not pawns.homes[seat] & ((2 << (h + steps)) - (2 << h)):
                    actions.append(simple[pawn - base])
                    plays.append((card, ((pawn, at + steps),)))
                continue
            number = pawn - base + 1
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

    def play_of(self, pos: TockPosition, action: CardAction, why: Why = None) -> Play | None:
        """The card ``action`` uses and its effect, or None (with the reason in ``why``)."""
        seat = pos.cur
        pawns = pos.pawns
        mover = self.mover
        if isinstance(action, Enter | Move):
            kind = action.card
        else:
            kind = FIVE if isinstance(action, Push) else SEVEN if isinstance(action, Seven) else JACK
        if isinstance(action, Enter) and kind not in ENTER_KINDS:
            return _no(why, "only A, K and Jk enter a pawn (and 2s with flag two_of_spades_enters)")
        if isinstance(action, Move) and (kind in (FIVE, SEVEN, JACK) or kind not in VALUE):
            return _no(why, f"a {KIND_TEXT.get(kind, '?')} is played as {_how_played(kind)}")
        held = [c for c in pos.hands[seat] if KIND[c] == kind]
        if not held:
            return _no(why, f"you hold no {KIND_TEXT[kind]}; {hand_text(pos)}")
        effect: Effect | None
        card = move_card(kind, held)
        if isinstance(action, Enter):
            if kind == TWO and not self.two_of_spades_enters:
                return _no(why, "the 2s enters a pawn only with flag two_of_spades_enters")
            card = self.entry_card(kind, held)
            if card < 0:
                return _no(why, f"only the 2s enters a pawn, and you have none; {hand_text(pos)}")
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
                return _no(why, f"there is no seat {SEAT_LETTERS[action.seat]} at a {n}-player table "
                                f"(seats a to {SEAT_LETTERS[n - 1]})")
            if isinstance(action, Push):
                effect = mover.push(pawns, action.seat * PAWNS + action.pawn - 1, seat, 5, action.jumps, why)
            else:
                effect = mover.swap(pawns, seat * PAWNS + action.pawn - 1,
                                    action.seat * PAWNS + action.other - 1, why)
        else:
            effect = seven.effect_of(mover, pawns, seat, action.parts, why)
        return None if effect is None else (card, effect)

    def why(self, pos: TockPosition, action: CardAction) -> str:
        """Why the card action ``action``, not among the legal ones, is refused."""
        why: list[str] = []
        found = self.play_of(pos, action, why)
        if found is not None and isinstance(action, Seven):
            key = seven.outcome(found[1])
            actions, plays = self.card_moves(pos)
            same = next((a for a, (_, e) in zip(actions, plays, strict=True)
                         if isinstance(a, Seven) and seven.outcome(e) == key), None)
            if same is not None:
                return f"the same moves as '{same}': write it that way"
        return why[0] if why else "not a legal move here"


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


def hand_text(pos: TockPosition) -> str:
    return "your hand is " + " ".join(cards_text(pos.hands[pos.cur]))


def _how_played(kind: int) -> str:
    """How the cards that are not simple moves are written."""
    return {FIVE: "a push (5 b3)", SEVEN: "a split (7 p1+3 p4+4)", JACK: "a swap (J p2<>c1)"}.get(
        kind, "nothing: there is no 11")


def _no(why: Why, reason: str) -> Play | None:
    if why is not None:
        why.append(reason)
    return None
