"""Games by name: ``load_game("tonk:classic?jokers=2&hand_size=7")``.

A spec string is ``NAME[:PRESET][?FLAG=VALUE&...]``; keyword arguments add
or override flags (``load_game("tonk", preset="texas", players=3)``). Games
are plug-ins: every installed distribution may declare ``Game`` classes in
the ``parlour.games`` entry-point group (parlour's own three are declared in
its ``pyproject.toml``), so neither the core nor any front end names a game.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any
from urllib.parse import parse_qsl

from parlour.core.errors import RecordError, RulesError
from parlour.core.game import Game

ENTRY_POINT_GROUP = "parlour.games"

_GAMES: dict[str, type[Game[Any]]] = {}


def game_classes() -> dict[str, type[Game[Any]]]:
    """Every installed game, by name, read from the entry points on first use."""
    if not _GAMES:
        refresh()
    return dict(_GAMES)


def refresh() -> None:
    """Read the ``parlour.games`` entry points again (after installing a game at run time)."""
    found: dict[str, type[Game[Any]]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        game_class = point.load()
        if not (isinstance(game_class, type) and issubclass(game_class, Game)):
            raise RulesError(f"entry point {point.name!r} = {point.value!r} is not a parlour Game class")
        if game_class.spec.name != point.name:
            raise RulesError(f"entry point {point.name!r} loads game {game_class.spec.name!r}: "
                             "the two names must agree")
        found[point.name] = game_class
    _GAMES.clear()
    _GAMES.update(found)


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


def game_class(name: str) -> type[Game[Any]]:
    """The installed game called ``name``, or ``RulesError`` listing the games there are."""
    games = game_classes()
    found = games.get(name.strip().lower())
    if found is None:
        raise RulesError(f"unknown game {name!r}: games are " + ", ".join(sorted(games)))
    return found


def load_game(spec: str, preset: str | None = None, **flags: Any) -> Game[Any]:
    """The game named by ``spec``, with its preset and flags applied and checked."""
    name, spec_preset, spec_flags = parse_spec(spec)
    games = game_classes()
    found = games.get(name)
    if found is None:
        raise RulesError(f"unknown game {name!r} in {spec!r}: games are " + ", ".join(sorted(games)))
    if preset and spec_preset and preset.lower() != spec_preset:
        raise RulesError(f"{spec!r} names preset {spec_preset!r} but preset={preset!r} was given")
    rules = found.rules_type.build(preset or spec_preset, **{**spec_flags, **flags})
    return found(rules)


def load_state(data: Any) -> Any:
    """The state ``State.to_json`` wrote, its game and rules read from ``data`` itself."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or not isinstance(data.get("rules"), dict):
        raise RecordError(f"a state is an object with 'game' and 'rules', got {data!r:.80}")
    return load_game(data["game"], **data["rules"]).state_from_json(data)
