"""The record opened with ``parlour replay FILE --open``: its JSON and its replay, step by step.

The server that ``--open`` starts holds one record (``app.state.opened_record``); the browser's replay
viewer (``/?record=opened``) steps through it exactly as through a finished table.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from parlour.core.record import GameRecord
from parlour.server.api_schemas import ErrorOut, ReplayStepOut
from parlour.server.authority import Rejected
from parlour.server.replaying import replay_step_of
from parlour.server.routes.deps import LangDep

router = APIRouter(prefix="/api/records", tags=["records"])
ERRORS: dict[int | str, dict[str, Any]] = {404: {"model": ErrorOut}}


def opened(request: Request) -> GameRecord:
    """The record this server was started to show, or a ``record/not_found`` refusal."""
    record: GameRecord | None = getattr(request.app.state, "opened_record", None)
    if record is None:
        raise Rejected("record/not_found", "this server shows no record; parlour replay FILE --open starts one "
                       "that does (finished tables replay at /?table=ID&replay=1)")
    return record


@router.get("/opened", responses=ERRORS)
async def opened_record(request: Request) -> dict[str, Any]:
    """The opened record, as ``parlour replay`` reads it."""
    return opened(request).to_dict()


@router.get("/opened/replay", response_model=ReplayStepOut, responses=ERRORS)
async def opened_replay(request: Request, lang: LangDep,
                        step: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> ReplayStepOut:
    """The opened record after ``step`` actions, every hand shown; its words in ``lang``."""
    return replay_step_of(opened(request), step, lang)
