"""A Tonk match in play as data: ``TonkPosition``, and the finished hands it keeps.

Hands are bit masks of card ids (faces 0..51, jokers 52 and 53) with their
counting values kept alongside, so that each step is a few integer
operations. The position holds everything: the current hand (hands, stock,
discard pile, spreads, what is known of each hand, lockouts, side bets), the
turn (phase, seat to play, the card taken this turn), the match (dealer,
hand number, ledger, balances, finished hands). Deal ``k`` of a match draws
from ``chance_rng(seed, k)`` with ``k`` the hand number, so no generator is
kept. JSON names cards by id: exact, jokers included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from parlour.core.cards import CARD_TEXT, cards_of, parse_card, sort_key
from parlour.core.game import LedgerEntry
from parlour.core.position import Position
from parlour.games.tonk.settlement import Payment
from parlour.games.tonk.table import TableSpread
from parlour.games.tonk.view_shape import TonkResult

BET: Final = 0
TURN: Final = 1
PLAY: Final = 2
OVER: Final = 3
PHASES = ("bet", "turn", "play", "over")


def mask_ids(mask: int) -> list[int]:
    """The card ids of a mask, lowest first (the JSON form of a mask)."""
    return list(cards_of(mask))


def ids_mask(ids: Any) -> int:
    mask = 0
    for c in ids:
        mask |= 1 << int(c)
    return mask


def cards_text(cards: int | list[int] | tuple[int, ...]) -> list[str]:
    """Card ids (a mask or a list) as notation, sorted rank first as hands are shown."""
    ids = list(cards_of(cards)) if isinstance(cards, int) else list(cards)
    return [CARD_TEXT[c] for c in sorted(ids, key=sort_key)]


class HandResult(NamedTuple):
    """A finished hand, kept raw and shown (revealed) in every view under ``results``.

    A named tuple, not a frozen dataclass: one is made at the end of every hand, so at a step of every
    playout, and a frozen dataclass's ``__init__`` (a ``object.__setattr__`` per field) cost three
    times as much."""

    hand: int
    dealer: int
    outcome: str
    void: bool
    totals: tuple[int, ...]
    hands: tuple[int, ...]
    """Each seat's hand at the end, as a mask."""
    payments: tuple[Payment, ...]

    def as_view(self) -> TonkResult:
        return {
            "hand": self.hand, "dealer": self.dealer, "outcome": self.outcome, "void": self.void,
            "totals": list(self.totals), "hands": [cards_text(h) for h in self.hands],
            "payments": [list(p) for p in self.payments],
        }

    @classmethod
    def from_view(cls, data: TonkResult) -> HandResult:
        """The result a view shows (jokers get ids 52, 53 in the order met)."""
        masks = []
        for cards in data["hands"]:
            mask = 0
            for text in cards:
                card = parse_card(text)
                if card >= 52 and mask >> card & 1:
                    card += 1
                mask |= 1 << card
            masks.append(mask)
        return cls(data["hand"], data["dealer"], data["outcome"], data["void"], tuple(data["totals"]),
                   tuple(masks), tuple((p, q, s) for p, q, s in data["payments"]))

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand, "dealer": self.dealer, "outcome": self.outcome, "void": self.void,
            "totals": list(self.totals), "hands": [mask_ids(h) for h in self.hands],
            "payments": [list(p) for p in self.payments],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        return cls(int(data["hand"]), int(data["dealer"]), str(data["outcome"]), bool(data["void"]),
                   tuple(int(t) for t in data["totals"]), tuple(ids_mask(h) for h in data["hands"]),
                   tuple((int(p), int(q), int(s)) for p, q, s in data["payments"]))


def ledger_to_json(entry: LedgerEntry) -> list[Any]:
    return [entry.payer, entry.payee, entry.stakes, entry.amount, entry.hand, entry.reason]


def ledger_from_json(data: Any) -> LedgerEntry:
    payer, payee, stakes, amount, hand, reason = data
    return LedgerEntry(int(payer), int(payee), int(stakes), int(amount), int(hand), str(reason))


@dataclass(slots=True, kw_only=True, eq=False)
class TonkPosition(Position):
    """Everything that defines a Tonk match in play; see the module docstring.

    The lists a turn changes (hands, values, stock, discard, known, lockout)
    are copied by ``copy``; the rest changes rarely and is kept in tuples,
    replaced whole, so that copies share them.
    """

    hands: list[int]
    """Each seat's hand, a mask of card ids."""
    values: list[int]
    """Each seat's hand value."""
    stock: list[int]
    """Top last."""
    discard: list[int]
    """Top last."""
    known: list[int]
    """Per seat, the cards of its hand the others know (taken from the discard pile, a shown spade)."""
    lockout: list[int]
    """Per seat, the turns it may not drop (hit_lockout)."""
    spreads: tuple[TableSpread, ...] = ()
    bets: tuple[bool | None, ...] = ()
    """The spades side bet: in, out, or not yet decided."""
    spades_shown: tuple[int | None, ...] = ()
    """The spade each bettor showed (None: none, or no bet)."""
    pending49: int = 0
    """Seats (bits) dealt 49 whose first turn is still to come (deal_49_wins=in_turn)."""
    turns: int = 0
    """Turns begun in this hand."""
    taken: int = -1
    """The card taken from the discard pile this turn, or -1."""
    stock_out_seat: int = -1
    """stock_out=discard_only: the seat that drew the last stock card (or to play when the stock was found
    empty); the hand ends when its turn comes round again. -1 while the stock lasts."""
    phase: int = TURN
    cur: int = 0
    """The seat to play, or TERMINAL."""
    dealer: int = 0
    hand_no: int = 0
    """Deals so far, void ones included: deal k draws from chance event k."""
    hand_start: int = 0
    """The version at which the current hand began (its log starts there)."""
    hands_counted: int = 0
    """Hands finished that count toward ``hands`` (not void)."""
    ledger: tuple[LedgerEntry, ...] = ()
    balances: tuple[int, ...] = ()
    results: tuple[HandResult, ...] = ()

    def copy(self) -> TonkPosition:
        new = TonkPosition.__new__(TonkPosition)
        new.version = self.version
        new.history = self.history
        new.hands = self.hands[:]
        new.values = self.values[:]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.known = self.known[:]
        new.lockout = self.lockout[:]
        new.spreads = self.spreads
        new.bets = self.bets
        new.spades_shown = self.spades_shown
        new.pending49 = self.pending49
        new.turns = self.turns
        new.taken = self.taken
        new.stock_out_seat = self.stock_out_seat
        new.phase = self.phase
        new.cur = self.cur
        new.dealer = self.dealer
        new.hand_no = self.hand_no
        new.hand_start = self.hand_start
        new.hands_counted = self.hands_counted
        new.ledger = self.ledger
        new.balances = self.balances
        new.results = self.results
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            **Position.to_json(self),
            "hands": [mask_ids(h) for h in self.hands],
            "values": list(self.values),
            "stock": list(self.stock),
            "discard": list(self.discard),
            "known": [mask_ids(k) for k in self.known],
            "lockout": list(self.lockout),
            "spreads": [s.to_json() for s in self.spreads],
            "bets": list(self.bets),
            "spades_shown": list(self.spades_shown),
            "pending49": self.pending49,
            "turns": self.turns,
            "taken": self.taken,
            "stock_out_seat": self.stock_out_seat,
            "phase": PHASES[self.phase],
            "to_play": self.cur,
            "dealer": self.dealer,
            "hand_number": self.hand_no,
            "hand_start": self.hand_start,
            "hands_counted": self.hands_counted,
            "ledger": [ledger_to_json(e) for e in self.ledger],
            "balances": list(self.balances),
            "results": [r.to_json() for r in self.results],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Any) -> TonkPosition:
        def ints(key: str) -> list[int]:
            return [int(x) for x in data[key]]

        return cls(
            **Position.shared_from_json(data, game.parse_action),
            hands=[ids_mask(h) for h in data["hands"]],
            values=ints("values"),
            stock=ints("stock"),
            discard=ints("discard"),
            known=[ids_mask(k) for k in data["known"]],
            lockout=ints("lockout"),
            spreads=tuple(TableSpread.from_json(s) for s in data["spreads"]),
            bets=tuple(None if b is None else bool(b) for b in data["bets"]),
            spades_shown=tuple(None if c is None else int(c) for c in data["spades_shown"]),
            pending49=int(data["pending49"]),
            turns=int(data["turns"]),
            taken=int(data["taken"]),
            stock_out_seat=int(data["stock_out_seat"]),
            phase=PHASES.index(data["phase"]),
            cur=int(data["to_play"]),
            dealer=int(data["dealer"]),
            hand_no=int(data["hand_number"]),
            hand_start=int(data["hand_start"]),
            hands_counted=int(data["hands_counted"]),
            ledger=tuple(ledger_from_json(e) for e in data["ledger"]),
            balances=tuple(ints("balances")),
            results=tuple(HandResult.from_json(r) for r in data["results"]),
        )
