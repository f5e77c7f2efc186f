"""Plonk: David Parlett's partnership trick game with no rule of play (docs/rules/en/plonk.md)."""

from parlour.games.plonk.game import PlonkGame
from parlour.games.plonk.position import PlonkPosition
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.state import PlonkState

__all__ = ["PlonkGame", "PlonkPosition", "PlonkRules", "PlonkState"]
