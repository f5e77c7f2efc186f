"""What every route needs: the lobby of the app serving the request."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from parlour.server.lobby import Lobby


def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
