"""The parlour server: lobby, tables and the browser client in one process (``parlour serve``)."""

from parlour.server.app import create_app
from parlour.server.settings import Settings

__all__ = ["Settings", "create_app"]
