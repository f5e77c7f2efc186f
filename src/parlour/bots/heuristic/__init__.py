"""Heuristic bots and rollout policies: each game's own, found through its ``heuristic`` part.

A game that has one declares ``parts = {"heuristic": "<module>"}``; the module
defines ``HeuristicBot(game)``, ``rollout_policy(game)`` (a policy on
determinized states, for ISMCTS rollouts) and ``SEARCH`` (the ISMCTS settings
that play the game best, for ``strong``). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlour.bots.base import Bot
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game
from parlour.core.registry import game_classes

PART = "heuristic"


def heuristic_module(game: Game[Any]) -> Any:
    """The game's heuristic part, or ``BotSpecError`` naming the games that have one."""
    if PART not in type(game).parts:
        having = sorted(name for name, cls in game_classes().items() if PART in cls.parts)
        raise BotSpecError(f"game {game.spec.name!r} has no heuristic bot; games with one: "
                           + (", ".join(having) or "none"))
    return type(game).part(PART)


def make_heuristic(game: Game[Any], settings: dict[str, str]) -> Bot:
    if settings:
        raise BotSpecError(f"bot 'heuristic' takes no settings, got {', '.join(settings)}")
    bot: Bot = heuristic_module(game).HeuristicBot(game)
    return bot


def rollout_policy(game: Game[Any]) -> Callable[[Any, Any], Action]:
    """The game's heuristic as a policy on (determinized) states, for ISMCTS rollouts."""
    policy: Callable[[Any, Any], Action] = heuristic_module(game).rollout_policy(game)
    return policy


def search_settings(game: Game[Any]) -> dict[str, str]:
    """The ISMCTS settings, beyond heuristic rollouts, that play this game best so far (``strong``)."""
    return dict(heuristic_module(game).SEARCH)
