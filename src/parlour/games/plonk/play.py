"""Plonk's rules of play on a position: dealing, what may be played (any card of the hand), tricks and deals.

``PlonkPlay`` holds one rule set's constants and every step that changes a
``PlonkPosition``. It is the state's ``play`` (``core.game.RulesOfPlay``),
which the core's ``legal_actions`` and ``apply`` call directly; ``PlonkState``
(state.py) keeps the rest of the contract. It is a class of its own, not
methods of the state, because the compiled build makes it a native class,
while a state must stay a regular Python class (``State.clone`` copies its
``__dict__``): the calls from a playout's step into the rules are then direct.

Chance: deal ``k`` of a match with seed ``s`` is shuffled by
``chance_rng(s, k)``; the deal number lives in the position, so (rules,
seed, actions) replays to the identical match.
"""

from __future__ import annotations

import struct
from operator import itemgetter
from typing import Final, final

from parlour.core.chance import chance_rng
from parlour.games.plonk.actions import Play
from parlour.games.plonk.cards import CARD_BITS
from parlour.games.plonk.position import SEATS, PlonkPosition
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.tricks import TRICKS_PER_DEAL, DealResult, deal_points, resolve_cards

_KEYS: Final = struct.Struct("<52Q").unpack
_CARD_IDS: Final = range(52)


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
