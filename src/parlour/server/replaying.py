"""One step of a finished game's replay: the state after ``step`` actions, every hand shown.

Shared by the tables' replay (a finished table) and the opened record's (``parlour replay --open``).
"""

from __future__ import annotations

from dataclasses import replace

from parlour.core.cards import card_str
from parlour.core.record import GameRecord, replay
from parlour.server.schemas import ReplayStepOut


def replay_step_of(record: GameRecord, step: int) -> ReplayStepOut:
    """The record replayed up to ``step`` actions (at most all of them); its view compacted as a table's
    messages are (``State.message_view``: the full history is the record)."""
    steps = len(record.actions)
    step = min(step, steps)
    state = replay(replace(record, actions=record.actions[:step], result=None))
    history = state.history()
    seat, action = (history[-1][0], str(history[-1][1])) if history else (None, None)
    return ReplayStepOut(
        step=step, steps=steps, action=action, seat=seat, view=state.message_view(None),
        hands=[[card_str(c) for c in state.hand(s)] for s in range(state.game.num_players)],
    )
