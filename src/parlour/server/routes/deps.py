"""What the routes need, made once in ``create_app``: the lobby, the chat and the peers of the app serving
the request."""

from __future__ import annotations

from typing import Annotated

from fastapi import Cookie, Depends, Query, Request

from parlour.core.errors import ParlourError
from parlour.core.i18n import SOURCE_LANGUAGE, check_language
from parlour.server.accounts import COOKIE, Account, Accounts
from parlour.server.authority import Rejected
from parlour.server.chat import Chat
from parlour.server.lobby import Lobby


def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def get_chat(request: Request) -> Chat:
    chat: Chat = request.app.state.chat
    return chat


def get_accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def get_account(request: Request,
                session: Annotated[str | None, Cookie(alias=COOKIE, max_length=100, include_in_schema=False)] = None,
                ) -> Account | None:
    """The account the session cookie signs in, or None (no cookie, or one that has ended)."""
    return get_accounts(request).session(session)


def signed_in(account: Annotated[Account | None, Depends(get_account)]) -> Account:
    """The signed-in account; ``auth/no_session`` (401) when nobody is."""
    if account is None:
        raise Rejected("auth/no_session", "nobody is signed in here (no session cookie, or its session has ended): "
                       "sign in with POST /api/session")
    return account


def get_lang(lang: Annotated[str, Query(max_length=10, description="the language of the answer's words "
                                         "(``GET /api/i18n`` lists them)")] = SOURCE_LANGUAGE) -> str:
    """The language the client asks its words in; an unknown one is refused, naming those offered."""
    try:
        return check_language(lang)
    except ParlourError as e:
        raise Rejected("request/invalid", str(e)) from None


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
ChatDep = Annotated[Chat, Depends(get_chat)]
AccountsDep = Annotated[Accounts, Depends(get_accounts)]
MaybeSignedIn = Annotated[Account | None, Depends(get_account)]
"""The account the request's session cookie signs in, if any."""
SignedIn = Annotated[Account, Depends(signed_in)]
"""The signed-in account (401 ``auth/no_session`` otherwise)."""
LangDep = Annotated[str, Depends(get_lang)]
"""The ``lang`` query parameter, checked."""
