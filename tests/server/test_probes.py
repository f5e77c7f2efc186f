"""``/healthz`` answers while the process does; ``/readyz`` says which dependency is down, in bounded time, and
nothing of where it is (the log has that); both with ``/metrics`` on the operator's listener, never the public one."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from pydantic import ValidationError
from sqlalchemy import create_engine

from parlour.server.masking import mask
from parlour.server.ops import Listeners
from parlour.server.probes import Probes
from parlour.server.settings import Settings
from tests.server.conftest import TestClient, ops
from tests.server.services import RedisServer
from tests.server.serving import CALL_SECONDS, Served
from tests.server.test_limits import Outage

ANSWER_SECONDS = 20.0
"""Longest a probe may take here on a busy machine; a hanging check would take HANG_SECONDS."""
HANG_SECONDS = 120.0


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port where nothing listens (kept bound, so nothing else starts listening there)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


def test_healthz_answers_without_asking_storage(app_factory: Callable[..., FastAPI],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_factory()
    with TestClient(app) as client, Outage(app, monkeypatch):
        for asked in (client, ops(client)):  # public, and on the operator's listener too
            response = asked.get("/healthz")
            assert (response.status_code, response.json()) == (200, {"status": "ok"})
        assert ops(client).get("/readyz").status_code == 503


def test_readyz_is_ready_on_sqlite(client: TestClient) -> None:
    response = ops(client).get("/readyz")
    assert (response.status_code, response.json()) == (200, {"status": "ready"})


def test_the_public_app_serves_neither_metrics_nor_readiness(client: TestClient) -> None:
    for path in ("/metrics", "/readyz"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["error"]["code"] == "request/not_found"
    assert ops(client).get("/metrics").status_code == 200
    refused = ops(client).get("/api/games")  # and the operator's listener serves nothing else
    assert refused.status_code == 404 and "GET /healthz, /readyz, /metrics only" in refused.json()["error"]["message"]


def test_readyz_says_the_database_is_down_and_logs_why(app_factory: Callable[..., FastAPI],
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    app = app_factory()
    with TestClient(app) as client:
        with Outage(app, monkeypatch):
            response = ops(client).get("/readyz")
            ops(client).get("/readyz")  # the same reason again: logged once
        body = response.json()
        assert response.status_code == 503 and body["error"]["code"] == "service/not_ready"
        assert body == {"error": {"code": "service/not_ready", "message": "not ready: database: unavailable"},
                        "down": {"database": "unavailable"}}
        [logged] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("not ready")]
        assert "sqlite" in logged and "unable to open database file" in logged
        assert ops(client).get("/readyz").status_code == 200  # back by itself


def test_readyz_names_no_database_user_host_port_or_name(app_factory: Callable[..., FastAPI], closed_port: int,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    app = app_factory()
    url = f"postgresql+psycopg://parlour_owner:hunter2@127.0.0.1:{closed_port}/parlour_tables"
    with TestClient(app) as client:
        storage = app.state.lobby.storage
        monkeypatch.setattr(storage, "engine", create_engine(url))
        monkeypatch.setattr(storage, "shown_url", mask(url))
        response = ops(client).get("/readyz")
    assert response.status_code == 503 and response.json()["down"] == {"database": "unavailable"}
    for secret in ("parlour_owner", "hunter2", "127.0.0.1", str(closed_port), "parlour_tables", "postgres"):
        assert secret not in response.text
    logged = caplog.text
    assert f"parlour_owner:***@127.0.0.1:{closed_port}/parlour_tables" in logged and "hunter2" not in logged


def test_readyz_answers_in_time_when_the_database_hangs(app_factory: Callable[..., FastAPI],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_factory(probe_seconds=1.0)
    engine = app.state.lobby.storage.engine
    release = threading.Event()

    def hang(*_args: Any, **_kwargs: Any) -> Any:
        release.wait(HANG_SECONDS)
        raise sqlite3.OperationalError("no answer")

    with TestClient(app) as client:
        monkeypatch.setattr(engine.dialect, "connect", hang)
        engine.dispose()
        try:
            started = time.monotonic()
            response = ops(client).get("/readyz")
            took = time.monotonic() - started
            assert response.status_code == 503 and response.json()["down"] == {"database": "did not answer within 1 s"}
            assert took < ANSWER_SECONDS
            assert client.get("/healthz").status_code == 200
        finally:
            release.set()
            monkeypatch.undo()


def test_readyz_says_redis_is_down_and_logs_where_with_its_password_masked(
        app_factory: Callable[..., FastAPI], closed_port: int, caplog: pytest.LogCaptureFixture) -> None:
    app = app_factory()
    with TestClient(app) as client:
        storage, metrics = app.state.lobby.storage, app.state.metrics
        app.state.probes = Probes(storage, f"redis://:hunter2@127.0.0.1:{closed_port}/0", metrics, 2.0)
        started = time.monotonic()
        response = ops(client).get("/readyz")
        assert time.monotonic() - started < ANSWER_SECONDS
        body = response.json()
        assert response.status_code == 503 and body["down"] == {"redis": "unavailable"}
        assert str(closed_port) not in response.text and "hunter2" not in response.text
        assert f"redis://:***@127.0.0.1:{closed_port}/0 is unavailable" in caplog.text and "hunter2" not in caplog.text
        assert "parlour_redis_errors_total 1.0" in ops(client).get("/metrics").text


def test_readyz_is_ready_when_redis_answers(app_factory: Callable[..., FastAPI], redis_server: RedisServer) -> None:
    redis_server.ensure()
    app = app_factory()
    with TestClient(app) as client:
        app.state.probes = Probes(app.state.lobby.storage, redis_server.url, app.state.metrics, 2.0)
        for _ in range(2):  # each probe on a connection of its own, whatever event loop asks
            response = ops(client).get("/readyz")
            assert (response.status_code, response.json()) == (200, {"status": "ready"})


def test_listeners_hand_a_connection_to_the_app_of_the_port_it_arrived_on(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(Listeners(app_factory(), 9100)) as client:  # the lifespan is the public app's
        assert client.get("http://testserver:9100/metrics").status_code == 200
        assert client.get("http://testserver:9100/readyz").json() == {"status": "ready"}
        assert client.get("http://testserver:9100/api/games").status_code == 404
        assert client.get("/api/games").status_code == 200
        assert client.get("/metrics").status_code == 404 and client.get("/readyz").status_code == 404


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=CALL_SECONDS) as response:
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def test_parlour_serve_answers_the_operator_on_its_own_port_only(tmp_path: Path) -> None:
    served = Served(f"sqlite:///{tmp_path / 'ops.db'}")
    try:
        public, operator = served.base(), served.ops_base()
        assert public != operator
        assert [status_of(public + path) for path in ("/healthz", "/readyz", "/metrics")] == [200, 404, 404]
        assert [status_of(operator + path) for path in ("/healthz", "/readyz", "/metrics")] == [200, 200, 200]
        with urllib.request.urlopen(operator + "/metrics", timeout=CALL_SECONDS) as response:
            assert "parlour_http_requests_total" in response.read().decode()
    finally:
        served.stop()


def test_parlour_serve_without_the_operator_s_listener_serves_metrics_nowhere(tmp_path: Path) -> None:
    served = Served(f"sqlite:///{tmp_path / 'ops.db'}", env={"PARLOUR_OPS_LISTENER": "false"})
    try:
        public = served.base()
        assert not any("/metrics" in line for line in served.said)
        assert [status_of(public + path) for path in ("/healthz", "/readyz", "/metrics")] == [200, 404, 404]
    finally:
        served.stop()


def test_an_operator_s_port_in_use_is_one_line_naming_the_setting(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        served = Served(f"sqlite:///{tmp_path / 'ops.db'}", env={"PARLOUR_OPS_PORT": str(port)})
        said = served.output()
    assert served.process.returncode == 2
    assert f"127.0.0.1:{port} (ops_host, ops_port)" in said and "ops_listener = false" in said


def test_the_operator_s_port_is_never_the_public_one() -> None:
    with pytest.raises(ValidationError, match="ops_port: 8000 is the public port too"):
        Settings(port=8000, ops_port=8000)
    assert Settings(port=0, ops_port=0).ops_port == 0  # two free ports: never the same
    assert not Settings(port=8000, ops_port=8000, ops_listener=False).ops_listener
