"""``create_app(settings)``: the FastAPI app with its lobby, restored from storage on start.

On start every unfinished table is rebuilt by replaying its stored actions and
its bots are set going (with a Redis URL, as one of several processes: see
``peers``); on stop pending bot moves are cancelled and the database closed.
Refusals are JSON ``{"type": "error", "code", "message"}`` with an HTTP status by
code (an action the rules refuse adds the game's ``refusal`` code and its ``params``, its message the rule in the
request's ``lang``); the browser client is served from ``static/``. For the operator: ``/healthz`` here, and
``/readyz`` (``probes``), ``/metrics`` (``metrics``) and ``/healthz`` again in an app of their own
(``app.state.ops``, see ``ops``), served on a listener apart, never on the public port.
"""

from __future__ import annotations

import gc
import logging
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache
from html import escape
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from parlour.core.i18n import LANGUAGES, SOURCE_LANGUAGE, gettext, negotiate
from parlour.server.accounts import COOKIE, Accounts
from parlour.server.authority import Rejected, TableAuthority, quote
from parlour.server.chat import Chat
from parlour.server.csrf import CsrfGuard
from parlour.server.limits import BodyLimit
from parlour.server.lobby import Lobby
from parlour.server.mail import Mailer
from parlour.server.masking import mask_logs
from parlour.server.matchmaking import Matchmaker
from parlour.server.metrics import Metrics, RequestMetrics
from parlour.server.ops import Listeners, ops_app
from parlour.server.peers import LocalPeer, Peer
from parlour.server.probes import Probes
from parlour.server.profiles import Profiles
from parlour.server.quick import quick_queues
from parlour.server.ratings import Ratings
from parlour.server.routes import (
    accounts,
    chat,
    games,
    i18n,
    manual,
    play,
    players,
    quick,
    records,
    rematch,
    tables,
    tutor,
)
from parlour.server.settings import Settings
from parlour.server.storage import Storage, StorageUnavailable

log = logging.getLogger("parlour.server")
STATIC = Path(__file__).parent / "static"
STATUS = {
    "auth/bad_token": 403, "table/not_found": 404, "game/not_found": 404, "table/full": 409, "table/finished": 409,
    "table/not_finished": 409, "action/illegal": 409, "action/invalid": 422, "action/game_over": 409,
    "action/not_your_turn": 409, "action/stale": 409, "request/too_large": 413, "request/too_many": 429,
    "request/invalid": 422, "table/too_many": 503, "storage_unavailable": 503, "record/not_found": 404,
    "chat/too_fast": 429, "table/expired": 410, "service/not_ready": 503, "table/reserved": 409,
    "table/lesson": 409, "bot/invalid": 422, "bot/over_budget": 422, "bot/not_offered": 422,
    "chat/closed": 403, "auth/login_failed": 401, "auth/no_session": 401, "auth/csrf": 403,
    "auth/wrong_password": 403, "account/name_taken": 409, "table/rated": 403, "player/not_found": 404,
    "quick/stopped": 409,
}
LANGUAGE_COOKIE = "parlour_lang"
"""The language chosen with the page's switch (``i18n.js`` sets it beside its own memory of the choice): the page
is served in it, so that what shows before the script runs is in the reader's language too."""


@lru_cache(maxsize=len(LANGUAGES))
def index_page(lang: str) -> str:
    """The page in ``lang``: its ``lang`` attribute and the words it shows while its script loads."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    loading = escape(gettext("Loading…", lang))
    return text.replace('<html lang="en">', f'<html lang="{lang}">').replace("<p>Loading…</p>", f"<p>{loading}</p>")


HTTP_CODES = {404: "request/not_found", 405: "request/method_not_allowed", 413: "request/too_large"}
"""Codes for refusals made by the HTTP layer itself (an unknown path, a wrong method, a body too large)."""


def error_response(code: str, message: str, retry_after: float | None = None,
                   status: int | None = None) -> JSONResponse:
    """A REST refusal in the one envelope every error uses: ``{"error": {"code": …, "message": …}}``."""
    headers = {"Retry-After": str(max(1, math.ceil(retry_after)))} if retry_after is not None else None
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status or STATUS.get(code, 400),
                        headers=headers)


GC_THRESHOLDS = (20_000, 20, 50)
"""Fewer, later collections than Python's default (700, 10, 10): the server allocates many short-lived
views, and full collections over everything loaded at start (frozen after start) made the slowest
round trips several times slower under load."""


def choose_peer(settings: Settings, storage: Storage) -> Peer:
    """The peers of this process: through Redis with a Redis URL (``ClusterError`` when that cannot work),
    else none."""
    if settings.redis_url is None:
        return LocalPeer()
    from parlour.server.peers.redis_peer import RedisPeer  # Redis's client loads only when used

    return RedisPeer(settings, storage)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server for ``settings`` (defaults: ``Settings()``, i.e. environment and ``parlour.db``)."""
    settings = settings or Settings()
    for logger in (log, logging.getLogger("uvicorn.error")):
        mask_logs(logger)
    metrics = Metrics()
    storage = Storage(settings.db_url, metrics=metrics)
    peer = choose_peer(settings, storage)
    lobby = Lobby(settings, storage, peer, metrics)
    lobby.restore()
    metrics.watch(lambda: [(t.game.spec.name, t.status) for t in list(lobby.tables.values())],
                  lambda: [kept.game for kept in list(lobby.unrestored.values())])
    metrics.watch_peer(lambda: peer.reachable, lambda: peer.dropped)
    probes = Probes(storage, settings.redis_url, metrics, settings.probe_seconds)

    @asynccontextmanager
    async def lifespan(running: FastAPI) -> AsyncIterator[None]:
        await peer.start(lobby)
        lobby.start()
        running.state.ratings.catch_up(storage.tables, lobby.get)
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        yield
        await lobby.stop()
        await mailer.close()
        lobby.writer.close()
        await peer.close()
        await running.state.probes.close()
        metrics.close()

    app = FastAPI(title="parlour", description="Card games at tables in the browser.",
                  version="0.1.0", lifespan=lifespan)
    app.state.lobby = lobby
    app.state.settings = settings
    app.state.probes = probes
    app.state.metrics = metrics
    app.state.peer = peer
    app.state.accounts = Accounts(storage.engine, storage.account_tables, storage.seats, settings, lobby.quota,
                                  storage.rating_tables)
    app.state.ratings = Ratings(storage.engine, storage.rating_tables, storage.account_tables[2])
    lobby.on_finish.append(app.state.ratings.table_finished)
    app.state.mailer = mailer = Mailer(settings)

    def tell_turn(table: TableAuthority) -> None:
        """E-mail the account whose turn now waits at a turn-based table, if it asked to be told."""
        seat = table.to_play
        found = None if seat is None or not mailer.enabled else app.state.accounts.waiting_for(table.id, seat)
        if found is not None:
            mailer.turn(found[0], found[1], table.name, table.id, found[2])

    lobby.on_turn.append(tell_turn)
    app.state.matchmaker = Matchmaker(lobby, app.state.accounts, app.state.ratings,
                                      quick_queues(settings.redis_url, settings.redis_channel))
    app.state.profiles = Profiles(storage.engine, storage.account_tables[0], storage.account_tables[2],
                                  storage.tables, app.state.ratings)
    app.state.chat = Chat(storage.engine, storage.chat, settings.chat_burst, settings.chat_window,
                          lobby.quota, settings.chat_client_burst)

    @app.exception_handler(Rejected)
    async def rejected(request: Request, exc: Rejected) -> JSONResponse:
        response = error_response(exc.code, exc.message, exc.retry_after)
        if exc.refusal is not None:  # an action the rules refuse: the rule in the reader's words, code and params
            lang = request.query_params.get("lang", SOURCE_LANGUAGE)
            response = JSONResponse({"error": {
                "code": exc.code, "message": exc.worded(lang if lang in LANGUAGES else SOURCE_LANGUAGE),
                "refusal": exc.refusal.code, "params": exc.params}}, status_code=STATUS.get(exc.code, 400))
        if exc.code == "auth/no_session" and COOKIE in request.cookies:
            # a session ended elsewhere (signed out everywhere, password changed): its cookie goes too, so that
            # this browser's changes are no longer asked for a token it can never get
            response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return response

    @app.exception_handler(StorageUnavailable)
    async def unavailable(_request: Request, exc: StorageUnavailable) -> JSONResponse:
        log.error("%s", exc)
        return error_response("storage_unavailable", f"{exc}; try again shortly", settings.storage_retry_after)

    @app.exception_handler(StarletteHTTPException)
    async def http_refusal(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "request/invalid")
        return error_response(code, str(exc.detail), status=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or "request"
        given = f" (got {quote(first['input'], 80)})" if "input" in first else ""
        return error_response("request/invalid", f"{where}: {first.get('msg', 'invalid')}{given}")

    app.add_middleware(CsrfGuard)
    app.add_middleware(BodyLimit, settings=settings)
    app.add_middleware(RequestMetrics, metrics=metrics, routes=app)

    app.include_router(accounts.router)
    app.include_router(players.router)
    app.include_router(quick.router)
    app.include_router(games.router)
    app.include_router(tables.router)
    app.include_router(play.router)
    app.include_router(manual.router)
    app.include_router(i18n.router)
    app.include_router(records.router)
    app.include_router(chat.router)
    app.include_router(rematch.router)
    app.include_router(tutor.router)

    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        """The page, in the language chosen with its switch (a cookie), else the one the browser prefers."""
        chosen = request.cookies.get(LANGUAGE_COOKIE, "")
        lang = chosen if chosen in LANGUAGES else negotiate(request.headers.get("accept-language"))
        return HTMLResponse(index_page(lang), headers={"vary": "accept-language, cookie"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        """Alive: the process answers (nothing else is asked)."""
        return {"status": "ok"}

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.state.ops = ops_app(app)
    return app


def served_app() -> ASGIApp:
    """What each worker of ``parlour serve --workers N`` serves (uvicorn's factory, settings from the
    environment): the public app, and with ``ops_listener`` the operator's on ``ops_port`` (the port the
    supervising process bound, passed in the environment) beside it (``ops.Listeners``)."""
    app = create_app()
    settings: Settings = app.state.settings
    return Listeners(app, settings.ops_port) if settings.ops_listener else app
