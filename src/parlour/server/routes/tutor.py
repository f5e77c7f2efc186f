"""The tutor at the table: a seated player's hint, and each game's lesson.

``POST /api/tables/{id}/hint?lang=fr`` answers the move the strong bot's search rates best for the seat the
token holds, searching from that seat's view alone (``hint_ms`` milliseconds, in the hints' own pool), with the
other moves it weighed, their estimated value and its error, and why (the bot's ``explain``); nothing is played.
Bounded per client and table (``max_hints_per_client``, ``max_hints_per_table``, ``hints_per_minute``) and by
``hint_queue``: beyond, 429 with ``Retry-After``.
``GET /api/lessons`` lists the games' lessons; ``POST /api/lessons?lang=fr`` opens a game's lesson (one
person against bots on the lesson's fixed deal) and seats its creator: the state messages of that seat then
carry ``lesson``, what they may do now and why.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from parlour.server.api_schemas import ErrorOut, HintIn, HintOut, JoinOut, LessonIn, LessonOut
from parlour.server.limits import client_key
from parlour.server.routes.deps import LangDep, LobbyDep

router = APIRouter(prefix="/api", tags=["tutor"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (403, 404, 409, 422, 429, 503)}


@router.post("/tables/{table_id}/hint", response_model=HintOut, responses=ERRORS)
async def hint(table_id: str, body: HintIn, request: Request, lobby: LobbyDep, lang: LangDep) -> HintOut:
    """The move the strong bot's search rates best now for the seat the token holds, from that seat's view only,
    and the other moves it weighed (up to 5, best first), each with its estimated value ± its standard error, its
    share of finished games ahead with a 95 % interval (when enough playouts finished), its playouts, and a reason;
    words in ``lang``. Only the seat to play may ask (``action/not_your_turn``, ``action/stale`` and
    ``table/finished`` otherwise); 429 with ``Retry-After`` beyond ``max_hints_per_client`` or
    ``max_hints_per_table`` hints under way, ``hints_per_minute`` a minute per client, or a full ``hint_queue``."""
    return await lobby.hint(table_id, body.token, body.version, lang, client_key(None, request.client))


@router.get("/lessons", response_model=list[LessonOut], responses=ERRORS)
async def lessons(lobby: LobbyDep, lang: LangDep) -> list[LessonOut]:
    """The games' lessons, each with its title in ``lang`` ("Learn" and the game's name): what the lobby's Learn
    panel offers."""
    return lobby.lessons(lang)


@router.post("/lessons", response_model=JoinOut, status_code=201, responses=ERRORS)
async def learn(body: LessonIn, request: Request, lobby: LobbyDep, lang: LangDep) -> JoinOut:
    """Start ``game``'s lesson: a table where you play against bots on a fixed deal, told at each turn what you
    may do and why (in ``lang``); you are seated at once, and nobody else may sit. Counted like any table you
    create (``max_open_tables_per_client``, ``table_creation_rate``)."""
    return lobby.learn(body, lang, client_key(None, request.client))
