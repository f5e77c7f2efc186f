"""``GET /api/games`` (games, presets, flags, bots) and ``GET /api/boards/tock/{players}`` (board layout)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from parlour.server.boards import tock_board
from parlour.server.lobby import Lobby
from parlour.server.schemas import BoardOut, GameOut

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games", response_model=list[GameOut])
async def list_games() -> list[GameOut]:
    """Every game the server can seat, with its presets (every flag's value) and flags."""
    return [GameOut.model_validate(g) for g in Lobby.games()]


@router.get("/boards/tock/{players}", response_model=BoardOut)
async def tock_board_layout(players: Annotated[int, Path(ge=2, le=8)]) -> BoardOut:
    """Where to draw every square, home, reserve and shortcut of the Tock board for ``players``."""
    return tock_board(players)
