"""Table chat: seated players and (where the table lets them) spectators, until the table ends; length-, mark- and
rate-limited (per author at a table, per client over every table), stored with the table."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.server import create_app
from parlour.server.api_schemas import MAX_MARKS
from parlour.server.chat import MAX_CHARS
from tests.server.conftest import TestClient, join, new_table, settings_for

BURST = 3
"""Messages an author may send in the (long, so that a slow machine cannot slide it) window of these tests."""


def test_players_and_spectators_chat_within_limits_and_it_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, chat_burst=BURST, chat_window=3600))) as client:
        tid = new_table(client, "tonk", ["human", "random"], rules={"hands": 3},  # a deal-time win ends no match
                        spectator_chat=True)["id"]
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


def test_spectators_chat_only_where_the_table_lets_them_and_nobody_after_the_end(client: TestClient) -> None:
    closed = new_table(client, "tonk", ["human", "random"], rules={"hands": 3})
    assert closed["spectator_chat"] is False
    token = join(client, closed["id"], "Ana")["token"]
    refused = client.post(f"/api/tables/{closed['id']}/chat", json={"name": "Bo", "text": "hello"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "chat/closed"
    assert "spectator_chat" in refused.json()["error"]["message"]
    assert client.post(f"/api/tables/{closed['id']}/chat", json={"token": token, "text": "hi"}).status_code == 201
    assert [m["text"] for m in client.get(f"/api/tables/{closed['id']}/chat").json()] == ["hi"]
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    table = lobby.tables[closed["id"]]
    while not table.state.is_terminal:  # the match played to its end, as the bots would
        table.state.apply(table.state.legal_actions()[0])
    over = client.post(f"/api/tables/{closed['id']}/chat", json={"token": token, "text": "gg"})
    assert over.status_code == 403 and over.json()["error"]["code"] == "chat/closed" and "finished" in \
        over.json()["error"]["message"]
    assert [m["text"] for m in client.get(f"/api/tables/{closed['id']}/chat").json()] == ["hi"]


@pytest.mark.parametrize(("text", "accepted"), [("Vi\u1ec7t Nam: c\u1ea3m \u01a1n", True),
                                                ("a\u0301\u0302\u0303\u0304", True),
                                                ("Z" + "\u0301" * 199, False), ("ok x" + "\u0305" * 5, False)])
def test_combining_marks_are_capped_per_character(client: TestClient, text: str, accepted: bool) -> None:
    tid = new_table(client, "tonk", ["human", "random"], rules={"hands": 3})["id"]
    token = join(client, tid, "Ana")["token"]
    said = client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": text})
    assert said.status_code == (201 if accepted else 422), said.text
    if not accepted:
        assert f"at most {MAX_MARKS} combining marks on one character" in said.json()["error"]["message"]
        named = client.post(f"/api/tables/{tid}/join", json={"name": text[:40]})
        assert named.status_code == 422 and "combining marks" in named.text


def test_one_client_chats_at_most_chat_client_burst_over_every_table(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, chat_burst=5, chat_client_burst=4, chat_window=3600))) as client:
        codes = []
        for _ in range(5):  # one message at each of five tables: within each table's own limit
            tid = new_table(client, "tonk", ["human", "random"], rules={"hands": 3})["id"]
            token = join(client, tid, "Ana")["token"]
            said = client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "hi all"})
            codes.append(said.status_code)
        assert codes == [201] * 4 + [429]
        assert "chat_client_burst" in said.json()["error"]["message"] and int(said.headers["retry-after"]) > 3000
