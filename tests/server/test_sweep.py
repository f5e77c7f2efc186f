"""Old tables leave: waiting ones nobody came to expire, finished ones leave memory; the lobby is paged."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI

from tests.server.conftest import Client, TestClient, new_table

PLONK = ["human", "random", "random", "random"]


def test_a_waiting_table_nobody_came_to_expires_and_stays_gone(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(waiting_ttl=100)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        lonely = new_table(client, "plonk", PLONK)["id"]
        watched = new_table(client, "plonk", PLONK)["id"]
        with client.websocket_connect(f"/api/tables/{watched}/ws") as ws:
            Client(ws).until(lambda m: m["type"] == "state")
            assert lobby.sweep(1000.0) == []
            assert lobby.sweep(1099.0) == []
            assert lobby.sweep(1100.0) == [lonely]
        response = client.get(f"/api/tables/{lonely}")
        assert response.status_code == 410 and response.json()["error"]["code"] == "table/expired"
        assert "waiting_ttl" in response.json()["error"]["message"]
        assert lonely not in {t["id"] for t in client.get("/api/tables").json()}
        assert client.post(f"/api/tables/{lonely}/join", json={"name": "Late"}).status_code == 410
        assert lobby.sweep(1101.0) == []  # the watched one's clock started when its spectator left
    with TestClient(app_factory(waiting_ttl=100)) as client:
        assert client.get(f"/api/tables/{lonely}").status_code == 410
        assert client.get(f"/api/tables/{watched}").status_code == 200


def test_finished_tables_leave_memory_but_their_records_stay(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(finished_ttl=50)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        tid = new_table(client, "plonk", ["random"] * 4, rules={"target": 20})["id"]
        with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
            Client(ws).until(lambda m: m["type"] == "state" and m["table"]["status"] == "finished")
        assert lobby.sweep(10.0) == [] and lobby.sweep(59.0) == []
        assert lobby.sweep(60.0) == [tid] and tid not in lobby.tables
        record = client.get(f"/api/tables/{tid}/record")
        assert record.status_code == 200 and record.json()["actions"]
        assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "finished"


def test_the_lobby_is_listed_a_page_at_a_time(client: TestClient) -> None:
    made = {new_table(client, "plonk", PLONK)["id"] for _ in range(5)}
    seen: list[str] = []
    cursor = None
    for _ in range(5):
        params = {"limit": 2} | ({"cursor": cursor} if cursor else {})
        response = client.get("/api/tables", params=params)
        assert response.status_code == 200
        page = [t["id"] for t in response.json()]
        assert len(page) <= 2
        seen += page
        cursor = response.headers.get("x-next-cursor")
        if cursor is None:
            assert "link" not in response.headers
            break
        assert 'rel="next"' in response.headers["link"]
    assert len(seen) == len(set(seen)) == 5 and set(seen) == made
    for bad in ("zzz", "1.2.3:ab", "12:" + "a" * 40):
        refused = client.get("/api/tables", params={"cursor": bad})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "request/invalid"
    assert client.get("/api/tables", params={"limit": 0}).status_code == 422
