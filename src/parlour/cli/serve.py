"""``parlour serve``: the lobby, tables and browser client in one process."""

from __future__ import annotations

import os
import sys
import webbrowser
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from parlour.core.errors import ParlourError
from parlour.core.i18n import gettext as _

console = Console(highlight=False)


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
    no_browser: Annotated[bool, typer.Option("--no-browser", help="do not open a browser")] = False,
) -> None:
    """Serve the lobby and tables in the browser; bots fill empty seats."""
    # The server's libraries load only here, so that every other command starts fast.
    import uvicorn
    from pydantic import ValidationError

    from parlour.server.app import create_app
    from parlour.server.settings import Settings

    given = {k: v for k, v in {"host": host, "port": port, "db_url": db}.items() if v is not None}
    try:
        settings = Settings(**given)  # type: ignore[arg-type]
        app = create_app(settings)
    except ValidationError as e:
        first = e.errors()[0]
        console.print(f"[bold red]error:[/] {first['loc'][0]}: {first['msg']} (got {first.get('input')!r})",
                      soft_wrap=True)
        raise typer.Exit(2) from None
    except ParlourError as e:
        console.print(f"[bold red]error:[/] {e}", soft_wrap=True)
        raise typer.Exit(2) from None
    config = uvicorn.Config(app, host=settings.host, port=settings.port, log_level="warning", ws_max_size=1 << 16)
    def announce(server: uvicorn.Server) -> None:
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else settings.port
        shown = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0", "::") else settings.host
        url = f"http://{shown}:{bound}/"
        console.print(_("parlour is serving at {url} (tables in {db}); Ctrl+C stops it.").format(
            url=f"[bold]{url}[/]", db=escape(settings.db_url)),
                      soft_wrap=True)
        if not no_browser and _has_display():
            webbrowser.open(url)

    class AnnouncingServer(uvicorn.Server):
        """Says where it serves once it listens (the port may have been 0: any free one)."""

        async def startup(self, sockets: list[Any] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                announce(self)

    server = AnnouncingServer(config)
    server.run()
