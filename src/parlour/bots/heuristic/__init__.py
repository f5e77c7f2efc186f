"""Heuristic bots and rollout policies: each game's own, found through its ``heuristic`` part.

A game that has one overrides ``Parts.heuristic`` (``parlour.core.parts``):
its decisions on a seat's view and on a (determinized) state, and ``search``,
the ISMCTS settings that play the game best (for ``strong``). The bot and the
rollout policy around them are written here once. Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import Bot
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, State, View
from parlour.core.parts import Heuristic, parts_of
from parlour.core.registry import game_classes

PART = "heuristic"

Policy = Callable[[State[Any, Any], random.Random], Action]
"""A policy on (determinized) states, for search rollouts."""


def heuristic_of(game: Game[Any]) -> Heuristic:
    """The game's heuristic part, or ``BotSpecError`` naming the games that have one."""
    parts = parts_of(game)
    if PART not in parts:
        having = sorted(name for name, cls in game_classes().items() if PART in parts_of(cls))
        raise BotSpecError(f"game {game.spec.name!r} has no heuristic bot; games with one: "
                           + (", ".join(having) or "none"))
    return parts.heuristic(game)


class HeuristicBot:
    """A game's heuristic playing a seat from its view."""

    name = "heuristic"

    def __init__(self, heuristic: Heuristic) -> None:
        self.heuristic = heuristic

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.heuristic.on_view(view, legal, rng)


def make_heuristic(game: Game[Any], settings: dict[str, str]) -> Bot:
    if settings:
        raise BotSpecError(f"bot 'heuristic' takes no settings, got {', '.join(settings)}")
    return HeuristicBot(heuristic_of(game))


def rollout_policy(game: Game[Any]) -> Policy:
    """The game's heuristic as a policy on (determinized) states, for ISMCTS rollouts: the only legal action
    when there is one, else the heuristic's, seeing only what the seat to play may know."""
    decide = heuristic_of(game).on_state

    def policy(state: State[Any, Any], rng: random.Random) -> Action:
        legal: Sequence[Action] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return decide(state, legal, rng)

    return policy


def search_settings(game: Game[Any]) -> dict[str, str]:
    """The ISMCTS settings, beyond heuristic rollouts, that play this game best so far (``strong``)."""
    return dict(heuristic_of(game).search)
