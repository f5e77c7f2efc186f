"""Plonk's hidden-information contract: what a seat sees, and states consistent with it.

Every played card is public and Plonk never obliges anyone to follow suit,
so nothing is known about a hidden hand but its size. ``view_of`` shows a
seat its own hand and everything played; ``determinizer`` reads a view once
and samples full positions from it by dealing the unseen cards at random to
the hidden hands (``determinize`` is one such sample).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlour.core.cards import card_str, mask_of, parse_card
from parlour.core.errors import RulesError
from parlour.core.game import State, View
from parlour.core.position import History
from parlour.games.plonk.actions import PLAYS, plays_of
from parlour.games.plonk.cards import CARD_BITS
from parlour.games.plonk.position import SEATS, PlonkPosition
from parlour.games.plonk.tricks import DealResult, piles, piles_view, trick_from_view, trick_view
from parlour.games.plonk.view_shape import PlonkView, plain_view, plonk_view

if TYPE_CHECKING:
    from parlour.games.plonk.rules import PlonkRules


def view_of(pos: PlonkPosition, seat: int | None, rules: PlonkRules, recent: int | None = None) -> View:
    """``shaped_view`` as the generic ``View`` of the game's contracts."""
    return plain_view(shaped_view(pos, seat, rules, recent))


def shaped_view(pos: PlonkPosition, seat: int | None, rules: PlonkRules, recent: int | None = None) -> PlonkView:
    """What ``seat`` may know (``None``: a spectator); with ``recent``, only the latest deals' results
    (``State.message_view``).

    Keys: ``players``, ``target``, ``deal`` (number), ``dealer``,
    ``leader`` and ``to_play`` (-1 once over), ``hand_sizes``, ``trick``
    (the current trick as ``[seat, card]`` in play order), ``tricks`` (this
    deal's finished tricks, see ``tricks.trick_view``), both sides' ``live``
    and ``dead`` piles with ``live_points``, ``dead_counts`` and this deal's
    ``points`` so far, the match ``scores`` before this deal, ``winner`` (a
    side, or None), ``results`` (finished deals) and, for a seat, its
    ``hand`` (by suit, clubs to spades, each from the two up: the order of its
    legal actions, so that the cards and the moves offered line up). Sides
    are indexed by ``seat % 2``. With ``recent``, the deals left out are summed up
    under ``earlier``: ``{"count": how many, "totals": each side's match score after them}``.
    """
    leader = pos.leader
    results = pos.results
    left_out = 0 if recent is None else max(0, len(results) - recent)
    shown = piles_view(pos.live, pos.dead)
    out: PlonkView = {
        "game": "plonk",
        "seat": seat,
        "version": pos.version,
        "players": SEATS,
        "target": rules.target,
        "deal": pos.deal_no,
        "dealer": pos.dealer,
        "leader": leader,
        "to_play": pos.cur,
        "hand_sizes": [h.bit_count() for h in pos.hands],
        "trick": [[(leader + i) & 3, card_str(c)] for i, c in enumerate(pos.trick)],
        "tricks": [trick_view(t) for t in pos.tricks],
        "live": shown["live"],
        "dead": shown["dead"],
        "live_points": shown["live_points"],
        "dead_counts": shown["dead_counts"],
        "points": shown["points"],
        "scores": list(pos.scores),
        "winner": pos.winner if pos.winner >= 0 else None,
        "results": [r.to_view() for r in results[left_out:]],
    }
    if left_out:
        out["earlier"] = {"count": left_out, "totals": list(results[left_out - 1].scores)}
    if seat is not None:
        out["hand"] = [str(play) for play in plays_of(pos.hands[seat])]  # in the order of the legal actions
    return out


def determinize(game: Any, view: View, rng: random.Random) -> State[Any, Any]:
    """A state of ``game`` consistent with ``view``: the unseen cards dealt at random to the hidden hands."""
    return determinizer(game, view)(rng)


def determinizer(game: Any, view: View) -> Callable[[random.Random], State[Any, Any]]:
    """A sampler of ``determinize``'s states for ``view``, which reads the view only once.

    The view becomes a template position with the hidden hands empty; each
    sample is a copy of it with the unseen cards shuffled into them, and a
    fresh seed for the deals to come. The history holds every play of the
    match the view shows (all of them are public).
    """
    if view.get("game") != "plonk":
        raise RulesError(f"not a Plonk view: game is {view.get('game')!r}")
    given = plonk_view(view)
    seat = given["seat"]
    template = PlonkPosition()
    tricks = [trick_from_view(t) for t in given["tricks"]]
    trick = [parse_card(str(card)) for _, card in given["trick"]]
    known = 0
    for c in [c for _, cards, _ in tricks for c in cards] + trick:
        known |= 1 << c
    if seat is not None:
        template.set_hand(seat, mask_of(parse_card(text) for text in given["hand"]))
        known |= template.hands[seat]
    unseen = [c for c in range(52) if not known >> c & 1]
    sizes = [(q, given["hand_sizes"][q]) for q in range(SEATS) if q != seat]
    needed = sum(size for _, size in sizes)
    if given["winner"] is None and needed != len(unseen):
        raise RulesError(f"the view's cards do not add up: {len(unseen)} unseen cards "
                         f"for hidden hands of {needed}")
    template.deal_no = given["deal"]
    template.dealer = given["dealer"]
    template.leader = given["leader"]
    template.cur = given["to_play"]
    template.trick = trick
    template.tricks = tricks
    template.live, template.dead = piles(tricks)
    template.scores = list(given["scores"])
    template.results = [DealResult.from_view(r) for r in given["results"]]
    template.winner = -1 if given["winner"] is None else given["winner"]
    template.version = given["version"]
    history: History = None
    done = [t for r in template.results for t in r.tricks] + tricks
    played = [((leader + i) & 3, c) for leader, cards, _ in done for i, c in enumerate(cards)]
    played += [((template.leader + i) & 3, c) for i, c in enumerate(trick)]
    for q, c in played[-template.version:] if template.version else ():
        history = (q, PLAYS[c], history)
    template.history = history

    def sample(rng: random.Random) -> State[Any, Any]:
        pos = template.copy()
        cards = unseen[:]
        rng.shuffle(cards)
        start = 0
        for q, size in sizes:
            pos.set_hand(q, sum(map(CARD_BITS.__getitem__, cards[start:start + size])))
            start += size
        state: State[Any, Any] = State(game, rng.getrandbits(64), pos)
        return state

    return sample
