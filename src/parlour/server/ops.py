"""The operator's endpoints, apart from the public ones: ``/metrics`` and ``/readyz`` (and ``/healthz`` too) on
a listener of their own (``ops_host``:``ops_port``), never on the public port.

``create_app`` builds them as a small app of their own (``ops_app``) beside the public one, sharing its lobby,
probes and metrics; the public app has no such routes (404), only ``/healthz``. ``parlour serve`` binds both
ports and serves them with one uvicorn server on one event loop (one server, so one set of signal handlers and
one shutdown): ``Listeners`` hands each connection to the app of the port it arrived on, the local port of its
socket (``scope["server"]``), which no client chooses. With ``--workers N`` the supervising process binds both
ports, once, and every worker serves both sockets, as uvicorn shares the public one: a scrape reaches any
worker, which reports the whole service through the workers' shared metrics folder, and ``/readyz`` is that
worker's answer.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from parlour.server.authority import quote
from parlour.server.metrics import CONTENT_TYPE

NOT_READY = 503
OPS_PATHS = ("/healthz", "/readyz", "/metrics")


def ops_app(public: FastAPI) -> Starlette:
    """The operator's endpoints of the app ``public`` (read from its state when asked, so a test may replace its
    probes):

    * ``/healthz``: the process answers;
    * ``/readyz``: 200 ``{"status": "ready"}``, else 503 naming which dependency is down and only that
      (``Probes.problems``; the details are logged), with the count of stored tables that could not be
      rebuilt under ``unrestored`` when there are any (their ids, names and why are in the log);
    * ``/metrics``: Prometheus's text format (``Metrics``).
    """

    async def healthz(_request: Request) -> JSONResponse:
        """Alive: the process answers (nothing else is asked)."""
        return JSONResponse({"status": "ok"})

    async def readyz(_request: Request) -> JSONResponse:
        """Ready: storage answers ``SELECT 1`` and Redis (if used) ``PING``, each within ``probe_seconds``."""
        down = await public.state.probes.problems()
        unrestored = len(public.state.lobby.unrestored)
        extra: dict[str, Any] = {"unrestored": unrestored} if unrestored else {}
        if not down:
            return JSONResponse({"status": "ready", **extra})
        message = "not ready: " + "; ".join(f"{name}: {why}" for name, why in down.items())
        return JSONResponse({"error": {"code": "service/not_ready", "message": message}, "down": down, **extra},
                            status_code=NOT_READY)

    async def metrics(_request: Request) -> Response:
        """The metrics in Prometheus's text format."""
        return Response(public.state.metrics.exposition(), media_type=CONTENT_TYPE)

    async def refused(request: Request, exc: Exception) -> JSONResponse:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        code = {404: "request/not_found", 405: "request/method_not_allowed"}.get(status, "request/invalid")
        return JSONResponse({"error": {"code": code, "message": f"{request.method} {quote(request.url.path, 80)}: "
                                       f"this listener answers GET {', '.join(OPS_PATHS)} only"}},
                            status_code=status)

    return Starlette(routes=[Route("/healthz", healthz), Route("/readyz", readyz), Route("/metrics", metrics)],
                     exception_handlers={HTTPException: refused})


class Listeners:
    """One ASGI app for the public port and the operator's: a connection that arrived on ``ops_port`` is served
    by the operator's app (``app.state.ops``), every other one, and the lifespan, by the public app."""

    def __init__(self, public: FastAPI, ops_port: int) -> None:
        self.public = public
        self.ops: Starlette = public.state.ops
        self.ops_port = ops_port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        server = scope.get("server")
        if scope["type"] != "lifespan" and server is not None and server[1] == self.ops_port:
            await self.ops(scope, receive, send)
        else:
            await self.public(scope, receive, send)
