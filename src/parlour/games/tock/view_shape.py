"""The shape of a Tock view (``views.view_of``): ``TockView``, read by every module that reads a Tock view.

A seat's view holds its own ``hand``; a spectator's does not. A finished
game's view holds the ``ranking``; a team game's holds ``teams`` and ``serving``. ``tools/view_schema.py`` writes this
shape as the JSON Schema of ``view_shape.js``, which the browser client reads.
"""

# Evaluated at run time, not postponed: Python 3.11 finds NotRequired keys only in evaluated annotations.
from typing import Literal, NotRequired, TypedDict, cast

from parlour.core.game import View
from parlour.core.shapes import LogEntry

Place = int | str | None
"""A pawn's place: None (in reserve), a track square, or ``h1`` … ``h4`` (home)."""


class TockBoard(TypedDict):
    """The pawns on a board: each seat's four places, and the advantaged and settled pawns by name (``b3``)."""

    pawns: list[list[Place]]
    advantaged: list[str]
    settled: list[str]


class TockView(TockBoard):
    """What one seat (``seat``; None: a spectator) may know of a Tock game; ``log_board`` is the board the
    ``log`` starts from (None: the start of the game)."""

    game: Literal["tock"]
    seat: int | None
    version: int
    players: int
    to_play: int
    phase: str
    hand_sizes: list[int]
    stock: int
    pile: list[str]
    bonuses: list[int]
    spendable: int
    winner: int | None
    log: list[LogEntry]
    log_board: TockBoard | None
    hand: NotRequired[list[str]]
    ranking: NotRequired[list[int]]
    teams: NotRequired[list[list[int]]]
    """With flag ``teams``: the teams, as seats."""
    serving: NotRequired[list[int]]
    """With flag ``teams``: the teammates the seat to play plays for, its own pawns being all home (else
    empty); its card actions then say whose pawns (``for c: 8 p2``)."""


SHAPE = TockView


def tock_view(view: View) -> TockView:
    """``view``, a Tock view, read through its shape: where a generic view enters Tock's own code."""
    return cast(TockView, view)


def plain_view(view: TockView) -> View:
    """``view`` as the generic ``View`` the game's contracts return (the same dict)."""
    return cast(View, view)
