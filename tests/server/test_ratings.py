"""Rated tables: accounts only, a preset's rules, level bots; their end moves each account's rating once (on the
scale of the bots' levels), and the player's page shows it with the games and the tables."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.bots.levels import ratings as level_ratings
from parlour.server.ratings import ELO_BASE, ELO_PER_MU, MU, Ratings, mu_of, shown
from tests.server.conftest import TestClient
from tests.server.test_accounts import PASSWORD, Browser, csrf, register, seat_all


def test_the_scale_agrees_with_elo_on_who_wins() -> None:
    """Between two settled players, Plackett–Luce's chance of a win is Elo's for their ratings."""
    assert shown(MU) == ELO_BASE and round(shown(mu_of(1580))) == 1580
    delta_mu = 3.0
    beta = MU / 6
    openskill_chance = 1 / (1 + math.exp(-delta_mu / (math.sqrt(2) * beta)))
    elo_chance = 1 / (1 + 10 ** (-(delta_mu * ELO_PER_MU) / 400))
    assert openskill_chance == pytest.approx(elo_chance)


def rated_table(page: Browser, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A rated Tonk table not decided at its deal (such a deal has nobody seated to rate)."""
    while True:
        made = page.post("/api/tables", json={"game": "tonk", "seats": seats, "rated": True, **extra},
                         headers=csrf(page))
        assert made.status_code == 201, made.text
        table: dict[str, Any] = made.json()
        assert table["rated"] is True
        if table["status"] != "finished":
            return table


def play_out(client: TestClient, table_id: str, players: dict[int, tuple[Browser, str]]) -> dict[str, Any]:
    """Each person plays a random legal action on their turn (the bots play theirs) until the end."""
    rng = random.Random(7)
    while True:
        state: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if state["table"]["status"] == "finished":
            return state
        seat = state["table"]["to_play"]
        if seat not in players:
            continue  # a bot's turn: it is thinking
        page, token = players[seat]
        mine = page.get(f"/api/tables/{table_id}", params={"token": token}).json()
        if not mine["legal"]:
            continue
        page.post(f"/api/tables/{table_id}/actions", headers=csrf(page),
                  json={"token": token, "version": mine["view"]["version"], "action": rng.choice(mine["legal"])})


def test_a_rated_table_moves_both_ratings_once_and_the_pages_show_it(client: TestClient) -> None:
    ana, bo = Browser(client), Browser(client)
    register(ana, "Ana")
    register(bo, "Bo")
    table = rated_table(ana, ["human", "human"])
    tokens = seat_all(table["id"], [ana, bo])
    end = play_out(client, table["id"], tokens)
    returns = client.get(f"/api/tables/{table['id']}/record").json()["result"]["returns"]
    pages = {name: client.get(f"/api/players/{name}").json() for name in ("ana", "BO")}
    ana_rating, bo_rating = (pages[n]["ratings"]["tonk"] for n in ("ana", "BO"))
    assert ana_rating["games"] == bo_rating["games"] == 1
    assert ana_rating["provisional"] and ana_rating["uncertainty"] > 0
    if returns[0] > returns[1]:
        assert ana_rating["rating"] > ELO_BASE > bo_rating["rating"]
    elif returns[0] < returns[1]:
        assert ana_rating["rating"] < ELO_BASE < bo_rating["rating"]
    assert [r for _, r in ana_rating["history"]] == [ana_rating["rating"]]
    played = pages["ana"]["played"]
    assert [(p["game"], p["played"]) for p in played] == [("tonk", 1)]
    outcome = pages["ana"]["recent"][0]
    assert outcome["table"] == table["id"] and outcome["rated"] and outcome["finished"]
    assert outcome["outcome"] == ("won" if returns[0] > returns[1] else "lost" if returns[0] < returns[1] else "drawn")
    assert end["table"]["status"] == "finished"

    ratings: Ratings = client.app.state.ratings  # type: ignore[attr-defined]
    ratings.table_finished(client.app.state.lobby.get(table["id"]))  # type: ignore[attr-defined]
    assert client.get("/api/players/Ana").json()["ratings"]["tonk"] == ana_rating  # once only

    deleted = ana.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(ana))
    assert deleted.status_code == 204, deleted.text  # its ratings go with it (they name it)
    assert client.get("/api/players/Ana").status_code == 404
    assert client.get("/api/players/Bo").json()["ratings"]["tonk"] == bo_rating


def test_a_level_bot_plays_at_its_rating_and_a_casual_table_changes_nothing(client: TestClient) -> None:
    ana = Browser(client)
    register(ana, "Ana")
    casual = ana.post("/api/tables", json={"game": "tonk", "seats": ["human", "level:beginner"]},
                      headers=csrf(ana)).json()
    if casual["status"] != "finished":
        joined = ana.post(f"/api/tables/{casual['id']}/join", json={}, headers=csrf(ana)).json()
        play_out(client, casual["id"], {joined["seat"]: (ana, joined["token"])})
    assert client.get("/api/players/Ana").json()["ratings"] == {}
    table = rated_table(ana, ["human", "level:beginner"])
    joined = ana.post(f"/api/tables/{table['id']}/join", json={}, headers=csrf(ana)).json()
    play_out(client, table["id"], {joined["seat"]: (ana, joined["token"])})
    returns = client.get(f"/api/tables/{table['id']}/record").json()["result"]["returns"]
    rating = client.get("/api/players/Ana").json()["ratings"]["tonk"]
    beginner = level_ratings("tonk")["beginner"]
    me = returns[joined["seat"]]
    other = returns[1 - joined["seat"]]
    if me != other:  # a win against a weaker bot gains less than one against an equal
        assert (rating["rating"] > ELO_BASE) == (me > other)
    assert beginner < ELO_BASE


@pytest.mark.parametrize(("body", "code", "says"), [
    ({"game": "tonk", "seats": ["human", "human"], "rated": True, "rules": {"hands": 3}}, "table/rated", "hands"),
    ({"game": "tonk", "seats": ["human", "random"], "rated": True}, "table/rated", "'random' has no rating"),
    ({"game": "tonk", "seats": ["human", "heuristic"], "rated": True}, "table/rated", "level:"),
])
def test_a_rated_table_that_cannot_be_rated_fairly_is_refused(client: TestClient, body: dict[str, Any], code: str,
                                                              says: str) -> None:
    ana = Browser(client)
    register(ana, "Ana")
    refused = ana.post("/api/tables", json=body, headers=csrf(ana))
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"]["code"] == code and says in refused.json()["error"]["message"]


def test_rated_tables_are_for_accounts(client: TestClient) -> None:
    refused = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "human"], "rated": True})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "auth/no_session"
    ana = Browser(client)
    register(ana, "Ana")
    table = rated_table(ana, ["human", "human"])
    client.cookies = ana.cookies.__class__()
    anonymous = client.post(f"/api/tables/{table['id']}/join", json={"name": "Eve"})
    assert anonymous.status_code == 403 and anonymous.json()["error"]["code"] == "table/rated"
    assert client.get("/api/players/Nobody").status_code == 404


def test_a_rated_tables_rematch_is_rated_and_follows_the_accounts(client: TestClient) -> None:
    ana, bo = Browser(client), Browser(client)
    register(ana, "Ana")
    register(bo, "Bo")
    table = rated_table(ana, ["human", "human"])
    tokens = seat_all(table["id"], [ana, bo])
    play_out(client, table["id"], tokens)
    asked = {seat: page.post(f"/api/tables/{table['id']}/rematch", json={"token": token}, headers=csrf(page)).json()
             for seat, (page, token) in tokens.items()}
    assert asked[0]["table"] == asked[1]["table"] and {a["seat"] for a in asked.values()} == {0, 1}
    shown = client.get(f"/api/tables/{asked[0]['table']}").json()["table"]
    assert shown["rated"] and {s["name"] for s in shown["seats"]} == {"Ana", "Bo"}
    if shown["status"] != "finished":  # (a deal may decide a Tonk hand at once)
        (mine,) = bo.get("/api/account/tables").json()
        assert mine["table"]["id"] == asked[1]["table"] and mine["token"] == asked[1]["token"]


def test_a_table_left_unrated_by_a_stopped_process_is_rated_at_the_next_start(
        app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory()) as client:
        client.app.state.lobby.on_finish.clear()  # type: ignore[attr-defined]  # as if stopped before rating
        ana, bo = Browser(client), Browser(client)
        register(ana, "Ana")
        register(bo, "Bo")
        table = rated_table(ana, ["human", "human"])
        tokens = seat_all(table["id"], [ana, bo])
        play_out(client, table["id"], tokens)
        assert client.get("/api/players/Ana").json()["ratings"] == {}
    with TestClient(app_factory()) as restarted:
        assert restarted.get("/api/players/Ana").json()["ratings"]["tonk"]["games"] == 1
        assert restarted.get("/api/players/Bo").json()["ratings"]["tonk"]["games"] == 1


def test_two_tables_of_one_account_rated_at_once_both_count(client: TestClient) -> None:
    """A table rated while another of the same players is being rated (another process, the same moment) is
    rated again from the ratings it finds: no result is lost."""
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    ratings: Ratings = client.app.state.ratings  # type: ignore[attr-defined]
    lobby.on_finish.clear()  # rated by hand below
    ana, bo = Browser(client), Browser(client)
    register(ana, "Ana")
    register(bo, "Bo")
    finished = []
    for _ in range(2):
        table = rated_table(ana, ["human", "human"])
        tokens = seat_all(table["id"], [ana, bo])
        play_out(client, table["id"], tokens)
        finished.append(lobby.get(table["id"]))
    model = ratings.model
    calls = []

    class Meanwhile:
        """The model, but the second table is rated between the first one's reading and writing."""

        rating = model.rating

        def rate(self, *args: Any, **kwargs: Any) -> Any:
            calls.append(1)
            if len(calls) == 1:
                ratings.table_finished(finished[1])
            return model.rate(*args, **kwargs)

    ratings.model = Meanwhile()  # type: ignore[assignment]
    ratings.table_finished(finished[0])
    ratings.model = model
    assert len(calls) >= 3  # the first table, the second inside it, then the first again
    for name in ("Ana", "Bo"):
        page = client.get(f"/api/players/{name}").json()["ratings"]["tonk"]
        assert page["games"] == 2 and len(page["history"]) == 2
