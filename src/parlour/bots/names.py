"""Readable names for bots at a table ("Strong bot"), from their spec strings ("strong:budget=2000")."""

from __future__ import annotations

from parlour.bots.base import parse_bot_spec

KINDS = {"strong": "Strong bot", "heuristic": "Heuristic bot", "random": "Random bot", "ismcts": "Search bot",
         "learned": "Learned bot"}
"""The bot kinds people meet, named; any other kind is called by its spec name and "bot"."""


def readable_name(spec: str) -> str:
    """``Strong bot`` for ``strong:budget=2000``; the settings are left to the spec (kept in the table's seat)."""
    kind, _settings = parse_bot_spec(spec)
    return KINDS.get(kind, f"{kind.capitalize()} bot")
