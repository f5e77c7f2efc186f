"""Accounts and sessions: open an account, sign in and out (here or everywhere), change the password, delete
the account, and list the tables the account plays ("My tables"). See ``accounts`` for the design and
``csrf`` for the anti-forgery check every cookie-authorised change passes first."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from parlour.server.accounts import COOKIE, DELETED_NAME, Account, csrf_token
from parlour.server.api_schemas import (
    AccountIn,
    AccountOut,
    DeleteAccountIn,
    ErrorOut,
    LoginIn,
    MyTableOut,
    PasswordIn,
    PreferencesIn,
)
from parlour.server.limits import client_key
from parlour.server.routes.deps import AccountsDep, LangDep, LobbyDep, SignedIn

router = APIRouter(tags=["accounts"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (401, 403, 409, 422, 429, 503)}


def account_out(account: Account) -> AccountOut:
    return AccountOut(name=account.name, email=account.email, created=account.created, notify=account.notify,
                      lang=account.lang, csrf=csrf_token(account.session))


def set_session(response: Response, request: Request, account: Account) -> None:
    """The session cookie: HttpOnly, SameSite=Lax, for the whole site, Secure over HTTPS (``secure_cookies``)."""
    mode = request.app.state.settings.secure_cookies
    secure = mode == "always" or (mode == "auto" and request.url.scheme == "https")
    days = request.app.state.settings.session_days
    response.set_cookie(COOKIE, account.session, max_age=int(days * 86400), path="/", httponly=True,
                        samesite="lax", secure=secure)


def clear_session(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


@router.post("/api/accounts", response_model=AccountOut, status_code=201, responses=ERRORS)
async def register(body: AccountIn, accounts: AccountsDep, request: Request, response: Response,
                   lang: LangDep) -> AccountOut:
    """Open an account and sign it in (the session cookie is set); its e-mails are in ``lang``. The name must be
    free whatever its case and accents (409 ``account/name_taken``); each client may open ``accounts_per_hour``."""
    account = await accounts.register(body.name, body.password, body.email, client_key(None, request.client),
                                      lang, body.notify)
    set_session(response, request, account)
    return account_out(account)


@router.post("/api/session", response_model=AccountOut, responses=ERRORS)
async def login(body: LoginIn, accounts: AccountsDep, request: Request, response: Response) -> AccountOut:
    """Sign in: a new session cookie. An unknown name and a wrong password get the same answer (401
    ``auth/login_failed``); tries are limited per address and per name (``login_rate``)."""
    account = await accounts.login(body.name, body.password, client_key(None, request.client))
    set_session(response, request, account)
    return account_out(account)


@router.get("/api/session", response_model=AccountOut, responses=ERRORS)
async def whoami(account: SignedIn) -> AccountOut:
    """The signed-in account and its anti-forgery token (401 ``auth/no_session`` when nobody is)."""
    return account_out(account)


@router.delete("/api/session", status_code=204, responses=ERRORS)
async def sign_out(account: SignedIn, accounts: AccountsDep, response: Response) -> None:
    """Sign out of this browser."""
    accounts.sign_out(account)
    clear_session(response)


@router.delete("/api/sessions", status_code=204, responses=ERRORS)
async def sign_out_everywhere(account: SignedIn, accounts: AccountsDep, response: Response) -> None:
    """Sign out of every browser and device."""
    accounts.sign_out(account, everywhere=True)
    clear_session(response)


@router.patch("/api/account", response_model=AccountOut, responses=ERRORS)
async def preferences(body: PreferencesIn, account: SignedIn, accounts: AccountsDep, lang: LangDep,
                      request: Request) -> AccountOut:
    """Change the account's e-mail and whether a turn waiting for it sends one; with ``lang`` in the query, the
    e-mails' language too."""
    changes: dict[str, object] = {key: getattr(body, key) for key in body.model_fields_set}
    if "lang" in request.query_params:
        changes["lang"] = lang
    return account_out(accounts.set_preferences(account, changes))


@router.post("/api/account/password", status_code=204, responses=ERRORS)
async def change_password(body: PasswordIn, account: SignedIn, accounts: AccountsDep) -> None:
    """Change the password (the current one is asked); every other session of the account ends."""
    await accounts.change_password(account, body.current, body.new)


@router.post("/api/account/delete", status_code=204, responses=ERRORS)
async def delete_account(body: DeleteAccountIn, account: SignedIn, accounts: AccountsDep, lobby: LobbyDep,
                         response: Response) -> None:
    """Delete the account (the password is asked): its sessions end; its games stay, its seats in them named
    "deleted player"."""
    for table_id, seat in await accounts.delete(account, body.password):
        lobby.rename_seat(table_id, seat, DELETED_NAME)
    clear_session(response)


@router.get("/api/account/tables", response_model=list[MyTableOut], responses=ERRORS)
async def my_tables(account: SignedIn, accounts: AccountsDep, lobby: LobbyDep, lang: LangDep) -> list[dict[str, Any]]:
    """"My tables": every unfinished table the account holds a seat at, whose turn it is, and the seat's token
    (so that this browser plays it), those waiting for the account first."""
    mine = []
    for table_id, seat in await asyncio.to_thread(accounts.tables_of, account):  # the loop goes on meanwhile
        table = lobby.tables.get(table_id)
        if table is None or table.status == "finished":
            continue
        mine.append({"table": lobby.messages.summary(table, lang), "seat": seat, "token": account.seat_token(table_id),
                     "my_turn": table.to_play == seat})
    return sorted(mine, key=lambda m: not m["my_turn"])
