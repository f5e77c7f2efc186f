"""The lobby's tables: create, list, look at, join, play over REST, and replay finished ones.

Handlers are ``async`` so they run on the event loop with the WebSocket
handlers and bot tasks: a table is only ever touched from that one thread.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from parlour.server.api_schemas import (
    AcceptedOut,
    ActionIn,
    CheckOut,
    ErrorOut,
    JoinIn,
    JoinOut,
    ReplayStepOut,
    StateOut,
    TableIn,
    TableOut,
)
from parlour.server.authority import Rejected
from parlour.server.limits import client_key
from parlour.server.messages import seat_names
from parlour.server.replaying import replay_step_of
from parlour.server.routes.deps import AccountsDep, LangDep, LobbyDep, MaybeSignedIn

router = APIRouter(prefix="/api/tables", tags=["tables"])
CURSOR = r"^[0-9]+(\.[0-9]+)?:[0-9a-f]{1,32}$"
"""A lobby page's cursor: the creation time and id of the last table shown."""
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (403, 404, 409, 413, 422, 429, 503)
}


@router.post("", response_model=TableOut, status_code=201, responses=ERRORS)
async def create_table(body: TableIn, lobby: LobbyDep, request: Request, lang: LangDep,
                       account: MaybeSignedIn) -> dict[str, Any]:
    """Open a table: game, preset, flags, and per seat ``human`` or a bot spec.

    Each client (by address) may have ``max_open_tables_per_client`` unfinished tables and create them at
    ``table_creation_rate``; beyond, 429 with ``Retry-After``. Bot specs may ask at most ``max_bot_iters``
    iterations or ``max_bot_ms`` milliseconds a move. A rated table is opened by a signed-in account.
    """
    if body.rated and account is None:
        raise Rejected("auth/no_session", "a rated table is opened by a signed-in account: sign in, or open a "
                       "casual table")
    return lobby.messages.summary(lobby.create(body, client_key(None, request.client)), lang)


@router.get("", response_model=list[TableOut], responses=ERRORS)
async def list_tables(lobby: LobbyDep, response: Response, lang: LangDep,
                      limit: Annotated[int | None, Query(ge=1, le=500)] = None,
                      cursor: Annotated[str | None, Query(max_length=80, pattern=CURSOR)] = None,
                      ) -> list[dict[str, Any]]:
    """The open tables and those finished lately, newest first, ``limit`` at a time (``lobby_page`` by default).

    When more follow, the ``Link`` header (``rel="next"``) and ``X-Next-Cursor`` give the ``cursor`` of the
    next page.
    """
    page = limit or lobby.settings.lobby_page
    ordered = sorted(lobby.tables.values(), key=lambda t: (t.created, t.id), reverse=True)
    if cursor is not None:
        created, _, after = cursor.partition(":")
        mark = (float(created), after)
        ordered = [t for t in ordered if (t.created, t.id) < mark]
    shown = ordered[:page]
    if len(ordered) > page:
        last = shown[-1]
        following = f"{last.created!r}:{last.id}"
        response.headers["X-Next-Cursor"] = following
        response.headers["Link"] = f'</api/tables?limit={page}&cursor={following}>; rel="next"'
    return [lobby.messages.summary(t, lang) for t in shown]


@router.get("/{table_id}", response_model=StateOut, responses=ERRORS)
async def show_table(table_id: str, lobby: LobbyDep, lang: LangDep,
                     token: Annotated[str | None, Query(max_length=100)] = None) -> dict[str, Any]:
    """The table and the public (spectator's) view, or with ``token`` that seat's view and legal actions; their
    words in ``lang``."""
    table = lobby.get(table_id)
    return lobby.messages.state_message(table, lobby.seat_of(table, token) if token else None, lang)


@router.post("/{table_id}/join", response_model=JoinOut, responses=ERRORS)
async def join_table(table_id: str, body: JoinIn, lobby: LobbyDep, account: MaybeSignedIn,
                     accounts: AccountsDep) -> JoinOut:
    """Take a free human seat; the token returned plays it and reclaims it after a disconnect.

    Signed in, the seat is the account's, under its name: its token is the account's own for this table (the
    same on every browser it signs in on, listed by ``GET /api/account/tables``), and asking again gives the
    seat it holds already."""
    if account is None:
        if lobby.get(table_id).rated:
            raise Rejected("table/rated", f"table {table_id!r} is rated: it seats signed-in accounts only; sign in "
                           "(or open an account) to play, or watch")
        return lobby.join(table_id, body)
    token = account.seat_token(table_id)
    try:
        seat = lobby.seat_of(lobby.get(table_id), token)  # held already: the same seat
    except Rejected as e:
        if e.code != "auth/bad_token":
            raise
        seat = lobby.join(table_id, JoinIn(name=account.name, seat=body.seat), token).seat
    accounts.hold(account, table_id, seat)
    return JoinOut(table=table_id, seat=seat, token=token)


@router.post("/{table_id}/actions", response_model=AcceptedOut, responses=ERRORS)
async def play_action(table_id: str, body: ActionIn, lobby: LobbyDep) -> AcceptedOut:
    """Play for the seat the token holds, on the state version the action was chosen on."""
    table, canonical = await lobby.play_with_token(table_id, body.token, body.version, body.action)
    return AcceptedOut(version=table.version, action=canonical)


@router.post("/{table_id}/check", response_model=CheckOut, responses=ERRORS)
async def check_action(table_id: str, body: ActionIn, lobby: LobbyDep, lang: LangDep) -> CheckOut:
    """Would ``action`` be played for the seat the token holds? Nothing is played: the answer says whether it is
    legal and, if not, the rules' reason in ``lang`` (a selection in the browser that fits no move is explained
    this way). A turn not the seat's, or a stale version, is refused as playing it would be."""
    return lobby.check(table_id, body.token, body.version, body.action, lang)


@router.get("/{table_id}/record", responses=ERRORS)
async def table_record(table_id: str, lobby: LobbyDep) -> dict[str, Any]:
    """A finished game's record, exactly the JSON ``parlour replay`` reads: rules, seed, players, actions."""
    table = lobby.get(table_id)
    if table.status != "finished":
        raise Rejected("table/not_finished", f"table {table_id!r} is still being played; its record would "
                       "reveal hidden cards")
    return table.record().to_dict()


@router.get("/{table_id}/replay", response_model=ReplayStepOut, responses=ERRORS)
async def replay_step(table_id: str, lobby: LobbyDep, lang: LangDep,
                      step: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> ReplayStepOut:
    """A finished game after ``step`` actions, every hand shown: move-by-move replay, its words in ``lang``."""
    table = lobby.get(table_id)
    if table.status != "finished":
        raise Rejected("table/not_finished", f"table {table_id!r} is still being played; replay it once it ends")
    return replay_step_of(table.record(), step, lang, seat_names(table, lang))
