"""What the routes need, made once in ``create_app``: the lobby, the chat and the peers of the app serving
the request."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

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


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
ChatDep = Annotated[Chat, Depends(get_chat)]
PeerDep = Annotated[Peer, Depends(get_peer)]
"""The other processes of the service (``peer.reachable``: whether they can be reached now)."""
