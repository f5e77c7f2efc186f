"""``POST /api/tables/{id}/hint``: the strong bot's suggestion for the seat to play, from its view alone, with the
moves it weighed; refused like an action that is not the seat's, bounded by ``hint_ms`` and ``hints_per_minute``."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.bots.base import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.server import botpool
from parlour.server import lobby as lobby_module
from parlour.server.api_schemas import HintOut
from parlour.server.authority import Rejected
from parlour.server.lobby import Lobby
from tests.server.conftest import TestClient, join, new_table
from tests.server.test_play import finish

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


WEIGHING = {"hint_ms": 400}
"""The hints' time where a test needs the search to weigh several moves (see ``counted_search``)."""


WEIGHED_DEAL = 7
"""A deal whose first move the search weighs against others in 40 searches of 40 (some deals have one move so
far ahead that another gets no visit in one search of 30 or so: the alternatives would then be empty)."""


@pytest.fixture
def counted_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints (computed on this process's threads in tests) search a fixed number of iterations instead of a time,
    on a fixed deal (``WEIGHED_DEAL``): on a busy machine 60 ms, and once even 400 ms, gave the search too few
    iterations to weigh a second move, and a deal drawn at random sometimes has one move far ahead of the rest."""
    def by_iterations(spec: str, game: Any) -> Any:
        return make_bot(re.sub(r"ms=[0-9.]+", "iters=300", spec) if spec.startswith("strong:") else spec, game)

    monkeypatch.setattr(botpool, "make_bot", by_iterations)
    monkeypatch.setattr(lobby_module.secrets, "randbits", lambda _bits: WEIGHED_DEAL)


@pytest.mark.usefixtures("counted_search")
def test_a_hint_is_a_legal_move_with_the_alternatives_weighed(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(**WEIGHING)) as client:
        weighed(client)


def weighed(client: TestClient) -> None:
    tid, tokens, seat = two_players(client)
    state = client.get(f"/api/tables/{tid}?token={tokens[seat]}").json()
    answer = ask(client, tid, tokens[seat])
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["action"] in state["legal"]
    assert hint["words"] == state["words"][state["legal"].index(hint["action"])]
    assert hint["iterations"] == 300 and hint["visits"] > 0  # the search counted (``counted_search``)
    others = hint["alternatives"]
    assert 1 <= len(others) <= 5
    assert all(o["action"] in state["legal"] and o["action"] != hint["action"] for o in others)
    assert all(isinstance(o["value"], float) and o["visits"] >= 0 for o in others)
    values = [hint["value"], *(o["value"] for o in others)]
    assert values == sorted(values, reverse=True)  # the suggestion is the best valued shown, the others follow
    for move in (hint, *others):
        assert move["value_error"] is not None and move["value_error"] >= 0
        if move["ahead"] is None:
            assert move["ahead_low"] is None and move["ahead_high"] is None
        else:
            assert 0 <= move["ahead_low"] <= move["ahead"] <= move["ahead_high"] <= 1
    assert client.get(f"/api/tables/{tid}").json()["view"]["version"] == 0  # nothing was played


@pytest.mark.usefixtures("counted_search")
@pytest.mark.parametrize("lang, says", [("en", " a game on average, over "), ("fr", " par partie en moyenne, sur ")])
def test_a_hint_says_why_from_the_bots_explanation_in_the_language_asked(client: TestClient, lang: str,
                                                                         says: str) -> None:
    tid, tokens, seat = two_players(client)
    hint = ask(client, tid, tokens[seat], lang=lang).json()
    state = client.get(f"/api/tables/{tid}?token={tokens[seat]}&lang={lang}").json()
    assert hint["words"] == state["words"][state["legal"].index(hint["action"])]
    colon = ": " if lang == "en" else "\u00a0: "
    assert hint["reason"].startswith(hint["words"] + colon + hint["facts"][0]), hint["reason"]
    assert hint["alternatives"][0]["words"] in hint["reason"] and " ± " not in hint["reason"]
    value = hint["details"].removeprefix(hint["words"] + colon).partition(says)[0]
    assert hint["details"].startswith(hint["words"] + colon) and " ± " in value, hint["details"]
    assert hint["label"] == hint["action"]  # Tonk's notation names no pawns
    worth = {"en": r"(by about [\d.]+ stakes? a game|about as good as)",
             "fr": r"(d'environ [\d,]+ mises? par partie|à peu près aussi bon)"}[lang]
    assert re.search(worth, hint["reason"]), hint["reason"]


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
    while waiting["status"] == "finished":  # a deal that decided the hand at once: no table waits there
        waiting = new_table(client, "tonk", ["human", "human"])
    token = join(client, waiting["id"], "Ana")["token"]
    refused = ask(client, waiting["id"], token)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "action/not_your_turn"
    tid, tokens, seat = two_players(client)
    finish(client, tid)
    over = ask(client, tid, tokens[seat], lobby_of(client).tables[tid].version)
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


def started_hints(monkeypatch: pytest.MonkeyPatch, release: threading.Event | None = None) -> threading.Event:
    """Watch the hints the pool computes: the event returned is set as the first starts; with ``release``, each
    waits for it before thinking."""
    started = threading.Event()
    advise = botpool.advise

    def watched(*args: Any) -> Any:
        started.set()
        if release is not None:
            release.wait(60)
        return advise(*args)

    monkeypatch.setattr(botpool, "advise", watched)
    return started


def bot_to_play_next(client: TestClient) -> tuple[str, str, str]:
    """A Tonk table of Cy (seat 0) against the heuristic bot, on Cy's turn with a discard to make (which hands
    the turn to the bot): its id, Cy's token and that discard."""
    table = new_table(client, "tonk", ["human", "heuristic"], rules={"hands": 3})
    token = join(client, table["id"], "Cy", seat=0)["token"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = client.get(f"/api/tables/{table['id']}?token={token}").json()
        assert state["table"]["status"] == "playing", state["table"]
        if state["table"]["to_play"] == 0:
            discards = [a for a in state["legal"] if a.startswith("discard")]
            if discards:
                return table["id"], token, discards[0]
            draw = next(a for a in state["legal"] if a.startswith("draw"))
            played = client.post(f"/api/tables/{table['id']}/actions",
                                 json={"token": token, "version": state["view"]["version"], "action": draw})
            assert played.status_code == 200, played.text
        time.sleep(0.01)
    raise AssertionError("the bot never handed the turn back")


def test_a_flood_of_hints_never_delays_a_bot_at_another_table(app_factory: Callable[..., FastAPI],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    delay, budget = 0.3, 1.0  # the bot's delay, and the most any move may think (max_bot_ms)
    started = started_hints(monkeypatch)
    settings = {"hint_ms": 300, "hints_per_minute": 1000, "bot_delay": delay, "max_bot_ms": budget * 1000}
    with TestClient(app_factory(**settings)) as client:
        tid, tokens, seat = two_players(client)
        other, token, discard = bot_to_play_next(client)
        version = client.get(f"/api/tables/{other}").json()["view"]["version"]
        go = threading.Barrier(40)

        def flood(_: int) -> Any:
            go.wait()
            return ask(client, tid, tokens[seat])

        with ThreadPoolExecutor(40) as pool:
            answers = pool.map(flood, range(40))
            assert started.wait(30)
            asked = time.monotonic()
            played = client.post(f"/api/tables/{other}/actions",
                                 json={"token": token, "version": version, "action": discard})
            assert played.status_code == 200, played.text
            while client.get(f"/api/tables/{other}").json()["view"]["version"] <= version + 1:
                assert time.monotonic() - asked <= budget + delay, "the bot's move waited behind the hints"
                time.sleep(0.01)
            waited = time.monotonic() - asked
            hints = list(answers)
    assert waited <= budget + delay
    refused = [a for a in hints if a.status_code != 200]
    assert refused and len(refused) < 40
    for answer in refused:
        assert answer.status_code == 429 and answer.json()["error"]["code"] == "request/too_many", answer.text
        assert "max_hints_per_client = 2" in answer.json()["error"]["message"]
        assert int(answer.headers["Retry-After"]) >= 1


def test_hints_under_way_for_one_table_are_capped_whoever_asks(client: TestClient) -> None:
    tid, tokens, seat = two_players(client)
    lobby = lobby_of(client)

    async def five_clients() -> list[Any]:
        return await asyncio.gather(*(lobby.hint(tid, tokens[seat], 0, "en", f"address:198.51.100.{i}")
                                      for i in range(5)), return_exceptions=True)

    answers = client.portal.call(five_clients)  # type: ignore[union-attr]
    assert [type(a) for a in answers] == [HintOut, HintOut, Rejected, Rejected, Rejected]
    for refused in answers[2:]:
        assert isinstance(refused, Rejected) and refused.code == "request/too_many"
        assert "max_hints_per_table = 2" in refused.message and refused.retry_after
    assert ask(client, tid, tokens[seat]).status_code == 200  # every place was given back


def test_a_full_hint_queue_is_refused_and_the_bots_pool_is_not_used(app_factory: Callable[..., FastAPI],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    started = started_hints(monkeypatch, release)
    limits = {"hint_queue": 1, "max_hints_per_client": 10, "max_hints_per_table": 10}
    with TestClient(app_factory(**limits, **FAST)) as client:
        tid, tokens, seat = two_players(client)
        lobby = lobby_of(client)
        with ThreadPoolExecutor(2) as pool:
            held = [pool.submit(ask, client, tid, tokens[seat]) for _ in range(2)]
            assert started.wait(30)
            deadline = time.monotonic() + 30
            while lobby.hints.waiting < 1:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            assert (lobby.hints.running, lobby.bots.pool.running, lobby.bots.pool.waiting) == (1, 0, 0)
            refused = ask(client, tid, tokens[seat])
            release.set()
            answers = [f.result() for f in held]
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "request/too_many"
    assert "hint_queue = 1" in refused.json()["error"]["message"] and int(refused.headers["Retry-After"]) >= 1
    assert [a.status_code for a in answers] == [200, 200]


def test_a_tock_hint_at_a_four_player_tables_first_discard_shows_no_share_of_wins(client: TestClient) -> None:
    for _ in range(40):
        table = new_table(client, "tock", ["human"] * 4)
        tokens = [join(client, table["id"], name)["token"] for name in ("Ana", "Bo", "Cy", "Di")]
        seat = client.get(f"/api/tables/{table['id']}").json()["table"]["to_play"]
        state = client.get(f"/api/tables/{table['id']}?token={tokens[seat]}").json()
        if len(state["legal"]) > 1 and all(a.startswith("discard") for a in state["legal"]):
            break
    else:
        raise AssertionError("no first turn with nothing but discards in 40 deals")
    hint = ask(client, table["id"], tokens[seat]).json()
    assert hint["iterations"] > 0
    for move in (hint, *hint["alternatives"]):  # its playouts stop early: estimates, not finished races
        assert move["ahead"] is None and move["ahead_low"] is None and move["ahead_high"] is None
    assert "%" not in hint["reason"] and "ahead" not in hint["reason"]


@pytest.mark.usefixtures("counted_search")
def test_a_tock_hint_names_pawns_as_the_board_and_no_bot_spec_anywhere(client: TestClient) -> None:
    table = new_table(client, "tock", ["human"] * 4)
    tokens = [join(client, table["id"], name)["token"] for name in ("Ana", "Bo", "Cy", "Di")]
    for _ in range(200):  # play entries first, until the seat to play may move a pawn of its own
        seat = client.get(f"/api/tables/{table['id']}").json()["table"]["to_play"]
        state = client.get(f"/api/tables/{table['id']}?token={tokens[seat]}").json()
        if any(re.search(r"\bp\d", a) for a in state["legal"]):
            break
        action = next((a for a in state["legal"] if "enter" in a), state["legal"][0])
        played = client.post(f"/api/tables/{table['id']}/actions",
                             json={"token": tokens[seat], "version": state["view"]["version"], "action": action})
        assert played.status_code == 200, played.text
    else:
        raise AssertionError("no pawn to move in 200 turns")
    hint = ask(client, table["id"], tokens[seat], state["view"]["version"], "fr").json()
    texts = [hint["reason"], hint["details"]] + [m[key] for m in (hint, *hint["alternatives"])
                                                 for key in ("words", "label")]
    texts += [fact for m in (hint, *hint["alternatives"]) for fact in m["facts"]]
    assert any(re.search(rf"\b{'abcd'[seat]}\d\b", text) for text in texts), texts
    for text in texts:
        assert not re.search(r"\bp\d", text) and "ismcts" not in text and not re.search(r"\w=\w", text), text
