"""Players' pages: ``GET /api/players/{name}`` (see ``profiles``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from parlour.server.api_schemas import NAME_LENGTH, ErrorOut, PlayerOut
from parlour.server.profiles import Profiles
from parlour.server.routes.deps import LangDep

router = APIRouter(tags=["players"])


@router.get("/api/players/{name}", response_model=PlayerOut, responses={404: {"model": ErrorOut}})
def player(name: Annotated[str, Path(min_length=1, max_length=NAME_LENGTH)], request: Request,
           lang: LangDep) -> dict[str, Any]:
    """A player's page: rating per game with its history, games per game and variant with their results, latest
    tables, each game's rules in words of ``lang``. The name is found whatever its case and accents (404
    ``player/not_found`` otherwise).

    A plain function, so FastAPI runs it on its thread pool: it reads storage only, never a table in memory, and
    the event loop goes on meanwhile."""
    profiles: Profiles = request.app.state.profiles
    return profiles.page(name, lang)
