"""Readable names for bots at a table ("Strong bot"), from their spec strings ("strong:budget=2000")."""

from __future__ import annotations

from parlour.bots.base import parse_bot_spec
from parlour.bots.levels import LEVELS, title
from parlour.core.i18n import SOURCE_LANGUAGE, gettext


def readable_name(spec: str, lang: str = SOURCE_LANGUAGE) -> str:
    """``Strong bot`` for ``strong:budget=2000``, in ``lang``; the settings are left to the spec (kept in the
    table's seat). The bot kinds people meet are named, a level by its name ("Expert bot"); any other is called
    by its spec name and "bot"."""
    kind, settings = parse_bot_spec(spec)
    if kind == "level" and settings.get("level") in LEVELS:
        return gettext("{level} bot", lang).format(level=title(settings["level"], lang))
    known = {"strong": gettext("Strong bot", lang), "heuristic": gettext("Heuristic bot", lang),
             "random": gettext("Random bot", lang), "ismcts": gettext("Search bot", lang),
             "learned": gettext("Learned bot", lang)}
    return known.get(kind) or gettext("{kind} bot", lang).format(kind=kind.capitalize())
