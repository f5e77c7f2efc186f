"""Plonk: David Parlett's partnership trick game with no rule of play (docs/rules/en/plonk.md)."""

from parlour.games.plonk.game import PlonkGame, PlonkState
from parlour.games.plonk.play import PlonkPlay
from parlour.games.plonk.position import PlonkPosition
from parlour.games.plonk.rules import PlonkRules

__all__ = ["PlonkGame", "PlonkPlay", "PlonkPosition", "PlonkRules", "PlonkState"]
