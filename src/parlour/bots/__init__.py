"""Bots: players that see only their seat's view. ``make_bot("random")``."""

from parlour.bots.base import Bot, make_bot
from parlour.bots.random import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot"]
