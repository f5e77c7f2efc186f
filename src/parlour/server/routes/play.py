"""``/api/tables/{id}/ws``: one WebSocket per client for live play.

Connect with ``?token=…`` to play a seat, without it to spectate; ``&lang=fr`` has the messages' words in
French (any language ``GET /api/i18n`` offers; an unknown one is refused). The server
sends ``state`` messages (the client's own view and, on its turn, its legal
actions) after every change, ``presence`` (who is connected, how many watch)
when another client connects or leaves, ``accepted`` after the client's own
action, and ``error`` with a stable code for anything refused (an action the rules refuse also has the
game's ``refusal`` code and ``params``, and its message is the rule in the socket's language); the client
sends the ``ClientMessage`` schema. Nothing a client sends closes the table or
the server; a bad token closes only that connection, and a spectator past
``max_spectators_per_table`` is refused (1008).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from parlour.core.errors import ParlourError
from parlour.core.i18n import SOURCE_LANGUAGE, check_language
from parlour.server.api_schemas import ClientMessage, WsAction, WsPing
from parlour.server.authority import Rejected, quote
from parlour.server.hub import Connection
from parlour.server.limits import TokenBucket, client_key
from parlour.server.lobby import Lobby
from parlour.server.storage import StorageUnavailable

router = APIRouter(tags=["play"])
MESSAGE = TypeAdapter[Any](ClientMessage)
CLOSE_BAD_TOKEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_POLICY = 1008
"""A client that sends faster than ``ws_message_rate`` allows, or holds ``max_sockets_per_client`` already."""
CLOSE_UNAVAILABLE = 1011
"""Storage failed: the client should reconnect a little later."""
CLOSE_REFUSED = {"auth/bad_token": CLOSE_BAD_TOKEN, "table/full": CLOSE_POLICY}
"""How a refused connection is closed, by the refusal's code (any other: ``CLOSE_NOT_FOUND``)."""
CLOSE_REASON_BYTES = 123
"""The longest close reason a WebSocket close frame holds."""


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def refused(e: ParlourError, lang: str) -> dict[str, Any]:
    """The ``error`` refusing a request; an action the rules refuse also gives the game's refusal code and its
    public parameters, and its message is the rule worded in the reader's ``lang``."""
    if e.refusal is None:
        return error(e.code, e.message)
    return {**error(e.code, e.worded(lang)), "refusal": e.refusal.code, "params": e.params}


def explain(e: ValidationError, text: str) -> str:
    """The first problem pydantic found, with the message it was found in quoted."""
    first = e.errors(include_url=False)[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "message"
    return f"{where}: {first.get('msg', 'invalid')} in {quote(text)}"


async def handle(lobby: Lobby, conn: Connection, text: str) -> dict[str, Any]:
    """The reply to one client message; every refusal is an ``error`` with a code."""
    if len(text) > lobby.settings.max_message_bytes:
        return error("request/invalid", f"message of {len(text)} characters; the limit is "
                     f"{lobby.settings.max_message_bytes}: {quote(text, 60)}")
    try:
        message = MESSAGE.validate_json(text)
    except ValidationError as e:
        return error("request/invalid", explain(e, text))
    if isinstance(message, WsPing):
        return {"type": "pong"}
    try:
        table = lobby.get(conn.table_id)
        if not isinstance(message, WsAction):
            return lobby.messages.state_message(table, conn.seat, conn.lang)
        if conn.token is None:
            raise Rejected("auth/bad_token", f"spectators cannot play: {quote(message.action)} was not played")
        seat = table.seat_of(conn.token)
        canonical = await lobby.play(table, seat, message.version, message.action)
    except Rejected as e:
        return refused(e, conn.lang)
    return {"type": "accepted", "version": table.version, "action": canonical}


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None,
                       lang: str = SOURCE_LANGUAGE) -> None:
    """Live play and spectating, the words of its messages in ``lang``; see the module docstring."""
    await websocket.accept()
    lobby: Lobby = websocket.app.state.lobby
    settings = lobby.settings
    try:
        lang = check_language(lang[:20])
    except ParlourError as e:
        await websocket.send_text(json.dumps(error("request/invalid", str(e))))
        await websocket.close(code=CLOSE_POLICY, reason="unknown language")
        return
    client = client_key(None, websocket.client)
    release = lobby.quota.enter(client, settings.max_sockets_per_client)
    if release is None:
        await websocket.send_text(json.dumps(error("request/too_many", f"this client ({client}) holds "
                                                   f"{settings.max_sockets_per_client} connections already; the "
                                                   "limit is max_sockets_per_client: close one first")))
        await websocket.close(code=CLOSE_POLICY, reason="max_sockets_per_client")
        return
    try:
        await serve_socket(websocket, lobby, table_id, token, lang)
    finally:
        release()


async def serve_socket(websocket: WebSocket, lobby: Lobby, table_id: str, token: str | None, lang: str) -> None:
    """One accepted connection, counted against its client, until it closes."""
    settings = lobby.settings
    try:
        conn = lobby.connect(table_id, token, lang)
    except Rejected as e:
        await websocket.send_text(json.dumps(error(e.code, e.message)))
        await websocket.close(code=CLOSE_REFUSED.get(e.code, CLOSE_NOT_FOUND),
                              reason=e.message.encode()[:CLOSE_REASON_BYTES].decode(errors="ignore"))
        return
    except StorageUnavailable as e:
        await websocket.send_text(json.dumps(error("storage_unavailable", f"{e}; reconnect shortly")))
        await websocket.close(code=CLOSE_UNAVAILABLE)
        return
    pump = asyncio.create_task(conn.pump(websocket))
    bucket = TokenBucket(settings.ws_message_rate, settings.ws_message_burst)
    try:
        while True:
            receiving = asyncio.ensure_future(websocket.receive())
            await asyncio.wait([receiving, pump], return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():  # closed from here (a client too slow): nothing more to read
                receiving.cancel()
                break
            event = receiving.result()
            if event["type"] == "websocket.disconnect":
                break
            if bucket.take():
                conn.send(error("request/too_many", f"more than {settings.ws_message_burst} messages at once or "
                                f"{settings.ws_message_rate:g} a second (ws_message_rate): connection closed"))
                conn.close(CLOSE_POLICY, "too many messages")
                await pump
                break
            text = event.get("text")
            if text is None:
                data = event.get("bytes") or b""
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    conn.send(error("request/invalid", f"binary message of {len(data)} bytes is not UTF-8 JSON"))
                    continue
            try:
                conn.send(await handle(lobby, conn, text))
            except StorageUnavailable as e:
                conn.send(error("storage_unavailable", f"{e}; nothing was played: reconnect shortly"))
                conn.close(CLOSE_UNAVAILABLE, "storage unavailable")
                await pump
                break
    finally:
        pump.cancel()
        lobby.disconnect(conn)
