"""Tock as a ``Game``: its spec, action text, and determinization."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.game import Game, GameSpec, History, PublicEntry, State, View
from parlour.core.registry import register
from parlour.games.tock.actions import TockAction, parse_tock_action
from parlour.games.tock.position import card_pool, pawn_index, take
from parlour.games.tock.rules import TockRules
from parlour.games.tock.state import PHASES, TockState, full_deck, place_of


@register
class TockGame(Game[TockRules]):
    """The race board game played with cards, 2 to 8 players, with jokers (RULES.md §2)."""

    spec = GameSpec(
        name="tock",
        title="Tock",
        min_players=2,
        max_players=8,
        information="imperfect",
        description="Race your 4 pawns round the board and home, moved by cards: capture, "
                    "swap, push and split sevens.",
    )
    rules_type = TockRules

    def new_state(self, seed: int, position: Mapping[str, Any] | None = None) -> TockState:
        return TockState(self, seed, position)

    def parse_action(self, text: str, state: State | None = None) -> TockAction:
        return parse_tock_action(text)

    def determinize(self, view: View, rng: random.Random) -> TockState:
        """A state consistent with ``view``: the unseen cards dealt at random to the other hands and stock."""
        if view.get("game") != "tock":
            raise RulesError(f"not a Tock view: game is {view.get('game')!r}")
        seat = view["seat"]
        n = self.rules.players
        state = TockState.__new__(TockState)
        state._blank(self, rng.getrandbits(64))
        length = state.board.squares
        pawns = state.pawns
        for q, places in enumerate(view["pawns"]):
            for i, text in enumerate(places):
                place = place_of(text, length)
                if place >= 0:
                    pawns.place(q * 4 + i, place)
        for name in view["advantaged"]:
            pawn = pawn_index(name, n)
            pawns.place(pawn, pawns.pos[pawn], advantage=True)
        pool = card_pool(full_deck(n, self.rules.extra_sevens))
        if seat is not None:
            state.hands[seat] = [take(pool, text, "hand") for text in view["hand"]]
        state.pile = [take(pool, text, "pile") for text in view["pile"]]
        unseen = sorted(c for ids in pool.values() for c in ids)
        rng.shuffle(unseen)
        for q in range(n):
            if q != seat:
                state.hands[q] = [unseen.pop() for _ in range(view["hand_sizes"][q])]
        if len(unseen) != view["stock"]:
            raise RulesError(f"the view's card counts do not add up: {len(unseen)} unseen cards "
                             f"for a stock of {view['stock']}")
        state.stock = unseen
        state.stored = list(view["bonuses"])
        state.spendable = view["spendable"]
        state.phase = PHASES.index(view["phase"])
        state.cur = view["to_play"]
        state.winner = -1 if view["winner"] is None else view["winner"]
        state.version = view["version"]
        state.log_start = view["version"] - len(view["log"])
        history: History = None
        for s, text in view["log"]:
            history = (s, PublicEntry(text), history)
        state._history = history
        return state
