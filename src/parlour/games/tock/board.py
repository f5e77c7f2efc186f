"""Tock's board geometry, all of it: sections, squares, starts, homes, shortcuts, paths.

The track is a loop of ``18 × S`` squares numbered 0, 1, … in the direction
pawns move forward; S (the sections) is 4 for 2–4 players, 6 for 5–6 and 8
for 7–8 (docs/rules/en/tock.md, "Material and board"). Seat ``s`` owns section ``s × S // players``, so seats
are spread evenly and 2 players sit opposite **[decision: when the seats do
not divide the sections, the gaps fall after the last seats]**. A seat's
start is square ``18 × section``; the foot of its home is 2 squares before
the start; its home lane of 4 squares branches off after the foot.

On 6- and 8-section boards every section has an intersection, square
``18 × section + 9``; a shortcut joins it to the next section's intersection
and counts as one step. A forward move beginning on an intersection may take
it as its first step (on 8 sections, two in a row: the double jump); a
backward move may take one as its first step. Which pawns may (those that
stood there when their owner's turn began) is ``Pawns.settled``'s business:
the board only knows the routes. A shortcut bypasses every
square between the two intersections, a home foot included: a pawn that
takes it does not pass that foot **[decision]**.

A pawn's place is an int: ``-1`` in the reserve, ``0 … squares − 1`` on the
track, ``squares + h`` on square ``h + 1`` of its owner's home lane. Every
distance and path the rules use comes from here, so the geometry can change
without touching them.
"""

from __future__ import annotations

from functools import cache
from typing import Final

SECTION: Final = 18
"""Squares per section."""
HOME: Final = 4
"""Squares in a home lane."""
FOOT_BEFORE_START: Final = 2
INTERSECTION_OFFSET: Final = 9
RESERVE: Final = -1


def sections_for(players: int) -> int:
    """How many sections the board for ``players`` players has."""
    return 4 if players <= 4 else 6 if players <= 6 else 8


class Board:
    """The board of one table size; get it with ``board_for(players)`` (cached)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.sections = sections_for(players)
        self.squares = SECTION * self.sections
        length = self.squares
        self.seat_sections = tuple(s * self.sections // players for s in range(players))
        self.starts = tuple(SECTION * k for k in self.seat_sections)
        self.feet = tuple((start - FOOT_BEFORE_START) % length for start in self.starts)
        self.max_jumps = {4: 0, 6: 1, 8: 2}[self.sections]
        crossings = (
            [SECTION * k + INTERSECTION_OFFSET for k in range(self.sections)] if self.max_jumps else []
        )
        self.intersections = tuple(crossings)
        self.crossings = frozenset(crossings)
        self.shortcuts = tuple(
            (a, crossings[(i + 1) % len(crossings)]) for i, a in enumerate(crossings)
        )
        self._jump_forward = dict(self.shortcuts)
        self._jump_back = {b: a for a, b in self.shortcuts}
        self._forward: dict[int, tuple[int, ...] | None] = {}
        self._backward: dict[tuple[int, int, int], tuple[int, ...] | None] = {}
        self._past_foot: dict[tuple[int, int, int, int], int] = {}
        self._footprints: dict[int, int] = {}

    # ------------------------------------------------------------------ places

    def home(self, h: int) -> int:
        """The place of home square ``h`` (0-based: 0 is the lane's first square)."""
        return self.squares + h

    # ------------------------------------------------------------------ paths

    def jump_choices(self, square: int, steps: int, backwards: bool = False) -> tuple[int, ...]:
        """How many shortcuts a move of ``steps`` from track ``square`` may start with."""
        if square not in self._jump_forward:
            return (0,)
        most = 1 if backwards else min(self.max_jumps, steps)
        return tuple(range(most + 1))

    def forward_path(self, square: int, steps: int, jumps: int = 0) -> tuple[int, ...] | None:
        """The track squares a forward move visits, one per step, ending where it lands.

        ``jumps`` shortcuts are taken first; ``None`` when they cannot be.
        The home lane is not part of it: see ``past_foot``.
        """
        key = (square << 7 | steps) << 2 | jumps
        path = self._forward.get(key, ())
        if path == ():
            path = self._forward[key] = self._walk(square, steps, jumps, self._jump_forward, 1)
        return path

    def backward_path(self, square: int, steps: int, jump: int = 0) -> tuple[int, ...] | None:
        """The track squares a backward move visits; one shortcut first if ``jump``."""
        key = (square, steps, jump)
        path = self._backward.get(key, ())
        if path == ():
            path = self._backward[key] = (
                None if jump > 1 else self._walk(square, steps, jump, self._jump_back, -1)
            )
        return path

    def _walk(self, square: int, steps: int, jumps: int, table: dict[int, int],
              direction: int) -> tuple[int, ...] | None:
        if jumps > min(self.max_jumps, steps):
            return None
        out = []
        at = square
        for i in range(steps):
            if i < jumps:
                nxt = table.get(at)
                if nxt is None:
                    return None
                at = nxt
            else:
                at = (at + direction) % self.squares
            out.append(at)
        return tuple(out)

    def past_foot(self, seat: int, square: int, steps: int, jumps: int = 0) -> int:
        """Steps of a forward move that are left after it goes past ``seat``'s home foot.

        0 when the move does not go past it (or ends on it). These steps
        continue into the home lane when the rules allow.
        """
        if not jumps:
            to_foot = (self.feet[seat] - square) % self.squares
            return steps - to_foot if to_foot < steps else 0
        key = (seat, square, steps, jumps)
        left = self._past_foot.get(key)
        if left is None:
            foot = self.feet[seat]
            path = self.forward_path(square, steps, jumps) or ()
            left = steps - 1 - path.index(foot) if foot in path[:-1] else 0
            self._past_foot[key] = left
        return left

    def footprint(self, seat: int, place: int, steps: int, jumps: int = 0) -> int:
        """Every place a forward move of ``seat``'s pawn may look at, as a bit mask.

        Bits ``0 … squares − 1`` are track squares, bits ``squares + h`` the
        mover's home lane. Two moves whose footprints do not meet cannot
        affect each other, whatever their order. Worked out once (the 7's
        splits ask for every count and route of every pawn).
        """
        key = ((seat << 9 | place) << 5 | steps) << 2 | jumps
        mask = self._footprints.get(key)
        if mask is None:
            mask = self._footprints[key] = self._footprint(seat, place, steps, jumps)
        return mask

    def _footprint(self, seat: int, place: int, steps: int, jumps: int) -> int:
        length = self.squares
        lane = ((1 << HOME) - 1) << length
        if place >= length:
            return lane
        mask = 1 << place
        for square in self.forward_path(place, steps, jumps) or ():
            mask |= 1 << square
        if self.past_foot(seat, place, steps, jumps):
            mask |= lane
        return mask

    # -------------------------------------------------------------- distances

    def steps_to_foot(self, seat: int, square: int) -> int:
        """Track steps from ``square`` to ``seat``'s foot, without shortcuts."""
        return (self.feet[seat] - square) % self.squares

    def to_go(self, seat: int, place: int) -> int:
        """Steps a pawn of ``seat`` at ``place`` still has to go to its home's last square.

        A reserve pawn counts one step to enter, then the whole way round.
        """
        if place < 0:
            return 1 + self.steps_to_foot(seat, self.starts[seat]) + HOME
        if place >= self.squares:
            return HOME - 1 - (place - self.squares)
        return self.steps_to_foot(seat, place) + HOME

    def __repr__(self) -> str:
        return f"board_for({self.players})"


@cache
def board_for(players: int) -> Board:
    """The (shared, immutable) board for ``players`` players."""
    return Board(players)
