"""Table chat over REST: ``POST /api/tables/{id}/chat`` says something, ``GET`` reads what was said since."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field, field_validator

from parlour.server.api_schemas import MAX_INT, ErrorOut, Name
from parlour.server.authority import Rejected
from parlour.server.limits import client_key
from parlour.server.routes.deps import ChatDep, LobbyDep

router = APIRouter(prefix="/api/tables", tags=["chat"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (403, 404, 422, 429)}


class ChatIn(BaseModel):
    """A message: a seated player sends their seat token; a spectator may give a name."""

    text: str = Field(max_length=1000)
    token: str | None = Field(None, max_length=100)
    name: Name | None = Field(None, description="a spectator's name (the rule of every name); blank: Spectator")

    @field_validator("name", mode="before")
    @classmethod
    def blank_is_none(cls, value: object) -> object:
        """The browser sends an empty name for a spectator who gave none."""
        return None if isinstance(value, str) and not value.strip() else value


class ChatOut(BaseModel):
    id: int
    at: float
    author: str
    text: str


@router.post("/{table_id}/chat", response_model=ChatOut, status_code=201, responses=ERRORS)
async def say(table_id: str, body: ChatIn, request: Request, lobby: LobbyDep, chat: ChatDep) -> dict[str, object]:
    """Say something at the table: as your seat's name with ``token``, else as a spectator where the table lets
    spectators chat (``spectator_chat``); nobody once the table is finished (``chat/closed``)."""
    table = lobby.get(table_id)
    if table.status == "finished":
        raise Rejected("chat/closed", f"table {table.id!r} is finished: its chat is closed (read it still)")
    client = client_key(None, request.client)
    if body.token:
        seat = lobby.seat_of(table, body.token)
        author, key = table.names()[seat], f"seat {seat}"
    elif table.spectator_chat:
        author = f"{body.name} (watching)" if body.name else "Spectator"
        key = f"watcher {client}"
    else:
        raise Rejected("chat/closed", f"at table {table.id!r} only the seated players chat: send your seat's "
                       "token (its creator may open the chat to spectators: spectator_chat)")
    return chat.say(table.id, author, key, client, body.text)


@router.get("/{table_id}/chat", response_model=list[ChatOut], responses=ERRORS)
async def read(table_id: str, lobby: LobbyDep, chat: ChatDep,
               after: Annotated[int, Query(ge=0, le=MAX_INT)] = 0) -> list[dict[str, object]]:
    """The table's messages after ``after`` (a message id), oldest first."""
    return chat.read(lobby.get(table_id).id, after)
