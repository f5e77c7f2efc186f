"""Playing scheduled games; plain functions so worker processes and Ray tasks can run them.

Workers take games in batches (``play_batch``): the game and the bots are
built once per batch, and one message carries many outcomes, so cheap games
are not swamped by the cost of sending them out and back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.arena.schedule import Task
from parlour.bots import make_bot
from parlour.bots.base import Bot
from parlour.core.game import Game
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
    clock: tuple[tuple[float, float], ...] = ()
    """Per seat, for a bot on a time budget (``ms``): the processor and the wall-clock seconds it spent
    choosing; (0, 0) for any other bot."""


def play_batch(game_spec: str, bot_specs: tuple[str, ...], tasks: Sequence[Task]) -> list[Outcome]:
    """Play ``tasks`` in order, with the game and one bot per spec built once for them all."""
    game = load_game(game_spec)
    bots = [make_bot(spec, game) for spec in bot_specs]
    return [play(game, bots, bot_specs, task) for task in tasks]


def play(game: Game[Any], bots: Sequence[Bot], bot_specs: Sequence[str], task: Task) -> Outcome:
    """Play ``task`` with ``bots[task.seating[seat]]`` at each seat (bots keep nothing from game to game)."""
    seated = [bots[b] for b in task.seating]
    timed = [getattr(bot, "ms", None) is not None for bot in seated]
    rng = random.Random(task.seed * 31 + task.index)
    state = game.new_state(task.seed)
    steps = 0
    searched = [[0, 0] for _ in seated]
    clock = [[0.0, 0.0] for _ in seated]
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        bot = seated[seat]
        view = state.view(seat)
        if timed[seat]:
            cpu, wall = time.thread_time(), time.perf_counter()
            action = bot.choose(view, legal, rng)
            clock[seat][0] += time.thread_time() - cpu
            clock[seat][1] += time.perf_counter() - wall
        else:
            action = bot.choose(view, legal, rng)
        state.apply(action)
        iterations = getattr(bot, "last_iterations", None)
        if iterations is not None and len(legal) > 1:
            searched[seat][0] += iterations
            searched[seat][1] += 1
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"game {task.index} did not end after {MAX_STEPS} actions")
    names = [bot_specs[b] for b in task.seating]
    return Outcome(task, tuple(state.returns()), GameRecord.of(state, names).to_dict(),
                   tuple((total, moves) for total, moves in searched),
                   tuple((cpu, wall) for cpu, wall in clock))
