"""``/metrics`` on the operator's listener: requests by route template, sockets, tables, actions, bot think time,
errors; a registry per app."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi import FastAPI
from prometheus_client.parser import text_string_to_metric_families

from parlour.server.metrics import Metrics, forget_dead_workers
from tests.server.conftest import Client, Cluster, TestClient, join, new_table, ops
from tests.server.serving import call
from tests.server.test_limits import Outage

WAIT_SECONDS = 30.0


def samples(client: TestClient) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample ``/metrics`` answers (on the operator's listener of ``client``'s app), by name and labels."""
    response = ops(client).get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    return parse(response.text)


def parse(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


def test_requests_are_counted_by_route_template_never_by_raw_path(client: TestClient) -> None:
    table = new_table(client, "tonk", ["human", "human"])
    for _ in range(3):
        assert client.get(f"/api/tables/{table['id']}").status_code == 200
    assert client.get("/api/tables/nosuchtable").status_code == 404
    assert client.get(f"/no/such/path/{table['id']}").status_code == 404
    assert client.get("/metrics").status_code == 404  # not the public app's: a path like any other
    response = ops(client).get("/metrics")
    found = parse(response.text)
    route = "/api/tables/{table_id}"
    assert value(found, "parlour_http_requests_total", method="GET", route=route, status="200") == 3
    assert value(found, "parlour_http_requests_total", method="GET", route=route, status="404") == 1
    assert value(found, "parlour_http_requests_total", method="POST", route="/api/tables", status="201") == 1
    assert value(found, "parlour_http_requests_total", method="GET", route="<unmatched>", status="404") == 2
    assert value(found, "parlour_http_requests_total", method="GET", route="/metrics", status="200") == 0
    assert value(found, "parlour_http_request_duration_seconds_count", method="GET", route=route) == 4
    assert table["id"] not in response.text and "nosuchtable" not in response.text


def test_a_body_refused_before_routing_is_counted_under_its_route(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(max_message_bytes=1000)) as client:
        assert client.post("/api/tables", content=b"x" * 2000,
                           headers={"content-type": "application/json"}).status_code == 413
        found = samples(client)
    assert value(found, "parlour_http_requests_total", method="POST", route="/api/tables", status="413") == 1


def test_actions_sockets_and_tables_are_counted(client: TestClient) -> None:
    table = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})
    tokens = [join(client, table["id"], name)["token"] for name in ("Ana", "Bo")]
    found = samples(client)
    assert value(found, "parlour_tables", game="tonk", status="playing") == 1
    assert value(found, "parlour_websockets_open", role="player") == 0
    with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={tokens[0]}") as player, \
            client.websocket_connect(f"/api/tables/{table['id']}/ws") as spectator:
        Client(player).until(lambda m: m["type"] == "state")
        Client(spectator).until(lambda m: m["type"] == "state")
        found = samples(client)
        assert value(found, "parlour_websockets_open", role="player") == 1
        assert value(found, "parlour_websockets_open", role="spectator") == 1
    shown = client.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()
    seat = shown["table"]["to_play"]
    state = client.get(f"/api/tables/{table['id']}", params={"token": tokens[seat]}).json()
    played = client.post(f"/api/tables/{table['id']}/actions",
                         json={"token": tokens[seat], "version": state["view"]["version"], "action": state["legal"][0]})
    assert played.status_code == 200, played.text
    found = samples(client)
    assert value(found, "parlour_actions_total", game="tonk") == 1
    assert value(found, "parlour_websockets_open", role="player") == 0
    assert value(found, "parlour_websockets_open", role="spectator") == 0


def test_bot_think_time_is_observed_by_game_and_bot_name(client: TestClient) -> None:
    table = new_table(client, "tonk", ["random", "ismcts:iters=20"], rules={"hands": 5})
    deadline = time.monotonic() + WAIT_SECONDS
    while client.get(f"/api/tables/{table['id']}").json()["table"]["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.05)
    found = samples(client)
    moves = {bot: value(found, "parlour_bot_think_seconds_count", game="tonk", bot=bot) for bot in ("random", "ismcts")}
    assert sum(moves.values()) >= 1  # five hands: not all of them decided at the deal
    assert value(found, "parlour_actions_total", game="tonk") == sum(moves.values())
    assert not any(dict(labels).get("bot", "").count(":") for _, labels in found)  # the name, never the options
    assert sum(value(found, "parlour_bot_think_seconds_sum", game="tonk", bot=bot) for bot in moves) > 0


def test_storage_errors_are_counted(app_factory: Callable[..., FastAPI], monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_factory()
    with TestClient(app) as client:
        assert value(samples(client), "parlour_storage_errors_total") == 0
        with Outage(app, monkeypatch):
            assert client.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"]}).status_code == 503
        assert value(samples(client), "parlour_storage_errors_total") >= 1


def test_redis_errors_are_counted_by_the_function_the_redis_peer_calls(app_factory: Callable[..., FastAPI]) -> None:
    app = app_factory()
    metrics: Metrics = app.state.metrics
    with TestClient(app) as client:
        metrics.redis_error()
        metrics.redis_error()
        assert value(samples(client), "parlour_redis_errors_total") == 2


def test_the_peers_reachability_and_dropped_events_are_read_at_each_scrape(app_factory: Callable[..., FastAPI]) -> None:
    app = app_factory()
    with TestClient(app) as client:
        alone = samples(client)
        assert value(alone, "parlour_peers_reachable") == 1 and value(alone, "parlour_peer_events_dropped_total") == 0
    metrics = Metrics()
    state = {"up": True, "lost": 0}
    metrics.watch_peer(lambda: bool(state["up"]), lambda: int(state["lost"]))
    state.update(up=False, lost=7)  # Redis gone: the next scrape says so
    found = parse(metrics.exposition().decode())
    assert value(found, "parlour_peers_reachable") == 0 and value(found, "parlour_peer_events_dropped_total") == 7


def test_each_app_counts_on_its_own(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as first, TestClient(app_factory()) as second:
        for _ in range(2):
            first.get("/api/games")
        second.get("/api/games")
        assert value(samples(first), "parlour_http_requests_total", method="GET", route="/api/games", status="200") == 2
        assert value(samples(second), "parlour_http_requests_total", method="GET", route="/api/games",
                     status="200") == 1


def test_any_worker_reports_every_worker_s_requests_on_the_operator_s_port_alone(cluster: Cluster) -> None:
    served = cluster.start("--workers", "2")  # stopped with the cluster
    base, operator = served.base(), served.ops_base()
    asked = 30
    for _ in range(asked):  # a connection each: the two workers share them out
        call(base, "/api/games")

    def counted() -> float:
        with urllib.request.urlopen(operator + "/metrics", timeout=10) as response:
            return value(parse(response.read().decode()), "parlour_http_requests_total", method="GET",
                         route="/api/games", status="200")

    deadline = time.monotonic() + WAIT_SECONDS  # a request is counted as its answer ends: the last may lag
    while counted() < asked and time.monotonic() < deadline:
        time.sleep(0.05)
    for _ in range(8):  # whichever worker answers reports them all
        with urllib.request.urlopen(operator + "/metrics", timeout=10) as response:
            text = response.read().decode()
        found = parse(text)
        assert value(found, "parlour_http_requests_total", method="GET", route="/api/games", status="200") == asked
        with urllib.request.urlopen(operator + "/readyz", timeout=10) as response:
            assert json.loads(response.read()) == {"status": "ready"}
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(base + "/metrics", timeout=10)
    assert refused.value.code == 404


def test_a_dead_worker_s_open_sockets_leave_the_sum_and_its_counters_stay(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    gone, here = int(dead.stdout), os.getpid()
    for name in (f"gauge_livesum_{gone}.db", f"gauge_livesum_{here}.db", f"counter_{gone}.db"):
        (tmp_path / name).write_bytes(b"")
    forget_dead_workers(str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"gauge_livesum_{here}.db", f"counter_{gone}.db"])
