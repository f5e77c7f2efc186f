"""Tock: race four pawns round the board and home, moved by cards (docs/rules/en/tock.md)."""

from parlour.games.tock.game import TockGame
from parlour.games.tock.rules import TockRules
from parlour.games.tock.state import TockState

__all__ = ["TockGame", "TockRules", "TockState"]
