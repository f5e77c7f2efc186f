"""The table's words: each socket's messages speak its language (``lang``), a state carries the legal actions and
the story in words, and ``POST …/check`` says why the rules would refuse an action without playing it."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core.game import View
from parlour.core.words import StoryLine, Words
from parlour.server.authority import Seat
from parlour.server.messages import STORY_BYTES, STORY_LINES, latest_story, seat_name
from tests.server.conftest import Client, TestClient, join, new_table


class Spoken(Words):
    """Words that show which language was asked."""

    def action(self, text: str, view: View, lang: str) -> str:
        return f"{lang}:{text}"

    def story(self, view: View, names: Any, lang: str) -> list[StoryLine]:
        return [StoryLine(seat, f"{lang}:{names[seat]}:{text}", i) for i, (seat, text) in enumerate(view["log"])]

    def outcome(self, result: Any, names: Any, lang: str) -> str:
        return f"{lang}:{result['outcome']}:{names[0]}"


@pytest.fixture
def spoken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.messages.words_of", lambda game: Spoken())


def two_players(client: TestClient) -> tuple[str, str, str]:
    """A Tonk table of Ana and Bob, Ana to play first: seat 0, unless the deal decided a hand and moved the turn
    (then Ana is asked to sit at seat 1)."""
    table = new_table(client, "tonk", ["human", "human"], rules={"hands": 3})
    first = client.get(f"/api/tables/{table['id']}").json()["table"]["to_play"]
    ana = join(client, table["id"], "Ana", seat=first)["token"]
    bob = join(client, table["id"], "Bob", seat=1 - first)["token"]
    return table["id"], ana, bob


def test_each_socket_gets_words_in_its_own_language(client: TestClient, spoken: None) -> None:
    tid, ana, _bob = two_players(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={ana}&lang=fr") as french, \
            client.websocket_connect(f"/api/tables/{tid}/ws?lang=en") as english:
        seat, watcher = Client(french), Client(english)
        mine = seat.until(lambda m: m["type"] == "state")
        assert mine["words"] == [f"fr:{a}" for a in mine["legal"]] and mine["legal"]
        assert watcher.until(lambda m: m["type"] == "state")["words"] == []
        seat.act("draw stock")
        after = watcher.until(lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        assert after["story"][-1][1].startswith("en:Ana:")
        assert seat.until_version(1)["story"][-1][1].startswith("fr:Ana:")


def test_an_unknown_language_is_refused_naming_those_offered(client: TestClient) -> None:
    tid, _ana, _bob = two_players(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?lang=xx") as ws:
        refusal = Client(ws).receive()
    assert refusal["code"] == "request/invalid" and "'xx'" in refusal["message"] and "en, fr" in refusal["message"]
    response = client.get(f"/api/tables/{tid}?lang=klingon")
    assert response.status_code == 422 and "'klingon'" in response.json()["error"]["message"]


def test_the_default_words_are_the_notation_and_the_log(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.messages.words_of", lambda game: Words())
    tid, ana, _bob = two_players(client)
    shown = client.get(f"/api/tables/{tid}").json()
    assert shown["words"] == [] and shown["story"] == []
    mine = client.get(f"/api/tables/{tid}?token={ana}").json()
    assert mine["words"] == mine["legal"] and mine["legal"]


def test_tonk_s_words_name_the_players_in_the_socket_s_language(client: TestClient) -> None:
    tid, ana, _bob = two_players(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={ana}&lang=fr") as french, \
            client.websocket_connect(f"/api/tables/{tid}/ws?lang=en") as english:
        seat, watcher = Client(french), Client(english)
        mine = seat.until(lambda m: m["type"] == "state")
        if "draw stock" not in mine["legal"]:
            pytest.skip("the deal decided the hand")  # a deal-time win (about 2%): no turn to play
        assert mine["words"][mine["legal"].index("draw stock")] == "Piocher dans la pioche"
        seat.act("draw stock")
        ana_seat = mine["seat"]  # 1 when the deal decided a hand and moved the first turn (see two_players)
        assert seat.until_version(1)["story"][-1] == [ana_seat, "Ana pioche dans la pioche", 0]
        after = watcher.until(lambda m: m["type"] == "state" and m["view"]["version"] == 1)
        assert after["story"][-1] == [ana_seat, "Ana draws from the stock", 0]


def test_check_says_why_the_rules_refuse_an_action_in_the_asked_language_and_plays_nothing(
        client: TestClient) -> None:
    tid, ana, bob = two_players(client)
    state = client.get(f"/api/tables/{tid}?token={ana}").json()
    hand, version = state["view"]["hand"], state["view"]["version"]
    early = f"spread {hand[0]} {hand[1]}"
    for lang, because in (("en", "A turn begins with a drop or a draw"), ("fr", "Un tour commence en descendant")):
        answer = client.post(f"/api/tables/{tid}/check?lang={lang}", json={"token": ana, "version": version,
                                                                                     "action": early})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["legal"] is False and body["code"] == "action/illegal"
        assert body["reason"].startswith(because) and "spread" not in body["reason"]  # the rule, not the notation
        assert body["refusal"] == "tonk/draw_first" and body["params"] == {"action": early}
    nonsense = client.post(f"/api/tables/{tid}/check", json={"token": ana, "version": version,
                                                                 "action": "fly away"}).json()
    assert nonsense["code"] == "action/invalid" and "'fly away'" in nonsense["reason"]
    legal = client.post(f"/api/tables/{tid}/check", json={"token": ana, "version": version,
                                                              "action": "DRAW STOCK"}).json()
    assert legal == {"action": "draw stock", "legal": True, "code": None, "reason": None, "refusal": None,
                     "params": None, "words": legal["words"]} and legal["words"]
    not_yours = client.post(f"/api/tables/{tid}/check", json={"token": bob, "version": version,
                                                                       "action": "draw stock"})
    assert not_yours.status_code == 409 and not_yours.json()["error"]["code"] == "action/not_your_turn"
    stale = client.post(f"/api/tables/{tid}/check", json={"token": ana, "version": version + 5, "action": "draw stock"})
    assert stale.json()["error"]["code"] == "action/stale"
    assert client.get(f"/api/tables/{tid}").json()["view"]["version"] == version


def test_finished_hands_say_how_they_ended_in_the_asked_language_at_the_table_and_in_its_replay(
        client: TestClient, spoken: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.server.replaying.words_of", lambda game: Spoken())
    tid, ana, bob = two_players(client)
    by_seat = {client.get(f"/api/tables/{tid}?token={token}").json()["seat"]: token for token in (ana, bob)}
    for _ in range(400):
        shown = client.get(f"/api/tables/{tid}").json()
        if shown["table"]["status"] == "finished":
            break
        token = by_seat[shown["table"]["to_play"]]
        mine = client.get(f"/api/tables/{tid}?token={token}").json()
        client.post(f"/api/tables/{tid}/actions", json={"token": token, "version": mine["view"]["version"],
                                                       "action": mine["legal"][0]})
    french = client.get(f"/api/tables/{tid}?lang=fr").json()
    results = french["view"]["results"]
    names = [s["name"] for s in french["table"]["seats"]]
    assert results and french["outcomes"] == [f"fr:{r['outcome']}:{names[0]}" for r in results]
    last = client.get(f"/api/tables/{tid}/replay?step=100000&lang=fr").json()
    assert last["outcomes"] == french["outcomes"]
    # Before any action only a hand over at the deal (a dealt Tonk, as the table's seed may give) has ended.
    first = client.get(f"/api/tables/{tid}/replay?step=0&lang=fr").json()
    at_deal = first["view"].get("results") or []
    assert len(at_deal) < len(results)
    assert first["outcomes"] == [f"fr:{r['outcome']}:{names[0]}" for r in at_deal]


def test_a_story_sent_is_its_latest_lines_within_the_line_and_byte_limits() -> None:
    lines = [StoryLine(0, f"line {i}", i) for i in range(200)]
    assert latest_story(lines) == [[0, f"line {i}", i] for i in range(200 - STORY_LINES, 200)]
    long = [StoryLine(None, "é" * 1000, None)] * 40  # 2,000 bytes each
    assert len(latest_story(long)) == STORY_BYTES // 2000
    fewer_characters = long[:16]  # 16,000 characters, under STORY_BYTES, but 32,000 bytes: still cut by bytes
    assert len(latest_story(fewer_characters)) == STORY_BYTES // 2000


def test_a_bot_is_named_after_its_place_counted_from_one_and_old_tables_follow() -> None:
    new = Seat(seat=1, kind="bot", bot_spec="random", name="Random bot 2", token_hash=None)
    stored_before = Seat(seat=1, kind="bot", bot_spec="random", name="Random bot 1", token_hash=None)
    renamed = Seat(seat=1, kind="bot", bot_spec="random", name="Robo", token_hash=None)
    assert seat_name(new, "fr") == seat_name(stored_before, "fr") == "Bot au hasard 2"
    assert seat_name(renamed, "fr") == "Robo"
