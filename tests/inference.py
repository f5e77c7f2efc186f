"""Checking a game's inference from play: how much likelier its model finds the true hands than uniform deals."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterable
from typing import Any

from parlour.core.game import Game, State, View
from parlour.core.parts import Likelihood


def true_over_uniform(game: Game[Any], likelihood: Callable[[Game[Any], View], Likelihood],
                      states: Iterable[State[Any, Any]], samples: int = 20) -> list[float]:
    """For each state, the weight of the true hands over the mean weight of ``samples`` uniform
    determinizations of the view of the seat to play (above 1: the model reads the table)."""
    ratios = []
    for state in states:
        view = state.view(state.current_player)
        weigh = likelihood(game, view)
        sample = game.determinizer(view)
        uniform = statistics.mean(weigh(sample(random.Random(i))) for i in range(samples))
        ratios.append(weigh(state) / uniform)
    return ratios
