"""Tock's first lesson: two players (the learner at seat a, a heuristic bot at seat b), the standard preset,
on a fixed deal where the learner's first card is a King that brings a pawn out.

``explain`` reads only the learner's view and legal actions: the goal, how pawns come out, what the cards
that can be played do, and when a card must be discarded.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.errors import RulesError
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.core.lesson import Lesson, over
from parlour.games.tock.view_shape import tock_view

SEED = 7
LETTERS = "abcdefgh"


def explain(view: View, legal: Sequence[str], lang: str) -> list[str]:
    """What the learner may do now, and why, in ``lang``."""
    shown = tock_view(view)
    if shown.get("winner") is not None or over(view):
        return [gettext("The game is over. Start another lesson, or a table of your own, from the lobby.", lang)]
    if not legal:
        return [gettext("The other player is playing. On every turn a card must be played if any can be; "
                        "otherwise one is discarded.", lang)]
    if "bonus play" in legal:
        return [gettext("Your Joker gives you a bonus move: play another card now, or keep the bonus for a later "
                        "turn (at most 2 kept).", lang)]
    seat = shown["seat"]
    if seat is None:
        raise RulesError("a lesson explains a seat's view, and a spectator's has none")
    pawns = shown["pawns"][seat]
    home = sum(1 for p in pawns if isinstance(p, str))
    said = [ngettext("Race your four pawns once round the board and into your home: {n} is home so far.",
                     "Race your four pawns once round the board and into your home: {n} are home so far.",
                     home, lang).format(n=home) if home
            else gettext("Race your four pawns once round the board and into your home.", lang)]
    if all(a.startswith("discard ") for a in legal):
        said.append(gettext("None of your cards can be played now, so you must discard one. You then draw back "
                            "up to five cards.", lang))
        return said
    reserve = sum(1 for p in pawns if p is None)
    if any(a.endswith(" enter") for a in legal):
        said.append(ngettext("{n} of your pawns waits in your reserve: an A, a K or a Joker brings it out onto "
                             "your start square.", "{n} of your pawns wait in your reserve: an A, a K or a Joker "
                             "brings one out onto your start square.", reserve, lang).format(n=reserve))
    elif reserve:
        said.append(gettext("No card of yours can bring a pawn out of your reserve now (that takes an A, a K or a "
                            "Joker, and your start square free).", lang))
    if any(p.startswith(LETTERS[seat]) for p in shown["advantaged"]):
        said.append(gettext("Your pawn on your start square is safe while it stays there: nobody can capture, "
                            "pass, push or swap it.", lang))
    kinds = {a.split()[0] for a in legal if not a.endswith(" enter")}
    for kind, text in (
        ("4", gettext("The 4 moves one of your pawns 4 squares backwards: from your start square, that brings "
                      "it close to your home.", lang)),
        ("7", gettext("The 7 may be split between several of your pawns, every step used.", lang)),
        ("5", gettext("The 5 moves an opponent's pawn 5 squares forward.", lang)),
        ("J", gettext("The J swaps one of your pawns with an opponent's.", lang)),
        ("K", gettext("The K moves 13 squares forward and captures every pawn it passes.", lang)),
    ):
        if kind in kinds:
            said.append(text)
    said.append(gettext("A move that ends on an occupied square sends that pawn back to its reserve, even one of "
                        "yours; no pawn passes another, except with the K.", lang))
    return said


def title(lang: str) -> str:
    """The lobby's button for this lesson, in ``lang``."""
    return gettext("Learn Tock", lang)


LESSON = Lesson(seed=SEED, title=title, players=2, explain=explain, preset="standard")
