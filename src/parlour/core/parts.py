"""A game's plug-in parts, typed: its heuristic, inference, encoding, terminal renderer, words, lesson, layout,
candidates and advice (``parlour.core.advice``).

A game declares them as ``parts = MyParts()`` on its ``Game`` class, where
``MyParts`` subclasses ``Parts`` and overrides one method per part it has;
each method returns the typed part, importing the game's module for it on
first use (so the server does not import a game's heuristic or encoding,
and no game module imports another of its own through its parts). A part a
game does not override raises ``RulesError`` naming the parts it has;
``names`` lists them. The front ends find a game's parts through
``parts_of`` without naming the game.

``candidates_of`` gives the bots the actions a game's conventions leave a
seat to weigh among the legal ones (Tock's: never a capture of a teammate's
pawn while another move exists): a search bot filters its root by them.

``Seeing`` writes a heuristic once from a game's own pieces: what the seat
to play knows, read from its view and from a (determinized) state, and the
choice made on that.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, Protocol, TypeVar, runtime_checkable

from parlour.core.advice import Advice
from parlour.core.errors import RulesError
from parlour.core.game import Action, Game, State, View
from parlour.core.words import Elided, Words

if TYPE_CHECKING:
    from parlour.core.encoding import Encoding
    from parlour.core.lesson import Lesson

GameOrClass = Game[Any] | type[Game[Any]]
"""A game, or its class: the parts that do not depend on the rules are looked up from either."""

Likelihood = Callable[[State[Any, Any]], float]
"""The chance, up to a constant, that a determinization of a view is the true state (``inference``)."""

Inference = Callable[[View], Likelihood]
"""A game's ``inference`` part: for a view, the likelihood of each of its determinizations."""

Layout = Callable[[int], object]
"""A game's ``layout`` part: for a player count, the JSON data its browser client draws from (a dict, a
dataclass or a pydantic model)."""

Candidates = Callable[[View, Sequence[Action]], Sequence[Action]]
"""A game's ``candidates`` part: of the legal actions at a seat's turn (its view), those a bot may choose; never
empty when ``legal`` is not."""

CLIENT_FILE = "client.js"
"""The browser client module a game ships beside its ``Game`` class, unless its parts name another file."""

SeenT = TypeVar("SeenT")


@runtime_checkable
class Heuristic(Protocol):
    """A game's ``heuristic`` part: its decision on a seat's view and on a state, and its best search settings."""

    @property
    def search(self) -> Mapping[str, str]:
        """The ISMCTS settings, beyond heuristic rollouts, that play the game best so far (``strong``)."""

    def on_view(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action among ``legal`` for the seat whose view this is."""

    def on_state(self, state: State[Any, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """The action among ``legal`` for the seat to play in ``state``, seeing only what that seat may know
        (for search rollouts on determinized states)."""


@dataclass(frozen=True, slots=True)
class Seeing(Generic[SeenT]):
    """A heuristic made of a game's own pieces: what the seat to play knows (``SeenT``), read from its view
    or from a state, and the choice made on it. The view and the state give the same summary."""

    search: Mapping[str, str]
    from_view: Callable[[View], SeenT]
    from_state: Callable[[State[Any, Any]], SeenT]
    choose: Callable[[SeenT, Sequence[Action], random.Random], Action]

    def on_view(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose(self.from_view(view), legal, rng)

    def on_state(self, state: State[Any, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose(self.from_state(state), legal, rng)


@runtime_checkable
class Renderer(Protocol):
    """A game's ``renderer`` part: draws a seat's view for the terminal player. What it returns is anything
    the terminal front end prints (a rich renderable, or text): the core names no terminal library."""

    def screen(self, view: View, names: Sequence[str]) -> object:
        """Everything the player needs to choose a move."""

    def news(self, before: View, after: View, names: Sequence[str]) -> object | None:
        """What changed between two views worth showing at once (a hand ended), if anything."""


KINDS = ("heuristic", "inference", "encoding", "renderer", "words", "lesson", "layout", "candidates", "advice")
"""Every kind of part, each a method of ``Parts``."""


class Parts:
    """The parts of a game with none; a game's own subclass overrides a method for each part it has.

    ``client`` is the file name of the game's browser client module in its
    package; the server serves it when the file is there, and the generic
    client otherwise.
    """

    client: str = CLIENT_FILE
    _names: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._names = frozenset(kind for kind in KINDS if getattr(cls, kind) is not getattr(Parts, kind))

    def names(self) -> frozenset[str]:
        """The kinds of part this game has: the methods its class overrides (worked out once per class)."""
        return self._names

    def __contains__(self, kind: object) -> bool:
        return kind in self.names()

    def missing(self, game: GameOrClass, kind: str) -> NoReturn:
        """Raise ``RulesError``: ``game`` has no part ``kind``; the message names the parts it has."""
        have = ", ".join(sorted(self.names())) or "none"
        raise RulesError(f"game {game.spec.name!r} has no {kind}; its parts are: {have}")

    def heuristic(self, game: Game[Any]) -> Heuristic:
        """The heuristic bot's decisions for ``game``'s rules."""
        self.missing(game, "heuristic")

    def inference(self, game: Game[Any]) -> Inference:
        """What the opponents' play shows of their hands under ``game``'s rules (``strong:infer``)."""
        self.missing(game, "inference")

    def encoding(self, game: Game[Any]) -> Encoding:
        """Views and actions as vectors and words for learning agents, for ``game``'s rules."""
        self.missing(game, "encoding")

    def renderer(self, game: GameOrClass) -> Renderer:
        """How the game draws itself in the terminal."""
        self.missing(game, "renderer")

    def words(self, game: GameOrClass) -> Words:
        """The game's plain words for actions, stories and outcomes."""
        self.missing(game, "words")

    def lesson(self, game: GameOrClass) -> Lesson:
        """The game's first lesson."""
        self.missing(game, "lesson")

    def layout(self, game: GameOrClass) -> Layout:
        """The data the game's browser client draws from."""
        self.missing(game, "layout")

    def advice(self, game: Game[Any]) -> Advice:
        """What a move does for the seat playing it, in words, from its view alone (the tutor's reasons)."""
        self.missing(game, "advice")

    def candidates(self, game: Game[Any]) -> Candidates:
        """The legal actions a bot may choose under ``game``'s rules (the conventions of play rule out the
        others)."""
        self.missing(game, "candidates")


NO_PARTS = Parts()


def parts_of(game: GameOrClass) -> Parts:
    """The parts ``game`` (or its class) declares in its ``parts``; none when it declares none."""
    cls = game if isinstance(game, type) else type(game)
    found = getattr(cls, "parts", NO_PARTS)
    if not isinstance(found, Parts):
        raise RulesError(f"game {cls.spec.name!r}: its parts are a {type(found).__name__}, not a "
                         "parlour.core.parts.Parts")
    return found


def encoding_of(game: Game[Any]) -> Encoding:
    """The game's ``encoding`` part, built for its rules (``RulesError`` naming its parts when it has none)."""
    return parts_of(game).encoding(game)


def words_of(game: GameOrClass) -> Words:
    """The words of ``game`` (its ``words`` part; the notation itself for a game that has none), elided."""
    parts = parts_of(game)
    return Elided(parts.words(game)) if "words" in parts else Words()


def candidates_of(game: Game[Any]) -> Candidates:
    """The game's ``candidates`` part, built for its rules; every legal action for a game that has none."""
    parts = parts_of(game)
    return parts.candidates(game) if "candidates" in parts else every_action


def every_action(view: View, legal: Sequence[Action]) -> Sequence[Action]:
    """The ``candidates`` of a game without conventions of play: every legal action."""
    return legal


def advice_of(game: Game[Any]) -> Advice:
    """The advice of ``game`` (its ``advice`` part), or the plain ``Advice`` that says no facts when it has none."""
    parts = parts_of(game)
    return parts.advice(game) if "advice" in parts else Advice()


def lesson_of(game: GameOrClass) -> Lesson | None:
    """The lesson of ``game`` (its ``lesson`` part), or None when it has none."""
    parts = parts_of(game)
    return parts.lesson(game) if "lesson" in parts else None
