"""Server test helpers: an app on a fresh SQLite file, REST shortcuts and a WebSocket seat driver."""

from __future__ import annotations

import contextlib
import json
import secrets
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi import FastAPI
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from parlour.server import Settings, create_app
from tests.server.browser_support import seated
from tests.server.seeds import pytest_runtest_makereport, table_seeds
from tests.server.services import PostgresServer, RedisServer, postgres_server, redis_server
from tests.server.serving import RECEIVE_SECONDS, Served

# Names server tests import from here, the session's servers (re-exported: fixtures of every server test), and the
# seeds of in-process servers' tables (an autouse fixture and the report hook naming the seed of a failed test), and
# the browser tests' page seated at a table.
__all__ = ["RECEIVE_SECONDS", "TestClient", "postgres_server", "pytest_runtest_makereport", "redis_server",
           "seated", "table_seeds"]

with warnings.catch_warnings():
    # Starlette now suggests a successor of httpx for its test client; httpx is what is installed.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession


def settings_for(db_url: str, **overrides: Any) -> Settings:
    """Test settings: bots play at once (on threads, and hints too: ``test_botpool`` tests the pool of
    processes), nobody's seat is handed to a stand-in unless a test asks, and one client (the test) may open tables
    as fast as it likes unless a test of those limits asks otherwise; passwords are hashed with argon2id's least
    cost (the hash is the same function, only cheaper)."""
    values: dict[str, Any] = {"db_url": db_url, "bot_delay": 0.0, "disconnect_grace": 3600.0,
                              "stand_in_bot": "random", "max_open_tables_per_client": 10_000,
                              "table_creation_burst": 10_000, "ws_message_burst": 10_000, "bot_workers": 0,
                              "hint_workers": 0, "max_sockets_per_client": 10_000,
                              "password_time_cost": 1, "password_memory_kib": 1024}
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'parlour.db'}"


@pytest.fixture
def app_factory(db_url: str) -> Callable[..., FastAPI]:
    """Build apps on the test's database file (several in a row share it, as after a restart)."""

    def build(**overrides: Any) -> FastAPI:
        return create_app(settings_for(db_url, **overrides))

    return build


@pytest.fixture
def client(app_factory: Callable[..., FastAPI]) -> Iterator[TestClient]:
    with TestClient(app_factory()) as c:
        yield c


def ops(client: TestClient) -> TestClient:
    """A client of the operator's endpoints (``/readyz``, ``/metrics``) of the app ``client`` serves: they are an
    app apart (``app.state.ops``), never on the public one. Its lifespan is the public app's, run by ``client``."""
    return TestClient(client.app.state.ops)  # type: ignore[attr-defined]


def new_table(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def join(client: TestClient, table_id: str, name: str = "Ana", seat: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
    response = client.post(f"/api/tables/{table_id}/join", json=body)
    assert response.status_code == 200, response.text
    joined: dict[str, Any] = response.json()
    return joined


class Client:
    """One WebSocket client: remembers every message it got and the latest state."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = receive_json(self.ws, RECEIVE_SECONDS)
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one satisfies ``predicate``; return it."""
        while True:
            message = self.receive()
            if predicate(message):
                return message

    def until_version(self, version: int) -> dict[str, Any]:
        """The first state at ``version`` or later (the latest one kept, if already received)."""
        if self.state is not None and self.state["view"]["version"] >= version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["view"]["version"] >= version)

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] in ("error", "accepted"))

    def send(self, message: Any) -> None:
        self.ws.send_json(message)

    def act(self, action: str, version: int | None = None) -> None:
        assert self.state is not None
        v = self.state["view"]["version"] if version is None else version
        self.send({"type": "action", "version": v, "action": action})


def receive_json(ws: WebSocketTestSession, seconds: float) -> Any:
    """``ws.receive_json()``, or ``TimeoutError`` after ``seconds`` without a message.

    Starlette's test session waits for ever; this waits on the same stream, in the session's own
    event loop, under ``anyio.fail_after``. (It uses the session's private stream; should that ever
    be renamed, it falls back to the plain wait.)
    """
    stream = getattr(ws, "_send_rx", None)
    if stream is None:
        return ws.receive_json()

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await stream.receive()

    try:
        message = ws.portal.call(next_message)
    except TimeoutError:
        raise TimeoutError(f"no WebSocket message in {seconds:g} s") from None
    ws._raise_on_close(message)
    return json.loads(message["text"])


@contextlib.contextmanager
def postgres_schema(base_url: str) -> Iterator[str]:
    """A URL of ``base_url``'s database whose tables all go in a new schema of their own, dropped afterwards.

    Processes started on it share nothing with other suites on the same PostgreSQL.
    """
    schema = f"t_{secrets.token_hex(6)}"
    engine = create_engine(base_url, pool_pre_ping=True)  # the database may have restarted meanwhile
    with engine.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield make_url(base_url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


class Cluster:
    """``parlour serve`` processes of one service on the session's own PostgreSQL and Redis: a fresh schema
    and a channel of their own; ``start`` one more."""

    SYNC_SECONDS = "0.2"

    def __init__(self, postgres: PostgresServer, redis: RedisServer, db_url: str) -> None:
        self.postgres = postgres
        self.redis = redis
        self.db_url = db_url
        self.env = {"PARLOUR_REDIS_CHANNEL": f"test-{secrets.token_hex(6)}", "PARLOUR_SYNC_SECONDS": self.SYNC_SECONDS}
        self.started: list[Served] = []

    def start(self, *args: str, **env: str) -> Served:
        served = Served(self.db_url, "--redis-url", self.redis.url, *args, env={**self.env, **env})
        self.started.append(served)
        return served

    def stop(self) -> None:
        for served in self.started:
            served.stop()


@pytest.fixture
def cluster(postgres_server: PostgresServer, redis_server: RedisServer) -> Iterator[Cluster]:
    """A service of several processes (none started yet); every process stopped after the test, and the
    servers running again should the test have stopped them."""
    redis_server.ensure()
    postgres_server.ensure()
    with postgres_schema(postgres_server.url) as url:
        made = Cluster(postgres_server, redis_server, url)
        try:
            yield made
        finally:
            made.stop()
            redis_server.ensure()
            postgres_server.ensure()
