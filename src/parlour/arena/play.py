"""Playing one scheduled game; a plain function so worker processes and Ray tasks can run it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from parlour.arena.schedule import Task
from parlour.bots import make_bot
from parlour.core.record import GameRecord
from parlour.core.registry import load_game

MAX_STEPS = 100_000


@dataclass(frozen=True)
class Outcome:
    """What one game gave: the returns by seat and its record."""

    task: Task
    returns: tuple[float, ...]
    record: dict[str, Any]
    searched: tuple[tuple[int, int], ...] = ()
    """Per seat, for a bot that searches (has ``last_iterations``): its search iterations in all, and the
    moves it searched (those with more than one legal action); (0, 0) for a bot that does not search."""


def play_task(game_spec: str, bot_specs: tuple[str, ...], task: Task) -> Outcome:
    """Play ``task``: the game ``game_spec`` with ``bot_specs[task.seating[seat]]`` at each seat."""
    game = load_game(game_spec)
    bots = [make_bot(bot_specs[b], game) for b in task.seating]
    rng = random.Random(task.seed * 31 + task.index)
    state = game.new_state(task.seed)
    steps = 0
    searched = [[0, 0] for _ in bots]
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        bot = bots[seat]
        state.apply(bot.choose(state.view(seat), legal, rng))
        iterations = getattr(bot, "last_iterations", None)
        if iterations is not None and len(legal) > 1:
            searched[seat][0] += iterations
            searched[seat][1] += 1
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"game {task.index} did not end after {MAX_STEPS} actions")
    names = [bot_specs[b] for b in task.seating]
    return Outcome(task, tuple(state.returns()), GameRecord.of(state, names).to_dict(),
                   tuple((total, moves) for total, moves in searched))
