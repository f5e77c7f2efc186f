"""What the server counts for its operator, served at ``GET /metrics`` in Prometheus's text format on the
operator's listener (``ops``), never on the public port.

One ``Metrics`` per app, with a registry of its own (not prometheus-client's global one), so that
tests building many apps in one process never share or collide. With ``parlour serve --workers N``
each worker is its own process: ``serve`` then sets ``PROMETHEUS_MULTIPROC_DIR`` (a fresh folder of
its own), every worker writes its counters, histograms and socket gauge there, and a scrape of any
worker reads all of them, so ``/metrics`` reports the whole service. The table gauge is read from
the scraping process's lobby at scrape time: every process of a cluster holds every open table, so
it is the service's (summed over workers it would count each table once per worker).

The instruments sit where their events happen, at the cost of a dictionary lookup and an addition:
requests in ``RequestMetrics`` (by route template, never the raw path, so table ids do not become
labels), sockets in the lobby's connect and disconnect, actions as the lobby settles them (``Lobby.settle``),
bot think time in ``BotPool.choose``, storage errors where storage turns a failure into ``StorageUnavailable``, Redis
errors wherever Redis is used (``Metrics.redis_error``).
"""

from __future__ import annotations

import glob
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.registry import Collector
from starlette.routing import BaseRoute, Mount, compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from fastapi import FastAPI

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
"""Where the workers of one ``parlour serve --workers N`` write their metrics (prometheus-client's variable)."""
CONTENT_TYPE = CONTENT_TYPE_LATEST
BOT_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
"""Seconds: a heuristic move takes about a millisecond, a searching bot up to ``max_bot_ms`` (2 s by default)."""
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""Methods labelled as themselves; any other is labelled ``OTHER`` (a client may send any word)."""
UNMATCHED = "<unmatched>"
"""The route label of a request no route answers (a 404): the raw path would let anyone add labels."""


def multiprocess_dir() -> str | None:
    """The folder the workers share their metrics through, when serving as several workers (else None)."""
    return os.environ.get(MULTIPROCESS_ENV) or None


class Metrics:
    """The instruments of one app and the registry ``/metrics`` reads them from."""

    def __init__(self) -> None:
        shared = multiprocess_dir()
        self.registry = CollectorRegistry()
        """What ``/metrics`` serves: these instruments, or with several workers every worker's (from files)."""
        own = None if shared else self.registry
        if shared:
            MultiProcessCollector(self.registry, path=shared)  # type: ignore[no-untyped-call]
        self.requests = Counter("parlour_http_requests", "HTTP requests answered, by method, route template and "
                                "status", ["method", "route", "status"], registry=own)
        self.latency = Histogram("parlour_http_request_duration_seconds", "Seconds from a request's arrival to "
                                 "the end of its answer, by method and route template", ["method", "route"],
                                 registry=own)
        self.sockets = Gauge("parlour_websockets_open", "WebSocket connections open, by role (player or "
                             "spectator)", ["role"], registry=own, multiprocess_mode="livesum")
        self.actions = Counter("parlour_actions", "Actions accepted and stored (people's, bots' and stand-ins'), "
                               "by game", ["game"], registry=own)
        self.bot_seconds = Histogram("parlour_bot_think_seconds", "Seconds a bot took to choose a move (from a "
                                     "worker taking it to its answer), by game and bot", ["game", "bot"],
                                     buckets=BOT_BUCKETS, registry=own)
        self.storage_errors = Counter("parlour_storage_errors", "Database failures turned into "
                                      "StorageUnavailable (503 / 1011 for clients, a retry for bots)", registry=own)
        self.redis_errors = Counter("parlour_redis_errors", "Redis operations that failed (publishing, "
                                    "subscribing, the readiness probe's PING)", registry=own)
        self.shared = shared

    def watch(self, tables: Callable[[], Iterable[tuple[str, str]]], unrestored: Callable[[], Iterable[str]]) -> None:
        """Report, at each scrape, the tables in memory (``tables()``: each one's game and status) and the stored
        tables that could not be rebuilt (``unrestored()``: each one's game)."""
        self.registry.register(TablesCollector(tables, unrestored))

    def watch_peer(self, reachable: Callable[[], bool], dropped: Callable[[], int]) -> None:
        """Report, at each scrape, whether the other processes can be reached (``reachable()``) and how many
        events for them this process dropped (``dropped()``): a cluster that lost Redis shows it here."""
        self.registry.register(PeerCollector(reachable, dropped))

    def redis_error(self) -> None:
        """Count one failed Redis operation: call it wherever a Redis error is caught (the peers over Redis,
        the readiness probe)."""
        self.redis_errors.inc()

    def storage_error(self) -> None:
        """Count one database failure (``Storage`` calls it as it raises ``StorageUnavailable``)."""
        self.storage_errors.inc()

    def action(self, game: str) -> None:
        """Count one accepted action at a table of ``game``."""
        self.actions.labels(game).inc()

    def socket_opened(self, player: bool) -> None:
        self.sockets.labels("player" if player else "spectator").inc()

    def socket_closed(self, player: bool) -> None:
        self.sockets.labels("player" if player else "spectator").dec()

    def bot_thought(self, game: str, bot_spec: str, seconds: float) -> None:
        """Note that a bot of ``bot_spec`` (labelled by its name only: ``strong``, not its options) took
        ``seconds`` to choose a move at ``game``."""
        self.bot_seconds.labels(game, bot_spec.partition(":")[0]).observe(seconds)

    def exposition(self) -> bytes:
        """The text ``/metrics`` answers (with several workers, the gauges of workers gone are left out)."""
        if self.shared:
            forget_dead_workers(self.shared)
        return generate_latest(self.registry)

    def close(self) -> None:
        """This process stops serving: with several workers, its socket gauge no longer counts."""
        if self.shared:
            forget_worker(os.getpid(), self.shared)


def forget_dead_workers(folder: str) -> None:
    """Drop the live gauges of workers that ended without saying so (killed; uvicorn starts another)."""
    for path in glob.glob(os.path.join(folder, "gauge_live*_*.db")):
        pid = os.path.basename(path).rpartition("_")[2].removesuffix(".db")
        if pid.isdigit() and not alive(int(pid)):
            forget_worker(int(pid), folder)


def forget_worker(pid: int, folder: str) -> None:
    """Worker ``pid`` serves no more: its live gauges (open sockets) leave the sums; its counters stay."""
    mark_process_dead(pid, folder)  # type: ignore[no-untyped-call]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class TablesCollector(Collector):
    """``parlour_tables``: the tables in the lobby's memory, by game and status, and
    ``parlour_tables_unrestored``: the stored tables it could not rebuild, by game; counted when scraped."""

    def __init__(self, tables: Callable[[], Iterable[tuple[str, str]]],
                 unrestored: Callable[[], Iterable[str]]) -> None:
        self.tables = tables
        self.unrestored = unrestored

    def collect(self) -> Iterator[Metric]:
        counts: dict[tuple[str, str], int] = {}
        for key in self.tables():
            counts[key] = counts.get(key, 0) + 1
        family = GaugeMetricFamily("parlour_tables", "Tables in memory by game and status (waiting, playing; "
                                   "finished ones stay finished_ttl)", labels=["game", "status"])
        for (game, status), count in sorted(counts.items()):
            family.add_metric([game, status], count)
        yield family
        unrestored: dict[str, int] = {}
        for game in self.unrestored():
            unrestored[game] = unrestored.get(game, 0) + 1
        kept = GaugeMetricFamily("parlour_tables_unrestored", "Stored tables this process could not rebuild (their "
                                 "actions no longer replay the same), by game: kept in storage, not served",
                                 labels=["game"])
        for game, count in sorted(unrestored.items()):
            kept.add_metric([game], count)
        yield kept


class PeerCollector(Collector):
    """``parlour_peers_reachable``: 1 while the other processes can be reached (always alone), else 0, and
    ``parlour_peer_events_dropped``: the events for them this process could not send; read when scraped."""

    def __init__(self, reachable: Callable[[], bool], dropped: Callable[[], int]) -> None:
        self.reachable = reachable
        self.dropped = dropped

    def collect(self) -> Iterator[Metric]:
        yield GaugeMetricFamily("parlour_peers_reachable", "1 while the other processes can be reached through "
                                "Redis (always 1 for a process alone), else 0", value=int(self.reachable()))
        yield CounterMetricFamily("parlour_peer_events_dropped", "Events for the other processes this one could "
                                  "not send (Redis away, or too many waiting): they catch up from storage",
                                  value=self.dropped())


class RouteTemplates:
    """The path templates of an app's HTTP routes, for a request routing did not name.

    The router names the route it chose (``scope["route"]``); a request refused before routing (a
    declared body over ``max_message_bytes``) or served by a mount (``/static``) is named here from
    the app's OpenAPI paths and its own routes and mounts, and one no route serves is ``UNMATCHED``.
    """

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.patterns: list[tuple[re.Pattern[str], str]] | None = None

    def compiled(self) -> list[tuple[re.Pattern[str], str]]:
        if self.patterns is None:
            paths = list(self.app.openapi().get("paths", {}))
            for route in self.app.routes:
                if isinstance(route, Mount):
                    paths.append(f"{route.path}/{{path:path}}")
                elif isinstance(route, BaseRoute) and isinstance(getattr(route, "path", None), str):
                    paths.append(route.path)  # type: ignore[attr-defined]
            self.patterns = [(compile_path(p)[0], p.replace(":path}", "}")) for p in dict.fromkeys(paths)]
        return self.patterns

    def name(self, scope: Scope) -> str:
        """The template of the route that answered the request of ``scope``."""
        route = scope.get("route")
        path = getattr(route, "path", None)
        if isinstance(path, str) and not isinstance(route, Mount):
            return path
        for pattern, template in self.compiled():
            if pattern.match(scope["path"]):
                return template
        return UNMATCHED


class RequestMetrics:
    """ASGI middleware of the public app: counts each HTTP request by method, route template and status, and
    times it. The operator's listener (``/metrics``, ``/readyz``) is not counted: a scraper would count its own
    visits."""

    def __init__(self, app: ASGIApp, metrics: Metrics, routes: FastAPI) -> None:
        self.app = app
        self.metrics = metrics
        self.templates = RouteTemplates(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def noted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noted)
        finally:
            route = self.templates.name(scope)
            method = scope["method"] if scope["method"] in METHODS else "OTHER"
            self.metrics.requests.labels(method, route, str(status)).inc()
            self.metrics.latency.labels(method, route).observe(time.perf_counter() - start)
