"""Invariants of random play (Hypothesis): cards and pawns conserved, no shared square, no passing."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import load_game
from parlour.core.game import State
from parlour.games.tock.actions import FOUR, KING, VALUE, Move, Push, Seven
from parlour.games.tock.board import Board, board_for
from parlour.games.tock.deck import full_deck
from parlour.games.tock.game import TockState

STEPS = 600


def check_conserved(state: TockState, deck: Counter[int]) -> None:
    cards = Counter(state.pos.stock) + Counter(state.pos.pile)
    n = state.pos.players
    for seat in range(n):
        cards += Counter(state.hand(seat))
    assert cards == deck
    board = board_for(n)
    places = state.pos.pawns.pos
    assert len(places) == 4 * n
    track = [p for p in places if 0 <= p < board.squares]
    assert len(track) == len(set(track)), "two pawns share a square"
    for seat in range(n):
        homes = [p for p in places[seat * 4:seat * 4 + 4] if p >= board.squares]
        assert len(homes) == len(set(homes)), "two pawns share a home square"
    occupied = {square: pawn for square, pawn in enumerate(state.pos.pawns.occ) if pawn >= 0}
    assert occupied == {p: pawn for pawn, p in enumerate(places) if 0 <= p < board.squares}


def passed_squares(board: Board, seat: int, at: int, steps: int, jumps: int, end: int,
                   backwards: bool) -> tuple[int, ...]:
    """The track squares a move from ``at`` went over (not its landing), read from the geometry."""
    if backwards:
        return (board.backward_path(at, steps, jumps) or ())[:-1]
    path = board.forward_path(at, steps, jumps) or ()
    if end >= board.squares:
        return path[: steps - board.past_foot(seat, at, steps, jumps)]
    return path[:-1]


def check_no_passing(before: TockState, action: object, after: TockState) -> None:
    """No pawn stood on a square a moving pawn went over, unless a King moved it or it moved too."""
    board = board_for(before.pos.players)
    seat = before.current_player
    occupied = {p for p in before.pos.pawns.pos if 0 <= p < board.squares}
    moves: list[tuple[int, int, int, bool]] = []
    if isinstance(action, Move) and action.card != KING:
        moves.append((seat * 4 + action.pawn - 1, VALUE[action.card], action.jumps, action.card == FOUR))
    elif isinstance(action, Push):
        moves.append((action.seat * 4 + action.pawn - 1, 5, action.jumps, False))
    elif isinstance(action, Seven):
        moving = {before.pos.pawns.pos[seat * 4 + p.pawn - 1] for p in action.parts}
        occupied -= moving
        moves += [(seat * 4 + p.pawn - 1, p.steps, p.jumps, False) for p in action.parts]
    for pawn, steps, jumps, backwards in moves:
        at = before.pos.pawns.pos[pawn]
        if at >= board.squares:
            continue
        over = passed_squares(board, pawn // 4, at, steps, jumps, after.pos.pawns.pos[pawn], backwards)
        assert not occupied & set(over), f"{action} passed a pawn"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), sevens=st.booleans(),
       optional=st.booleans())
def test_random_play_keeps_the_invariants(seed: int, players: int, sevens: bool, optional: bool) -> None:
    game = load_game("tock", players=players, extra_sevens=sevens,
                     home_entry="optional" if optional else "mandatory")
    deck = Counter(full_deck(players, sevens))
    assert sum(deck.values()) == 108 + (players if sevens else 0)
    state = game.new_state(seed)
    assert isinstance(state, State)
    rng = random.Random(seed)
    for _ in range(STEPS):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = state.clone()
        state.apply(action)
        check_conserved(state, deck)
        check_no_passing(before, action, state)
