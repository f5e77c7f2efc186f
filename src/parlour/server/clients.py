"""What the browser needs of each game, found through the registry: its client module and extra data.

A game's browser client is an ES module shipped in the game's package,
``client.js`` beside its Game class unless its parts' ``client``
(``parlour.core.parts``) names another file there; the server serves it (and
any other ``.js`` file of that folder it imports, such as a board drawing)
under ``/api/games/{name}/client/``. A game without one is played with the
generic client, ``/static/generic.js`` (its view as text and a button per
legal action).

A game whose client needs data computed from its rules has a ``layout``
part: a callable ``layout(players) -> JSON``, served at
``/api/games/{name}/layout?players=N``.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from importlib.resources import files
from typing import Any

from parlour.core.game import Game
from parlour.core.parts import parts_of

GENERIC_CLIENT = "/static/generic.js"
LAYOUT_PART = "layout"
ASSET_NAME = re.compile(r"^[A-Za-z0-9_-]{1,60}\.js$")
"""The file names a game's client folder may serve: plain ``name.js``, no path."""


def _package(cls: type[Game[Any]]) -> str:
    return cls.__module__.rpartition(".")[0] or cls.__module__


def client_file(cls: type[Game[Any]]) -> str | None:
    """The file name of ``cls``'s client module in its package, or None when it ships none."""
    name = parts_of(cls).client
    if not ASSET_NAME.match(name):
        return None
    try:
        found = files(_package(cls)).joinpath(name).is_file()
    except (ModuleNotFoundError, TypeError):
        return None
    return name if found else None


def client_url(cls: type[Game[Any]]) -> str:
    """Where the browser imports ``cls``'s client from: its own module, else the generic client."""
    name = client_file(cls)
    return f"/api/games/{cls.spec.name}/client/{name}" if name else GENERIC_CLIENT


@lru_cache(maxsize=64)
def client_asset(cls: type[Game[Any]], name: str) -> str | None:
    """The text of ``name`` (a ``.js`` file beside the game's client module), or None if there is none."""
    if not ASSET_NAME.match(name) or client_file(cls) is None:
        return None
    path = files(_package(cls)).joinpath(name)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def has_layout(cls: type[Game[Any]]) -> bool:
    return LAYOUT_PART in parts_of(cls)


def layout_url(cls: type[Game[Any]]) -> str | None:
    """Where the client fetches the game's layout (``?players=N``), if the game has one."""
    return f"/api/games/{cls.spec.name}/layout" if has_layout(cls) else None


def layout(cls: type[Game[Any]], players: int) -> Any:
    """The game's ``layout`` part for ``players`` as JSON data (a dict, a dataclass or a pydantic model)."""
    data = parts_of(cls).layout(cls)(players)
    if dataclasses.is_dataclass(data) and not isinstance(data, type):
        return dataclasses.asdict(data)
    dump = getattr(data, "model_dump", None)
    return dump() if callable(dump) else data
