"""Tonk: American knock rummy (docs/rules/en/tonk.md)."""

from parlour.games.tonk.game import TonkGame
from parlour.games.tonk.position import TonkPosition
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.state import TonkState

__all__ = ["TonkGame", "TonkPosition", "TonkRules", "TonkState"]
