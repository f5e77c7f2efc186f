"""Where every pawn stands (``Pawns``), and what each move does to it (``Mover``; docs/rules/en/tock.md, "Moving").

``Pawns`` is plain data, part of the position: it keeps the same facts
several ways so that every question is one lookup: ``pos`` (each pawn's
place, see ``board``), ``occ`` (each track square's pawn or -1), ``bits``
(the occupied track squares as bits), ``homes`` (each seat's home lane as 4
bits), ``adv`` (a bit per pawn holding the
position advantage) and ``settled`` (a bit per pawn that stood on an
intersection when its owner's turn began and has not moved since: only
those may take a shortcut: docs/rules/en/tock.md, "Material and board"). Pawn ``g`` is seat ``g // 4``'s
pawn ``g % 4 + 1``.

``Mover`` holds the rules of moving on one board (the board and the
home-entry flag) and works a move out into an *effect*: the ``(pawn,
place)`` changes to make, in order, captures first (a captured pawn goes to
place -1). Every move function returns its effect, or ``None`` after
appending to ``why`` the reason it is not legal (when ``why`` is a list), so
legal-move generation, ``apply`` and error messages share one set of rules.
"""

from __future__ import annotations

from parlour.core.refusals import Refusal
from parlour.games.tock.actions import PAWNS, pawn_text
from parlour.games.tock.board import HOME, RESERVE, Board

Effect = tuple[tuple[int, int], ...]
Why = list[Refusal] | None


class Pawns:
    """Every pawn's place; see the module docstring."""

    __slots__ = ("adv", "bits", "homes", "occ", "pos", "settled")

    def __init__(self, players: int = 0, squares: int = 0) -> None:
        """No pawn on the track; ``copy`` makes an empty one (compiled, ``Pawns.__new__`` runs this) and fills it."""
        self.pos = [RESERVE] * (PAWNS * players)
        self.occ = [-1] * squares
        self.bits = 0
        self.homes = [0] * players
        self.adv = 0
        self.settled = 0

    def copy(self) -> Pawns:
        new = Pawns.__new__(Pawns)
        new.pos = self.pos[:]
        new.occ = self.occ[:]
        new.bits = self.bits
        new.homes = self.homes[:]
        new.adv = self.adv
        new.settled = self.settled
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pawns):
            return NotImplemented
        return (self.pos == other.pos and self.occ == other.occ and self.bits == other.bits
                and self.homes == other.homes
                and self.adv == other.adv and self.settled == other.settled)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pawns(pos={self.pos}, adv={self.adv:#x}, settled={self.settled:#x})"

    def snapshot(self) -> tuple[tuple[int, ...], int, int]:
        """Every pawn's place, the advantaged and the settled bits, as a value that never changes."""
        return tuple(self.pos), self.adv, self.settled

    # ------------------------------------------------------------- changes

    def place(self, pawn: int, to: int, advantage: bool = False) -> None:
        """Put ``pawn`` at ``to`` directly (setting up positions); no rule is checked."""
        self.execute(((pawn, to),))
        if advantage:
            self.adv |= 1 << pawn
        else:
            self.adv &= ~(1 << pawn)

    def execute(self, effect: Effect) -> None:
        """Make the changes of ``effect``; a pawn entering from the reserve gains the advantage.

        A pawn that moves is no longer settled (it may not take a shortcut this turn).
        """
        pos, occ = self.pos, self.occ
        length = len(occ)
        adv = self.adv
        settled = self.settled
        bits = self.bits
        for pawn, to in effect:
            was = pos[pawn]
            bit = 1 << pawn
            settled &= ~bit
            if was >= length:
                self.homes[pawn >> 2] &= ~(1 << (was - length))
            elif was >= 0 and occ[was] == pawn:
                occ[was] = -1
                bits &= ~(1 << was)
            pos[pawn] = to
            if to < 0 or to >= length:
                adv &= ~bit
                if to >= length:
                    self.homes[pawn >> 2] |= 1 << (to - length)
            else:
                occ[to] = pawn
                bits |= 1 << to
                adv = adv | bit if was < 0 else adv & ~bit
        self.adv = adv
        self.settled = settled
        self.bits = bits

    def settle(self, seat: int, intersections: frozenset[int]) -> None:
        """``seat``'s turn begins: its pawns on intersections may take a shortcut this turn."""
        settled = self.settled
        base = seat * PAWNS
        for pawn in range(base, base + PAWNS):
            if self.pos[pawn] in intersections:
                settled |= 1 << pawn
            else:
                settled &= ~(1 << pawn)
        self.settled = settled

    # --------------------------------------------------------------- names

    def reserve_pawn(self, seat: int) -> int:
        """The lowest-numbered pawn of ``seat`` in the reserve, or -1."""
        base = seat * PAWNS
        for pawn in range(base, base + PAWNS):
            if self.pos[pawn] < 0:
                return pawn
        return -1

    def pawns_home(self, seat: int) -> int:
        return self.homes[seat].bit_count()


def shown(pawn: int) -> str:
    """The pawn as the board shows it, whoever moves: ``a2`` … ``h4`` (what refusals name)."""
    return pawn_text(pawn >> 2, pawn % PAWNS + 1)


def name(pawn: int, actor: int) -> str:
    """The pawn as ``actor`` writes it: ``p2`` for their own, ``c1`` for seat c's."""
    seat = pawn >> 2
    return pawn_text(None if seat == actor else seat, pawn % PAWNS + 1)


class Mover:
    """The rules of moving pawns on ``board``; see the module docstring."""

    __slots__ = ("board", "optional_entry")

    def __init__(self, board: Board, optional_entry: bool) -> None:
        self.board = board
        self.optional_entry = optional_entry

    def jump_choices(self, pawns: Pawns, pawn: int, steps: int, backwards: bool = False) -> tuple[int, ...]:
        """How many shortcuts a move of ``pawn`` by ``steps`` may start with: (0,) unless settled."""
        if not pawns.settled >> pawn & 1:
            return (0,)
        return self.board.jump_choices(pawns.pos[pawn], steps, backwards)

    # ---------------------------------------------------------------- moves

    def enter(self, pawns: Pawns, seat: int, why: Why = None) -> Effect | None:
        """Put ``seat``'s next reserve pawn on its start, capturing a pawn there without advantage."""
        pawn = pawns.reserve_pawn(seat)
        if pawn < 0:
            return _no(why, Refusal("tock/all_out"))
        start = self.board.starts[seat]
        there = pawns.occ[start]
        if there < 0:
            return ((pawn, start),)
        if pawns.adv >> there & 1:
            return _no(why, Refusal("tock/start_held", pawn=shown(there)))
        return ((there, RESERVE), (pawn, start))

    def forward(self, pawns: Pawns, pawn: int, steps: int, jumps: int = 0, stay_out: bool = False,
                king: bool = False, actor: int = -1, why: Why = None) -> Effect | None:
        """Move ``pawn`` forward ``steps``; ``actor`` is the card player when not the owner (a 5).

        The owner's pawn goes into its home when the count allows (or may
        ``stay_out`` with optional home entry); a pushed pawn never does.
        The King captures what it passes; any other move is blocked by it.
        Shortcuts are for settled pawns only (docs/rules/en/tock.md, "Material and board").
        """
        seat = pawn >> 2
        pushed = actor >= 0
        actor = seat if actor < 0 else actor
        board = self.board
        length = board.squares
        at = pawns.pos[pawn]
        if at < 0:
            return _no(why, Refusal("tock/in_reserve", pawn=shown(pawn)))
        if at >= length:
            return self._up_the_lane(pawns, pawn, at - length, steps, bool(jumps) or stay_out, actor, why)
        path = board.forward_path(at, steps, jumps)
        if path is None:
            return _no(why, self._no_shortcut(at, jumps))
        if jumps and not pawns.settled >> pawn & 1:
            return _no(why, _unsettled(pawn, at))
        left = 0 if pushed else board.past_foot(seat, at, steps, jumps)
        if left:
            lane = pawns.homes[seat]
            can_enter = left <= HOME and not lane & ((1 << left) - 1)
            if can_enter and not stay_out:
                return _run(pawns, pawn, path[: steps - left], length + left - 1, king, actor, why)
            if stay_out and not can_enter:
                return _no(why, Refusal("tock/cannot_enter_home", pawn=shown(pawn)))
            if stay_out and not self.optional_entry:
                return _no(why, Refusal("tock/must_enter_home", pawn=shown(pawn)))
        elif stay_out:  # a pushed pawn is never asked to stay out (a push has no ~)
            return _no(why, Refusal("tock/short_of_home", pawn=shown(pawn)))
        return _run(pawns, pawn, path[:-1], path[-1], king, actor, why)

    def _up_the_lane(self, pawns: Pawns, pawn: int, h: int, steps: int, marked: bool, actor: int,
                     why: Why) -> Effect | None:
        to = h + steps
        lane = pawns.homes[pawn >> 2]
        if not marked and to < HOME and not lane & ((2 << to) - (2 << h)):
            return ((pawn, self.board.squares + to),)
        if why is not None:
            me = shown(pawn)
            if marked:
                why.append(Refusal("tock/home_no_marks", pawn=me))
            elif to >= HOME:
                why.append(Refusal("tock/past_home", pawn=me, at=h + 1, last=HOME))
            else:
                x = next(x for x in range(h + 1, to + 1) if lane >> x & 1)
                why.append(Refusal("tock/home_land" if x == to else "tock/home_pass", pawn=me, at=x + 1))
        return None

    def _no_shortcut(self, at: int, jumps: int) -> Refusal:
        board = self.board
        if not board.max_jumps:
            return Refusal("tock/no_shortcuts", sections=board.sections)
        if at not in board.intersections:
            return Refusal("tock/not_intersection", square=at, squares=", ".join(map(str, board.intersections)))
        return Refusal("tock/too_many_shortcuts", sections=board.sections, most=board.max_jumps, jumps=jumps)

    def backward(self, pawns: Pawns, pawn: int, steps: int, jumps: int = 0, why: Why = None) -> Effect | None:
        """Move own ``pawn`` back ``steps`` on the track: no passing, never into a home."""
        seat = pawn >> 2
        at = pawns.pos[pawn]
        if at < 0:
            return _no(why, Refusal("tock/in_reserve", pawn=shown(pawn)))
        if at >= self.board.squares:
            return _no(why, Refusal("tock/home_no_back", pawn=shown(pawn)))
        if jumps > 1 and self.board.max_jumps:
            return _no(why, Refusal("tock/back_one_shortcut"))
        path = self.board.backward_path(at, steps, jumps)
        if path is None:
            return _no(why, self._no_shortcut(at, jumps))
        if jumps and not pawns.settled >> pawn & 1:
            return _no(why, _unsettled(pawn, at))
        return _run(pawns, pawn, path[:-1], path[-1], False, seat, why)

    def push(self, pawns: Pawns, pawn: int, actor: int, steps: int, jumps: int = 0,
             why: Why = None) -> Effect | None:
        """``actor`` pushes another seat's track ``pawn`` forward ``steps``."""
        if pawn >> 2 == actor:
            return _no(why, Refusal("tock/five_own_pawn"))
        problem = _fixed(pawns, pawn, self.board.squares)
        if problem is not None:
            return _no(why, problem)
        return self.forward(pawns, pawn, steps, jumps, False, False, actor, why)

    def swap(self, pawns: Pawns, pawn: int, other: int, why: Why = None) -> Effect | None:
        """Swap own track ``pawn`` with another seat's track pawn ``other``."""
        seat = pawn >> 2
        if other >> 2 == seat:
            return _no(why, Refusal("tock/jack_own_pawns"))
        length = self.board.squares
        problem = _fixed(pawns, pawn, length) or _fixed(pawns, other, length)
        if problem is not None:
            return _no(why, problem)
        return ((pawn, pawns.pos[other]), (other, pawns.pos[pawn]))


def _run(pawns: Pawns, pawn: int, passed: tuple[int, ...], land: int, king: bool, actor: int,
         why: Why) -> Effect | None:
    """The effect of ``pawn`` passing ``passed`` and landing on ``land`` (a place)."""
    occ, adv = pawns.occ, pawns.adv
    captures: list[tuple[int, int]] = []
    for square in passed:
        there = occ[square]
        if there >= 0:
            if not king or adv >> there & 1:
                if why is not None:
                    why.append(Refusal("tock/blocked_advantage" if king else "tock/blocked", pawn=shown(pawn),
                                       other=shown(there), square=square))
                return None
            captures.append((there, RESERVE))
    if land < len(occ):
        there = occ[land]
        if there >= 0:
            if adv >> there & 1:
                if why is not None:
                    why.append(Refusal("tock/advantage", pawn=shown(there), square=land))
                return None
            captures.append((there, RESERVE))
    captures.append((pawn, land))
    return tuple(captures)


def _unsettled(pawn: int, at: int) -> Refusal:
    return Refusal("tock/unsettled", square=at, pawn=shown(pawn))


def _fixed(pawns: Pawns, pawn: int, length: int) -> Refusal | None:
    """Why ``pawn`` cannot be pushed or swapped, or None."""
    at = pawns.pos[pawn]
    if at < 0:
        return Refusal("tock/fixed_reserve", pawn=shown(pawn))
    if at >= length:
        return Refusal("tock/fixed_home", pawn=shown(pawn))
    if pawns.adv >> pawn & 1:
        return Refusal("tock/fixed_advantage", pawn=shown(pawn))
    return None


def _no(why: Why, reason: Refusal) -> Effect | None:
    """No effect: the move is illegal, for ``reason`` (kept in ``why`` when it is a list)."""
    if why is not None:
        why.append(reason)
    return None
