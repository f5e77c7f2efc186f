"""Tock: race four pawns round the board and home, moved by cards (docs/rules/en/tock.md)."""

from parlour.games.tock.game import TockGame, TockState
from parlour.games.tock.play import TockPlay
from parlour.games.tock.rules import TockRules

__all__ = ["TockGame", "TockPlay", "TockRules", "TockState"]
