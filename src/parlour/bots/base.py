"""The Bot protocol, what a bot says of its move (``explain``) and bot spec strings (``ismcts:iters=1000``).

Every setting a bot spec may give is declared (``Option``): its kind and the range it must lie in, checked where
the spec is read, so that no spec (a person's at a server, a researcher's at the command line) can ask a bot for
unbounded work or memory. Options that multiply the work of each search iteration say so (``work``): a server
counts them against its iteration budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View
from parlour.core.i18n import SOURCE_LANGUAGE, gettext
from parlour.core.parts import words_of


class Bot(Protocol):
    """A player: given its seat's view and the legal actions, it picks one."""

    name: str

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


@dataclass(frozen=True)
class Weighed:
    """One move as a bot judged it: the move, in the game's words, and what a search measured of it (nothing
    for a bot that does not search)."""

    action: Action
    words: str
    """The move in the game's plain words, in the language asked."""
    visits: int = 0
    """Playouts the search gave it."""
    value: float | None = None
    """The mean return to the seat after it, in the game's units (stakes, points): the search's estimate."""
    ahead: float | None = None
    """The share of its playouts played to the end of the game in which the seat came out ahead (a return above
    an even share); None when too few reached the end to say (``reasons.SHARE_GAMES``)."""
    error: float | None = None
    """The standard error of ``value`` (None: fewer than two playouts)."""
    ahead_low: float | None = None
    """The least share ahead the playouts allow (the Wilson 95 % interval's low end), with ``ahead``."""
    ahead_high: float | None = None
    """The greatest share ahead the playouts allow (the interval's high end), with ``ahead``."""
    facts: tuple[str, ...] = ()
    """What the move keeps, gains or gives up, from the seat's view, in the language asked (the game's ``advice``:
    "lowers your hand's total from 21 to 17")."""
    label: str = ""
    """The move's notation as the board names its pieces (a pawn by its board label); empty: the notation
    itself."""


@dataclass(frozen=True)
class Explanation:
    """A bot's advice and why (``explain``): the move (a search bot's: the one its estimate rates best), the
    best other moves it weighed (best first), the iterations it searched (0: none) and a short reason in plain
    words."""

    move: Weighed
    alternatives: tuple[Weighed, ...]
    iterations: int
    reason: str
    bot: str
    """The bot's name (its full spec)."""
    details: str = ""
    """The numbers behind the reason, for whoever wants them: the move's value and the next best's, each with its
    standard error and playouts."""


@runtime_checkable
class Explains(Protocol):
    """A bot that can say why it plays its move (the search bots: from what their search measured)."""

    def explain(self, view: View, legal: Sequence[Action], rng: random.Random, lang: str = SOURCE_LANGUAGE,
                names: Sequence[str] = ()) -> Explanation: ...


def explain(bot: Bot, game: Game[Any], view: View, legal: Sequence[Action], rng: random.Random,
            lang: str = SOURCE_LANGUAGE, names: Sequence[str] = ()) -> Explanation:
    """``bot``'s move from ``view`` and why, in ``lang`` (seats called by ``names`` where the game's words name
    them): the bot's own ``explain`` when it has one; else its move, said to be its rule of thumb, with no
    values and no alternatives."""
    if isinstance(bot, Explains):
        return bot.explain(view, legal, rng, lang, names)
    action = bot.choose(view, legal, rng)
    words = words_of(game).actions([str(action)], view, names, lang)[0]
    reason = (gettext("It is the only legal move.", lang) if len(legal) == 1 else
              gettext("This is the move its rules of thumb pick; it weighs no other moves.", lang))
    return Explanation(Weighed(action, words), (), 0, reason, bot.name)


@runtime_checkable
class TimeCapped(Protocol):
    """A bot whose search can be held to a time budget: a server caps each move at its ``max_bot_ms``."""

    def cap(self, ms: float) -> None:
        """Think at most ``ms`` milliseconds a move from now on (whatever else its spec asked)."""


Value = int | float | str
"""A bot setting as read: a whole number, a number or a word."""


def plain(number: float) -> str:
    """``number`` as a person writes it: 1000000, 0.5."""
    return str(int(number)) if float(number).is_integer() else f"{number:g}"


@dataclass(frozen=True)
class Option:
    """One setting a bot spec may give: its kind, and the range or the words it must lie in.

    ``low`` and ``high`` are inclusive, except ``low`` when ``above`` (the value must be above it). ``work``
    marks a setting that multiplies the work of each search iteration (candidate deals drawn per
    determinization, say): a server counts ``iters`` times it against its iteration budget.
    """

    name: str
    help: str
    """What it sets, in a few words (quoted in refusals)."""
    kind: Literal["int", "float", "word", "text"] = "float"
    low: float | None = None
    high: float | None = None
    above: bool = False
    words: tuple[str, ...] = ()
    """The words a ``word`` setting may be."""
    work: bool = False

    def allowed(self) -> str:
        """What the setting may be, as a refusal says it: "a whole number from 1 to 1000000"."""
        if self.kind == "word":
            return "one of " + ", ".join(self.words)
        if self.kind == "text":
            return "any text"
        words = ["a whole number" if self.kind == "int" else "a number"]
        if self.low is not None:
            words.append(f"above {plain(self.low)}" if self.above else f"from {plain(self.low)}")
        if self.high is not None:
            join = "at most" if self.low is None else "and at most" if self.above else "to"
            words.append(f"{join} {plain(self.high)}")
        return " ".join(words)

    def read(self, bot: str, text: str) -> Value:
        """``text`` as this setting's value, or ``BotSpecError`` quoting it and saying what is allowed."""
        if self.kind == "text":
            return text
        if self.kind == "word":
            if text.lower() not in self.words:
                raise BotSpecError(f"{bot}: {self.name}={text!r} is not allowed; {self.name} ({self.help}) is "
                                   f"{self.allowed()}")
            return text.lower()
        try:
            value: int | float = int(text) if self.kind == "int" else float(text)
        except ValueError:
            raise BotSpecError(f"{bot}: {self.name}={text!r} is not a number of its kind; {self.name} "
                               f"({self.help}) is {self.allowed()}") from None
        below = self.low is not None and (value <= self.low if self.above else value < self.low)
        if below or (self.high is not None and value > self.high) or not math.isfinite(value):
            raise BotSpecError(f"{bot}: {self.name}={text!r} is out of range; {self.name} ({self.help}) is "
                               f"{self.allowed()}")
        return value


BotFactory = Callable[[Game[Any], dict[str, str]], Bot]
_BOTS: dict[str, BotFactory] = {}
_ARGUMENTS: dict[str, str] = {}
_OPTIONS: dict[str, tuple[Option, ...]] = {}


def register_bot(name: str, factory: BotFactory, argument: str | None = None,
                 options: Sequence[Option] = ()) -> None:
    """Make ``name`` a bot spec taking the settings ``options`` declare (checked before ``factory`` is
    called); ``argument`` names the setting that a first part without ``=`` gives (``learned:PATH`` is
    ``learned:path=PATH``), for a bot whose one essential setting is a value."""
    _BOTS[name] = factory
    _OPTIONS[name] = tuple(options)
    if argument is not None:
        _ARGUMENTS[name] = argument


def bot_names() -> list[str]:
    """The bots a spec may name, in alphabetical order."""
    return sorted(_BOTS)


def options_of(name: str) -> dict[str, Option]:
    """The settings bot ``name`` takes, by name (``BotSpecError`` listing the bots for an unknown one)."""
    if name not in _BOTS:
        raise BotSpecError(f"unknown bot {name!r}: bots are " + ", ".join(sorted(_BOTS)))
    return {option.name: option for option in _OPTIONS[name]}


def read_settings(name: str, settings: dict[str, str]) -> dict[str, Value]:
    """The settings of a spec of bot ``name``, each read and checked against its declared ``Option``;
    ``BotSpecError`` for an unknown setting (listing those it takes) or a value out of its range."""
    return read_options(name, options_of(name).values(), settings)


def read_options(name: str, declared: Iterable[Option], settings: dict[str, str]) -> dict[str, Value]:
    """``settings`` of bot ``name`` read against the options it ``declared`` (as ``read_settings``)."""
    options = {option.name: option for option in declared}
    unknown = sorted(set(settings) - set(options))
    if unknown and not options:
        raise BotSpecError(f"bot {name!r} takes no settings, got {', '.join(unknown)}")
    if unknown:
        raise BotSpecError(f"{name}: unknown setting(s) {', '.join(unknown)}; settings are {', '.join(options)}")
    return {key: options[key].read(name, text) for key, text in settings.items()}


def work_per_iteration(name: str, settings: dict[str, Value]) -> float:
    """How many times the usual work one search iteration of bot ``name`` does with ``settings`` (the product
    of its ``work`` options; 1 when it has none)."""
    work = 1.0
    for key, option in options_of(name).items():
        if option.work and key in settings:
            work *= max(float(settings[key]), 1.0)
    return work


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``NAME[:KEY=VALUE,KEY=VALUE]`` (or ``NAME:VALUE,…`` for a bot with an argument) into the
    name and its settings."""
    name, _, rest = spec.strip().partition(":")
    name = name.lower()
    settings: dict[str, str] = {}
    for i, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        key, eq, value = part.partition("=")
        if not eq and i == 0 and name in _ARGUMENTS:
            settings[_ARGUMENTS[name]] = part
            continue
        if not eq or not key.strip():
            raise BotSpecError(f"bot spec {spec!r}: {part!r} should be KEY=VALUE")
        settings[key.strip().lower()] = finite(spec, key.strip().lower(), value.strip())
    return name, settings


def finite(spec: str, key: str, value: str) -> str:
    """``value`` unchanged, unless it reads as a number that is not finite (``nan``, ``inf``, ``1e999``):
    no bot setting means that, and such a number passes every comparison with a limit."""
    try:
        number = float(value)
    except ValueError:
        return value
    if not math.isfinite(number):
        raise BotSpecError(f"bot spec {spec!r}: {key}={value!r} is not a finite number")
    return value


def make_bot(spec: str, game: Game[Any]) -> Bot:
    """The bot named by ``spec`` for ``game``, or ``BotSpecError`` listing the known bots."""
    name, settings = parse_bot_spec(spec)
    factory = _BOTS.get(name)
    if factory is None:
        raise BotSpecError(f"unknown bot {spec!r}: bots are " + ", ".join(sorted(_BOTS)))
    read_settings(name, settings)
    return factory(game, settings)
