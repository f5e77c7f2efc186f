"""Why a search bot advises its move, in plain words: from what its search measured of each move it weighed.

The move and the others are named in the game's own words (its ``words`` part: "Draw from the stock").
One estimate decides and is shown: each move's mean return over its playouts, with the standard error of
that mean. The move advised is the one with the best mean among the moves measured on the same footing
(``ISMCTSBot.compared``), so no move listed under it shows a better value; the others follow, best first.
The reason says what the move does, in the game's terms and from the seat's view alone (the game's ``advice``
part: "Discard the king of hearts: lowers your hand's total from 21 to 11; keeps the pair of 7s toward a
spread."), how often the seat came out ahead in the playouts that reached the end of the game (as a 95 %
interval, and only once ``SHARE_GAMES`` of them did: a playout cut short at the search's depth ends in an
estimate, not a win or a loss), how much better it is than the next best in the game's unit ("by about 1.5
stakes a game") and what the next best does instead. The values, their errors and the playouts behind them
are secondary detail (``details``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from babel.numbers import format_decimal

from parlour.bots.base import Explanation, Weighed
from parlour.core.advice import Advice, listed
from parlour.core.game import Action, Game, View
from parlour.core.i18n import elide, gettext, ngettext
from parlour.core.parts import advice_of, words_of

ALTERNATIVES = 5
"""Other moves an explanation shows at most, the best valued first."""
SHARE_GAMES = 30
"""Playouts that reached the end of the game a move needs before its share ahead is told: fewer say little."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
PLAIN = Advice()
"""The advice of a game without its own: no facts, differences in points."""


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
    @property
    def ended(self) -> int: ...
    @property
    def error(self) -> float: ...


def signed(value: float, lang: str) -> str:
    """A mean return with its sign, two decimals, as ``lang`` writes numbers: "+0.42", "-1,50"."""
    return str(format_decimal(value, "+0.00;-0.00", locale=lang))


def percent(share: float, lang: str) -> str:
    """A share as a whole percentage, as ``lang`` writes it: "38%", "38 %"."""
    return gettext("{n}%", lang).format(n=round(100 * share))


def estimate(move: Weighed, lang: str) -> str:
    """A move's value with its standard error, as ``lang`` writes numbers: "+0.42 ± 0.05" ("+0.42" alone from
    one playout)."""
    assert move.value is not None
    if move.error is None:
        return signed(move.value, lang)
    return f"{signed(move.value, lang)} ± {format_decimal(move.error, '0.00', locale=lang)}"


def share_range(move: Weighed, lang: str) -> str | None:
    """A move's share ahead as its 95 % interval, rounded outwards, as ``lang`` writes it ("78% to 91%"); None
    when it has none."""
    if move.ahead_low is None or move.ahead_high is None:
        return None
    return gettext("{low} to {high}", lang).format(low=percent(math.floor(100 * move.ahead_low + 1e-9) / 100, lang),
                                                  high=percent(math.ceil(100 * move.ahead_high - 1e-9) / 100, lang))


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95 % for the default ``z``): a range that
    stays honest for few trials and for shares near 0 or 1 (30 out of 30 is 89 % to 100 %, not 100 %)."""
    share = k / n
    scale = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / scale
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / scale
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


def weighed(choice: Judged, words: str) -> Weighed:
    """``choice`` with its words, its value and standard error, and its share ahead with its interval once
    ``SHARE_GAMES`` of its playouts reached the end of the game (none before any playout)."""
    if not choice.visits:
        return Weighed(choice.action, words)
    error = choice.error if choice.visits > 1 else None
    if choice.ended < SHARE_GAMES:
        return Weighed(choice.action, words, choice.visits, choice.mean, error=error)
    low, high = wilson(choice.ahead, choice.ended)
    return Weighed(choice.action, words, choice.visits, choice.mean, choice.ahead / choice.ended, error, low, high)


def reason(move: Weighed, others: Sequence[Weighed], iterations: int, legal: int, lang: str,
           worth: Callable[[float, str], str | None] = PLAIN.worth) -> str:
    """Why ``move`` (the best valued) rather than the best of ``others``, in ``lang``: what it keeps or gains (its
    facts), how often the seat came out ahead (only as the share's interval, from enough finished games), how much
    better it is in the game's unit (``worth``), and what the next best gives up (its facts)."""
    if legal == 1:
        return gettext("It is the only legal move.", lang)
    if not iterations or move.value is None:
        return gettext("The search had no time to play any game out: this is its usual move.", lang)
    if move.facts:
        said = [gettext("{move}: {facts}.", lang).format(move=move.words, facts=listed(move.facts, lang))]
    else:
        said = [gettext("{move}: the move the search values most.", lang).format(move=move.words)]
    share = share_range(move, lang)
    if share is not None:
        said.append(gettext("You come out ahead in {share} of the games played out to the end.", lang)
                    .format(share=share))
    best = next_best(others)
    if best is not None:
        amount = worth(move.value - (best.value or 0.0), lang)
        said.append(gettext("It is better than “{other}” by {amount}.", lang).format(other=best.words, amount=amount)
                    if amount else gettext("It is about as good as “{other}”.", lang).format(other=best.words))
        if best.facts:
            said.append(gettext("“{other}” instead: {facts}.", lang).format(other=best.words,
                                                                            facts=listed(best.facts, lang)))
    return elide(" ".join(said), lang)


def next_best(others: Sequence[Weighed]) -> Weighed | None:
    """The best valued of ``others`` that the search measured, or None."""
    rivals = [o for o in others if o.value is not None]
    return max(rivals, key=lambda o: o.value or 0.0) if rivals else None


def details(move: Weighed, others: Sequence[Weighed], lang: str) -> str:
    """The numbers behind the reason: the move's value ± its standard error and its playouts, and the next
    best's ("Draw from the stock: +0.12 ± 0.03 a game on average, over 812 playouts. …"); empty without values."""
    said = []
    for weighed_move in (move, next_best(others)):
        if weighed_move is not None and weighed_move.value is not None:
            said.append(ngettext("{move}: {value} a game on average, over {n} playout.",
                                 "{move}: {value} a game on average, over {n} playouts.", weighed_move.visits, lang)
                        .format(move=weighed_move.words, value=estimate(weighed_move, lang), n=weighed_move.visits))
    return " ".join(said)


def explained(game: Game[Any], view: View, action: Action, choices: Sequence[Judged], legal: int, iterations: int,
              bot: str, lang: str, names: Sequence[str] = ()) -> Explanation:
    """The explanation of a search from ``view`` among ``legal`` moves, in ``iterations``: of ``choices`` (the
    moves it measured on the same footing), the one with the best mean return is the move, and the others, best
    first, the alternatives; ``action`` (the move the bot plays) when it measured none. Each in words, with the
    reason."""
    measured = sorted((c for c in choices if c.visits), key=lambda c: -c.mean)
    if measured:
        action = measured[0].action
    others = measured[1:ALTERNATIVES + 1]
    texts = [str(action), *(str(c.action) for c in others)]
    said = words_of(game).actions(texts, view, names, lang)
    advice = advice_of(game)
    move = told(weighed(measured[0], said[0]) if measured else Weighed(action, said[0]), advice, view, names, lang)
    alternatives = tuple(told(weighed(c, words), advice, view, names, lang)
                         for c, words in zip(others, said[1:], strict=True))
    return Explanation(move, alternatives, iterations, reason(move, alternatives, iterations, legal, lang,
                                                              advice.worth), bot, details(move, alternatives, lang))


def told(move: Weighed, advice: Advice, view: View, names: Sequence[str], lang: str) -> Weighed:
    """``move`` with what it does in words (``advice.facts``, from ``view`` alone) and its notation as the board
    names its pieces."""
    text = str(move.action)
    return replace(move, facts=tuple(advice.facts(view, text, lang, names)), label=advice.label(text, view))
