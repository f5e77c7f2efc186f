"""How a game says in plain words, in the reader's language, what a player may do and what happened.

Each game describes its own actions and events (its ``words`` part, a ``Words`` subclass), so that the
browser, the terminal and the log say the same sentence: "Draw from the stock" / "Piocher dans le talon"
for a legal action, "Zoé drops with 21 and wins" for what happened. The notation stays what is typed and
sent; the words are shown beside it. A game without a ``words`` part speaks its notation (``Words``).

Words read only a view (``State.view``), never a state: they cannot say what the reader may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from parlour.core.game import View
from parlour.core.i18n import elide


class StoryLine(NamedTuple):
    """One line of what happened: who (None: nobody in particular), the sentence, and the index of the action
    it tells in the game (None for an event that is no action: a trick won, a hand's end, who leads next)."""

    seat: int | None
    text: str
    action: int | None


class Words:
    """A game's plain words; this default speaks the notation, and each game's part overrides it."""

    def action(self, text: str, view: View, lang: str) -> str:
        """The legal action ``text`` (its notation) as an instruction to the seat whose ``view`` it is,
        in ``lang``: "Draw from the stock"."""
        return text

    def actions(self, texts: Sequence[str], view: View, names: Sequence[str], lang: str) -> list[str]:
        """Each legal action of ``texts`` in words (``action``), for a game whose words name the players
        (names in ``names``, by seat: "Add the 9 of clubs to Bob's spread"). By default, ``action`` of each."""
        return [self.action(text, view, lang) for text in texts]

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        """What happened, as far as ``view`` tells it, in ``lang``, each seat called by its name in ``names``:
        one line per action of the view's log, and the events between them (a trick won, a hand's end, who
        leads next and why). None by default: a front end then shows the view's log as it is."""
        return []

    def outcome(self, result: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        """How a finished hand of the view's ``results`` ended, as a sentence naming the players, in ``lang``
        ("Zoé drops with 21 and wins"); None when the result says nothing of its own beyond its numbers."""
        return None


class Elided(Words):
    """A game's words with French elision made once the names and cards are in ("de Ana" → "d'Ana"), which
    a catalog's sentence cannot do itself."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def action(self, text: str, view: View, lang: str) -> str:
        return elide(self.words.action(text, view, lang), lang)

    def actions(self, texts: Sequence[str], view: View, names: Sequence[str], lang: str) -> list[str]:
        return [elide(said, lang) for said in self.words.actions(texts, view, names, lang)]

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        return [line._replace(text=elide(line.text, lang)) for line in self.words.story(view, names, lang)]

    def outcome(self, result: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        said = self.words.outcome(result, names, lang)
        return None if said is None else elide(said, lang)
