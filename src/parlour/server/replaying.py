"""One step of a finished game's replay: the state after ``step`` actions, every hand shown.

Shared by the tables' replay (a finished table) and the opened record's (``parlour replay --open``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from parlour.core.cards import card_str
from parlour.core.i18n import SOURCE_LANGUAGE
from parlour.core.parts import words_of
from parlour.core.record import GameRecord, replay
from parlour.server.api_schemas import ReplayStepOut


def replay_step_of(record: GameRecord, step: int, lang: str = SOURCE_LANGUAGE,
                   names: Sequence[str] | None = None) -> ReplayStepOut:
    """The record replayed up to ``step`` actions (at most all of them); its view compacted as a table's
    messages are (``State.message_view``: the full history is the record); how each hand ended in ``lang``,
    the players called ``names`` (default: the record's)."""
    steps = len(record.actions)
    step = min(step, steps)
    state = replay(replace(record, actions=record.actions[:step], result=None, digest=None))
    history = state.history()
    seat, action = (history[-1][0], str(history[-1][1])) if history else (None, None)
    view = state.message_view(None)
    words = words_of(state.game)
    players = list(names or record.players)
    return ReplayStepOut(
        step=step, steps=steps, action=action, seat=seat, view=view,
        outcomes=[words.outcome(result, players, lang) for result in view.get("results") or ()],
        hands=[[card_str(c) for c in state.hand(s)] for s in range(state.game.num_players)],
    )
