"""Accounts: opening one, signing in and out, the password, deletion, the seats that follow an account to another
browser, and the attacks on them (session fixation, forged requests, sign-in floods, account enumeration,
another player's "My tables")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from sqlalchemy import create_engine, text

from parlour.server.accounts import COOKIE, LOGIN_FAILED, csrf_token, name_key
from tests.server.conftest import TestClient

PASSWORD = "correct horse battery"


class Browser:
    """One browser (its own cookies) on the test's one client: two ``TestClient``s would each run the app's
    lifespan."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.cookies
        try:
            response: httpx.Response = self.client.request(method, url, **kwargs)
            return response
        finally:
            self.cookies = httpx.Cookies(self.client.cookies)

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)

    def delete(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("DELETE", url, **kwargs)


Page = TestClient | Browser


def register(client: Page, name: str, password: str = PASSWORD, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/accounts", json={"name": name, "password": password, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def login(client: Page, name: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/session", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def csrf(client: Page) -> dict[str, str]:
    """The header a signed-in page sends with every change."""
    return {"X-CSRF-Token": client.get("/api/session").json()["csrf"]}


def seat_all(table_id: str, pages: list[Browser]) -> dict[int, tuple[Browser, str]]:
    """Each signed-in page joins ``table_id`` at the seat of its place in ``pages``: seat → (page, its token)."""
    return {seat: (page, page.post(f"/api/tables/{table_id}/join", json={"seat": seat}, headers=csrf(page))
                   .json()["token"]) for seat, page in enumerate(pages)}


def rows(db_url: str, query: str) -> list[Any]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(query)).all())
    finally:
        engine.dispose()


def test_name_key_ignores_case_accents_and_spaces() -> None:
    assert name_key("Élodie") == name_key("ELODIE") == name_key(" elodie ") == "elodie"
    assert name_key("Ève  Marie") == "eve marie"
    assert name_key("Zoë") == name_key("Zoé") == "zoe"
    assert name_key("Ana") != name_key("Anna")


def test_an_account_opens_signed_in_with_a_safe_cookie_and_nothing_secret_stored(
        client: TestClient, db_url: str) -> None:
    response = client.post("/api/accounts", json={"name": "Élodie", "password": PASSWORD, "email": "e@example.org"})
    assert response.status_code == 201, response.text
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain HTTP here; over HTTPS it is Secure (test below)
    session = client.cookies[COOKIE]
    me = client.get("/api/session").json()
    assert me["name"] == "Élodie" and me["email"] == "e@example.org"
    assert me["csrf"] == csrf_token(session) and session not in me.values()
    (stored,) = rows(db_url, "SELECT password_hash, name_key FROM parlour_accounts")
    assert stored.password_hash.startswith("$argon2id$") and PASSWORD not in stored.password_hash
    assert stored.name_key == "elodie"
    (kept,) = rows(db_url, "SELECT id_hash FROM parlour_sessions")
    assert kept.id_hash != session and len(kept.id_hash) == 64


def test_the_cookie_is_secure_over_https(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(), base_url="https://testserver") as c:
        response = c.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
        assert response.status_code == 201, response.text
        assert "Secure" in response.headers["set-cookie"]


@pytest.mark.parametrize("other", ["ELODIE", "elodie", "Elodie ", "ÉLODIE"])
def test_names_are_unique_whatever_their_case_and_accents(client: TestClient, other: str) -> None:
    register(client, "Élodie")
    client.cookies.clear()
    response = client.post("/api/accounts", json={"name": other, "password": PASSWORD})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "account/name_taken"
    assert repr(other.strip()) in response.json()["error"]["message"]


@pytest.mark.parametrize(("body", "says"), [
    ({"name": "Ana\u202eevil", "password": PASSWORD}, "bidi"),
    ({"name": "Ana\x07", "password": PASSWORD}, "control"),
    ({"name": "Ana", "password": "short"}, "password"),
    ({"name": "Ana", "password": PASSWORD, "email": "not an e-mail"}, "email"),
    ({"name": "Ana", "password": PASSWORD, "admin": True}, "admin"),
    ({"name": "A" * 41, "password": PASSWORD}, "name"),
])
def test_bad_account_requests_are_refused_saying_why(client: TestClient, db_url: str, body: dict[str, Any],
                                                     says: str) -> None:
    response = client.post("/api/accounts", json=body)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "request/invalid" and says in error["message"]
    assert COOKIE not in client.cookies
    assert rows(db_url, "SELECT id FROM parlour_accounts") == []


def test_unknown_names_and_wrong_passwords_get_one_answer(client: TestClient) -> None:
    register(client, "Ana")
    client.cookies.clear()
    wrong = client.post("/api/session", json={"name": "Ana", "password": "not the password"})
    unknown = client.post("/api/session", json={"name": "Nobody", "password": "not the password"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": {"code": "auth/login_failed", "message": LOGIN_FAILED}}
    assert COOKIE not in client.cookies
    assert login(client, "ana")["name"] == "Ana"  # a name signs in whatever its case


def test_sign_in_gives_a_new_session_never_the_one_the_client_brought(client: TestClient) -> None:
    register(client, "Ana")
    first = client.cookies[COOKIE]
    client.cookies.clear()
    client.cookies.set(COOKIE, "planted-by-an-attacker", domain="testserver.local")
    assert client.get("/api/session").status_code == 401
    login(client, "Ana")
    assert client.cookies[COOKIE] not in ("planted-by-an-attacker", first)
    assert client.get("/api/session").json()["name"] == "Ana"


def test_changes_made_with_the_cookie_need_the_csrf_token(client: TestClient, db_url: str) -> None:
    register(client, "Ana")
    seats = {"game": "tonk", "seats": ["human", "random"]}
    for headers in ({}, {"X-CSRF-Token": "forged"}):
        refused = client.post("/api/tables", json=seats, headers=headers)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "auth/csrf"
        assert "X-CSRF-Token" in refused.json()["error"]["message"]
        refused = client.delete("/api/sessions", headers=headers)
        assert refused.status_code == 403
    assert rows(db_url, "SELECT id FROM parlour_tables") == []
    assert client.get("/api/session").status_code == 200  # the forged sign-out changed nothing
    assert client.post("/api/tables", json=seats, headers=csrf(client)).status_code == 201
    client.cookies.clear()
    assert client.post("/api/tables", json=seats).status_code == 201  # no cookie: nothing ambient to forge


def test_sign_in_from_another_sites_page_is_refused(client: TestClient) -> None:
    register(client, "Ana")
    client.cookies.clear()
    body = {"name": "Ana", "password": PASSWORD}
    for headers in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        refused = client.post("/api/session", json=body, headers=headers)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "auth/csrf"
        assert COOKIE not in client.cookies
    assert client.post("/api/session", json=body, headers={"Origin": "http://testserver"}).status_code == 200


def test_a_sign_in_flood_is_refused_naming_the_limit(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(login_burst=3, login_rate=0.01)) as c:
        register(c, "Ana")
        c.cookies.clear()
        answers = [c.post("/api/session", json={"name": "Ana", "password": f"guess {i}"}) for i in range(4)]
        assert [a.status_code for a in answers] == [401, 401, 401, 429]
        assert "login_rate" in answers[-1].json()["error"]["message"]
        assert int(answers[-1].headers["Retry-After"]) >= 1
        right = c.post("/api/session", json={"name": "Ana", "password": PASSWORD})
        assert right.status_code == 429  # even the right password waits: guessing cannot go on meanwhile


def test_a_seat_follows_its_account_to_another_browser(client: TestClient) -> None:
    phone, desktop, other = Browser(client), Browser(client), Browser(client)
    register(phone, "Ana")
    made = phone.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"]}, headers=csrf(phone))
    table = made.json()
    joined = phone.post(f"/api/tables/{table['id']}/join", json={"name": "ignored"}, headers=csrf(phone)).json()
    again = phone.post(f"/api/tables/{table['id']}/join", json={}, headers=csrf(phone)).json()
    assert again == joined  # asking again gives the seat held
    shown = phone.get(f"/api/tables/{table['id']}").json()
    assert shown["table"]["seats"][joined["seat"]]["name"] == "Ana"

    login(desktop, "Ana")
    (mine,) = desktop.get("/api/account/tables").json()
    assert mine["table"]["id"] == table["id"] and mine["seat"] == joined["seat"]
    assert mine["token"] == joined["token"]
    assert mine["my_turn"] == (shown["table"]["to_play"] == joined["seat"])
    state = desktop.get(f"/api/tables/{table['id']}", params={"token": mine["token"]}).json()
    assert state["seat"] == joined["seat"]

    register(other, "Bea")
    assert other.get("/api/account/tables").json() == []  # another player's tables are not hers
    other.cookies = httpx.Cookies()
    assert other.get("/api/account/tables").status_code == 401


def test_a_password_change_ends_the_other_sessions(client: TestClient) -> None:
    here, there = Browser(client), Browser(client)
    register(here, "Ana")
    login(there, "Ana")
    wrong = here.post("/api/account/password", json={"current": "not it at all", "new": "a new password"},
                      headers=csrf(here))
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "auth/wrong_password"
    changed = here.post("/api/account/password", json={"current": PASSWORD, "new": "a new password"},
                        headers=csrf(here))
    assert changed.status_code == 204, changed.text
    assert here.get("/api/session").status_code == 200
    assert there.get("/api/session").status_code == 401
    there.cookies = httpx.Cookies()
    assert there.post("/api/session", json={"name": "Ana", "password": PASSWORD}).status_code == 401
    login(there, "Ana", "a new password")


def test_sign_out_here_and_everywhere(client: TestClient) -> None:
    here, there, third = Browser(client), Browser(client), Browser(client)
    register(here, "Ana")
    login(there, "Ana")
    login(third, "Ana")
    assert third.delete("/api/session", headers=csrf(third)).status_code == 204
    assert third.get("/api/session").status_code == 401
    assert there.get("/api/session").status_code == 200
    assert here.delete("/api/sessions", headers=csrf(here)).status_code == 204
    assert there.get("/api/session").status_code == 401
    assert here.get("/api/session").status_code == 401


def test_a_deleted_accounts_games_stay_under_deleted_player(client: TestClient, db_url: str) -> None:
    register(client, "Ana")
    table = client.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"]},
                        headers=csrf(client)).json()
    seat = client.post(f"/api/tables/{table['id']}/join", json={}, headers=csrf(client)).json()["seat"]
    wrong = client.post("/api/account/delete", json={"password": "not the password"}, headers=csrf(client))
    assert wrong.status_code == 403 and client.get("/api/session").status_code == 200
    gone = client.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(client))
    assert gone.status_code == 204, gone.text
    assert client.get("/api/session").status_code == 401
    shown = client.get(f"/api/tables/{table['id']}").json()
    assert shown["table"]["seats"][seat]["name"] == "deleted player"
    assert rows(db_url, "SELECT name FROM parlour_seats WHERE seat = :s".replace(":s", str(seat))) \
        == [("deleted player",)]
    assert rows(db_url, "SELECT id FROM parlour_accounts") == []
    assert rows(db_url, "SELECT id_hash FROM parlour_sessions") == []
    client.cookies.clear()
    register(client, "ana")  # the name is free again


def test_a_session_ended_elsewhere_loses_its_cookie_and_anonymous_play_goes_on(client: TestClient) -> None:
    here, there = Browser(client), Browser(client)
    register(here, "Ana")
    login(there, "Ana")
    assert here.delete("/api/sessions", headers=csrf(here)).status_code == 204
    ended = there.get("/api/session")
    assert ended.status_code == 401 and f"{COOKIE}=" in ended.headers["set-cookie"]
    assert COOKIE not in there.cookies
    made = there.post("/api/tables", json={"game": "tonk", "seats": ["human", "random"]})  # no token needed now
    assert made.status_code == 201, made.text


def test_an_unknown_name_costs_the_same_hashing_as_a_wrong_password(client: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """No timing tells an existing name from an unknown one: both check a password against an argon2id hash."""
    register(client, "Ana")
    client.cookies.clear()
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    checked: list[str] = []

    class Counting(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
            checked.append(str(hash).split("$")[1])
            return super().verify(hash, password)

    monkeypatch.setattr(accounts, "hasher", Counting(time_cost=1, memory_cost=1024, parallelism=1))
    client.post("/api/session", json={"name": "Ana", "password": "wrong guess"})
    client.post("/api/session", json={"name": "Nobody", "password": "wrong guess"})
    assert checked == ["argon2id", "argon2id"]
