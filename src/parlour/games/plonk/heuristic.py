"""A Plonk player written from the game's strategy (docs/rules/en/plonk.md, "Tips").

Plonk never obliges anyone to follow suit, so every card is a choice between
what it does to this trick and what it is worth kept for later. The bot
scores each card in hand by that trade and plays the best:

* **this trick**: after the card, who would be winning and how likely that
  side is to keep the trick — the chance that no later opponent of it holds a
  higher card of the suit led, the unseen cards being spread at random over
  the hidden hands — times what the trick is worth: the live cards' face
  values, −1 per card of the suit led, and a guess at what the players still
  to come add (a partner of the winner throws a high live card, an opponent
  something cheap). The expectation counts for us when our side wins and
  against us when the other does;
* **later**: a keep value per rank, the cost of spending the card now,
  highest for aces and kings (they win tricks and score 15 or 10 live) and
  shrinking as the hand empties: with few cards left there is little "later"
  in which a card could do better, and the last card keeps nothing.

This gives the game's usual advice: live cards on the partner's safe tricks (the
highest the keep values allow: middling ones early in the deal, the aces and
kings later), dead cards (following suit below the winner) on the
opponents', taking rich tricks when a card can take them safely, and leading
a master of its suit to keep control or, lacking one, a cheap card.

The same decisions run on a view (the heuristic bot) and, for search
rollouts, directly on a determinized state, through the ``Seen`` summary of
what the acting seat knows (``heuristic``, the game's ``heuristic`` part).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from parlour.core.cards import parse_card
from parlour.core.errors import RulesError
from parlour.core.game import Action, Game, State, View
from parlour.core.parts import Seeing
from parlour.games.plonk.actions import Play
from parlour.games.plonk.cards import ALL_CARDS, FACE_VALUE, STRENGTH, SUIT_OF
from parlour.games.plonk.position import PlonkPosition
from parlour.games.plonk.view_shape import plonk_view

SEARCH = {"root": "paired", "anchor": "1", "depth": "24"}
"""The ISMCTS settings, beyond heuristic rollouts, that beat this heuristic most clearly in the arena."""

FRIEND_ADDS: Final = 7.0
"""The live points a player still to play is expected to add to a trick their partner is winning."""
FOE_ADDS: Final = 0.0
"""What a player still to play is expected to add to a trick the other side is winning: a low
card of the suit led (−1) or a low live card (+2 or so)."""
KEEP: Final = (1.5, 1.8, 2.4, 3.0, 3.6, 4.5, 5.4, 6.6, 9.0, 9.6, 10.5, 13.5, 21.0)
"""The worth of keeping a card for later tricks, by strength (two .. ace), with a full hand of 13.

Fitted by self-play: rising with the card's face value and its power to win
tricks, and set higher than a card's face could ever score, which beat
smaller keep values (that spend aces on the first safe trick) by 6 to 9
points a deal. It scales down linearly to nothing at the last card."""

ABOVE: Final = tuple(
    sum(1 << d for d in range(13 * SUIT_OF[c], 13 * SUIT_OF[c] + 13) if STRENGTH[d] > STRENGTH[c])
    for c in range(52)
)
"""The cards of each card's suit that beat it."""
_CARD_KEEP: Final = tuple(KEEP[STRENGTH[c]] for c in range(52))


@dataclass(slots=True)
class Seen:
    """What the acting seat knows: its hand, the trick so far, the cards not yet seen, hand sizes.

    ``unseen`` is every card neither in the seat's hand nor played this deal:
    public knowledge plus the seat's own hand, whatever it was read from.
    """

    seat: int
    hand: int
    leader: int
    trick: list[int]
    unseen: int
    sizes: list[int]


def seen_from_state(state: State[Play, PlonkPosition]) -> Seen:
    """The summary for the seat to play; the other hands are used only as one mask, their union."""
    pos = state.pos
    seat = pos.cur
    hands = pos.hands
    unseen = 0
    for q in range(4):
        if q != seat:
            unseen |= hands[q]
    return Seen(seat, hands[seat], pos.leader, pos.trick,
                unseen, [h.bit_count() for h in hands])


def seen_from_view(view: View) -> Seen:
    """The summary from the seat's view: its hand, and every card played this deal."""
    shown = plonk_view(view)
    hand = 0
    for text in shown["hand"]:
        hand |= 1 << parse_card(text)
    trick = [parse_card(str(card)) for _, card in shown["trick"]]
    played = 0
    for done in shown["tricks"]:
        for _, card in done["plays"]:
            played |= 1 << parse_card(str(card))
    for c in trick:
        played |= 1 << c
    seat = shown["seat"]
    if seat is None:
        raise RulesError("the heuristic decides for a seat, and a spectator's view has none")
    return Seen(seat, hand, shown["leader"], trick,
                ALL_CARDS & ~(hand | played), list(shown["hand_sizes"]))


@lru_cache(maxsize=4096)
def clear_chance(unseen: int, drawn: int, higher: int) -> float:
    """The chance that ``drawn`` cards dealt at random from ``unseen`` include none of ``higher`` of them."""
    if higher <= 0 or drawn <= 0:
        return 1.0
    chance = 1.0
    for i in range(drawn):
        if unseen - higher - i <= 0:
            return 0.0
        chance *= (unseen - higher - i) / (unseen - i)
    return chance


def card_scores(seen: Seen, cards: Sequence[int]) -> list[float]:
    """Each card's score: the expected worth of the trick for our side after playing it, less its keep value."""
    seat, trick, unseen, sizes = seen.seat, seen.trick, seen.unseen, seen.sizes
    ours = seat & 1
    pool = unseen.bit_count()
    keep_scale = (sizes[seat] - 1) / 12
    # Per side that may be winning after our card: what the players still to come add if it
    # holds and if it is taken, and how many cards its opponents among them hold.
    if_held, if_taken, against = [0.0, 0.0], [0.0, 0.0], [0, 0]
    for i in range(1, 4 - len(trick)):
        q = (seat + i) & 3
        if_held[q & 1] += FRIEND_ADDS
        if_taken[q & 1] += FOE_ADDS
        if_held[~q & 1] += FOE_ADDS
        if_taken[~q & 1] += FRIEND_ADDS
        against[~q & 1] += sizes[q]
    if trick:
        lead_suit = SUIT_OF[trick[0]]
        best = 0
        for i in range(1, len(trick)):
            c = trick[i]
            if SUIT_OF[c] == lead_suit and STRENGTH[c] > STRENGTH[trick[best]]:
                best = i
        top_card = trick[best]
        top_side = (seen.leader + best) & 1
        worth = sum(-1 if SUIT_OF[c] == lead_suit else FACE_VALUE[c] for c in trick)
    scores = []
    for card in cards:
        if not trick:
            top, side, value = card, ours, -1
        elif SUIT_OF[card] != lead_suit:
            top, side, value = top_card, top_side, worth + FACE_VALUE[card]
        elif STRENGTH[card] > STRENGTH[top_card]:
            top, side, value = card, ours, worth - 1
        else:
            top, side, value = top_card, top_side, worth - 1
        holds = clear_chance(pool, against[side], (unseen & ABOVE[top]).bit_count())
        expected = holds * (value + if_held[side]) - (1 - holds) * (value + if_taken[side])
        scores.append((expected if side == ours else -expected) - _CARD_KEEP[card] * keep_scale)
    return scores


def choose(seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
    """The legal play with the best score; ties go to the first (the lower card of the lower suit).

    Plonk's actions are all plays and the heuristic is deterministic, so ``rng`` goes unused.
    """
    plays = [a for a in legal if isinstance(a, Play)]
    scores = card_scores(seen, [a.card for a in plays])
    return plays[max(range(len(plays)), key=scores.__getitem__)]


def heuristic(game: Game[Any]) -> Seeing[Seen]:
    """The heuristic, on a view or on a state, through ``Seen`` (the same under every rules)."""
    return Seeing(SEARCH, seen_from_view, seen_from_state, choose)
