"""How a Tonk hand ended: the text the engine stores, and the sentence a player reads, in their language.

A hand's result keeps its outcome as English text with seat numbers (``seat 1 drops with 21 and wins``),
as records and views have always carried it. The engine writes it from ``STORED`` here, and ``sentence``
reads it back into the sentence shown at the table, with the players' names, through the gettext
catalogs (``Zoé descend à 21 et gagne``). Both come from the one table, so they cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from string import Formatter
from typing import Any, Final

from parlour.core.i18n import gettext

STORED: Final = {
    "drop_wins": "seat {seat} drops with {value} and wins",
    "drop_caught": "seat {seat} drops with {value} and is caught",
    "tonk_out": "seat {seat} tonks out",
    "run_out": "seat {seat} runs out",
    "dealt_49_in_turn": "seat {seat} was dealt 49 and wins in turn",
    "dealt_tonk": "dealt TONK: {winners}",
    "void_deal": "void: two or more dealt 49 or 50",
    "stock_out": "stock out: seat {seat} is lowest",
    "stock_out_tie": "stock out: a tie for lowest, void hand",
}
"""Each way a hand ends, as the engine stores it; ``{winners}`` is ``seat 0 (50), seat 2 (49)``."""

_FIELD = {"seat": r"(?P<seat>\d+)", "value": r"(?P<value>-?\d+)", "winners": r"(?P<winners>.+)"}
_WINNER = re.compile(r"seat (\d+) \((-?\d+)\)")


def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a regular expression reading its fields back."""
    return re.compile("".join(re.escape(text) + (_FIELD[field] if field else "")
                              for text, field, _spec, _conversion in Formatter().parse(template)))


PATTERNS = {kind: _pattern(template) for kind, template in STORED.items()}
"""``STORED`` as regular expressions that read its fields back."""


def stored(kind: str, **fields: Any) -> str:
    """The outcome text of ``kind`` the engine keeps in a hand's result."""
    return STORED[kind].format(**fields)


_SEATED: Final[dict[tuple[str, int, int], str]] = {}
"""``seated``'s texts, each made once: a few hundred at most (kinds by seats by hand values)."""


def seated(kind: str, seat: int, value: int = 0) -> str:
    """``stored(kind, seat=seat, value=value)`` for the kinds that name a seat (and a value), made once each:
    a hand ends at a step of every playout, and formatting the text costs more than the rest of the step."""
    key = (kind, seat, value)
    text = _SEATED.get(key)
    if text is None:
        text = _SEATED[key] = STORED[kind].format(seat=seat, value=value)
    return text


def dealt_winners(values: dict[int, int]) -> str:
    """``{winners}`` of a deal-time win: each winning seat with the value of its hand."""
    return ", ".join(f"seat {seat} ({value})" for seat, value in values.items())


def _sentences(lang: str | None) -> dict[str, str]:
    """Each outcome as a sentence about named players, in ``lang`` (the current language if None)."""
    return {
        "drop_wins": gettext("{name} drops with {value} and wins", lang),
        "drop_caught": gettext("{name} drops with {value} and is caught", lang),
        "tonk_out": gettext("{name} tonks out", lang),
        "run_out": gettext("{name} runs out", lang),
        "dealt_49_in_turn": gettext("{name} was dealt 49 and wins in turn", lang),
        "dealt_tonk": gettext("Tonk at the deal: {winners}", lang),
        "void_deal": gettext("Void hand: two or more players were dealt 49 or 50", lang),
        "stock_out": gettext("The stock is empty: {name} has the lowest total", lang),
        "stock_out_tie": gettext("The stock is empty: a tie for the lowest total, void hand", lang),
    }


def sentence(outcome: str, names: Sequence[str], lang: str | None = None) -> str:
    """The outcome ``STORED`` wrote, as a sentence naming the players, in ``lang``.

    Text from elsewhere (an older record) keeps its words, its seats replaced by names.
    """
    def name(seat: str) -> str:
        q = int(seat)
        return names[q] if 0 <= q < len(names) else f"seat {q}"

    for kind, pattern in PATTERNS.items():
        found = pattern.fullmatch(outcome)
        if found is None:
            continue
        fields = found.groupdict()
        words: dict[str, str] = {}
        if "seat" in fields:
            words["name"] = name(fields["seat"])
        if "value" in fields:
            words["value"] = fields["value"]
        if "winners" in fields:
            words["winners"] = ", ".join(f"{name(seat)} ({value})" for seat, value in
                                         _WINNER.findall(fields["winners"]))
        return _sentences(lang)[kind].format(**words)
    return re.sub(r"seat (\d+)", lambda m: name(m.group(1)), outcome)
