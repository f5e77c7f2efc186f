"""``POST /api/tables/{id}/hint``: the strong bot's suggestion for the seat to play, from its view alone, with the
moves it weighed; refused like an action that is not the seat's, bounded by ``hint_ms`` and ``hints_per_minute``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.bots.base import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.server.lobby import Lobby
from tests.server.conftest import TestClient, join, new_table

FAST = {"hint_ms": 60}
"""A short think: the tests look at what is answered, not at how well it plays."""


@pytest.fixture
def client(app_factory: Callable[..., FastAPI]) -> Iterator[TestClient]:
    with TestClient(app_factory(**FAST)) as c:
        yield c


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def two_players(client: TestClient) -> tuple[str, list[str], int]:
    """A Tonk table of Ana and Bob being played: its id, their tokens by seat, and the seat to play."""
    table = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})
    tokens = [join(client, table["id"], "Ana")["token"], join(client, table["id"], "Bob")["token"]]
    shown = client.get(f"/api/tables/{table['id']}").json()["table"]
    assert shown["status"] == "playing"
    return table["id"], tokens, shown["to_play"]


def ask(client: TestClient, tid: str, token: str, version: int = 0, lang: str = "en") -> Any:
    return client.post(f"/api/tables/{tid}/hint?lang={lang}", json={"token": token, "version": version})


def test_a_hint_is_a_legal_move_with_the_alternatives_weighed(client: TestClient) -> None:
    tid, tokens, seat = two_players(client)
    state = client.get(f"/api/tables/{tid}?token={tokens[seat]}").json()
    answer = ask(client, tid, tokens[seat])
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["action"] in state["legal"]
    assert hint["words"] == state["words"][state["legal"].index(hint["action"])]
    assert hint["iterations"] > 0 and hint["visits"] > 0
    others = hint["alternatives"]
    assert 1 <= len(others) <= 5
    assert all(o["action"] in state["legal"] and o["action"] != hint["action"] for o in others)
    assert all(isinstance(o["value"], float) and o["visits"] >= 0 for o in others)
    assert [o["visits"] for o in others] == sorted((o["visits"] for o in others), reverse=True)
    assert all(0 <= o["ahead"] <= 1 for o in (hint, *others))
    assert client.get(f"/api/tables/{tid}").json()["view"]["version"] == 0  # nothing was played


@pytest.mark.parametrize("lang, says", [("en", ": you come out ahead in "),
                                        ("fr", "\u00a0: vous finissez gagnant dans ")])
def test_a_hint_says_why_from_the_bots_explanation_in_the_language_asked(client: TestClient, lang: str,
                                                                         says: str) -> None:
    tid, tokens, seat = two_players(client)
    hint = ask(client, tid, tokens[seat], lang=lang).json()
    state = client.get(f"/api/tables/{tid}?token={tokens[seat]}&lang={lang}").json()
    assert hint["words"] == state["words"][state["legal"].index(hint["action"])]
    assert hint["reason"].startswith(hint["words"] + says), hint["reason"]
    best = max(hint["alternatives"], key=lambda o: o["value"])
    assert best["words"] in hint["reason"]


def test_the_hint_is_the_bots_explain(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    tid, tokens, seat = two_players(client)
    asked: list[str] = []
    explain = ISMCTSBot.explain

    def spy(self: ISMCTSBot, view: Any, legal: Any, rng: Any, lang: str = "en", names: Any = ()) -> Any:
        asked.append(lang)
        return explain(self, view, legal, rng, lang, names)

    monkeypatch.setattr(ISMCTSBot, "explain", spy)
    assert ask(client, tid, tokens[seat], lang="fr").status_code == 200
    assert asked == ["fr"]


def test_the_search_sees_the_seats_view_and_nothing_else(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    tid, tokens, seat = two_players(client)
    seen: list[Any] = []
    choose = ISMCTSBot.choose

    def spy(self: ISMCTSBot, view: Any, legal: Any, rng: Any) -> Any:
        seen.append(view)
        return choose(self, view, legal, rng)

    monkeypatch.setattr(ISMCTSBot, "choose", spy)
    assert ask(client, tid, tokens[seat]).status_code == 200
    state = lobby_of(client).tables[tid].state
    assert seen == [state.view(seat)]
    other = state.view(1 - seat)["hand"]
    assert not set(other) & set(seen[0]["hand"]) and "hands" not in seen[0]


def test_the_think_time_is_hint_ms_capped_by_max_bot_ms(app_factory: Callable[..., FastAPI],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    specs: list[str] = []

    def spy(spec: str, game: Any) -> Any:
        specs.append(spec)
        return make_bot(spec, game)

    monkeypatch.setattr("parlour.server.botpool.make_bot", spy)
    for settings, expected in (({"hint_ms": 70}, "strong:ms=70"), ({"hint_ms": 900, "max_bot_ms": 40}, "strong:ms=40")):
        specs.clear()
        with TestClient(app_factory(**settings)) as client:
            tid, tokens, seat = two_players(client)
            assert ask(client, tid, tokens[seat]).status_code == 200
        assert specs == [expected]


def test_only_the_seat_to_play_gets_a_hint_on_the_current_version(client: TestClient) -> None:
    tid, tokens, seat = two_players(client)
    for token, version, code in ((tokens[1 - seat], 0, "action/not_your_turn"), (tokens[seat], 3, "action/stale")):
        refused = ask(client, tid, token, version)
        assert refused.status_code == 409 and refused.json()["error"]["code"] == code, refused.text
    bad = ask(client, tid, "not-a-token")
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "auth/bad_token"
    missing = ask(client, "nosuchtable", tokens[seat])
    assert missing.status_code == 404


def test_a_waiting_or_finished_table_has_no_hint(client: TestClient) -> None:
    waiting = new_table(client, "tonk", ["human", "human"])
    token = join(client, waiting["id"], "Ana")["token"]
    refused = ask(client, waiting["id"], token)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "action/not_your_turn"
    tid, tokens, seat = two_players(client)
    table = lobby_of(client).tables[tid]
    while table.status != "finished":
        table.submit(table.state.current_player, table.version, str(table.state.legal_actions()[0]))
    over = ask(client, tid, tokens[seat], table.version)
    assert over.status_code == 409 and over.json()["error"]["code"] == "table/finished"


@pytest.mark.parametrize("body, where", [
    ({"token": "x", "version": -1}, "version"),
    ({"token": "x"}, "version"),
    ({"version": 0}, "token"),
    ({"token": "x", "version": "soon"}, "version"),
    ({"token": "x", "version": 0, "action": "drop"}, "action"),
])
def test_bad_input_is_refused_saying_what_is_wrong(client: TestClient, body: dict[str, Any], where: str) -> None:
    tid, _tokens, _seat = two_players(client)
    refused = client.post(f"/api/tables/{tid}/hint", json=body)
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "request/invalid"
    assert where in refused.json()["error"]["message"]


def test_an_unknown_language_is_refused(client: TestClient) -> None:
    tid, tokens, seat = two_players(client)
    refused = ask(client, tid, tokens[seat], lang="xx")
    assert refused.status_code == 422 and "'xx'" in refused.json()["error"]["message"]


def test_hints_per_minute_bounds_a_client(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(hints_per_minute=2, **FAST)) as client:
        tid, tokens, seat = two_players(client)
        assert [ask(client, tid, tokens[seat]).status_code for _ in range(2)] == [200, 200]
        refused = ask(client, tid, tokens[seat])
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "request/too_many"
    assert "hints_per_minute" in refused.json()["error"]["message"] and int(refused.headers["Retry-After"]) >= 1
