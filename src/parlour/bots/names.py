"""Readable names for bots at a table ("Strong bot"), from their spec strings ("strong:budget=2000")."""

from __future__ import annotations

from parlour.bots.base import parse_bot_spec
from parlour.bots.levels import LEVELS
from parlour.core.i18n import LANGUAGES, SOURCE_LANGUAGE, gettext

NAMED = ("random", "heuristic", "strong", "ismcts", "learned", *(f"level:{level}" for level in LEVELS))
"""The bot specs a seat is named after ("Random bot 1"), whose names ``name_in`` words in another language."""


def readable_name(spec: str, lang: str = SOURCE_LANGUAGE) -> str:
    """``Strong bot`` for ``strong:budget=2000``, in ``lang``; the settings are left to the spec (kept in the
    table's seat). The bot kinds people meet are named, a level by its name ("Expert bot"); any other is called
    by its spec name and "bot"."""
    kind, settings = parse_bot_spec(spec)
    if kind == "level" and settings.get("level") in LEVELS:  # each a whole message: "Bot débutant", lower case
        levels = {"beginner": gettext("Beginner bot", lang), "casual": gettext("Casual bot", lang),
                  "expert": gettext("Expert bot", lang), "master": gettext("Master bot", lang)}
        return levels[settings["level"]]
    known = {"strong": gettext("Strong bot", lang), "heuristic": gettext("Heuristic bot", lang),
             "random": gettext("Random bot", lang), "ismcts": gettext("Search bot", lang),
             "learned": gettext("Learned bot", lang)}
    return known.get(kind) or gettext("{kind} bot", lang).format(kind=kind.capitalize())


def name_in(name: str, lang: str = SOURCE_LANGUAGE) -> str:
    """A seat's name as stored (in a record, at a table), in ``lang``: a bot named after its kind and seat in any
    language ("Random bot 1", "Bot au hasard 1") or by its spec alone ("level:expert") is named in ``lang``, as
    the server names a table's bots for each reader; any other name stays as it is."""
    if name in NAMED:
        return readable_name(name, lang)
    kind, _, number = name.rpartition(" ")
    if number.isdigit():
        for spec in NAMED:
            if any(kind == readable_name(spec, code) for code in LANGUAGES):
                return f"{readable_name(spec, lang)} {number}"
    return name
