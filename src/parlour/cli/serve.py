"""``parlour serve``: the lobby, tables and browser client in one process (or several workers), and the
operator's endpoints on a port apart (``ops_listener``, ``ops_host``, ``ops_port``; see ``parlour.server.ops``)."""

from __future__ import annotations

import json
import logging
import logging.config
import os
import socket
import sys
import webbrowser
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from parlour.cli.failure import fail
from parlour.core.errors import ParlourError
from parlour.core.i18n import gettext as _

if TYPE_CHECKING:
    from pydantic import ValidationError

    from parlour.core.record import GameRecord
    from parlour.server.settings import Settings

console = Console(highlight=False)


SERVER_LIBRARIES = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "pydantic_settings", "markdown_it", "redis",
                    "prometheus_client")
"""What the server imports beyond the engine's install: the ``server`` extra."""
SERVER_EXTRA = "pip install 'parlour[server]'"


def need_server_extra() -> None:
    """Nothing when the server's libraries are installed; else one line naming the extra, and exit status 2."""
    import importlib.util

    missing = [name for name in SERVER_LIBRARIES if importlib.util.find_spec(name) is None]
    if missing:
        raise fail(_("the server needs libraries that are not installed ({missing}): {extra}").format(
            missing=", ".join(missing), extra=SERVER_EXTRA))


def _has_display() -> bool:
    """A browser can be opened: a desktop session (or a non-Linux machine, which always has one)."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serve(
    host: Annotated[str | None, typer.Option(help="address to listen on (default: 127.0.0.1)")] = None,
    port: Annotated[int | None, typer.Option(help="port to listen on (default: 8000)")] = None,
    db: Annotated[str | None, typer.Option("--db", help="database URL (default: sqlite:///parlour.db in the "
                                           "working folder); PostgreSQL: postgresql+psycopg://user@host/db")] = None,
    redis_url: Annotated[str | None, typer.Option(
        "--redis-url", help="Redis URL, e.g. redis://127.0.0.1:6379: serve as one of several processes sharing "
        "a PostgreSQL --db")] = None,
    workers: Annotated[int, typer.Option(min=1, max=64, help="processes serving behind the one port (more than 1 "
                                         "needs a PostgreSQL --db and --redis-url)")] = 1,
    log_format: Annotated[str | None, typer.Option(
        "--log-format", help="text (default) or json: one JSON object a line (time, level, logger, message, "
        "exc)")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", help="comma-separated addresses of the proxies whose X-Forwarded-For names the "
        "client (default: none, the header is not trusted)")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="do not open a browser")] = False,
) -> None:
    """Serve the lobby and tables in the browser; bots fill empty seats."""
    # The server's libraries load only here, so that every other command starts fast and runs without them.
    need_server_extra()
    import uvicorn
    from pydantic import ValidationError

    from parlour.server.app import create_app
    from parlour.server.masking import mask
    from parlour.server.ops import Listeners
    from parlour.server.settings import Settings

    proxies = None if forwarded_allow_ips is None else [p.strip() for p in forwarded_allow_ips.split(",") if p.strip()]
    given = {k: v for k, v in {"host": host, "port": port, "db_url": db, "redis_url": redis_url,
                               "log_format": log_format, "forwarded_allow_ips": proxies}.items() if v is not None}
    try:
        settings = Settings(**given)  # type: ignore[arg-type]
        if workers > 1:
            need_cluster(settings, workers)
        options = logging_options(settings)
        if "log_config" in options:  # lines logged while the app is built are JSON too
            logging.config.dictConfig(options["log_config"])
        app = create_app(settings)
        ops = bind_ops(settings)
    except ValidationError as e:
        raise fail(mask(settings_error(e)), console) from None
    except ParlourError as e:
        raise fail(mask(str(e)), console) from None
    if workers > 1:
        serve_workers(settings, workers, no_browser, ops)
        return
    ops_port = None if ops is None else int(ops.getsockname()[1])
    served = app if ops_port is None else Listeners(app, ops_port)
    config = uvicorn.Config(served, host=settings.host, port=settings.port, log_level="warning",
                            ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False, **options, **proxy_options(settings))
    sockets = [config.bind_socket(), *([] if ops is None else [ops])]

    def announce(server: uvicorn.Server) -> None:
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else settings.port
        say_serving(settings, bound, no_browser, ops_port=ops_port)

    class AnnouncingServer(uvicorn.Server):
        """Says where it serves once it listens (the port may have been 0: any free one)."""

        async def startup(self, sockets: list[Any] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                announce(self)

    server = AnnouncingServer(config)
    server.run(sockets=sockets)


def open_replay(record: GameRecord) -> None:
    """Serve ``record`` to the browser's replay viewer on a free local port (no tables kept) until Ctrl+C."""
    need_server_extra()
    import tempfile

    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.settings import Settings

    with tempfile.TemporaryDirectory(prefix="parlour-replay-") as folder:
        app = create_app(Settings(port=0, db_url=f"sqlite:///{folder}/replay.db"))
        app.state.opened_record = record

        class ViewerServer(uvicorn.Server):
            """Says where the viewer is once it listens, and opens it."""

            async def startup(self, sockets: list[Any] | None = None) -> None:
                await super().startup(sockets)
                if self.started and self.servers:
                    bound = self.servers[0].sockets[0].getsockname()[1]
                    url = f"http://localhost:{bound}/?record=opened"
                    console.print(_("The replay viewer is at {url}; Ctrl+C stops it.").format(url=f"[bold]{url}[/]"),
                                  soft_wrap=True)
                    if _has_display():
                        webbrowser.open(url)

        ViewerServer(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")).run()


WS_MAX_SIZE = 1 << 16


def settings_error(error: ValidationError) -> str:
    """The first problem of the settings, as one line naming the setting(s) and quoting what was given."""
    first = error.errors(include_url=False)[0]
    message = str(first.get("msg", "invalid")).removeprefix("Value error, ")
    if not first.get("loc"):  # a check across settings: its message names them
        return f"settings: {message}"
    return f"{first['loc'][0]}: {message} (got {first.get('input')!r})"


def proxy_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's proxy options: X-Forwarded-For is read only from ``forwarded_allow_ips`` (never, by default;
    uvicorn alone would trust it from 127.0.0.1)."""
    if not settings.forwarded_allow_ips:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": ",".join(settings.forwarded_allow_ips)}


def need_cluster(settings: Settings, workers: int) -> None:
    """Several workers share tables only through PostgreSQL and Redis: refuse anything else, saying so."""
    from sqlalchemy.engine import make_url

    backend = make_url(settings.db_url).get_backend_name() if "://" in settings.db_url else settings.db_url
    if backend != "postgresql" or settings.redis_url is None:
        raise ParlourError(f"--workers {workers} needs a PostgreSQL --db (got {settings.db_url!r}) and --redis-url "
                           f"(got {settings.redis_url!r}): the processes share their tables through them "
                           "(settings workers, db_url, redis_url)")


def settings_environment(settings: Settings) -> dict[str, str]:
    """``settings`` as the ``PARLOUR_*`` environment variables that ``Settings()`` reads back identical
    (lists as JSON, as pydantic-settings reads them)."""
    return {f"PARLOUR_{name.upper()}": json.dumps(value) if isinstance(value, list) else str(value)
            for name, value in settings.model_dump(exclude_none=True).items()}


def logging_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's logging options for ``settings.log_format``: its own defaults for text, one JSON object a
    line for json (``server.logs``)."""
    if settings.log_format != "json":
        return {}
    from parlour.server.logs import json_log_config

    return {"log_config": json_log_config("warning")}


def bind_ops(settings: Settings) -> socket.socket | None:
    """The operator's listening socket on ``ops_host``:``ops_port`` (None without ``ops_listener``), bound here,
    once, whatever the number of workers; ``ParlourError`` naming the settings when it cannot be bound."""
    if not settings.ops_listener:
        return None
    sock = socket.socket(socket.AF_INET6 if ":" in settings.ops_host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((settings.ops_host, settings.ops_port))
    except OSError as e:
        sock.close()
        raise ParlourError(f"the operator's endpoints cannot listen on {settings.ops_host}:{settings.ops_port} "
                           f"(ops_host, ops_port): {e.strerror or e}; choose another ops_port, or set "
                           "ops_listener = false to serve them nowhere") from None
    sock.set_inheritable(True)
    return sock


def serve_workers(settings: Settings, workers: int, no_browser: bool, ops: socket.socket | None) -> None:
    """``workers`` processes behind one port, each building its app from the same settings (passed in the
    environment, which the workers inherit).

    The workers share their metrics through a fresh folder of their own (``PROMETHEUS_MULTIPROC_DIR``,
    removed when they stop), so ``/metrics`` from any of them reports all of them. The operator's socket
    ``ops``, bound here once, is served by every worker beside the public one (``app.served_app``), its port
    passed as ``ops_port`` (the one bound, should ``ops_port`` have been 0).
    """
    import shutil
    import tempfile

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from parlour.server.metrics import MULTIPROCESS_ENV

    ops_port = None if ops is None else int(ops.getsockname()[1])
    if ops_port is not None:
        settings = settings.model_copy(update={"ops_port": ops_port})
    os.environ.update(settings_environment(settings))
    shared = tempfile.mkdtemp(prefix="parlour-metrics-")
    os.environ[MULTIPROCESS_ENV] = shared
    try:
        config = uvicorn.Config("parlour.server.app:served_app", factory=True, host=settings.host,
                                port=settings.port, workers=workers, log_level="warning", ws_max_size=WS_MAX_SIZE,
                                ws_per_message_deflate=False, **logging_options(settings),
                                **proxy_options(settings))
        sock = config.bind_socket()
        sockets = [sock, *([] if ops is None else [ops])]
        for listening in sockets:  # connections wait for the workers instead of being refused while they start
            listening.listen(config.backlog)
        say_serving(settings, sock.getsockname()[1], no_browser,
                    _(" by {workers} processes").format(workers=workers), ops_port)
        Multiprocess(config, sockets=sockets).run()
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def say_serving(settings: Settings, bound: int, no_browser: bool, how: str = "", ops_port: int | None = None) -> None:
    """Print the address to open (and open a browser on it when there is a display), the database URL's password
    masked; then, on a line of its own, where the operator's endpoints are (listening on ``ops_port``, if any)."""
    from parlour.server.masking import mask

    shown = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0", "::") else settings.host
    url = f"http://{shown}:{bound}/"
    said = _("parlour is serving at {url} (tables in {db}); Ctrl+C stops it.")
    host = f"[{settings.ops_host}]" if ":" in settings.ops_host else settings.ops_host
    ops = _("The operator's endpoints (/metrics, /readyz) are at {url}: for your monitoring only.")
    if settings.log_format == "json":  # a log line like every other, for whatever collects them
        logging.getLogger("parlour.server").info(said.format(url=f"{url}{how}", db=mask(settings.db_url)))
        if ops_port is not None:
            logging.getLogger("parlour.server").info(ops.format(url=f"http://{host}:{ops_port}/"))
    else:
        console.print(said.format(url=f"[bold]{url}[/]{how}", db=escape(mask(settings.db_url))), soft_wrap=True)
        if ops_port is not None:
            console.print(ops.format(url=escape(f"http://{host}:{ops_port}/")), soft_wrap=True)
    if not no_browser and _has_display():
        webbrowser.open(url)
