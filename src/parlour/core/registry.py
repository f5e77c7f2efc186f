"""Games by name: ``load_game("tonk:classic?jokers=2&hand_size=7")``.

A spec string is ``NAME[:PRESET][?FLAG=VALUE&...]``; keyword arguments add
or override flags (``load_game("tonk", preset="texas", players=3)``). Games
are plug-ins: every installed distribution may declare ``Game`` classes in
the ``parlour.games`` entry-point group (parlour's own three are declared in
its ``pyproject.toml``), so neither the core nor any front end names a game.
A game whose entry point fails to load is left out and remembered with its
error (``broken_games``), so that one broken plug-in does not hide the others;
asking for it by name raises that error as a ``RulesError``.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any
from urllib.parse import parse_qsl

from parlour.core.errors import RecordError, RulesError
from parlour.core.game import Game

ENTRY_POINT_GROUP = "parlour.games"

_GAMES: dict[str, type[Game[Any]]] = {}
_BROKEN: dict[str, str] = {}
_LOADED: list[bool] = []


def game_classes() -> dict[str, type[Game[Any]]]:
    """Every installed game, by name, read from the entry points on first use."""
    if not _LOADED:
        refresh()
    return dict(_GAMES)


def broken_games() -> dict[str, str]:
    """The installed games whose entry point failed to load, by name, with the reason."""
    game_classes()
    return dict(_BROKEN)


def refresh() -> None:
    """Read the ``parlour.games`` entry points again (after installing a game at run time)."""
    found: dict[str, type[Game[Any]]] = {}
    broken: dict[str, str] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            game_class = point.load()
        except Exception as e:  # a broken plug-in must not hide the other games
            broken[point.name] = f"entry point {point.name!r} = {point.value!r} cannot be loaded: " \
                                 f"{type(e).__name__}: {e}"
            continue
        if not (isinstance(game_class, type) and issubclass(game_class, Game)):
            broken[point.name] = f"entry point {point.name!r} = {point.value!r} is not a parlour Game class"
        elif game_class.spec.name != point.name:
            broken[point.name] = (f"entry point {point.name!r} loads game {game_class.spec.name!r}: "
                                  "the two names must agree")
        else:
            found[point.name] = game_class
    _GAMES.clear()
    _GAMES.update(found)
    _BROKEN.clear()
    _BROKEN.update({name: why for name, why in broken.items() if name not in found})
    _LOADED[:] = [True]


def _unknown(name: str, where: str = "") -> RulesError:
    """The error for a game name that is not installed (or whose plug-in is broken)."""
    why = _BROKEN.get(name)
    if why is not None:
        return RulesError(f"game {name!r} is installed but broken: {why}")
    return RulesError(f"unknown game {name!r}{where}: games are " + ", ".join(sorted(_GAMES)))


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
        raise _unknown(name.strip().lower())
    return found


def load_game(spec: str, preset: str | None = None, **flags: Any) -> Game[Any]:
    """The game named by ``spec``, with its preset and flags applied and checked."""
    name, spec_preset, spec_flags = parse_spec(spec)
    games = game_classes()
    found = games.get(name)
    if found is None:
        raise _unknown(name, f" in {spec!r}")
    if preset and spec_preset and preset.lower() != spec_preset:
        raise RulesError(f"{spec!r} names preset {spec_preset!r} but preset={preset!r} was given")
    rules = found.rules_type.build(preset or spec_preset, **{**spec_flags, **flags})
    return found(rules)


def load_state(data: Any) -> Any:
    """The state ``State.to_json`` wrote, its game and rules read from ``data`` itself."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or not isinstance(data.get("rules"), dict):
        raise RecordError(f"a state is an object with 'game' and 'rules', got {data!r:.80}")
    return load_game(data["game"], **data["rules"]).state_from_json(data)
