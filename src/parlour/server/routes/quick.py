""""Play now": ``POST /api/quick`` (see ``quick`` and ``matchmaking``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from parlour.server.limits import client_key
from parlour.server.matchmaking import Matchmaker
from parlour.server.routes.deps import MaybeSignedIn
from parlour.server.schemas import ErrorOut, QuickIn, QuickOut

router = APIRouter(tags=["quick"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (401, 403, 404, 422, 429, 503)}


@router.post("/api/quick", response_model=QuickOut, responses=ERRORS)
async def play_now(body: QuickIn, account: MaybeSignedIn, request: Request) -> QuickOut:
    """A seat at a quick game: with the other people asking for the same game and variant (and ratedness) within
    ``quick_wait_seconds``, else against bots of your level (the answer comes then). Signed in, the seat is the
    account's; a rated game needs an account."""
    matchmaker: Matchmaker = request.app.state.matchmaker
    return await matchmaker.play_now(body, account, client_key(None, request.client))
