"""Games by name: ``load_game("tonk:classic?jokers=2&hand_size=7")``.

A spec string is ``NAME[:PRESET][?FLAG=VALUE&...]``; keyword arguments add
or override flags (``load_game("tonk", preset="texas", players=3)``). Games
register themselves when ``parlour.games`` is imported, which ``load_game``
does on first use, so the core never names a game.
"""

from __future__ import annotations

import importlib
from typing import Any
from urllib.parse import parse_qsl

from parlour.core.errors import RulesError
from parlour.core.game import Game

_GAMES: dict[str, type[Game[Any]]] = {}
_BUILTIN_PACKAGE = "parlour.games"


def register(game_class: type[Game[Any]]) -> type[Game[Any]]:
    """Make ``game_class`` loadable by its spec name (usable as a class decorator)."""
    _GAMES[game_class.spec.name] = game_class
    return game_class


def game_classes() -> dict[str, type[Game[Any]]]:
    """Every registered game, by name."""
    importlib.import_module(_BUILTIN_PACKAGE)
    return dict(_GAMES)


def parse_spec(spec: str) -> tuple[str, str | None, dict[str, str]]:
    """Split ``NAME[:PRESET][?FLAG=VALUE&...]`` into its three parts."""
    text = spec.strip()
    head, _, query = text.partition("?")
    name, _, preset = head.partition(":")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise RulesError(
            f"cannot read the flags of {spec!r}: write NAME[:PRESET][?FLAG=VALUE&FLAG=VALUE]"
        ) from None
    flags: dict[str, str] = {}
    for key, value in pairs:
        if key in flags:
            raise RulesError(f"flag {key!r} is given twice in {spec!r}")
        flags[key] = value
    return name.strip().lower(), (preset.strip().lower() or None), flags


def load_game(spec: str, preset: str | None = None, **flags: Any) -> Game[Any]:
    """The game named by ``spec``, with its preset and flags applied and checked."""
    name, spec_preset, spec_flags = parse_spec(spec)
    games = game_classes()
    game_class = games.get(name)
    if game_class is None:
        raise RulesError(f"unknown game {name!r} in {spec!r}: games are " + ", ".join(sorted(games)))
    if preset and spec_preset and preset.lower() != spec_preset:
        raise RulesError(f"{spec!r} names preset {spec_preset!r} but preset={preset!r} was given")
    rules = game_class.rules_type.build(preset or spec_preset, **{**spec_flags, **flags})
    return game_class(rules)
