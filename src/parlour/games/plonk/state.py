"""A Plonk match in play: four hands, the trick, both sides' piles, the scores.

Hands and piles are bit masks of card ids (faces 0..51), so a step is a few
integer operations: the legal actions of a hand come from a per-suit cache,
and a full trick is resolved with two masks (see ``tricks.resolve``). A state
is one whole match: when a deal ends it is scored and, unless the match is
over, the next deal is dealt at once. Deals go on as long as the match
needs, as RULES §3 says: no cap on their number.

Randomness: deal ``k`` of a match with seed ``s`` is shuffled by a
``random.Random`` seeded with ``"s/k"``, made when the deal is dealt. The
state thus holds no generator state to copy, so ``clone`` stays cheap, and
(rules, seed, actions) still replays to the identical match.

**[decision]** The first dealer is seat 3, so seat 0 leads the first trick.
**[decision]** ``returns()`` is 0 for every seat until the match ends, then
+1 for both seats of the winning side and −1 for both of the other (the
match is what is won; the points only decide it).
"""

from __future__ import annotations

import math
import random
import struct
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.core.cards import card_str, cards_of
from parlour.core.errors import IllegalActionError
from parlour.core.game import TERMINAL, State, View
from parlour.games.plonk.actions import Play, plays_of
from parlour.games.plonk.cards import mask_text
from parlour.games.plonk.tricks import (
    TRICKS_PER_DEAL,
    DealResult,
    Trick,
    deal_points,
    piles_view,
    resolve,
    trick_view,
)

if TYPE_CHECKING:
    from parlour.games.plonk.game import PlonkGame
    from parlour.games.plonk.rules import PlonkRules

SEATS = 4
FIRST_DEALER = 3
_KEYS = struct.Struct("<52Q").unpack
_BITS = tuple(1 << c for c in range(52))


def hand_text(hand: int) -> str:
    """``your hand is Ac 5c Kd …`` (display order), for error messages."""
    cards = mask_text(hand)
    return "your hand is " + (" ".join(cards) if cards else "empty")


LEAD_SCALE = 60.0
"""Points of lead that make a side about 73 % sure to win the match, for ``estimate``."""


class PlonkState(State):
    """One Plonk match; see the module docstring."""

    game: PlonkGame

    def _set_up(self, position: Mapping[str, Any]) -> None:
        from parlour.games.plonk.position import set_up

        set_up(self, position)

    def _blank(self, game: PlonkGame, seed: int) -> None:  # type: ignore[override]
        """Every field at its start value, nothing dealt."""
        super()._blank(game, seed)
        self.rules: PlonkRules = game.rules
        self.deal_no = 0
        self.dealer = FIRST_DEALER
        self.hands = [0] * SEATS
        self.leader = 0
        self.cur = 0
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.live = [0, 0]
        self.dead = [0, 0]
        self.scores = [0, 0]
        self.results: list[DealResult] = []
        self.winner = -1
        self._legal: tuple[Play, ...] | None = None

    # ----------------------------------------------------------------- dealing

    def _deal(self) -> None:
        """Shuffle and deal 13 cards each, one at a time from the dealer's left.

        The shuffle sorts the cards by 52 independent 64-bit keys drawn in one
        call: a uniform permutation (a tie has odds of about 10⁻¹⁶) at a
        fraction of the cost of ``Random.shuffle``.
        """
        rng = random.Random(f"{self.seed}/{self.deal_no + 1}")
        keys = _KEYS(rng.getrandbits(64 * 52).to_bytes(8 * 52, "little"))
        deck = sorted(range(52), key=keys.__getitem__)
        hands = [0] * SEATS
        for i in range(SEATS):
            hands[(self.dealer + 1 + i) & 3] = sum(map(_BITS.__getitem__, deck[i::SEATS]))
        self._begin_deal(hands)

    def _begin_deal(self, hands: list[int]) -> None:
        """Start the next deal with ``hands``: the player left of the dealer leads."""
        self.deal_no += 1
        self.hands = hands
        self.leader = self.cur = (self.dealer + 1) & 3
        self.trick = []
        self.tricks = []
        self.live = [0, 0]
        self.dead = [0, 0]
        self._legal = None

    def _end_deal(self) -> None:
        """Score the deal, then end the match or deal the next one (RULES §3, game end)."""
        scores = self.scores
        for side, points in enumerate(deal_points(self.live, self.dead)):
            scores[side] += points
        self.results.append(DealResult(self.deal_no, self.dealer, tuple(self.tricks),
                                       (scores[0], scores[1])))
        if max(scores) >= self.rules.target and scores[0] != scores[1]:
            self.winner = 0 if scores[0] > scores[1] else 1
            self.cur = self.leader = TERMINAL
            self.tricks = []
            self.live = [0, 0]
            self.dead = [0, 0]
            self._legal = ()
            return
        self.dealer = (self.dealer + 1) & 3
        self._deal()

    # --------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return self.cur

    @property
    def is_terminal(self) -> bool:
        return self.cur < 0

    def legal_actions(self) -> tuple[Play, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = plays_of(self.hands[self.cur])
        return legal

    def apply(self, action: Play) -> None:  # type: ignore[override]
        """Play ``action``'s card for the seat to play; finish the trick when it is the fourth."""
        if type(action) is not Play:
            raise IllegalActionError(f"{action!r} is not a Plonk action: play a card, e.g. Ah")
        seat = self.cur
        if seat < 0:
            raise IllegalActionError(f"'{action}': the match is over")
        card = action.card
        hand = self.hands[seat]
        if not 0 <= card < 52 or not hand >> card & 1:
            raise IllegalActionError(f"'{action}': you have no {action}; {hand_text(hand)}")
        self.hands[seat] = hand ^ 1 << card
        self._history = (seat, action, self._history)
        self.version += 1
        self._legal = None
        trick = self.trick
        trick.append(card)
        if len(trick) < SEATS:
            self.cur = (seat + 1) & 3
            return
        leader = self.leader
        winner, next_leader, live, dead = resolve(leader, trick)
        self.live[winner & 1] |= live
        self.dead[winner & 1] |= dead
        self.tricks.append((leader, tuple(trick), winner))
        self.trick = []
        if len(self.tricks) == TRICKS_PER_DEAL:
            self._end_deal()
        else:
            self.leader = self.cur = next_leader

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0] * SEATS
        return [1.0 if seat & 1 == self.winner else -1.0 for seat in range(SEATS)]

    def estimate(self) -> list[float]:
        """The returns, or before the end a guess from the lead: both sides' scores with this
        deal's points so far, as a match-winning chance ``1 / (1 + exp(-lead / LEAD_SCALE))``."""
        if self.winner >= 0:
            return self.returns()
        points = deal_points(self.live, self.dead)
        lead = self.scores[0] + points[0] - self.scores[1] - points[1]
        edge = 2.0 / (1.0 + math.exp(-lead / LEAD_SCALE)) - 1.0
        return [edge, -edge, edge, -edge]

    def hand(self, seat: int) -> list[int]:
        return sorted(cards_of(self.hands[seat]))

    def hidden_cards(self, seat: int | None) -> set[int]:
        hidden: set[int] = set()
        for q in range(SEATS):
            if q != seat:
                hidden.update(cards_of(self.hands[q]))
        return hidden

    def clone(self) -> PlonkState:
        new = PlonkState.__new__(PlonkState)
        new.__dict__.update(self.__dict__)
        new.hands = self.hands[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.live = self.live[:]
        new.dead = self.dead[:]
        new.scores = self.scores[:]
        new.results = self.results[:]
        return new

    def __repr__(self) -> str:
        return f"<PlonkState {self.game.name_with_rules()!r} seed={self.seed} version={self.version}>"

    # ----------------------------------------------------------------- view

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator).

        Keys: ``players``, ``target``, ``deal`` (number), ``dealer``,
        ``leader`` and ``to_play`` (-1 once over), ``hand_sizes``, ``trick``
        (the current trick as ``[seat, card]`` in play order), ``tricks``
        (this deal's finished tricks, see ``tricks.trick_view``), both sides'
        ``live`` and ``dead`` piles with ``live_points``, ``dead_counts`` and
        this deal's ``points`` so far, the match ``scores`` before this deal,
        ``winner`` (a side, or None), ``results`` (finished deals) and, for a
        seat, its ``hand``. Sides are indexed by ``seat % 2``.
        """
        leader = self.leader
        out: View = {
            "game": "plonk",
            "seat": seat,
            "version": self.version,
            "players": SEATS,
            "target": self.rules.target,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "leader": leader,
            "to_play": self.cur,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": [[(leader + i) & 3, card_str(c)] for i, c in enumerate(self.trick)],
            "tricks": [trick_view(t) for t in self.tricks],
            **piles_view(self.live, self.dead),
            "scores": list(self.scores),
            "winner": self.winner if self.winner >= 0 else None,
            "results": [r.to_view() for r in self.results],
        }
        if seat is not None:
            out["hand"] = mask_text(self.hands[seat])
        return out
