"""Building Tock positions for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from parlour import load_game
from parlour.core.game import State
from parlour.games.tock.game import TockState

DULL = ["6c", "6d", "6h", "6s", "3c"]
"""Cards that cannot move anything while their holder's pawns are all in the reserve."""


def dull(used: Counter[str]) -> Iterator[str]:
    """Cards that enter no pawn, as many as the two decks still hold after ``used``."""
    for rank in ("8", "9", "10", "Q", "3", "6"):
        for suit in "cdhs":
            card = rank + suit
            for _ in range(2 - used[card]):
                yield card


def position(players: int = 4, pawns: Mapping[str, Any] | None = None, hand: Sequence[str] = (),
             advantaged: Sequence[str] = (), stock: Sequence[str] = (), bonuses: Sequence[int] = (),
             **flags: Any) -> TockState:
    """Seat a (0) to play ``hand``; the other seats hold cards that enter no pawn; ``stock`` on top."""
    game = load_game("tock", players=players, **flags)
    spare = dull(Counter([*hand, *stock]))
    state = game.new_state(0, {
        "pawns": dict(pawns or {}),
        "advantaged": list(advantaged),
        "hands": [list(hand)] + [[next(spare) for _ in range(5)] for _ in range(players - 1)],
        "stock": list(stock),
        "bonuses": list(bonuses) or [0] * players,
    })
    assert isinstance(state, State)
    return state


def place(state: TockState, name: str) -> int | str | None:
    """Where pawn ``name`` (``b3``) is, as the public view says."""
    seat = "abcdefgh".index(name[0])
    result: int | str | None = state.view(None)["pawns"][seat][int(name[1]) - 1]
    return result


def legal(state: TockState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def others_discard(state: TockState) -> None:
    """Every other seat discards its first card, until seat a is to play again."""
    while state.current_player != 0:
        actions = legal(state)
        assert all(a.startswith("discard") for a in actions), actions
        state.apply(actions[0])
