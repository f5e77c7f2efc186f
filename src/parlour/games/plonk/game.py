"""Plonk as a ``Game``: its spec, action text, and determinization."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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
        return self.determinizer(view)(rng)

    def determinizer(self, view: View) -> Callable[[random.Random], PlonkState]:
        """A sampler of ``determinize``'s states for ``view``, which reads the view only once.

        The view becomes a template state with the hidden hands empty; each
        sample is a clone of it with the unseen cards shuffled into them and
        a fresh seed for the deals to come.
        """
        if view.get("game") != "plonk":
            raise RulesError(f"not a Plonk view: game is {view.get('game')!r}")
        seat = view["seat"]
        template = PlonkState.__new__(PlonkState)
        template._blank(self, 0)
        tricks = [trick_from_view(t) for t in view["tricks"]]
        trick = [parse_card(card) for _, card in view["trick"]]
        known = 0
        for c in [c for _, cards, _ in tricks for c in cards] + trick:
            known |= 1 << c
        if seat is not None:
            for text in view["hand"]:
                template.hands[seat] |= 1 << parse_card(text)
            known |= template.hands[seat]
        unseen = [c for c in range(52) if not known >> c & 1]
        sizes = [(q, view["hand_sizes"][q]) for q in range(SEATS) if q != seat]
        needed = sum(size for _, size in sizes)
        if view["winner"] is None and needed != len(unseen):
            raise RulesError(f"the view's cards do not add up: {len(unseen)} unseen cards "
                             f"for hidden hands of {needed}")
        template.deal_no = view["deal"]
        template.dealer = view["dealer"]
        template.leader = view["leader"]
        template.cur = view["to_play"]
        template.trick = trick
        template.tricks = tricks
        template.live, template.dead = piles(tricks)
        template.scores = list(view["scores"])
        template.results = [DealResult.from_view(r) for r in view["results"]]
        template.winner = -1 if view["winner"] is None else view["winner"]
        template.version = view["version"]
        history: History = None
        played = [((leader + i) & 3, c) for leader, cards, _ in tricks for i, c in enumerate(cards)]
        played += [((template.leader + i) & 3, c) for i, c in enumerate(trick)]
        for q, c in played:
            history = (q, PLAYS[c], history)
        template._history = history

        def sample(rng: random.Random) -> PlonkState:
            state = template.clone()
            state.seed = rng.getrandbits(64)
            cards = unseen[:]
            rng.shuffle(cards)
            start = 0
            for q, size in sizes:
                hand = 0
                for c in cards[start:start + size]:
                    hand |= 1 << c
                state.hands[q] = hand
                start += size
            return state

        return sample
