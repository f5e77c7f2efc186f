"""Turn e-mails: an account that gave an address and asked for it gets one message per turn waiting for it at a
turn-based table, in its language, through a real SMTP server on loopback (aiosmtpd); the others get none."""

from __future__ import annotations

import random
import socket
from collections.abc import Callable, Iterator
from email import message_from_bytes
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi import FastAPI

from parlour.server.mail import Mailer
from tests.server.conftest import TestClient
from tests.server.test_accounts import PASSWORD, Browser, csrf, seat_all


class Inbox:
    """What the SMTP server received."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    box, port = Inbox(), free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


def sent(client: TestClient) -> None:
    """Wait for the e-mails under way."""
    mailer: Mailer = client.app.state.mailer  # type: ignore[attr-defined]
    client.portal.call(mailer.close)  # type: ignore[union-attr]


def test_one_email_per_turn_waiting_in_the_players_language_and_none_unasked(
        app_factory: Callable[..., FastAPI], inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    with TestClient(app_factory(smtp_host="127.0.0.1", smtp_port=port, public_url="https://parlour.example")) as c:
        ana, bo = Browser(c), Browser(c)
        assert ana.post("/api/accounts", json={"name": "Ana", "password": PASSWORD, "email": "ana@example.org"}
                        ).status_code == 201  # an address, but no e-mails asked for
        assert bo.post("/api/accounts?lang=fr", json={"name": "Bo", "password": PASSWORD, "email": "bo@example.org",
                                                      "notify": True}).status_code == 201
        while True:
            table = ana.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"], "move_clock": 3600,
                                                  "name": "Chez Ana"}, headers=csrf(ana)).json()
            if table["status"] != "finished":
                break
        tokens = seat_all(table["id"], [ana, bo])
        rng = random.Random(11)
        waits_for_bo, previous = 0, None
        for _ in range(12):
            state = c.get(f"/api/tables/{table['id']}").json()
            if state["table"]["status"] != "playing":
                break
            seat = state["table"]["to_play"]
            waits_for_bo += seat == 1 and previous != 1  # a turn: one person's moves in a row
            previous = seat
            page, token = tokens[seat]
            legal = page.get(f"/api/tables/{table['id']}", params={"token": token}).json()["legal"]
            page.post(f"/api/tables/{table['id']}/actions", headers=csrf(page),
                      json={"token": token, "version": state["view"]["version"], "action": rng.choice(legal)})
        sent(c)
    assert waits_for_bo > 0
    assert [to for to, _ in box.messages] == [["bo@example.org"]] * waits_for_bo
    _, first = box.messages[0]
    assert "Chez Ana" in first["Subject"] and first["Subject"] != "Your turn at Chez Ana"  # in French
    body = first.get_payload(decode=True)
    assert isinstance(body, bytes) and f"https://parlour.example/?table={table['id']}".encode() in body


def test_preferences_turn_the_emails_on_and_off(client: TestClient) -> None:
    ana = Browser(client)
    assert ana.post("/api/accounts", json={"name": "Ana", "password": PASSWORD}).status_code == 201
    me = ana.request("PATCH", "/api/account?lang=fr", json={"email": "ana@example.org", "notify": True},
                     headers=csrf(ana)).json()
    assert (me["email"], me["notify"], me["lang"]) == ("ana@example.org", True, "fr")
    me = ana.request("PATCH", "/api/account", json={"notify": False}, headers=csrf(ana)).json()
    assert (me["email"], me["notify"], me["lang"]) == ("ana@example.org", False, "fr")
    refused = ana.request("PATCH", "/api/account", json={"email": "nope"}, headers=csrf(ana))
    assert refused.status_code == 422 and "email" in refused.json()["error"]["message"]
    forged = ana.request("PATCH", "/api/account", json={"notify": True})
    assert forged.status_code == 403


def test_a_mail_server_that_is_down_changes_nothing_in_play(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(smtp_host="127.0.0.1", smtp_port=free_port())) as c:
        bo = Browser(c)
        bo.post("/api/accounts", json={"name": "Bo", "password": PASSWORD, "email": "bo@example.org", "notify": True})
        table = bo.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"], "move_clock": 3600},
                        headers=csrf(bo)).json()
        joined = bo.post(f"/api/tables/{table['id']}/join", json={"seat": 0}, headers=csrf(bo))
        assert joined.status_code == 200
        sent(c)
        mailer: Mailer = c.app.state.mailer  # type: ignore[attr-defined]
        assert mailer.sent == 0
        assert c.get(f"/api/tables/{table['id']}").status_code == 200
