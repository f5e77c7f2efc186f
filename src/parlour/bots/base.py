"""The Bot protocol and bot spec strings (``random``, later ``ismcts:iters=1000``)."""

from __future__ import annotations

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


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``NAME[:KEY=VALUE,KEY=VALUE]`` into the name and its settings."""
    name, _, rest = spec.strip().partition(":")
    settings: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise BotSpecError(f"bot spec {spec!r}: {part!r} should be KEY=VALUE")
        settings[key.strip().lower()] = value.strip()
    return name.lower(), settings


def make_bot(spec: str, game: Game[Any]) -> Bot:
    """The bot named by ``spec`` for ``game``, or ``BotSpecError`` listing the known bots."""
    name, settings = parse_bot_spec(spec)
    factory = _BOTS.get(name)
    if factory is None:
        raise BotSpecError(f"unknown bot {spec!r}: bots are " + ", ".join(sorted(_BOTS)))
    return factory(game, settings)
