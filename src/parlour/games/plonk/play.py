"""Plonk's rules of play on a position: dealing, what may be played (any card of the hand), tricks and deals.

``PlonkPlay`` is Plonk's ``core.game.RulesOfPlay``: it holds one rule set's
constants and every step that reads or changes a ``PlonkPosition``, and the
core's one ``State`` class calls it for everything. The position holds hands
and piles as bit masks of card ids, so a step is a few integer operations:
each hand is also kept as its list of legal actions (``plays``, one shared
``Play`` per card), from which a step removes the card played, and a full
trick is resolved with two masks (``tricks.resolve_cards``). A game is one
whole match: when a deal ends it is scored and, unless the match is over,
the next deal is dealt at once. Deals go on as long as the match needs, as
docs/rules/en/plonk.md ("Winning") says: no cap on their number. The
compiled build makes ``PlonkPlay`` a native class, so the calls from a
playout's step into the rules are direct.

Chance: deal ``k`` of a match with seed ``s`` is shuffled by
``chance_rng(s, k)``; the deal number lives in the position, so (rules,
seed, actions) replays to the identical match.

**[decision]** ``returns`` is 0 for every seat until the match ends, then
+1 for both seats of the winning side and −1 for both of the other (the
match is what is won; the points only decide it).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping
from operator import itemgetter
from typing import Any, Final, final

from parlour.core.cards import cards_of
from parlour.core.chance import chance_rng
from parlour.core.game import LedgerEntry, View
from parlour.core.refusals import Refusal
from parlour.games.plonk.actions import Play
from parlour.games.plonk.cards import CARD_BITS
from parlour.games.plonk.position import SEATS, PlonkPosition, set_up
from parlour.games.plonk.refusals import NOT_AN_ACTION, NOT_IN_HAND
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.tricks import TRICKS_PER_DEAL, DealResult, deal_points, resolve_cards
from parlour.games.plonk.views import view_of

_KEYS: Final = struct.Struct("<52Q").unpack
_CARD_IDS: Final = range(52)
LEAD_SCALE: Final = 60.0
"""Points of lead that make a side about 73 % sure to win the match, for ``estimate``."""


def deal_hands(seed: int, number: int, dealer: int) -> list[int]:
    """The four hands of deal ``number`` (chance event ``number``), dealt one card at a time
    from the dealer's left.

    The shuffle sorts the cards by 52 independent 64-bit keys drawn in one
    call: a uniform permutation (a tie has odds of about 10⁻¹⁶) at a
    fraction of the cost of ``Random.shuffle``. The keys are a list because
    a list's ``__getitem__`` is the quicker sort key, and each hand's mask
    sums its cards' bits fetched by one ``itemgetter``.
    """
    rng = chance_rng(seed, number)
    keys = list(_KEYS(rng.getrandbits(64 * 52).to_bytes(8 * 52, "little")))
    deck = sorted(_CARD_IDS, key=keys.__getitem__)
    first = dealer + 1
    hands = [0] * SEATS
    hands[first & 3] = sum(itemgetter(*deck[0::4])(CARD_BITS))
    hands[(first + 1) & 3] = sum(itemgetter(*deck[1::4])(CARD_BITS))
    hands[(first + 2) & 3] = sum(itemgetter(*deck[2::4])(CARD_BITS))
    hands[(first + 3) & 3] = sum(itemgetter(*deck[3::4])(CARD_BITS))
    return hands


@final
class PlonkPlay:
    """The rules of play of one rule set (see the module docstring); states of that rule set share one."""

    rules: PlonkRules
    target: int

    def __init__(self, rules: PlonkRules) -> None:
        self.rules = rules
        self.target = rules.target

    def __reduce__(self) -> tuple[type[PlonkPlay], tuple[PlonkRules]]:
        """Pickled as its rules (a state pickles its ``__dict__``, this included)."""
        return (PlonkPlay, (self.rules,))

    def deal(self, seed: int, dealer: int) -> PlonkPosition:
        """The first position of a match dealt from ``seed`` by ``dealer``."""
        pos = PlonkPosition(dealer=dealer)
        pos.begin_deal(deal_hands(seed, 1, dealer))
        return pos

    def set_up(self, position: Mapping[str, Any], seed: int) -> PlonkPosition:
        """The hand-built position (position.py's ``set_up``): it names every card, so nothing is drawn."""
        return set_up(position)

    def to_play(self, pos: PlonkPosition) -> int:
        return pos.cur

    def why_illegal(self, pos: PlonkPosition, action: Any) -> Refusal:
        """Not a card, or a card not in hand (refusals.py): Plonk has no other rule of play."""
        if type(action) is not Play:
            return Refusal(NOT_AN_ACTION, action=repr(action))
        return Refusal(NOT_IN_HAND, card=str(action))

    def returns(self, pos: PlonkPosition) -> list[float]:
        """0 each until the match is won, then +1 for the winning side's seats and -1 for the others'."""
        winner = pos.winner
        if winner < 0:
            return [0.0] * SEATS
        return [1.0 if seat & 1 == winner else -1.0 for seat in range(SEATS)]

    def estimate(self, pos: PlonkPosition) -> list[float]:
        """The returns, or before the end a guess from the lead: both sides' scores with this
        deal's points so far, as a match-winning chance ``1 / (1 + exp(-lead / LEAD_SCALE))``."""
        if pos.winner >= 0:
            return self.returns(pos)
        points = deal_points(pos.live, pos.dead)
        lead = pos.scores[0] + points[0] - pos.scores[1] - points[1]
        edge = 2.0 / (1.0 + math.exp(-lead / LEAD_SCALE)) - 1.0
        return [edge, -edge, edge, -edge]

    def settlement(self, pos: PlonkPosition) -> list[LedgerEntry]:
        """None: Plonk is not played for stakes."""
        return []

    def view(self, pos: PlonkPosition, seat: int | None, recent: int | None) -> View:
        """views.py's; with ``recent``, the latest deals in full, the earlier ones counted with the sides'
        scores after them."""
        return view_of(pos, seat, self.rules, recent)

    def hand(self, pos: PlonkPosition, seat: int) -> list[int]:
        return sorted(cards_of(pos.hands[seat]))

    def hidden_cards(self, pos: PlonkPosition, seat: int | None) -> set[int]:
        """Every hand but ``seat``'s (played cards are all face up)."""
        hidden: set[int] = set()
        for q, hand in enumerate(pos.hands):
            if q != seat:
                hidden.update(cards_of(hand))
        return hidden

    def interned_actions(self) -> type[Any] | None:
        """``Play``: one shared object per card (actions.py), compared by identity."""
        return Play

    def legal(self, pos: PlonkPosition) -> tuple[Play, ...]:
        """Every card of the hand, any time (Plonk has no rule of play): the position's ``plays``."""
        cur = pos.cur
        return tuple(pos.plays[cur]) if cur >= 0 else ()

    def apply(self, pos: PlonkPosition, seed: int, action: Play) -> None:
        """Play the card; the fourth card of a trick finishes it."""
        seat = pos.cur
        card = action.card
        hands = pos.hands  # here and below, x[i] = x[i] ^ y: an in-place operator on an item is a generic call
        hands[seat] = hands[seat] ^ CARD_BITS[card]
        pos.plays[seat].remove(action)
        trick = pos.trick
        trick.append(card)
        if len(trick) < SEATS:
            pos.cur = (seat + 1) & 3
            return
        leader = pos.leader
        winner, next_leader, live, dead = resolve_cards(leader, trick[0], trick[1], trick[2], trick[3])
        side = winner & 1
        piles = pos.live
        piles[side] = piles[side] | live
        piles = pos.dead
        piles[side] = piles[side] | dead
        tricks = pos.tricks
        tricks.append((leader, tuple(trick), winner))
        pos.trick = []
        if len(tricks) == TRICKS_PER_DEAL:
            self.end_deal(pos, seed)
        else:
            pos.leader = pos.cur = next_leader

    def end_deal(self, pos: PlonkPosition, seed: int) -> None:
        """Score the deal, then end the match or deal the next one (docs/rules/en/plonk.md, "Scoring" and
        "Winning")."""
        scores = pos.scores
        for side, points in enumerate(deal_points(pos.live, pos.dead)):
            scores[side] += points
        pos.results.append(DealResult(pos.deal_no, pos.dealer, tuple(pos.tricks), (scores[0], scores[1])))
        if max(scores) >= self.target and scores[0] != scores[1]:
            pos.end_match(0 if scores[0] > scores[1] else 1)
            return
        pos.dealer = (pos.dealer + 1) & 3
        pos.begin_deal(deal_hands(seed, pos.deal_no + 1, pos.dealer))
