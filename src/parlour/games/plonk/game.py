"""Plonk as a ``Game``: its spec, action text, and determinization."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from parlour.core.cards import parse_card
from parlour.core.errors import RulesError
from parlour.core.game import Game, GameSpec, History, State, View
from parlour.core.registry import register
from parlour.games.plonk.actions import PLAYS, Play, parse_plonk_action
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.state import SEATS, PlonkState
from parlour.games.plonk.tricks import DealResult, piles, trick_from_view


@register
class PlonkGame(Game[PlonkRules]):
    """David Parlett's Plonk: a partnership trick game without any rule of play (RULES.md §3)."""

    spec = GameSpec(
        name="plonk",
        title="Plonk",
        min_players=4,
        max_players=4,
        information="imperfect",
        description="Partnership tricks, no obligation to follow: win live cards, dodge dead ones.",
    )
    rules_type = PlonkRules

    def new_state(self, seed: int, position: Mapping[str, Any] | None = None) -> PlonkState:
        return PlonkState(self, seed, position)

    def parse_action(self, text: str, state: State | None = None) -> Play:
        return parse_plonk_action(text)

    def determinize(self, view: View, rng: random.Random) -> PlonkState:
        """A state consistent with ``view``: the unseen cards dealt at random to the hidden hands.

        Every played card is public and Plonk never obliges anyone to follow
        suit, so nothing is known about a hidden hand but its size: the cards
        neither in the viewer's hand nor played this deal are shuffled and
        dealt to the other seats.
        """
        if view.get("game") != "plonk":
            raise RulesError(f"not a Plonk view: game is {view.get('game')!r}")
        seat = view["seat"]
        state = PlonkState.__new__(PlonkState)
        state._blank(self, rng.getrandbits(64))
        tricks = [trick_from_view(t) for t in view["tricks"]]
        trick = [parse_card(card) for _, card in view["trick"]]
        seen = 0
        for _, cards, _ in tricks:
            for c in cards:
                seen |= 1 << c
        for c in trick:
            seen |= 1 << c
        hands = [0] * SEATS
        if seat is not None:
            for text in view["hand"]:
                hands[seat] |= 1 << parse_card(text)
        known = seen | hands[0] | hands[1] | hands[2] | hands[3]
        unseen = [c for c in range(52) if not known >> c & 1]
        hidden_seats = [q for q in range(SEATS) if q != seat]
        needed = sum(view["hand_sizes"][q] for q in hidden_seats)
        if view["winner"] is None and needed != len(unseen):
            raise RulesError(f"the view's cards do not add up: {len(unseen)} unseen cards "
                             f"for hidden hands of {needed}")
        rng.shuffle(unseen)
        for q in hidden_seats:
            for _ in range(view["hand_sizes"][q]):
                hands[q] |= 1 << unseen.pop()
        state.hands = hands
        state.deal_no = view["deal"]
        state.dealer = view["dealer"]
        state.leader = view["leader"]
        state.cur = view["to_play"]
        state.trick = trick
        state.tricks = tricks
        state.live, state.dead = piles(tricks)
        state.scores = list(view["scores"])
        state.results = [DealResult.from_view(r) for r in view["results"]]
        state.winner = -1 if view["winner"] is None else view["winner"]
        state.version = view["version"]
        history: History = None
        played = [((leader + i) & 3, c) for leader, cards, _ in tricks for i, c in enumerate(cards)]
        played += [((state.leader + i) & 3, c) for i, c in enumerate(trick)]
        for q, c in played:
            history = (q, PLAYS[c], history)
        state._history = history
        return state
