""""Play now": ``POST /api/quick`` (see ``quick`` and ``matchmaking``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from parlour.server.api_schemas import ErrorOut, QuickIn, QuickOut
from parlour.server.authority import Rejected
from parlour.server.limits import client_key
from parlour.server.matchmaking import Matchmaker
from parlour.server.routes.deps import MaybeSignedIn

router = APIRouter(tags=["quick"])
STOP_RATE = 1.0
STOP_BURST = 10
"""How often one client may stop waiting (each stop is kept a while in Redis)."""
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (401, 403, 404, 422, 429, 503)}


@router.post("/api/quick", response_model=QuickOut, responses=ERRORS)
async def play_now(body: QuickIn, account: MaybeSignedIn, request: Request) -> QuickOut:
    """A seat at a quick game: with the other people asking for the same game and variant (and ratedness) within
    ``quick_wait_seconds``, else against bots of your level (the answer comes then). Signed in, the seat is the
    account's; a rated game needs an account."""
    matchmaker: Matchmaker = request.app.state.matchmaker
    return await matchmaker.play_now(body, account, client_key(None, request.client))


@router.delete("/api/quick/{ticket}", status_code=204, responses=ERRORS)
async def stop_waiting(ticket: Annotated[str, Path(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")],
                       request: Request) -> None:
    """Stop waiting: the request made with this ``ticket`` (on any process) is answered 409 ``quick/stopped`` and
    nobody is seated, unless a table had just taken it. An unknown ticket changes nothing."""
    matchmaker: Matchmaker = request.app.state.matchmaker
    client = client_key(None, request.client)
    wait = matchmaker.lobby.quota.take(f"quick-stop:{client}", STOP_RATE, STOP_BURST)
    if wait > 0:
        raise Rejected("request/too_many", f"stop waiting at most {STOP_BURST} times at once, then {STOP_RATE:g} a "
                       f"second; try again in {wait:.0f} s", wait)
    matchmaker.stop(ticket)
