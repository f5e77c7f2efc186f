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
            hub.publish("t", lambda seat, v=version: {"version": v, "seat": seat})
            await asyncio.sleep(0)
        reader.close(1000, "done")
        await pumping
        assert stuck.outbox.qsize() == 9  # its first 8 messages, then the end of its pump
        await stuck.pump(stuck_socket)  # type: ignore[arg-type]
        return reader_socket, stuck_socket

    reader_socket, stuck_socket = asyncio.run(scenario())
    assert [m["version"] for m in reader_socket.sent] == list(range(20))
    assert reader_socket.closed == (1000, "done")
    assert [m["version"] for m in stuck_socket.sent] == list(range(8))
    assert stuck_socket.closed is not None
    assert stuck_socket.closed[0] == 1008
    assert "ws_outbox_limit (8)" in stuck_socket.closed[1]
