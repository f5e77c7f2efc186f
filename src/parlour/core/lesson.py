"""A game's first lesson: one person against bots on a fixed deal, told at each turn what they may do and why.

A game offers a lesson with a ``lesson`` part (``Parts.lesson`` in ``parts``, read by ``lesson_of``): a
``Lesson`` naming the deal (``seed``, public: a lesson seats one person against bots only, so knowing the
deal helps nobody against anyone), the rules (the game's simplest: a preset, its flags and the player count),
its ``title`` in the lobby ("Learn" and the game's name) and ``explain``, which reads the learner's view and
legal actions and returns sentences in the asked language ("You start your turn by drawing…"). Like ``Words``,
it reads only a view: it cannot tell what the learner may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core.game import View

Explain = Callable[[View, Sequence[str], str], list[str]]
"""(the learner's view, their legal actions' notation, language) → the sentences for the situation now."""


@dataclass(frozen=True)
class Lesson:
    """What a game's lesson is played with, and how it explains each turn."""

    seed: int
    """The fixed deal."""
    players: int
    """Seats at the lesson table: the learner at seat 0, heuristic bots at the others."""
    explain: Explain
    title: Callable[[str], str]
    """The lobby's button in a language: "Learn" and the game's name (each game says it in its own words: in
    French, the article before the name is the game's)."""
    preset: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    """Flags on top of the preset (a short match: one hand, a low target)."""
    bot: str = "heuristic"
    """The bot spec of the other seats: one that plays sensibly and fast."""

    def seats(self) -> list[str]:
        """The seat specs of a lesson table: the learner first, then the bots."""
        return ["human"] + [self.bot] * (self.players - 1)


def over(view: View) -> bool:
    """Whether the view is of a finished game: nobody is to play (None, or -1 once it is over)."""
    to_play = view.get("to_play")
    return not isinstance(to_play, int) or to_play < 0
