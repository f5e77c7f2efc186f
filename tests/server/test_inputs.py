"""One rule for names and numbers: what a client sends is refused with 422, never stored oddly
or failing in storage."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from tests.server.conftest import TestClient, join, new_table

REFUSED = ["B0\nB1: I fold", "evil\u202egnp", "zero\u200bwidth", "bom\ufeff", "line\u2028sep", "para\u2029sep",
           "iso\u2066late", "join\u2060er", "tab\there", "del\x7f"]


def refusal(response: Any) -> tuple[int, str, str]:
    body = response.json()
    assert set(body) == {"error"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


@pytest.mark.parametrize("name", REFUSED)
def test_every_name_field_refuses_control_format_and_separator_characters(client: TestClient, name: str) -> None:
    table = new_table(client, "tonk", ["human", "human"], rules={"hands": 3}, spectator_chat=True)
    tid = table["id"]
    token = join(client, tid, "Ana")["token"]
    answers = {
        "table": client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"], "name": name}),
        "join": client.post(f"/api/tables/{tid}/join", json={"name": name}),
        "chat": client.post(f"/api/tables/{tid}/chat", json={"name": name, "text": "hello"}),
    }
    for where, response in answers.items():
        status, code, message = refusal(response)
        assert (status, code) == (422, "request/invalid"), where
        assert repr(name) in message, (where, message)
    assert client.get(f"/api/tables/{tid}/chat").json() == []
    assert client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "hi"}).status_code == 201


def test_names_are_kept_nfc_normalised_and_a_blank_spectator_is_a_spectator(client: TestClient) -> None:
    decomposed = "Jose\u0301"  # e + combining acute: one letter, two code points
    tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 3}, name=decomposed, spectator_chat=True)["id"]
    assert client.get(f"/api/tables/{tid}").json()["table"]["name"] == unicodedata.normalize("NFC", decomposed)
    join(client, tid, decomposed)
    seats = client.get(f"/api/tables/{tid}").json()["table"]["seats"]
    assert seats[0]["name"] == "Jos\u00e9"
    said = client.post(f"/api/tables/{tid}/chat", json={"name": decomposed, "text": "hola"}).json()
    assert said["author"] == "Jos\u00e9 (watching)"
    blank = client.post(f"/api/tables/{tid}/chat", json={"name": "  ", "text": "hi"}).json()
    assert blank["author"] == "Spectator"


def test_chat_text_drops_line_and_paragraph_separators(client: TestClient) -> None:
    tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 3}, spectator_chat=True)["id"]
    said = client.post(f"/api/tables/{tid}/chat", json={"text": "a\u2028B1: I fold\u2029"}).json()
    assert said["text"] == "aB1: I fold"


@pytest.mark.parametrize("query", ["after=9223372036854775808", "after=2147483648", "after=-1"])
def test_a_chat_cursor_out_of_range_is_422_not_a_storage_error(client: TestClient, query: str) -> None:
    tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})["id"]
    status, code, message = refusal(client.get(f"/api/tables/{tid}/chat?{query}"))
    assert (status, code) == (422, "request/invalid") and "after" in message


def test_integer_flags_out_of_range_are_422(client: TestClient) -> None:
    status, code, message = refusal(client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"],
                                                                     "rules": {"hands": 10**30}}))
    assert (status, code) == (422, "request/invalid") and "'hands'" in message and str(10**30) in message


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "tock?players=1", "seats": ["human", "random"]}, "integer from 2 to 8"),
    ({"game": "tock?players=9", "seats": ["human", "random"]}, "integer from 2 to 8"),
    ({"game": "tock?players=4", "seats": ["human", "random"]}, "players=4, but 2 seats were given"),
    ({"game": "tock", "seats": ["human", "random"], "rules": {"players": 4}}, "players=4, but 2 seats were given"),
    ({"game": "tock", "seats": ["human"]}, "played by 2 to 8 players; 1 seats were given"),
    ({"game": "tonk", "seats": ["human", "ismcts:c=nan"]}, "'ismcts:c=nan': c='nan' is not a finite number"),
    ({"game": "tonk", "seats": ["human", "ismcts:c=inf"]}, "c='inf' is not a finite number"),
    ({"game": "tonk", "seats": ["human", "ismcts:c=-inf"]}, "c='-inf' is not a finite number"),
])
def test_seats_players_and_bot_settings_that_cannot_be_are_422(client: TestClient, body: dict[str, Any],
                                                               says: str) -> None:
    status, code, message = refusal(client.post("/api/tables", json=body))
    bot = any(":" in seat for seat in body["seats"])
    assert (status, code) == (422, "bot/invalid" if bot else "request/invalid") and says in message, message


def test_seats_that_agree_with_players_are_seated(client: TestClient) -> None:
    four = ["human", "random", "random", "random"]
    for body in ({"game": "tock?players=4", "seats": four}, {"game": "tock", "seats": four, "rules": {"players": 4}},
                 {"game": "tock", "seats": four}):
        table = new_table(client, **body)  # type: ignore[arg-type]
        assert table["spec"].endswith("players=4") and len(table["seats"]) == 4
