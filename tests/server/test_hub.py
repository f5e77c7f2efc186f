"""The per-client outbox: a client that does not read is closed, and nobody else waits for it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from parlour.server.hub import Connection, Hub


class FakeSocket:
    """Records what a pump writes."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


async def settle() -> None:
    """Let every task run until it waits (a reading client's pump writes all it has)."""
    for _ in range(10):
        await asyncio.sleep(0)


def test_a_client_that_does_not_read_is_closed_naming_the_limit_and_the_others_get_everything() -> None:
    async def scenario() -> tuple[FakeSocket, FakeSocket]:
        hub = Hub()
        stuck, reader = (Connection("t", 0, "a", outbox_limit=8, outbox_bytes=1 << 20),
                          Connection("t", 1, "b", outbox_limit=8, outbox_bytes=1 << 20))
        hub.add(stuck)
        hub.add(reader)
        reader_socket, stuck_socket = FakeSocket(), FakeSocket()
        pumping = asyncio.create_task(reader.pump(reader_socket))  # type: ignore[arg-type]
        for version in range(20):  # the stuck client's outbox is never read while the table plays on
            hub.publish("t", lambda seat, lang, v=version: {"version": v, "seat": seat, "lang": lang})
            await settle()
        reader.close(1000, "done")
        await pumping
        assert stuck.outbox.qsize() == 1  # its 8 messages dropped when the 9th came: only its close waits
        await stuck.pump(stuck_socket)  # type: ignore[arg-type]
        return reader_socket, stuck_socket

    reader_socket, stuck_socket = asyncio.run(scenario())
    assert [m["version"] for m in reader_socket.sent] == list(range(20))
    assert reader_socket.closed == (1000, "done")
    assert stuck_socket.sent == []  # stale: it reconnects and is sent the state afresh
    assert stuck_socket.closed is not None
    assert stuck_socket.closed[0] == 1008
    assert "ws_outbox_limit (8)" in stuck_socket.closed[1]


def test_a_client_that_does_not_read_is_closed_once_its_outbox_passes_ws_outbox_bytes() -> None:
    budget = 65_536
    big = "x" * 10_000  # a message of about 10 KB: a few fit the budget, far fewer than ws_outbox_limit

    async def scenario() -> tuple[FakeSocket, FakeSocket, list[int]]:
        hub = Hub()
        stuck = Connection("t", None, None, outbox_limit=512, outbox_bytes=budget)
        reader = Connection("t", None, None, outbox_limit=512, outbox_bytes=1 << 20)
        hub.add(stuck)
        hub.add(reader)
        reader_socket, stuck_socket = FakeSocket(), FakeSocket()
        pumping = asyncio.create_task(reader.pump(reader_socket))  # type: ignore[arg-type]
        held = []
        for version in range(20):
            hub.publish("t", lambda seat, lang, v=version: {"version": v, "seat": seat, "padding": big})
            held.append(stuck.waiting_bytes)
            await settle()
        reader.close(1000, "done")
        await pumping
        await stuck.pump(stuck_socket)  # type: ignore[arg-type]
        return reader_socket, stuck_socket, held

    reader_socket, stuck_socket, held = asyncio.run(scenario())
    assert [m["version"] for m in reader_socket.sent] == list(range(20))
    assert max(held) <= budget  # what the stuck client holds of the server's memory stays within the budget
    assert held[:6] == [held[0] * (i + 1) for i in range(6)]  # 6 messages of ~10 KB fit in 64 KiB
    assert held[6:] == [0] * 14  # the 7th did not: everything waiting was dropped with it
    assert stuck_socket.sent == []
    assert stuck_socket.closed is not None and stuck_socket.closed[0] == 1008
    assert "ws_outbox_bytes (65536)" in stuck_socket.closed[1]


def test_a_state_is_built_once_per_seat_and_language_and_presence_asked_often_is_broadcast_once() -> None:
    async def scenario() -> tuple[list[tuple[int | None, str]], list[Connection]]:
        hub = Hub()
        conns = [Connection("t", seat, None, outbox_limit=8, outbox_bytes=1 << 20, lang=lang)
                 for seat, lang in ((0, "en"), (None, "en"), (None, "fr"), (None, "en"))]
        for conn in conns:
            hub.add(conn)
        asked: list[tuple[int | None, str]] = []

        def state(seat: int | None, lang: str) -> dict[str, Any]:
            asked.append((seat, lang))
            return {"seat": seat, "lang": lang}

        hub.publish("t", state)
        for spectators in range(5):  # five arrivals within the delay: one presence message
            hub.broadcast_soon("t", lambda n=spectators: {"type": "presence", "spectators": n}, 0.01)
        await asyncio.sleep(0.05)
        return asked, conns

    asked, conns = asyncio.run(scenario())
    assert sorted(asked, key=str) == [(0, "en"), (None, "en"), (None, "fr")]  # seat 0; English spectators; French
    assert [c.outbox.qsize() for c in conns] == [2, 2, 2, 2]
    assert json.loads(conns[2].outbox.get_nowait()[0])["lang"] == "fr"


class DeafSocket(FakeSocket):
    """A client that reads nothing: a write to it never ends."""

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()


def test_a_write_stuck_on_a_client_that_reads_nothing_is_given_up_and_the_client_closed() -> None:
    async def scenario() -> tuple[DeafSocket, Connection]:
        conn = Connection("t", None, None, outbox_limit=512, outbox_bytes=65_536)
        deaf = DeafSocket()
        pumping = asyncio.create_task(conn.pump(deaf))  # type: ignore[arg-type]
        for version in range(20):
            conn.send({"version": version, "padding": "x" * 10_000})
            await settle()
        await asyncio.wait_for(pumping, 10)  # the pump ends: the handler lets the client go
        return deaf, conn

    deaf, conn = asyncio.run(scenario())
    assert deaf.closed is not None and deaf.closed[0] == 1008 and "ws_outbox_bytes (65536)" in deaf.closed[1]
    assert conn.outbox.empty() and conn.waiting_bytes == 0 and conn.writing is None


def test_the_outbox_counts_the_bytes_sent_not_the_characters() -> None:
    """A message of names in wide characters counts its UTF-8 bytes against ``ws_outbox_bytes``: four per
    playing card symbol, not one."""
    name = "\U0001f0a1" * 5_000  # 20,000 bytes on the wire, 5,000 characters
    conn = Connection("t", None, None, outbox_limit=512, outbox_bytes=65_536)
    hub = Hub()
    hub.add(conn)
    for _ in range(3):
        hub.publish("t", lambda seat, lang: {"name": name})
    assert conn.waiting_bytes == 3 * (len('{"name":""}') + 20_000)
    hub.publish("t", lambda seat, lang: {"name": name})  # 4 × 20 KB pass the 64 KiB budget: counted as bytes
    assert conn.ended and conn.waiting_bytes == 0
