"""Where every pawn stands, and what each kind of move does to it (RULES §2.5).

``Pawns`` keeps the same facts several ways so that every question is one
lookup: ``pos`` (each pawn's place, see ``board``), ``occ`` (each track
square's pawn or -1), ``homes`` (each seat's home lane as 4 bits) and
``adv`` (a bit per pawn holding the position advantage). Pawn ``g`` is seat
``g // 4``'s pawn ``g % 4 + 1``.

A move is worked out into an *effect*: the ``(pawn, place)`` changes to
make, in order, captures first (a captured pawn goes to place -1). Every
move function returns its effect, or ``None`` after appending to ``why`` the
reason it is not legal (when ``why`` is a list), so legal-move generation
and error messages share one set of rules.
"""

from __future__ import annotations

from parlour.games.tock.actions import PAWNS, pawn_text
from parlour.games.tock.board import HOME, RESERVE, Board

Effect = tuple[tuple[int, int], ...]
Why = list[str] | None


class Pawns:
    """Every pawn's place; see the module docstring."""

    __slots__ = ("adv", "board", "homes", "occ", "optional_entry", "pos")

    def __init__(self, board: Board, optional_entry: bool) -> None:
        self.board = board
        self.optional_entry = optional_entry
        self.pos = [RESERVE] * (PAWNS * board.players)
        self.occ = [-1] * board.squares
        self.homes = [0] * board.players
        self.adv = 0

    def copy(self) -> Pawns:
        new = Pawns.__new__(Pawns)
        new.board = self.board
        new.optional_entry = self.optional_entry
        new.pos = self.pos[:]
        new.occ = self.occ[:]
        new.homes = self.homes[:]
        new.adv = self.adv
        return new

    # ------------------------------------------------------------- changes

    def place(self, pawn: int, to: int, advantage: bool = False) -> None:
        """Put ``pawn`` at ``to`` directly (setting up positions); no rule is checked."""
        self.execute(((pawn, to),))
        if advantage:
            self.adv |= 1 << pawn
        else:
            self.adv &= ~(1 << pawn)

    def execute(self, effect: Effect) -> None:
        """Make the changes of ``effect``; a pawn entering from the reserve gains the advantage."""
        length = self.board.squares
        pos, occ = self.pos, self.occ
        adv = self.adv
        for pawn, to in effect:
            was = pos[pawn]
            if was >= length:
                self.homes[pawn >> 2] &= ~(1 << (was - length))
            elif was >= 0 and occ[was] == pawn:
                occ[was] = -1
            pos[pawn] = to
            if to < 0 or to >= length:
                adv &= ~(1 << pawn)
                if to >= length:
                    self.homes[pawn >> 2] |= 1 << (to - length)
            else:
                occ[to] = pawn
                adv = adv | (1 << pawn) if was < 0 else adv & ~(1 << pawn)
        self.adv = adv

    # --------------------------------------------------------------- names

    def name(self, pawn: int, actor: int) -> str:
        """The pawn as ``actor`` writes it: ``p2`` for their own, ``c1`` for seat c's."""
        seat = pawn >> 2
        return pawn_text(None if seat == actor else seat, pawn % PAWNS + 1)

    def reserve_pawn(self, seat: int) -> int:
        """The lowest-numbered pawn of ``seat`` in the reserve, or -1."""
        base = seat * PAWNS
        for pawn in range(base, base + PAWNS):
            if self.pos[pawn] < 0:
                return pawn
        return -1

    def pawns_home(self, seat: int) -> int:
        return self.homes[seat].bit_count()

    # ---------------------------------------------------------------- moves

    def enter(self, seat: int, why: Why = None) -> Effect | None:
        """Put ``seat``'s next reserve pawn on its start, capturing a pawn there without advantage."""
        pawn = self.reserve_pawn(seat)
        if pawn < 0:
            return _no(why, "all your pawns are out of the reserve")
        start = self.board.starts[seat]
        there = self.occ[start]
        if there < 0:
            return ((pawn, start),)
        if self.adv >> there & 1:
            return _no(why, f"your pawn {self.name(there, seat)} holds your start with the "
                            "position advantage")
        return ((there, RESERVE), (pawn, start))

    def forward(self, pawn: int, steps: int, jumps: int = 0, stay_out: bool = False,
                king: bool = False, actor: int = -1, why: Why = None) -> Effect | None:
        """Move ``pawn`` forward ``steps``; ``actor`` is the card player when not the owner (a 5).

        The owner's pawn goes into its home when the count allows (or may
        ``stay_out`` with optional home entry); a pushed pawn never does.
        The King captures what it passes; any other move is blocked by it.
        """
        seat = pawn >> 2
        pushed = actor >= 0
        actor = seat if actor < 0 else actor
        board = self.board
        length = board.squares
        at = self.pos[pawn]
        if at < 0:
            return _no(why, f"{self.name(pawn, actor)} is in the reserve")
        if at >= length:
            return self._up_the_lane(pawn, at - length, steps, bool(jumps) or stay_out, actor, why)
        path = board.forward_path(at, steps, jumps)
        if path is None:
            return _no(why, self._no_shortcut(at, jumps))
        left = 0 if pushed else board.past_foot(seat, at, steps, jumps)
        if left:
            lane = self.homes[seat]
            can_enter = left <= HOME and not lane & ((1 << left) - 1)
            if can_enter and not stay_out:
                return self._run(pawn, path[: steps - left], length + left - 1, king, actor, why)
            if stay_out and not can_enter:
                return _no(why, f"{self.name(pawn, actor)} cannot enter its home with this count: "
                                "no ~ (it goes round anyway)")
            if stay_out and not self.optional_entry:
                return _no(why, f"{self.name(pawn, actor)} must enter its home "
                                "(flag home_entry=mandatory): drop the ~")
        elif stay_out:
            what = ("a pushed pawn never enters a home" if pushed
                    else f"{self.name(pawn, actor)} does not reach its home")
            return _no(why, f"{what}: no ~")
        return self._run(pawn, path[:-1], path[-1], king, actor, why)

    def _up_the_lane(self, pawn: int, h: int, steps: int, marked: bool, actor: int,
                     why: Why) -> Effect | None:
        to = h + steps
        lane = self.homes[pawn >> 2]
        if not marked and to < HOME and not lane & ((2 << to) - (2 << h)):
            return ((pawn, self.board.squares + to),)
        if why is not None:
            me = self.name(pawn, actor)
            if marked:
                why.append(f"{me} is in its home: no shortcut and nothing to stay out of")
            elif to >= HOME:
                why.append(f"{me} on home {h + 1} would go past home {HOME} (home pawns move up "
                           "with exact counts)")
            else:
                x = next(x for x in range(h + 1, to + 1) if lane >> x & 1)
                why.append(f"{me} would {'land on' if x == to else 'pass'} the pawn on home {x + 1}")
        return None

    def _run(self, pawn: int, passed: tuple[int, ...], land: int, king: bool, actor: int,
             why: Why) -> Effect | None:
        """The effect of ``pawn`` passing ``passed`` and landing on ``land`` (a place)."""
        occ, adv = self.occ, self.adv
        captures: list[tuple[int, int]] = []
        for square in passed:
            there = occ[square]
            if there >= 0:
                if not king or adv >> there & 1:
                    if why is not None:
                        extra = ", which has the position advantage," if king else ""
                        why.append(f"{self.name(pawn, actor)} would pass {self.name(there, actor)}"
                                   f"{extra} on square {square}")
                    return None
                captures.append((there, RESERVE))
        if land < self.board.squares:
            there = occ[land]
            if there >= 0:
                if adv >> there & 1:
                    if why is not None:
                        why.append(f"{self.name(there, actor)} on square {land} has the position "
                                   "advantage and cannot be captured")
                    return None
                captures.append((there, RESERVE))
        captures.append((pawn, land))
        return tuple(captures)

    def _no_shortcut(self, at: int, jumps: int) -> str:
        board = self.board
        if not board.max_jumps:
            return f"a {board.sections}-section board has no shortcuts"
        if at not in board.intersections:
            return f"square {at} is no intersection: shortcuts start from " + ", ".join(
                map(str, board.intersections))
        return f"the {board.sections}-section board allows at most {board.max_jumps} shortcut(s) " \
               f"in a row, for {jumps}"

    def backward(self, pawn: int, steps: int, jumps: int = 0, why: Why = None) -> Effect | None:
        """Move own ``pawn`` back ``steps`` on the track: no passing, never into a home."""
        seat = pawn >> 2
        me = self.name(pawn, seat)
        at = self.pos[pawn]
        if at < 0:
            return _no(why, f"{me} is in the reserve")
        if at >= self.board.squares:
            return _no(why, f"{me} is in its home, and home pawns never move back")
        if jumps > 1 and self.board.max_jumps:
            return _no(why, "a backward move takes at most one shortcut, as its first step")
        path = self.board.backward_path(at, steps, jumps)
        if path is None:
            return _no(why, self._no_shortcut(at, jumps))
        return self._run(pawn, path[:-1], path[-1], False, seat, why)

    def push(self, pawn: int, actor: int, steps: int, jumps: int = 0, why: Why = None) -> Effect | None:
        """``actor`` pushes another seat's track ``pawn`` forward ``steps``."""
        if pawn >> 2 == actor:
            return _no(why, "a 5 pushes another player's pawn, never your own")
        problem = self._fixed(pawn, actor)
        if problem:
            return _no(why, problem)
        return self.forward(pawn, steps, jumps, False, False, actor, why)

    def swap(self, pawn: int, other: int, why: Why = None) -> Effect | None:
        """Swap own track ``pawn`` with another seat's track pawn ``other``."""
        seat = pawn >> 2
        if other >> 2 == seat:
            return _no(why, "a J swaps your pawn with another player's, not two of yours")
        problem = self._fixed(pawn, seat) or self._fixed(other, seat)
        if problem:
            return _no(why, problem)
        return ((pawn, self.pos[other]), (other, self.pos[pawn]))

    def _fixed(self, pawn: int, actor: int) -> str:
        """Why ``pawn`` cannot be pushed or swapped, or ''."""
        at = self.pos[pawn]
        if at < 0:
            return f"{self.name(pawn, actor)} is in the reserve"
        if at >= self.board.squares:
            return f"{self.name(pawn, actor)} is in its home, where pawns cannot be pushed or swapped"
        if self.adv >> pawn & 1:
            return f"{self.name(pawn, actor)} has the position advantage on its start"
        return ""

    def movable(self, seat: int) -> tuple[list[int], list[int]]:
        """``seat``'s track pawns without the advantage, and every other seat's: what 5s and Js use."""
        length = self.board.squares
        adv = self.adv
        mine: list[int] = []
        theirs: list[int] = []
        for pawn, at in enumerate(self.pos):
            if 0 <= at < length and not adv >> pawn & 1:
                (mine if pawn >> 2 == seat else theirs).append(pawn)
        return mine, theirs


def _no(why: Why, reason: str) -> Effect | None:
    """No effect: the move is illegal, for ``reason`` (kept in ``why`` when it is a list)."""
    if why is not None:
        why.append(reason)
    return None
