"""Table chat: seated players and spectators, length-limited, rate-limited, stored with the table."""

from __future__ import annotations

from typing import Any

from parlour.server import create_app
from parlour.server.chat import MAX_CHARS
from tests.server.conftest import TestClient, join, new_table, settings_for

BURST = 3
"""Messages an author may send in the (long, so that a slow machine cannot slide it) window of these tests."""


def test_players_and_spectators_chat_within_limits_and_it_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, chat_burst=BURST, chat_window=3600))) as client:
        tid = new_table(client, "tonk", ["human", "random"], rules={"hands": 3})["id"]  # a deal-time win ends no match
        token = join(client, tid, "Ana")["token"]
        said = client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "  <b>hi</b>\x07 "})
        assert said.status_code == 201 and said.json()["author"] == "Ana" and said.json()["text"] == "<b>hi</b>"
        watcher = client.post(f"/api/tables/{tid}/chat", json={"name": "Bo", "text": "good luck"}).json()
        assert watcher["author"] == "Bo (watching)"
        too_long = client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "x" * (MAX_CHARS + 1)})
        assert too_long.status_code == 422 and f"at most {MAX_CHARS} characters" in too_long.json()["error"]["message"]
        assert client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": " \n"}).status_code == 422
        bad = client.post(f"/api/tables/{tid}/chat", json={"token": "nope", "text": "hi"})
        assert bad.json()["error"]["code"] == "auth/bad_token"
        codes = [client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": f"n{i}"}).status_code
                 for i in range(BURST)]
        assert codes == [201] * (BURST - 1) + [429]
        refused = client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "again"})
        assert "chat_burst" in refused.json()["error"]["message"] and int(refused.headers["retry-after"]) > 3000
        lines = client.get(f"/api/tables/{tid}/chat").json()
        assert [m["text"] for m in lines] == ["<b>hi</b>", "good luck", *[f"n{i}" for i in range(BURST - 1)]]
        assert client.get(f"/api/tables/{tid}/chat?after={lines[1]['id']}").json() == lines[2:]
        assert client.get("/api/tables/nope/chat").json()["error"]["code"] == "table/not_found"
    with TestClient(create_app(settings_for(db_url))) as again:
        kept: list[dict[str, Any]] = again.get(f"/api/tables/{tid}/chat").json()
        assert kept == lines
