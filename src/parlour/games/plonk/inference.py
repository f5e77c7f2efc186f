"""How likely the heuristic, in every other seat, was to play this deal's cards as they were played.

Policy-based inference (Rebstock, Solinas, Buro & Sturtevant 2019) weighs a
determinization by the chance that a model of the other players (here the
heuristic, for partner and opponents alike) would have played the cards the
view shows them play. Plonk has no draws within a deal, so the hand a seat
held before one of its plays is exact: the hand a determinization gives it
plus every card it has played since in this deal. With that hand, the trick
so far, the cards then unplayed and the hand sizes (what the seat saw), the
heuristic scores each card (``card_scores``); the chance of the card played is
a softmax of those scores, mixed with ``EPSILON`` so that no deal is ruled out
because a player is not the heuristic. A seat that threw a low card of
another suit when it could have taken a rich trick, or kept an ace, shows
what it lacked.

Only each seat's last ``PLAYS_PER_SEAT`` plays of the deal are weighed: the
later plays say the most about the cards still held (the earlier ones were
made from hands mostly still in play), and the cost stays small.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour.core.cards import cards_of, parse_card
from parlour.core.game import Game, State, View
from parlour.games.plonk.cards import ALL_CARDS
from parlour.games.plonk.heuristic import Seen, card_scores
from parlour.games.plonk.position import SEATS, PlonkPosition
from parlour.games.plonk.view_shape import PlonkView, plonk_view

EPSILON = 0.1
"""Each factor's floor: the chance given to a card the heuristic would not have played."""
TEMPERATURE = 3.0
"""The softmax temperature over card scores (in points): how loosely a player is taken to play its best card."""
PLAYS_PER_SEAT = 3
"""How many of each seat's latest plays of the deal are weighed."""


@dataclass(frozen=True)
class PastPlay:
    """One card a seat played this deal, with what it saw then but its own hand.

    ``later`` is the cards the seat played from this one on (this one
    included): added to the hand a determinization gives it now, they make
    the hand it held then.
    """

    seat: int
    card: int
    leader: int
    trick: list[int]
    played: int
    """Every card played this deal before this one."""
    sizes: list[int]
    later: int


def past_plays(view: PlonkView) -> list[PastPlay]:
    """Each other seat's latest plays of the deal in progress, from the view's public tricks."""
    order: list[tuple[int, int, int, list[int]]] = []
    tricks = [(done["leader"], [parse_card(str(card)) for _, card in done["plays"]]) for done in view["tricks"]]
    if view["trick"]:
        tricks.append((view["leader"], [parse_card(str(card)) for _, card in view["trick"]]))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            order.append(((leader + i) & 3, card, leader, cards[:i]))
    sizes = list(view["hand_sizes"])
    later = [0] * SEATS
    played = sum(1 << card for _, card, _, _ in order)
    out: list[PastPlay] = []
    counted = [0] * SEATS
    for seat, card, leader, trick in reversed(order):
        sizes[seat] += 1
        later[seat] |= 1 << card
        played &= ~(1 << card)
        if seat != view["seat"] and counted[seat] < PLAYS_PER_SEAT:
            counted[seat] += 1
            out.append(PastPlay(seat, card, leader, trick, played, sizes[:], later[seat]))
    return out


def play_chance(play: PastPlay, hand: int) -> float:
    """The chance, floored by ``EPSILON``, that the heuristic holding ``hand`` before ``play`` played its card."""
    cards = list(cards_of(hand))
    seen = Seen(play.seat, hand, play.leader, play.trick, ALL_CARDS & ~(hand | play.played), play.sizes)
    scores = card_scores(seen, cards)
    top = max(scores)
    odds = sum(math.exp((s - top) / TEMPERATURE) for s in scores)
    mine = scores[cards.index(play.card)]
    return EPSILON + (1 - EPSILON) * math.exp((mine - top) / TEMPERATURE) / odds


def likelihood(game: Game[Any], view: View) -> Callable[[State[Any, PlonkPosition]], float]:
    """The chance, up to a constant, that the heuristic in every other seat played its latest cards of the
    deal as the view shows, given the hands of a determinization of ``view``."""
    shown = plonk_view(view)
    plays = past_plays(shown)

    def weight(state: State[Any, PlonkPosition]) -> float:
        hands = state.pos.hands
        total = 1.0
        for play in plays:
            total *= play_chance(play, hands[play.seat] | play.later)
        return total

    return weight
