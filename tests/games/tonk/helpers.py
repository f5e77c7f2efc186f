"""Building Tonk positions for tests."""

from __future__ import annotations

from typing import Any

from parlour import load_game
from parlour.core.game import State
from parlour.games.tonk.game import TonkState


def tonk(spec: str, hands: list[str], seed: int = 0, **position: Any) -> TonkState:
    """A state of ``spec`` with the given hands (``"8c 8d 8h"`` per seat) and position keys."""
    game = load_game(spec, players=len(hands)) if "players=" not in spec else load_game(spec)
    for key in ("discard", "stock"):
        if isinstance(position.get(key), str):
            position[key] = position[key].split()
    state = game.new_state(seed, {"hands": [h.split() for h in hands], **position})
    assert isinstance(state, State)
    return state


def play(state: TonkState, *texts: str) -> TonkState:
    for text in texts:
        state.apply(text)
    return state


def paid(state: TonkState) -> list[tuple[int, int, int]]:
    """The ledger as (payer, payee, stakes), checking that it sums to zero."""
    assert sum(state.returns()) == 0
    return [(e.payer, e.payee, e.stakes) for e in state.settlement()]
