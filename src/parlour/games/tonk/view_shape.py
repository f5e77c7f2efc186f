"""The shape of a Tonk view (``views.view_of``): ``TonkView``, read by every module that reads a Tonk view.

A seat's view holds its own ``hand`` and ``hand_value``; a spectator's does
not. A bounded view (``State.message_view``) sums up the hands it leaves out
under ``earlier``. ``tools/view_schema.py`` writes this shape as the JSON
Schema of ``view_shape.js``, which the browser client reads.
"""

# Evaluated at run time, not postponed: Python 3.11 finds NotRequired keys only in evaluated annotations.
from typing import Annotated, Literal, NotRequired, TypedDict, cast

from parlour.core.game import View
from parlour.core.shapes import Earlier, Fixed, LogEntry

LedgerRow = Annotated[list[int | str], Fixed(int, int, int, int, str)]
"""A ledger entry: payer, payee, stakes, the hand's number, and why (``hand``, ``spades`` …); ``ledger_row``
reads it typed."""
Payment = Annotated[list[int], Fixed(int, int, int)]
"""What a hand's settlement moved: payer, payee, stakes."""


def ledger_row(row: LedgerRow) -> tuple[int, int, int, int, str]:
    """A ``LedgerRow``'s payer, payee, stakes, hand number and reason, typed."""
    payer, payee, stakes, hand, reason = row
    return int(payer), int(payee), int(stakes), int(hand), str(reason)


class TonkSpread(TypedDict):
    """A spread on the table: its owner and its cards (a joker as ``Jk=5h``, the card it stands for)."""

    owner: int
    cards: list[str]


class TonkResult(TypedDict):
    """A finished hand: its number, dealer, outcome in words, whether it was void, each seat's total and
    cards, and the payments it made."""

    hand: int
    dealer: int
    outcome: str
    void: bool
    totals: list[int]
    hands: list[list[str]]
    payments: list[Payment]


class TonkView(TypedDict):
    """What one seat (``seat``; None: a spectator) may know of a Tonk table."""

    game: Literal["tonk"]
    seat: int | None
    players: int
    version: int
    hand_number: int
    dealer: int
    to_play: int
    phase: str
    hand_sizes: list[int]
    known: list[list[str]]
    stock: int
    discard: list[str]
    spreads: list[TonkSpread]
    lockout: list[int]
    taken: str | None
    turns: int
    stock_out_seat: int | None
    bets: list[bool | None]
    spades_shown: list[str | None]
    balances: list[int]
    ledger: list[LedgerRow]
    results: list[TonkResult]
    log: list[LogEntry]
    hit_lockout: bool
    may_rediscard_taken: bool
    earlier: NotRequired[Earlier]
    hand: NotRequired[list[str]]
    hand_value: NotRequired[int]


SHAPE = TonkView


def tonk_view(view: View) -> TonkView:
    """``view``, a Tonk view, read through its shape: where a generic view enters Tonk's own code."""
    return cast(TonkView, view)


def plain_view(view: TonkView) -> View:
    """``view`` as the generic ``View`` the game's contracts return (the same dict)."""
    return cast(View, view)
