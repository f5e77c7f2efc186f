"""Tonk: American knock rummy (docs/rules/en/tonk.md)."""

from parlour.games.tonk.game import TonkGame, TonkState
from parlour.games.tonk.play import TonkPlay
from parlour.games.tonk.position import TonkPosition
from parlour.games.tonk.rules import TonkRules

__all__ = ["TonkGame", "TonkPlay", "TonkPosition", "TonkRules", "TonkState"]
