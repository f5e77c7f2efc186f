"""``GET /api/games`` (games, presets, flags, bots, client module) and what each game's client fetches.

Every game comes from the registry: ``/api/games/{name}/client/{file}`` serves
the game's own browser module (``clients``), ``/api/games/{name}/layout``
its ``layout`` part (e.g. a board drawn for a table size). Nothing here
names a game.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import JSONResponse, Response

from parlour.core.errors import ParlourError
from parlour.core.game import Game
from parlour.core.registry import game_class
from parlour.server.api_schemas import GameOut
from parlour.server.authority import Rejected, quote
from parlour.server.clients import client_asset, has_layout, layout
from parlour.server.routes.deps import LobbyDep

router = APIRouter(prefix="/api", tags=["games"])
GameName = Annotated[str, Path(max_length=40)]


def find(name: str) -> type[Game[Any]]:
    try:
        return game_class(name)
    except ParlourError as e:
        raise Rejected("game/not_found", str(e)) from None


@router.get("/games", response_model=list[GameOut])
async def list_games(lobby: LobbyDep) -> list[GameOut]:
    """Every game the server can seat, with its presets (every flag's value), flags, the bots this server
    allows at it and its client module."""
    return [GameOut.model_validate(g) for g in lobby.games()]


@router.get("/games/{name}/client/{file}", response_class=Response)
async def game_client(name: GameName, file: Annotated[str, Path(max_length=80)]) -> Response:
    """A JavaScript module of the game's browser client (``GameOut.client`` is its entry point)."""
    text = client_asset(find(name), file)
    if text is None:
        raise Rejected("game/not_found", f"game {name!r} has no client file {quote(file, 80)}")
    return Response(text, media_type="text/javascript", headers={"cache-control": "no-cache"})


@router.get("/games/{name}/layout")
async def game_layout(name: GameName, players: Annotated[int, Query(ge=1, le=64)]) -> JSONResponse:
    """The game's layout for a table of ``players`` (its ``layout`` part: e.g. where to draw a board)."""
    cls = find(name)
    if not has_layout(cls):
        raise Rejected("game/not_found", f"game {name!r} has no layout")
    spec = cls.spec
    if not spec.min_players <= players <= spec.max_players:
        raise Rejected("request/invalid", f"{spec.title} is played by {spec.min_players} to "
                       f"{spec.max_players} players, not {players}")
    return JSONResponse(layout(cls, players))
