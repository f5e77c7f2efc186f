"""The 7 split generator: its shortcut for plain pawns agrees with the general rules."""

from __future__ import annotations

import random

import pytest

from parlour import load_game
from parlour.games.tock import seven
from parlour.games.tock.board import board_for
from parlour.games.tock.state import TockState


@pytest.mark.parametrize("players", [4, 8])
def test_the_one_walk_options_agree_with_forward(players: int) -> None:
    board = board_for(players)
    rng = random.Random(players)
    game = load_game("tock", players=players)
    checked = 0
    for _ in range(60):
        squares = rng.sample(range(board.squares), 12)
        names = [f"{'abcdefgh'[i % players]}{i // players + 1}" for i in range(12)]
        placed = dict(zip(names, squares, strict=True))
        on_start = [n for n, sq in placed.items() if board.starts["abcdefgh".index(n[0])] == sq]
        state = game.new_state(0, {"pawns": placed, "advantaged": on_start})
        assert isinstance(state, TockState)
        pawns = state.pos.pawns
        mover = state.plays.mover
        starts = {p: 1 << pawns.pos[p] for p in range(4) if pawns.pos[p] >= 0}
        for pawn, start in starts.items():
            at = pawns.pos[pawn]
            if pawns.settled >> pawn & 1 or board.past_foot(0, at, 7):
                continue
            others = sum(m for p, m in starts.items() if p != pawn)
            number = pawn + 1
            fast = seven.plain_options(pawns, pawn, number, start, others, board.squares)
            slow = seven.general_options(mover, pawns, 0, pawn, number, start, others, board.squares)
            assert fast == slow
            checked += 1
    assert checked > 20


def test_worst_case_stays_bounded() -> None:
    """Four pawns on intersections of the 8-section board, optional home entry: the most splits found."""
    state = load_game("tock", players=8, home_entry="optional").new_state(
        0, {"pawns": {"a1": 9, "a2": 45, "a3": 81, "a4": 117}})
    assert isinstance(state, TockState)
    found = seven.splits(state.plays.mover, state.pos.pawns, 0)
    assert len(found) == len({seven.outcome(e) for _, e in found}) == 1860
