"""The Bot protocol, what a bot says of its move (``explain``) and bot spec strings (``ismcts:iters=1000``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

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
    """The mean return to the seat after it, in the game's units (stakes, points)."""
    ahead: float | None = None
    """The share of its playouts in which the seat came out ahead (a return above zero)."""


@dataclass(frozen=True)
class Explanation:
    """A bot's move and why (``explain``): the move, the best other moves it weighed (best first), the
    iterations it searched (0: none) and a short reason in plain words."""

    move: Weighed
    alternatives: tuple[Weighed, ...]
    iterations: int
    reason: str
    bot: str
    """The bot's name (its full spec)."""


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


BotFactory = Callable[[Game[Any], dict[str, str]], Bot]
_BOTS: dict[str, BotFactory] = {}
_ARGUMENTS: dict[str, str] = {}


def register_bot(name: str, factory: BotFactory, argument: str | None = None) -> None:
    """Make ``name`` a bot spec; ``argument`` names the setting that a first part without ``=`` gives
    (``learned:PATH`` is ``learned:path=PATH``), for a bot whose one essential setting is a value."""
    _BOTS[name] = factory
    if argument is not None:
        _ARGUMENTS[name] = argument


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
    return factory(game, settings)
