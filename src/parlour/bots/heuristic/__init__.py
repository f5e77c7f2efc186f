"""Per-game heuristic bots written from each game's strategy, and their fast rollout policies."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from parlour.bots.base import Bot
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game

_MODULES = {"tonk": "parlour.games.tonk.heuristic", "plonk": "parlour.games.plonk.heuristic",
            "tock": "parlour.games.tock.heuristic"}
"""Game name → module defining ``HeuristicBot(game)``, ``rollout_policy(game)`` and ``SEARCH``."""


def _module(game: Game[Any]) -> Any:
    name = _MODULES.get(game.spec.name)
    if name is None:
        raise BotSpecError(f"no heuristic bot for {game.spec.name!r} yet; heuristic bots exist for "
                           + ", ".join(sorted(_MODULES)))
    return importlib.import_module(name)


def make_heuristic(game: Game[Any], settings: dict[str, str]) -> Bot:
    if settings:
        raise BotSpecError(f"bot 'heuristic' takes no settings, got {', '.join(settings)}")
    bot: Bot = _module(game).HeuristicBot(game)
    return bot


def rollout_policy(game: Game[Any]) -> Callable[[Any, Any], Action]:
    """The game's heuristic as a policy on (determinized) states, for ISMCTS rollouts."""
    policy: Callable[[Any, Any], Action] = _module(game).rollout_policy(game)
    return policy


def search_settings(game: Game[Any]) -> dict[str, str]:
    """The ISMCTS settings, beyond heuristic rollouts, that play this game best so far (``strong``)."""
    return dict(_module(game).SEARCH)
