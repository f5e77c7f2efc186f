"""Rematch: ``POST /api/tables/{id}/rematch`` seats a finished table's player at the next match.

The first player to ask opens the next table (same game, rules, bots and turn timer; bots take their
seats at once; the first deal passes to the next seat on the left); everyone who asks gets the same
table, at the seat they had. It is all in storage, so every process finds the same next table:

* the link: the next table's ``rematch_of`` names the finished one, unique in the database, so two
  processes opening it at once store one table (the other's insert fails and it takes the stored one);
* the seats: each person's seat at the next table is kept for the holder of their seat token at the
  finished one (its hash, already stored, is the seat's ``reserved_hash``) until they come or
  ``rematch_hold_seconds`` pass: the lobby shows it ``reserved``, a stranger's join is ``table/reserved``
  (409) meanwhile, and anyone may take it after;
* the token: the new seat token is derived one-way from the old one and the next table's id
  (``lobby.rematch_token``), so asking again, on any process, gives the same working token and seat,
  and nothing but its hash is stored. An account asking for its own seat gets its account's token at the next
  table instead (the same on every browser), and the seat is listed in its "My tables".
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from parlour.server.api_schemas import ErrorOut
from parlour.server.limits import client_key
from parlour.server.routes.deps import AccountsDep, LobbyDep, MaybeSignedIn

router = APIRouter(prefix="/api/tables", tags=["tables"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (403, 404, 409, 422, 429, 503)}


class RematchIn(BaseModel):
    token: str = Field(max_length=100, description="the asker's seat token at the finished table")


class RematchOut(BaseModel):
    table: str = Field(description="the next table's id")
    seat: int
    token: str = Field(description="the asker's seat token at the next table (the same each time they ask)")


@router.post("/{table_id}/rematch", response_model=RematchOut, responses=ERRORS)
async def rematch(table_id: str, body: RematchIn, request: Request, lobby: LobbyDep, account: MaybeSignedIn,
                  accounts: AccountsDep) -> RematchOut:
    """Take your seat at the next match of a finished table (opening it if nobody has yet)."""
    owner = account if account is not None and body.token == account.seat_token(table_id) else None
    joined = lobby.rematch(table_id, body.token, client_key(None, request.client),
                           derive=None if owner is None else owner.seat_token)
    if owner is not None:
        accounts.hold(owner, joined.table, joined.seat)
    return RematchOut(table=joined.table, seat=joined.seat, token=joined.token)
