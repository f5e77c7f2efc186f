"""Plonk as a ``Game``: its spec, rules of play (play.py), action text, parts and determinization."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeAlias, cast

from parlour.core.game import Game, GameSpec, State, View
from parlour.games.plonk.actions import Play, parse_plonk_action
from parlour.games.plonk.parts import PlonkParts
from parlour.games.plonk.play import PlonkPlay
from parlour.games.plonk.position import PlonkPosition
from parlour.games.plonk.refusals import REFUSALS
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.views import determinizer

PlonkState: TypeAlias = State[Play, PlonkPosition]
"""A state of a Plonk game, for annotations: every game's states are the core's one ``State`` class."""


class PlonkGame(Game[PlonkRules]):
    """David Parlett's Plonk: a partnership trick game without any rule of play (docs/rules/en/plonk.md)."""

    spec = GameSpec(
        name="plonk",
        title="Plonk",
        min_players=4,
        max_players=4,
        information="imperfect",
        description="Partnership tricks, no obligation to follow: win live cards, dodge dead ones.",
        utility=(-1.0, 1.0),
        returns_sum=0.0,
        engine_version=1,
    )
    rules_type = PlonkRules
    play_type = PlonkPlay
    refusals = REFUSALS
    position_type = PlonkPosition
    parts = PlonkParts()

    def teams(self) -> list[tuple[int, ...]]:
        """The two partnerships: seats 0 and 2, seats 1 and 3."""
        return [(0, 2), (1, 3)]

    def parse_action(self, text: str, state: State[Any, Any] | None = None) -> Play:
        return parse_plonk_action(text)

    def determinize(self, view: View, rng: random.Random) -> PlonkState:
        """A state consistent with ``view``, the unseen cards dealt at random (see ``views``)."""
        return self.determinizer(view)(rng)

    def determinizer(self, view: View) -> Callable[[random.Random], PlonkState]:
        """A sampler of ``determinize``'s states for ``view``, which reads the view only once."""
        return cast("Callable[[random.Random], PlonkState]", determinizer(self, view))
