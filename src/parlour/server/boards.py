"""The Tock board layout for the browser: the game's ``layout`` part as the ``BoardOut`` schema."""

from __future__ import annotations

from parlour.games.tock.layout import board_layout
from parlour.server.schemas import BoardOut


def tock_board(players: int) -> BoardOut:
    """Where every place of the board for ``players`` players is drawn (``ValueError`` if not 2–8)."""
    return BoardOut(**board_layout(players))
