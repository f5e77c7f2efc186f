"""The Tock board laid out for drawing, from the geometry in ``parlour.games.tock.board`` (part ``layout``).

The browser draws what this returns and computes no geometry itself: track
squares on a circle in the direction pawns move, each seat's home lane running
inward from its foot, its reserve outside its start, and the shortcuts between
intersections. Coordinates are in a 1000 × 1000 box.
"""

from __future__ import annotations

import math
from typing import Any

from parlour.games.tock.board import HOME, board_for

CENTRE = 500.0
RADIUS = 400.0
HOME_STEP = 58.0
RESERVE_RADIUS = 462.0
RESERVE_GAP = 50.0
"""Between the centres of a reserve's spots: more than a pawn's width (board.js draws them 46 across)."""
SEAT_COLORS = ("#d62728", "#1f77b4", "#2ca02c", "#e8a317", "#9467bd", "#17becf", "#e377c2", "#8c564b")


def _at(angle: float, radius: float) -> tuple[float, float]:
    return (round(CENTRE + radius * math.cos(angle), 1), round(CENTRE + radius * math.sin(angle), 1))


def board_layout(players: int) -> dict[str, Any]:
    """Where every place of the board for ``players`` players is drawn (``ValueError`` if not 2–8).

    Plain JSON data, served as this game's ``layout`` part (``/api/games/tock/layout?players=N``).
    """
    if not 2 <= players <= 8:
        raise ValueError(f"a Tock board has 2 to 8 players, not {players!r}")
    board = board_for(players)
    n = board.squares

    def angle(square: float) -> float:
        return math.pi / 2 + 2 * math.pi * square / n

    squares = [_at(angle(i), RADIUS) for i in range(n)]
    homes = [[_at(angle(foot), RADIUS - HOME_STEP * (h + 1)) for h in range(HOME)] for foot in board.feet]
    spread = RESERVE_GAP * n / (2 * math.pi * RESERVE_RADIUS)  # in squares of the track
    reserves = [[_at(angle(start + (k - 1.5) * spread), RESERVE_RADIUS) for k in range(HOME)]
                for start in board.starts]
    return {
        "players": players, "sections": board.sections, "squares": squares, "starts": list(board.starts),
        "feet": list(board.feet), "homes": homes, "reserves": reserves,
        "shortcuts": [(a, b) for a, b in board.shortcuts], "intersections": list(board.intersections),
        "seat_colors": list(SEAT_COLORS[:players]),
    }
