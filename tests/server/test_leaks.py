"""No message to a seat holds another seat's hidden card: whole games with every seat connected.

Each seat (and a spectator) is a WebSocket client; the test plays random legal
moves and, after every action, checks every message each client received
against the server-side state: the view in it is exactly ``state.message_view(seat)``,
and no card token hidden from that seat (``state.hidden_cards(seat)``) appears
anywhere in the message. With two decks (Tock) a hidden card's token may also
name a visible copy, so tokens that the seat's hand or the public view show
are not counted as leaks; with one deck (Tonk, Plonk) the scan is exact.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from parlour.core.cards import card_str
from parlour.core.game import State
from tests.conftest import strings
from tests.server.conftest import Client, TestClient, join, new_table
from tests.server.test_play import lobby_of

TOKEN = re.compile(r"[A-Za-z0-9]+")


def tokens(value: Any) -> set[str]:
    return {t.lower() for s in strings(value) for t in TOKEN.findall(s)}


def leaked(state: State, seat: int | None, message: dict[str, Any]) -> set[str]:
    """Tokens of cards hidden from ``seat`` that ``message`` shows and nothing public explains."""
    hidden = {card_str(c).lower() for c in state.hidden_cards(seat)}
    shown = {card_str(c).lower() for c in state.hand(seat)} if seat is not None else set()
    public = tokens(state.view(None))
    return (hidden & tokens(message)) - shown - public


GAMES = [
    ("tonk", {"hands": 4, "players": 3}),
    ("plonk", {"target": 150}),
    ("tock", {"players": 4}),
]


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=[g for g, _ in GAMES])
def test_no_seat_is_ever_sent_another_seats_hidden_card(client: TestClient, game: str,
                                                        rules: dict[str, Any]) -> None:
    players = int(rules.get("players", 4))
    tid = new_table(client, game, ["human"] * players, rules=rules)["id"]
    tokens_ = [join(client, tid, f"P{i}")["token"] for i in range(players)]
    table = lobby_of(client).tables[tid]
    rng = random.Random(11)
    sockets = [client.websocket_connect(f"/api/tables/{tid}/ws?token={t}") for t in tokens_]
    sockets.append(client.websocket_connect(f"/api/tables/{tid}/ws"))
    clients = {seat: Client(ws.__enter__()) for seat, ws in zip([*range(players), None], sockets, strict=True)}
    checked = 0
    states = {0: table.state.clone()}
    try:
        version = 0
        while True:
            states[version] = table.state.clone()
            for seat, c in clients.items():
                c.until_version(version)
                for message in c.messages:
                    if message["type"] == "presence":  # who is here, no game data at all
                        assert set(message) == {"type", "table", "seats", "spectators"}
                        continue
                    # An ``accepted`` names the seat's own action, made while the card was in its hand.
                    at = message["view"]["version"] if message["type"] == "state" else message["version"] - 1
                    state = states[at]
                    if message["type"] == "state":
                        assert message["view"] == state.message_view(seat)
                        assert message["seat"] == seat
                    assert not leaked(state, seat, message), (seat, message)
                    checked += 1
                c.messages.clear()
            if table.state.is_terminal:
                break
            mover = clients[table.state.current_player]
            assert mover.state is not None
            mover.act(rng.choice(mover.state["legal"]))
            assert mover.error()["type"] == "accepted"
            version += 1
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert table.state.is_terminal and checked > version * players


def test_the_scan_finds_a_planted_leak(client: TestClient) -> None:
    """The check above is not vacuous: another seat's card put in a message is caught."""
    tid = new_table(client, "plonk", ["human"] * 4)["id"]
    state = lobby_of(client).tables[tid].state
    other = card_str(state.hand(1)[0])
    assert leaked(state, 0, {"type": "state", "view": state.view(0), "note": f"seat 1 holds {other}"}) == {
        other.lower()
    }
