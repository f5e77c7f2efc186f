"""Bots: players that see only their seat's view. ``make_bot("random")``."""

from parlour.bots.base import Bot, make_bot, register_bot
from parlour.bots.heuristic import make_heuristic
from parlour.bots.ismcts import OPTIONS, ISMCTSBot, make_ismcts
from parlour.bots.learned import OPTIONS as LEARNED_OPTIONS
from parlour.bots.learned import make_learned
from parlour.bots.levels import LEVEL_OPTIONS, make_level
from parlour.bots.random import RandomBot
from parlour.bots.strong import make_strong

register_bot("heuristic", make_heuristic)
register_bot("ismcts", make_ismcts, options=OPTIONS)
register_bot("strong", make_strong, options=OPTIONS)
register_bot("learned", make_learned, argument="path", options=LEARNED_OPTIONS)
register_bot("level", make_level, argument="level", options=LEVEL_OPTIONS)

__all__ = ["Bot", "ISMCTSBot", "RandomBot", "make_bot", "register_bot"]
