"""``/healthz`` answers while the process does; ``/readyz`` says which dependency is down, in bounded time."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.server.probes import Probes
from tests.server.conftest import TestClient
from tests.server.services import RedisServer
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
        response = client.get("/healthz")
        assert (response.status_code, response.json()) == (200, {"status": "ok"})
        assert client.get("/readyz").status_code == 503


def test_readyz_is_ready_on_sqlite(client: TestClient) -> None:
    response = client.get("/readyz")
    assert (response.status_code, response.json()) == (200, {"status": "ready"})


def test_readyz_names_a_database_that_fails(app_factory: Callable[..., FastAPI],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_factory()
    with TestClient(app) as client:
        with Outage(app, monkeypatch):
            response = client.get("/readyz")
        body = response.json()
        assert response.status_code == 503 and body["error"]["code"] == "service/not_ready"
        assert set(body["down"]) == {"storage"} and "sqlite" in body["down"]["storage"]
        assert "unable to open database file" in body["error"]["message"]
        assert client.get("/readyz").status_code == 200  # back by itself


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
            response = client.get("/readyz")
            took = time.monotonic() - started
            assert response.status_code == 503 and "did not answer within 1 s" in response.json()["down"]["storage"]
            assert took < ANSWER_SECONDS
            assert client.get("/healthz").status_code == 200
        finally:
            release.set()
            monkeypatch.undo()


def test_readyz_names_a_redis_that_does_not_answer_with_its_password_masked(
        app_factory: Callable[..., FastAPI], closed_port: int) -> None:
    app = app_factory()
    with TestClient(app) as client:
        storage, metrics = app.state.lobby.storage, app.state.metrics
        app.state.probes = Probes(storage, f"redis://:hunter2@127.0.0.1:{closed_port}/0", metrics, 2.0)
        started = time.monotonic()
        response = client.get("/readyz")
        assert time.monotonic() - started < ANSWER_SECONDS
        body = response.json()
        assert response.status_code == 503 and set(body["down"]) == {"redis"}
        assert f"redis://:***@127.0.0.1:{closed_port}/0" in body["down"]["redis"]
        assert "hunter2" not in response.text
        assert "parlour_redis_errors_total 1.0" in client.get("/metrics").text



def test_readyz_is_ready_when_redis_answers(app_factory: Callable[..., FastAPI], redis_server: RedisServer) -> None:
    redis_server.ensure()
    app = app_factory()
    with TestClient(app) as client:
        app.state.probes = Probes(app.state.lobby.storage, redis_server.url, app.state.metrics, 2.0)
        response = client.get("/readyz")
        assert (response.status_code, response.json()) == (200, {"status": "ready"})
