"""Bots: players that see only their seat's view. ``make_bot("random")``."""

from parlour.bots.base import Bot, make_bot, register_bot
from parlour.bots.heuristic import make_heuristic
from parlour.bots.ismcts import ISMCTSBot, make_ismcts
from parlour.bots.learned import make_learned
from parlour.bots.levels import make_level
from parlour.bots.random import RandomBot
from parlour.bots.strong import make_strong

register_bot("heuristic", make_heuristic)
register_bot("ismcts", make_ismcts)
register_bot("strong", make_strong)
register_bot("learned", make_learned, argument="path")
register_bot("level", make_level, argument="level")

__all__ = ["Bot", "ISMCTSBot", "RandomBot", "make_bot", "register_bot"]
