"""Rematch: ``POST /api/tables/{id}/rematch`` seats a finished table's player at the next match.

The first player to ask opens the next table (same game, rules, bots and turn timer; bots take their
seats at once; the first deal passes to the next seat on the left); everyone who asks gets the same
table, at the seat they had. The link from a table to
its rematch is kept by this process (with several processes, each may open its own).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from parlour.server.authority import Rejected
from parlour.server.routes.deps import LobbyDep
from parlour.server.schemas import ErrorOut, JoinIn, TableIn

router = APIRouter(prefix="/api/tables", tags=["tables"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (403, 404, 409, 422, 503)}


class RematchIn(BaseModel):
    token: str = Field(max_length=100, description="the asker's seat token at the finished table")


class RematchOut(BaseModel):
    table: str = Field(description="the next table's id")
    seat: int
    token: str = Field(description="the asker's seat token at the next table")


@router.post("/{table_id}/rematch", response_model=RematchOut, responses=ERRORS)
async def rematch(table_id: str, body: RematchIn, request: Request, lobby: LobbyDep) -> RematchOut:
    """Take your seat at the next match of a finished table (opening it if nobody has yet)."""
    table = lobby.get(table_id)
    seat = lobby.seat_of(table, body.token)
    if table.status != "finished":
        raise Rejected("table/not_finished", f"table {table_id!r} is still being played; a rematch starts once it ends")
    following: dict[str, str] = request.app.state.__dict__.setdefault("rematches", {})
    if table_id not in following:
        seats = [s.bot_spec or "human" for s in table.seats]
        name = table.name if table.name.endswith("+") else (table.name[:39] + "+")
        nxt = lobby.create(TableIn(game=table.game.spec.name, rules=table.game.rules.to_dict(), seats=seats,
                                   turn_seconds=table.turn_seconds, name=name),
                           dealer=(table.dealer + 1) % table.game.num_players)
        following[table_id] = nxt.id
    joined = lobby.join(following[table_id], JoinIn(name=table.names()[seat], seat=seat))
    return RematchOut(table=following[table_id], seat=seat, token=joined.token)
