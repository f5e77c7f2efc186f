"""Why a move is good, in the game's own terms: the contract of a game's ``advice`` part, and the shared wording.

A hint's search measures each move's value; a person wants to know what the move does. Each game says it from
the seat's view alone, comparing what that seat sees before the move with what it will see after it (a hand's
total lowered from 21 to 17, a pawn brought home, a trick taken): ``Advice.facts``. What is not in the view (a
card in another hand, the card the stock will give) is never read, so two positions that differ only in hidden
cards get the same words. ``Advice.worth`` says a difference of the search's values in the game's unit ("about
1.5 stakes a game", "about 8 more games won in 100"), and ``Advice.label`` writes a move's notation as the
board names things. ``bots.reasons`` composes these into the hint's sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from babel.numbers import format_decimal

from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext


class Advice:
    """A game's advice part; this default says no facts, values differences as plain points, and shows the
    notation as it is. Each game's own subclass overrides what it can say better."""

    def facts(self, view: View, action: str, lang: str, names: Sequence[str]) -> list[str]:
        """What the legal action ``action`` (its notation) keeps, gains or gives up for the seat whose ``view``
        it is, as short clauses in ``lang`` ("lowers your hand's total from 21 to 17"); none by default."""
        return []

    def worth(self, difference: float, lang: str) -> str | None:
        """How much better one move's value is than another's, in the game's unit and rounded as a person
        says it ("about 1.5 points a game"); None when the difference rounds to nothing."""
        return about(difference, lang, lambda n, amount: ngettext("about {n} point a game", "about {n} points a game",
                                                                  n, lang).format(n=amount))

    def label(self, action: str, view: View) -> str:
        """The notation ``action`` as the board names its pieces (the same text by default)."""
        return action


def rounded(amount: float) -> float:
    """``amount`` rounded as a person says it: whole above 10, one decimal above 0.1, two below."""
    size = abs(amount)
    if size >= 10:
        return float(round(amount))
    if size >= 0.1:
        return round(amount, 1)
    return round(amount, 2)


def about(difference: float, lang: str, say: Callable[[int, str], str]) -> str | None:
    """``difference`` rounded (``rounded``) and written as ``lang`` writes numbers, put in words by ``say(count,
    text)`` (``count``, 1 or 2, choosing the singular or the plural); None when it rounds to zero."""
    amount = rounded(difference)
    if amount <= 0:
        return None
    return say(1 if amount == 1 else 2, str(format_decimal(amount, "0.##", locale=lang)))


def stakes(difference: float, lang: str) -> str | None:
    """A difference of money won or lost on average: "about 1.5 stakes a game"."""
    return about(difference, lang, lambda n, amount: ngettext("about {n} stake a game", "about {n} stakes a game",
                                                              n, lang).format(n=amount))


def wins(share: float, lang: str) -> str | None:
    """A difference of chances to win the game (0 to 1): "about 8 more games won in 100"; None under one in 100."""
    count = round(100 * share)
    if count <= 0:
        return None
    return ngettext("about {n} more game won in 100", "about {n} more games won in 100", count, lang).format(n=count)


def listed(facts: Sequence[str], lang: str) -> str:
    """Facts as one clause list in ``lang``: "lowers your total from 21 to 17; keeps the pair of 7s"."""
    said = facts[0]
    for fact in facts[1:]:
        said = gettext("{facts}; {fact}", lang).format(facts=said, fact=fact)
    return said
