"""Every route over a PostgreSQL that stops and starts again: while it is down, each answers within 5 s with
what it can (memory) or the documented JSON 503 (WebSocket: close 1011), never a 500; once it is back, each
works again at once (no pooled connection broken by the restart is used), without restarting the server.

On the session's own PostgreSQL (``services``), stopped and started here, never the machine's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.conftest import postgres_schema
from tests.server.peers.faults import ask, until
from tests.server.services import PostgresServer
from tests.server.serving import Served, call


@pytest.fixture
def alone(postgres_server: PostgresServer) -> Iterator[tuple[PostgresServer, str]]:
    """One ``parlour serve`` process (no Redis) on the session's PostgreSQL: the server and its base URL."""
    postgres_server.ensure()
    with postgres_schema(postgres_server.url) as url:
        served = Served(url, env={"PARLOUR_TABLE_CREATION_BURST": "10000", "PARLOUR_CHAT_BURST": "10000",
                                  "PARLOUR_MAX_OPEN_TABLES_PER_CLIENT": "10000"})
        try:
            yield postgres_server, served.base()
        finally:
            served.stop()
            postgres_server.ensure()


def every_route(base: str, playing: str, waiting: str, finished: str, tokens: list[str]) -> dict[str, int]:
    """Each REST route once: its status (``ask`` fails the test on a hang or an undocumented 5xx)."""
    shown = ask(base, f"/api/tables/{playing}")
    token = tokens[shown.body["table"]["to_play"]]
    mine = ask(base, f"/api/tables/{playing}?token={token}")
    return {
        "list": ask(base, "/api/tables").status,
        "games": ask(base, "/api/games").status,
        "show": shown.status,
        "seat view": mine.status,
        "act": ask(base, f"/api/tables/{playing}/actions", {"token": token, "version": mine.body["view"]["version"],
                                                            "action": mine.body["legal"][0]}).status,
        "create": ask(base, "/api/tables", {"game": "tonk", "seats": ["human", "random"]}).status,
        "join": ask(base, f"/api/tables/{waiting}/join", {"name": "Cy"}).status,
        "chat": ask(base, f"/api/tables/{playing}/chat", {"text": "hello", "token": token}).status,
        "read chat": ask(base, f"/api/tables/{playing}/chat").status,
        "record": ask(base, f"/api/tables/{finished}/record").status,
        "replay": ask(base, f"/api/tables/{finished}/replay?step=1").status,
        "unknown table": ask(base, "/api/tables/feedfacecafe").status,
    }


def socket_opens(base: str, table_id: str) -> int | None:
    """Connect a spectator: None when it is sent a state, else the close code."""
    try:
        with connect(f"{base.replace('http', 'ws', 1)}/api/tables/{table_id}/ws", open_timeout=5) as ws:
            first = json.loads(ws.recv(timeout=5))
            if first["type"] == "state":
                return None
            ws.recv(timeout=5)
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd is not None else None
    return None


def test_every_route_answers_through_a_postgres_restart(alone: tuple[PostgresServer, str]) -> None:
    postgres, base = alone
    hands = {"hands": 20}
    playing = call(base, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": hands})["id"]
    tokens = [call(base, f"/api/tables/{playing}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
    finished = call(base, "/api/tables", {"game": "tonk", "seats": ["random", "random"]})["id"]
    until("the bots' game ends", lambda: call(base, f"/api/tables/{finished}")["table"]["status"] == "finished")

    def waiting() -> str:
        made: str = call(base, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": hands})["id"]
        return made

    working = {"list": 200, "games": 200, "show": 200, "seat view": 200, "act": 200, "create": 201, "join": 200,
               "chat": 201, "read chat": 200, "record": 200, "replay": 200, "unknown table": 404}
    assert every_route(base, playing, waiting(), finished, tokens) == working
    later = waiting()

    postgres.stop()  # and start again before anyone asks: the connections pooled before are all broken
    postgres.start()
    assert every_route(base, playing, waiting(), finished, tokens) == working  # none of them is used

    postgres.stop()
    from_memory = {"list", "games", "show", "seat view", "record", "replay"}
    assert every_route(base, playing, later, finished, tokens) == {
        route: status if route in from_memory else 503 for route, status in working.items()}
    assert socket_opens(base, "0123456789") == 1011  # not in memory: storage is asked, and is away

    postgres.start()
    assert every_route(base, playing, waiting(), finished, tokens) == working
    assert socket_opens(base, playing) is None
