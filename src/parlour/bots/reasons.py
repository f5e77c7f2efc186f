"""Why a search bot plays its move, in plain words: from what its search measured of each move it weighed.

The move and the others are named in the game's own words (its ``words`` part: "Draw from the stock"),
and the reason says what the playouts gave: how often the seat came out ahead after the move and its
mean return, against the best other move ("Draw from the stock: you come out ahead in 54 % of 812
playouts, +0.12 a game on average. The next best, “Drop with 24 (your hand's total)”: ahead in 38 %,
-0.40 on average."). When the search keeps its usual move although another scored a little better
(``anchor``: the gap is within chance), the reason says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from babel.numbers import format_decimal

from parlour.bots.base import Explanation, Weighed
from parlour.core.game import Action, Game, View
from parlour.core.i18n import gettext
from parlour.core.parts import words_of

ALTERNATIVES = 5
"""Other moves an explanation shows at most, the most searched first."""


class Judged(Protocol):
    """A move as the search judged it (``ismcts.Choice``)."""

    @property
    def action(self) -> Action: ...
    @property
    def visits(self) -> int: ...
    @property
    def mean(self) -> float: ...
    @property
    def ahead(self) -> int: ...


def signed(value: float, lang: str) -> str:
    """A mean return with its sign, two decimals, as ``lang`` writes numbers: "+0.42", "-1,50"."""
    return str(format_decimal(value, "+0.00;-0.00", locale=lang))


def percent(share: float, lang: str) -> str:
    """A share as a whole percentage, as ``lang`` writes it: "38%", "38 %"."""
    return gettext("{n}%", lang).format(n=round(100 * share))


def weighed(choice: Judged, words: str) -> Weighed:
    """``choice`` with its words, its value and its share ahead (none before any playout)."""
    if not choice.visits:
        return Weighed(choice.action, words)
    return Weighed(choice.action, words, choice.visits, choice.mean, choice.ahead / choice.visits)


def reason(move: Weighed, others: Sequence[Weighed], iterations: int, legal: int, lang: str) -> str:
    """The reason for ``move`` against the best of ``others`` (by mean return), in ``lang``."""
    if legal == 1:
        return gettext("It is the only legal move.", lang)
    if not iterations or move.value is None or move.ahead is None:
        return gettext("The search had no time to play any game out: this is its usual move.", lang)
    said = gettext("{move}: you come out ahead in {share} of {n} playouts, {value} a game on average.", lang).format(
        move=move.words, share=percent(move.ahead, lang), n=move.visits, value=signed(move.value, lang))
    rivals = [o for o in others if o.value is not None and o.ahead is not None]
    if not rivals:
        return said
    best = max(rivals, key=lambda o: o.value or 0.0)
    assert best.value is not None and best.ahead is not None
    if best.value > move.value:
        told = gettext("“{other}” scored a little better ({share} ahead, {value} on average), but by less than "
                       "chance allows over these playouts, so the search keeps this move.", lang)
    else:
        told = gettext("The next best, “{other}”: ahead in {share}, {value} on average.", lang)
    return said + " " + told.format(other=best.words, share=percent(best.ahead, lang), value=signed(best.value, lang))


def explained(game: Game[Any], view: View, action: Action, choices: Sequence[Judged], iterations: int, bot: str,
              lang: str, names: Sequence[str] = ()) -> Explanation:
    """The explanation of ``action``, played from ``view`` after a search that judged ``choices`` (the most
    searched first) in ``iterations``: the move and the other moves weighed in words, and the reason."""
    others = [c for c in choices if c.action != action and c.visits][:ALTERNATIVES]
    said = words_of(game).actions([str(action), *(str(c.action) for c in others)], view, names, lang)
    mine = next((c for c in choices if c.action == action), None)
    move = Weighed(action, said[0]) if mine is None else weighed(mine, said[0])
    alternatives = tuple(weighed(c, words) for c, words in zip(others, said[1:], strict=True))
    legal = max(len(choices), 1)
    return Explanation(move, alternatives, iterations, reason(move, alternatives, iterations, legal, lang), bot)
