"""WebSocket connections per table, each with its own ordered outbox.

Publishing is synchronous: the lobby puts every client's next message in that
client's outbox in the same step that changed the table, and a pump task per
connection writes the outbox out. Messages therefore reach each client in the
order the table changed, and a slow client delays only itself; one that falls
too far behind (``ws_outbox_limit`` messages or ``ws_outbox_bytes`` bytes
waiting) is closed at once with 1008 naming that setting: what waited for it is
dropped and a write it was stuck in (a client that reads nothing) given up, so
what it holds of the server's memory stays bounded and its socket does not
linger (it reconnects and is sent the state afresh). A message for many
clients is encoded once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, NamedTuple

import orjson
from starlette.websockets import WebSocket

from parlour.core.i18n import SOURCE_LANGUAGE

CLOSE_TOO_SLOW = 1008
"""How a client that reads slower than its table plays is closed (policy violation)."""
CLOSE_SECONDS = 5.0
"""How long sending a close may take: a client that reads nothing is never sent it, and is let go after this."""


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text sent (UTF-8 on the wire: ``size`` gives its bytes). orjson encodes a
    state message about eight times faster than ``json``, and the server sends one per reader per action."""
    return orjson.dumps(message).decode()


def size(text: str) -> int:
    """The bytes ``text`` takes on the wire (UTF-8); counted only when it is not ASCII, which CPython knows."""
    return len(text) if text.isascii() else len(text.encode())


class Close(NamedTuple):
    """The close queued after a connection's last message."""

    code: int
    reason: str


class Connection:
    """One client on one table: a seat (by token) or a spectator (``seat`` None)."""

    def __init__(self, table_id: str, seat: int | None, token: str | None, outbox_limit: int,
                 outbox_bytes: int, lang: str = SOURCE_LANGUAGE) -> None:
        self.table_id = table_id
        self.seat = seat
        self.token = token
        self.lang = lang
        """The language its messages' words are in (the socket's ``lang``)."""
        self.outbox_limit = outbox_limit
        """Messages this client may have waiting before it is disconnected (the ``ws_outbox_limit`` setting)."""
        self.outbox_bytes = outbox_bytes
        """Bytes this client may have waiting before it is disconnected (the ``ws_outbox_bytes`` setting)."""
        self.waiting_bytes = 0
        self.ended = False
        """Its close is queued: nothing more is."""
        self.outbox: asyncio.Queue[tuple[str, int] | Close] = asyncio.Queue()
        """Each message waiting with its size in bytes, then perhaps the close."""
        self.writing: asyncio.Task[None] | None = None
        """The pump, while it is writing to the client (``drop`` cancels that write)."""
        self.given_up = False
        """``drop`` cancelled the write under way: the pump goes on to the close."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (see ``send_text``)."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue an encoded message; a client too far behind is closed after what it has waiting instead."""
        if self.ended:
            return
        if self.outbox.qsize() >= self.outbox_limit:
            self.drop(f"too slow: more than ws_outbox_limit ({self.outbox_limit}) messages waiting to be read")
            return
        bytes_ = size(text)
        if self.waiting_bytes and self.waiting_bytes + bytes_ > self.outbox_bytes:  # slow, not one big message
            self.drop(f"too slow: more than ws_outbox_bytes ({self.outbox_bytes}) bytes waiting to be read")
            return
        self.waiting_bytes += bytes_
        self.outbox.put_nowait((text, bytes_))

    def close(self, code: int, reason: str) -> None:
        """Close the connection with ``code`` once the messages already queued are sent; queue nothing more."""
        if not self.ended:
            self.ended = True
            self.outbox.put_nowait(Close(code, reason))

    def drop(self, reason: str) -> None:
        """Close a client too far behind at once (1008): what waits for it is dropped, a write stuck on it given up."""
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.waiting_bytes = 0
        self.close(CLOSE_TOO_SLOW, reason)
        if self.writing is not None and not self.given_up:
            self.given_up = True
            self.writing.cancel()

    async def pump(self, websocket: WebSocket) -> None:
        """Write the outbox to ``websocket`` until its close (the connection's handler ends with it).

        A write that ``drop`` gives up is cancelled without ending the pump, which then sends the close (or
        gives up after ``CLOSE_SECONDS``). Each write is awaited in place, not as a task of its own: the
        server writes one message per reader per action.
        """
        pump = asyncio.current_task()
        while True:
            item = await self.outbox.get()
            if isinstance(item, Close):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(websocket.close(code=item.code, reason=item.reason), CLOSE_SECONDS)
                return
            text, bytes_ = item
            self.waiting_bytes -= bytes_
            self.writing = pump
            try:
                await websocket.send_text(text)  # a failed write ends the pump
            except asyncio.CancelledError:
                if not self.given_up or pump is None:
                    raise
                pump.uncancel()
            finally:
                self.writing = None
                self.given_up = False


class Hub:
    """Who is connected to which table."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}
        self._due: set[str] = set()
        """Tables with a ``broadcast_soon`` pending."""

    def add(self, conn: Connection) -> None:
        self._tables.setdefault(conn.table_id, set()).add(conn)

    def remove(self, conn: Connection) -> bool:
        """Forget ``conn``; True when it was its seat's last connection."""
        conns = self._tables.get(conn.table_id, set())
        conns.discard(conn)
        if not conns:
            self._tables.pop(conn.table_id, None)
        return conn.seat is not None and conn.seat not in self.connected_seats(conn.table_id)

    def table_ids(self) -> list[str]:
        """The tables with a client connected."""
        return list(self._tables)

    def connected_seats(self, table_id: str) -> set[int]:
        return {c.seat for c in self._tables.get(table_id, ()) if c.seat is not None}

    def spectators(self, table_id: str) -> int:
        return sum(1 for c in self._tables.get(table_id, ()) if c.seat is None)

    def publish(self, table_id: str, message_for: Callable[[int | None, str], dict[str, Any]]) -> None:
        """Queue for each client of the table ``message_for(its seat, its language)``, computed and encoded
        once per seat and language."""
        cache: dict[tuple[int | None, str], str] = {}
        for conn in self._tables.get(table_id, ()):
            key = (conn.seat, conn.lang)
            text = cache.get(key)
            if text is None:
                text = cache[key] = encode(message_for(*key))
            conn.send_text(text)

    def broadcast(self, table_id: str, message: dict[str, Any]) -> None:
        """Queue the same ``message`` (encoded once) for every client of the table."""
        text = encode(message)
        for conn in self._tables.get(table_id, ()):
            conn.send_text(text)

    def broadcast_soon(self, table_id: str, message_for: Callable[[], dict[str, Any]], delay: float) -> None:
        """Broadcast ``message_for()`` to the table in ``delay`` seconds, once however often asked meanwhile:
        a crowd arriving costs each client one message per ``delay``, not one per arrival."""
        if table_id in self._due:
            return
        self._due.add(table_id)
        asyncio.get_running_loop().call_later(delay, self._broadcast_due, table_id, message_for)

    def _broadcast_due(self, table_id: str, message_for: Callable[[], dict[str, Any]]) -> None:
        self._due.discard(table_id)
        if table_id in self._tables:
            self.broadcast(table_id, message_for())
