"""``/api/tables/{id}/ws``: one WebSocket per client for live play.

Connect with ``?token=…`` to play a seat, without it to spectate. The server
sends ``state`` messages (the client's own view and, on its turn, its legal
actions) after every change, ``accepted`` after the client's own action, and
``error`` with a stable code for anything refused; the client sends the
``ClientMessage`` schema. Nothing a client sends closes the table or the
server; a bad token closes only that connection.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from parlour.server.authority import Rejected, quote
from parlour.server.hub import Connection
from parlour.server.lobby import Lobby
from parlour.server.schemas import ClientMessage, WsAction, WsPing

router = APIRouter(tags=["play"])
MESSAGE = TypeAdapter[Any](ClientMessage)
CLOSE_BAD_TOKEN = 4403
CLOSE_NOT_FOUND = 4404


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


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
            return lobby.state_message(table, conn.seat)
        if conn.token is None:
            raise Rejected("auth/bad_token", f"spectators cannot play: {quote(message.action)} was not played")
        seat = table.seat_of(conn.token)
        canonical = await lobby.play(table, seat, message.version, message.action)
    except Rejected as e:
        return error(e.code, e.message)
    return {"type": "accepted", "version": table.version, "action": canonical}


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    """Live play and spectating; see the module docstring for the protocol."""
    await websocket.accept()
    lobby: Lobby = websocket.app.state.lobby
    try:
        conn = lobby.connect(table_id, token)
    except Rejected as e:
        await websocket.send_text(json.dumps(error(e.code, e.message)))
        await websocket.close(code=CLOSE_BAD_TOKEN if e.code == "auth/bad_token" else CLOSE_NOT_FOUND)
        return
    pump = asyncio.create_task(conn.pump(websocket))
    try:
        while True:
            event = await websocket.receive()
            if event["type"] == "websocket.disconnect":
                break
            text = event.get("text")
            if text is None:
                data = event.get("bytes") or b""
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    conn.send(error("request/invalid", f"binary message of {len(data)} bytes is not UTF-8 JSON"))
                    continue
            conn.send(await handle(lobby, conn, text))
    finally:
        pump.cancel()
        lobby.disconnect(conn)
