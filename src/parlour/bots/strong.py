"""``strong``: ISMCTS with heuristic rollouts and the settings that play each game best.

Each heuristic module declares its game's ``SEARCH`` settings, measured with
``benchmarks/strength.py``; ``strong`` adds them to a 200 ms budget, and any
setting given in the spec wins (``strong:ms=1000``, ``strong:iters=2000``).
The bot's name is the full ``ismcts:`` spec, so records say what played.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.bots.heuristic import search_settings
from parlour.bots.ismcts import make_ismcts
from parlour.core.game import Game

DEFAULT_MS = "200"


def make_strong(game: Game[Any], settings: dict[str, str]) -> Bot:
    tuned = {"ms": DEFAULT_MS, "rollout": "heuristic", **search_settings(game)}
    if "iters" in settings:
        del tuned["ms"]
    return make_ismcts(game, {**tuned, **settings})
