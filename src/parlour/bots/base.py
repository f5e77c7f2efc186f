"""The Bot protocol and bot spec strings (``random``, later ``ismcts:iters=1000``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View


class Bot(Protocol):
    """A player: given its seat's view and the legal actions, it picks one."""

    name: str

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


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
