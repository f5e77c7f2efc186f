"""Plonk's rules of play: dealing, what may be played (any card of the hand), tricks and deals.

The position (``position.PlonkPosition``) holds hands and piles as bit
masks of card ids, so a step is a few integer operations: each hand is also
kept as its list of legal actions (``plays``, one shared ``Play`` per card),
from which a step removes the card played, and a full trick is resolved
with two masks (``tricks.resolve``). A state is one whole match:
when a deal ends it is scored and, unless the match is over, the next deal
is dealt at once. Deals go on as long as the match needs, as docs/rules/en/plonk.md
("Winning") says: no cap on their number.

Chance: deal ``k`` of a match with seed ``s`` is shuffled by
``chance_rng(s, k)``; the deal number lives in the position, so (rules,
seed, actions) replays to the identical match and ``clone`` copies data only.

**[decision]** ``returns()`` is 0 for every seat until the match ends, then
+1 for both seats of the winning side and −1 for both of the other (the
match is what is won; the points only decide it).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.cards import cards_of
from parlour.core.chance import chance_rng
from parlour.core.game import RECENT_RESULTS, Game, State, View
from parlour.core.i18n import gettext as _
from parlour.games.plonk.actions import Play
from parlour.games.plonk.cards import CARD_BITS, mask_text
from parlour.games.plonk.position import SEATS, PlonkPosition, set_up
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.tricks import TRICKS_PER_DEAL, DealResult, deal_points, resolve
from parlour.games.plonk.views import view_of

_KEYS = struct.Struct("<52Q").unpack
_CARD_IDS = range(52)

LEAD_SCALE = 60.0
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


def hand_text(hand: int) -> str:
    """``your hand is Ac 5c Kd …`` (display order), for error messages, in the current language."""
    cards = mask_text(hand)
    return _("your hand is {cards}").format(cards=" ".join(cards)) if cards else _("your hand is empty")


@mypyc_attr(native_class=False)  # a regular class when compiled: State.clone copies its __dict__
class PlonkState(State[Play, PlonkPosition]):
    """One Plonk match; see the module docstring."""

    game: Game[PlonkRules]
    interned_actions = Play

    def _deal(self) -> PlonkPosition:
        pos = PlonkPosition(dealer=self.first_dealer)
        pos.begin_deal(deal_hands(self.seed, 1, self.first_dealer))
        return pos

    def _set_up(self, position: Mapping[str, Any]) -> PlonkPosition:
        return set_up(position)

    @property
    def current_player(self) -> int:
        return self.pos.cur

    @property
    def is_terminal(self) -> bool:
        return self.pos.cur < 0

    def _legal_actions(self) -> tuple[Play, ...]:
        """Every card of the hand, any time (Plonk has no rule of play): the position's ``plays``."""
        pos = self.pos
        cur = pos.cur
        return tuple(pos.plays[cur]) if cur >= 0 else ()

    def why_illegal(self, action: Any) -> str:
        if type(action) is not Play:
            return _("{action} is not a Plonk action: play a card, e.g. Ah").format(action=repr(action))
        return _("you have no {cards}; {hand}").format(cards=action, hand=hand_text(self.pos.hands[self.pos.cur]))

    def _apply(self, action: Play) -> None:
        """Play the card; the fourth card of a trick finishes it."""
        pos = self.pos
        seat = pos.cur
        card = action.card
        pos.hands[seat] ^= CARD_BITS[card]
        pos.plays[seat].remove(action)
        trick = pos.trick
        trick.append(card)
        if len(trick) < SEATS:
            pos.cur = (seat + 1) & 3
            return
        leader = pos.leader
        winner, next_leader, live, dead = resolve(leader, trick)
        pos.live[winner & 1] |= live
        pos.dead[winner & 1] |= dead
        tricks = pos.tricks
        tricks.append((leader, tuple(trick), winner))
        pos.trick = []
        if len(tricks) == TRICKS_PER_DEAL:
            self._end_deal(pos)
        else:
            pos.leader = pos.cur = next_leader

    def _end_deal(self, pos: PlonkPosition) -> None:
        """Score the deal, then end the match or deal the next one (docs/rules/en/plonk.md, "Scoring" and "Winning")."""
        scores = pos.scores
        for side, points in enumerate(deal_points(pos.live, pos.dead)):
            scores[side] += points
        pos.results.append(DealResult(pos.deal_no, pos.dealer, tuple(pos.tricks), (scores[0], scores[1])))
        if max(scores) >= self.game.rules.target and scores[0] != scores[1]:
            pos.end_match(0 if scores[0] > scores[1] else 1)
            return
        pos.dealer = (pos.dealer + 1) & 3
        pos.begin_deal(deal_hands(self.seed, pos.deal_no + 1, pos.dealer))

    def returns(self) -> list[float]:
        winner = self.pos.winner
        if winner < 0:
            return [0.0] * SEATS
        return [1.0 if seat & 1 == winner else -1.0 for seat in range(SEATS)]

    def estimate(self) -> list[float]:
        """The returns, or before the end a guess from the lead: both sides' scores with this
        deal's points so far, as a match-winning chance ``1 / (1 + exp(-lead / LEAD_SCALE))``."""
        pos = self.pos
        if pos.winner >= 0:
            return self.returns()
        points = deal_points(pos.live, pos.dead)
        lead = pos.scores[0] + points[0] - pos.scores[1] - points[1]
        edge = 2.0 / (1.0 + math.exp(-lead / LEAD_SCALE)) - 1.0
        return [edge, -edge, edge, -edge]

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator); see ``views.view_of``."""
        return view_of(self.pos, seat, self.game.rules)

    def message_view(self, seat: int | None) -> View:
        """The view with the latest deals in full, the earlier ones counted with the sides' scores after them."""
        return view_of(self.pos, seat, self.game.rules, RECENT_RESULTS)

    def hand(self, seat: int) -> list[int]:
        return sorted(cards_of(self.pos.hands[seat]))

    def hidden_cards(self, seat: int | None) -> set[int]:
        hidden: set[int] = set()
        for q, hand in enumerate(self.pos.hands):
            if q != seat:
                hidden.update(cards_of(hand))
        return hidden
