"""Determinizations that read the table: uniform deals, resampled by what the opponents' actions reveal.

Policy-based inference (Rebstock, Solinas, Buro & Sturtevant 2019): a game
with an ``inference`` part gives, for a view, a *likelihood* of each
determinization, the chance that a model of the opponents (the game's
heuristic) would have taken the actions the view's public log shows them
taking. Each call of ``inferred_determinizer``'s sampler draws ``candidates``
uniform determinizations and keeps one with probability proportional to its
likelihood (sampling-importance-resampling), so search plays out deals that
agree with how the opponents played. The likelihood reads the view's public
log and the determinization's hands only, never the true state. Nothing here
names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from parlour.core.errors import BotSpecError
from parlour.core.game import Game, State, View
from parlour.core.parts import Inference, Likelihood, parts_of

PART = "inference"

Sampler = Callable[[random.Random], State[Any, Any]]


def inference_of(game: Game[Any]) -> Inference:
    """The game's ``inference`` part, or ``BotSpecError`` if it has none."""
    parts = parts_of(game)
    if PART not in parts:
        raise BotSpecError(f"game {game.spec.name!r} has no inference from play (setting infer)")
    return parts.inference(game)


def resample(sample: Sampler, weigh: Likelihood, candidates: int, rng: random.Random,
             stop: Callable[[], bool] | None = None) -> State[Any, Any]:
    """One of ``candidates`` draws of ``sample``, chosen with probability proportional to ``weigh``.

    ``stop`` (a search's deadline) is asked before each draw after the first: once it says stop, the choice is
    made among the draws so far, so that no number of candidates can hold a search past its time budget.
    """
    drawn: list[State[Any, Any]] = []
    weights: list[float] = []
    while len(drawn) < candidates and not (drawn and stop is not None and stop()):
        state = sample(rng)
        drawn.append(state)
        weights.append(weigh(state))
    total = sum(weights)
    if total <= 0:
        return drawn[rng.randrange(len(drawn))]
    point = rng.random() * total
    for state, w in zip(drawn, weights, strict=True):
        point -= w
        if point < 0:
            return state
    return drawn[-1]


def inferred_determinizer(game: Game[Any], candidates: int) -> Callable[[View, Callable[[], bool] | None], Sampler]:
    """Like ``game.determinizer``, each determinization resampled from ``candidates`` uniform ones, fewer once
    the ``stop`` given with the view says stop (``BotSpecError`` at once if the game has no inference)."""
    likelihood = inference_of(game)

    def determinizer(view: View, stop: Callable[[], bool] | None = None) -> Sampler:
        sample = game.determinizer(view)
        weigh = likelihood(view)
        return lambda rng: resample(sample, weigh, candidates, rng, stop)

    return determinizer
