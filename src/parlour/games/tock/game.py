"""Tock as a ``Game``: its spec, rules of play (play.py), parts, action text and determinization."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeAlias

from parlour.core.game import Game, GameSpec, State, View
from parlour.games.tock.actions import TockAction, parse_tock_action
from parlour.games.tock.parts import TockParts
from parlour.games.tock.play import TockPlay
from parlour.games.tock.position import TockPosition
from parlour.games.tock.refusals import REFUSALS
from parlour.games.tock.rules import TockRules
from parlour.games.tock.views import determinizer

TockState: TypeAlias = State[TockAction, TockPosition]
"""A state of a Tock game, for annotations: every game's states are the core's one ``State`` class."""


class TockGame(Game[TockRules]):
    """The race board game played with cards, 2 to 8 players, with jokers (docs/rules/en/tock.md)."""

    spec = GameSpec(
        name="tock",
        title="Tock",
        min_players=2,
        max_players=8,
        information="imperfect",
        description="Race your 4 pawns round the board and home, moved by cards: capture, "
                    "swap, push and split sevens.",
        utility=(0.0, 1.0),
        returns_sum=1.0,
        engine_version=1,
    )
    rules_type = TockRules
    play_type = TockPlay
    refusals = REFUSALS
    position_type = TockPosition
    parts = TockParts()

    def teams(self) -> list[tuple[int, ...]]:
        """The teams of flag ``teams`` (each seat alone without it)."""
        return self.rules.team_seats()

    @property
    def returns_sum(self) -> float:
        """1 for the winner alone, or for each member of the winning team: the size of a team."""
        return float(len(self.teams()[0]))

    def parse_action(self, text: str, state: State[Any, Any] | None = None) -> TockAction:
        """Read ``text``; with the state, the mover may name their own pawns as the board shows them (``a1``)
        as well as ``p1``."""
        seat = state.current_player if state is not None and not state.is_terminal else None
        return parse_tock_action(text, seat)

    def determinize(self, view: View, rng: random.Random) -> TockState:
        """A state consistent with ``view``: the unseen cards dealt at random to the other hands and stock."""
        return self.determinizer(view)(rng)

    def determinizer(self, view: View) -> Callable[[random.Random], TockState]:
        """Read ``view`` once; each call deals the unseen cards afresh, with a fresh seed for what follows."""
        positions = determinizer(self.rules, view)

        def sample(rng: random.Random) -> TockState:
            pos = positions(rng)
            return State(self, rng.getrandbits(64), pos)

        return sample
