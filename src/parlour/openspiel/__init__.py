"""parlour's games for OpenSpiel (extra ``openspiel``): ``register()`` then ``pyspiel.load_game``.

::

    import pyspiel
    import parlour.openspiel

    parlour.openspiel.register()
    game = pyspiel.load_game("python_parlour_tonk", {"preset": "speno", "players": 2})

Every game of parlour's registry is registered as ``python_parlour_<name>``
with parameters ``preset`` (a preset, optionally with flags:
``classic?jokers=2``) and ``players``; see ``game`` for how chance and
actions map, ``state`` for a game in play and ``observer`` for the
observation types offered. ``EstimateEvaluator`` lets OpenSpiel's
(IS)MCTS judge positions with parlour's ``estimate`` instead of random rollouts,
and ``parlour_bot(game, "heuristic", player)`` seats a parlour bot as a
``pyspiel.Bot`` (``bots``), for ``pyspiel.evaluate_bots`` and OpenSpiel's loops.
"""

from __future__ import annotations

import pyspiel

from parlour.core.registry import game_classes
from parlour.openspiel.bots import ParlourBot, parlour_bot
from parlour.openspiel.game import PREFIX, SpielGame, game_class, game_type
from parlour.openspiel.search import EstimateEvaluator
from parlour.openspiel.state import SpielState

__all__ = ["PREFIX", "EstimateEvaluator", "ParlourBot", "SpielGame", "SpielState", "parlour_bot", "register"]


def register() -> list[str]:
    """Register every parlour game with OpenSpiel (again is harmless); returns their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for name in sorted(game_classes()):
        short = PREFIX + name
        if short not in known:
            pyspiel.register_game(game_type(name), game_class(name))
        names.append(short)
    return names
