"""The shape of a Plonk view (``views.view_of``): ``PlonkView``, read by every module that reads a Plonk view.

A seat's view holds its own ``hand``; a spectator's does not. A bounded
view (``State.message_view``) sums up the deals it leaves out under
``earlier``. Sides are indexed by ``seat % 2``. ``tools/view_schema.py``
writes this shape as the JSON Schema of ``view_shape.js``, which the
browser client reads.
"""

# Evaluated at run time, not postponed: Python 3.11 finds NotRequired keys only in evaluated annotations.
from typing import Annotated, Literal, NotRequired, TypedDict, cast

from parlour.core.game import View
from parlour.core.shapes import Earlier, Fixed

Play = Annotated[list[int | str], Fixed(int, str)]
"""A card played: the seat that played it, and the card (``play_of`` reads it typed)."""


def play_of(play: Play) -> tuple[int, str]:
    """A ``Play``'s seat and card, typed."""
    seat, card = play
    return int(seat), str(card)


class PlonkTrick(TypedDict):
    """A finished trick: who led, the cards in play order, and the seat that won it."""

    leader: int
    plays: list[Play]
    winner: int


class PlonkPiles(TypedDict):
    """Both sides' piles of a deal: the live and dead cards, the live cards' points, the dead cards' count
    and the deal's points so far."""

    live: list[list[str]]
    dead: list[list[str]]
    live_points: list[int]
    dead_counts: list[int]
    points: list[int]


class PlonkDeal(PlonkPiles):
    """A finished deal: its number, dealer and tricks, and the match scores after it."""

    deal: int
    dealer: int
    tricks: list[PlonkTrick]
    scores: list[int]


class PlonkView(PlonkPiles):
    """What one seat (``seat``; None: a spectator) may know of a Plonk match; ``leader`` and ``to_play``
    are -1 once it is over, ``scores`` are the match's before this deal, ``trick`` the one in play."""

    game: Literal["plonk"]
    seat: int | None
    version: int
    players: int
    target: int
    deal: int
    dealer: int
    leader: int
    to_play: int
    hand_sizes: list[int]
    trick: list[Play]
    tricks: list[PlonkTrick]
    scores: list[int]
    winner: int | None
    results: list[PlonkDeal]
    earlier: NotRequired[Earlier]
    hand: NotRequired[list[str]]


SHAPE = PlonkView


def plonk_view(view: View) -> PlonkView:
    """``view``, a Plonk view, read through its shape: where a generic view enters Plonk's own code."""
    return cast(PlonkView, view)


def plain_view(view: PlonkView) -> View:
    """``view`` as the generic ``View`` the game's contracts return (the same dict)."""
    return cast(View, view)
