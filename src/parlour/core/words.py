"""How a game says in plain words, in the reader's language, what a player may do and what happened.

Each game describes its own actions and events (its ``words`` part, a ``Words`` subclass), so that the
browser, the terminal and the log say the same sentence: "Draw from the stock" / "Piocher dans le talon"
for a legal action, "Zoé drops with 21 and wins" for what happened. The notation stays what is typed and
sent; the words are shown beside it. A game without a ``words`` part speaks its notation (``Words``).

Words read only a view (``State.view``), never a state: they cannot say what the reader may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar, cast

from parlour.core.game import View
from parlour.core.i18n import elide

T = TypeVar("T")


class StoryLine(NamedTuple):
    """One line of what happened: who (None: nobody in particular), the sentence, and the index of the action
    it tells in the game (None for an event that is no action: a trick won, a hand's end, who leads next)."""

    seat: int | None
    text: str
    action: int | None


_UNTOLD: Any = object()
"""What ``Told`` finds for a part it has not told."""


def _carried(now: dict[Hashable, Any], before: dict[Hashable, Any], key: Hashable, make: Callable[[], T]) -> T:
    """What ``now`` holds under ``key``; else what ``before`` (the last round) held, moved to ``now``; else
    ``make()``, kept in ``now``."""
    try:
        found: T = now[key]
    except KeyError:
        found = before.pop(key, _UNTOLD)
        if found is _UNTOLD:
            found = make()
        now[key] = found
    return found


class Told:
    """What a story has told so far, in one language, kept between its tellings, so that telling the story
    again, for another reader or after one more action, narrates only the events it had not told.

    Three ways to keep a part. ``said(narrate, *inputs)``: ``narrate(*inputs)`` the first time, the same
    answer after for those very inputs, which must be all it depends on (a line, by the card and names it
    tells). ``same(slot, narrate, *inputs)``: the same for inputs too large to hash at every telling (a finished
    deal's tricks), compared with those ``slot`` was last told from instead. ``kept(slot, make)``: an object of
    the caller's, made once and handed back at each telling, for a part that grows
    (the hand in play, told action by action): the caller keeps there what it told and from what, and must
    check that against the view it tells before using any of it. Either way what a reader may not know
    never reaches another: a part told from one seat's view is given back only for a view that gives the
    same inputs.

    ``turn`` forgets what the telling before last used and the last did not (a hand that ended, an event
    the view no longer holds), so that what is kept stays the size of one story.
    """

    def __init__(self) -> None:
        self._now: dict[Hashable, Any] = {}
        self._before: dict[Hashable, Any] = {}
        self._slots: dict[Hashable, Any] = {}
        self._slots_before: dict[Hashable, Any] = {}

    def said(self, narrate: Callable[..., T], *inputs: Hashable) -> T:
        """``narrate(*inputs)``, narrated once for those inputs (see the class docstring)."""
        return _carried(self._now, self._before, (narrate, *inputs), lambda: narrate(*inputs))

    def same(self, slot: Hashable, narrate: Callable[..., T], *inputs: Any) -> T:
        """``narrate(*inputs)``, or what it gave the last time ``slot`` was told, if from equal inputs."""
        last = self.kept(("same", slot, narrate), Same)
        if last.inputs != inputs:
            last.value, last.inputs = narrate(*inputs), inputs
        return cast(T, last.value)

    def kept(self, slot: Hashable, make: Callable[[], T]) -> T:
        """The object kept under ``slot``, made by ``make()`` if there is none (see the class docstring)."""
        return _carried(self._slots, self._slots_before, slot, make)

    def turn(self) -> None:
        """Begin another round of tellings (the server's: the next version of the table): what this round does
        not use again of what the last one used is forgotten."""
        self._before, self._now = self._now, {}
        self._slots_before, self._slots = self._slots, {}



class Same:
    """What ``Told.same`` last told for one slot, and from what."""

    def __init__(self) -> None:
        self.inputs: tuple[Any, ...] | None = None
        self.value: Any = None


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

    def tell(self, view: View, names: Sequence[str], lang: str, told: Told) -> list[StoryLine]:
        """``story``, told again with ``told``: what the story told before for the same inputs, kept there,
        is looked up rather than narrated again (a server keeps one ``Told`` per table and language). By
        default the whole story is narrated every time; a game whose story grows with the match overrides it."""
        return self.story(view, names, lang)

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
        return [elided(line, lang) for line in self.words.story(view, names, lang)]

    def tell(self, view: View, names: Sequence[str], lang: str, told: Told) -> list[StoryLine]:
        """The lines of the game's ``tell``, elided: only those after the lines it began with at the last telling
        (a story grows at its end, and changes near it: the turn in play)."""
        lines = self.words.tell(view, names, lang, told)
        last = told.kept(("elided", lang), ElidedLines)
        done = common_prefix(lines, last.lines)
        out = last.out[:done] + [elided(line, lang) for line in lines[done:]]
        last.lines, last.out = lines, out
        return list(out)

    def outcome(self, result: Mapping[str, Any], names: Sequence[str], lang: str) -> str | None:
        said = self.words.outcome(result, names, lang)
        return None if said is None else elide(said, lang)


class ElidedLines:
    """The lines ``Elided.tell`` elided at the last telling (kept in ``Told``), and what it made of them."""

    def __init__(self) -> None:
        self.lines: list[StoryLine] = []
        self.out: list[StoryLine] = []


def common_prefix(a: list[Any], b: list[Any]) -> int:
    """How many items ``a`` and ``b`` begin with alike: found by halving, each step a comparison of two slices
    (made in C, fast for items that are the same objects)."""
    low, high = 0, min(len(a), len(b))
    if a[:high] == b[:high]:
        return high
    while high - low > 1:  # the first ``low`` items agree, the first ``high`` do not
        middle = (low + high) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    return low


def elided(line: StoryLine, lang: str) -> StoryLine:
    """``line`` with its text elided in ``lang`` (``Elided``)."""
    return line._replace(text=elide(line.text, lang))
