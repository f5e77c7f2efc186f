"""What the routes need, made once in ``create_app``: the lobby, the chat and the peers of the app serving
the request."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request

from parlour.core.errors import ParlourError
from parlour.core.i18n import SOURCE_LANGUAGE, check_language
from parlour.server.authority import Rejected
from parlour.server.chat import Chat
from parlour.server.lobby import Lobby
from parlour.server.peers import Peer


def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def get_chat(request: Request) -> Chat:
    chat: Chat = request.app.state.chat
    return chat


def get_peer(request: Request) -> Peer:
    peer: Peer = request.app.state.peer
    return peer


def get_lang(lang: Annotated[str, Query(max_length=10, description="the language of the answer's words "
                                         "(``GET /api/i18n`` lists them)")] = SOURCE_LANGUAGE) -> str:
    """The language the client asks its words in; an unknown one is refused, naming those offered."""
    try:
        return check_language(lang)
    except ParlourError as e:
        raise Rejected("request/invalid", str(e)) from None


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
ChatDep = Annotated[Chat, Depends(get_chat)]
PeerDep = Annotated[Peer, Depends(get_peer)]
"""The other processes of the service (``peer.reachable``: whether they can be reached now)."""
LangDep = Annotated[str, Depends(get_lang)]
"""The ``lang`` query parameter, checked."""
