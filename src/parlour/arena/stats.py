"""Per-bot results of a tournament: mean return with a 95 % interval, wins, and a rating."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from parlour.arena.play import Outcome

Z95 = 1.959964


@dataclass
class BotResult:
    bot: str
    games: int
    """Seat-games played (a bot filling two seats of one game counts twice)."""
    wins: int
    """Seat-games with the best return of the table (ties included), when not all seats tied."""
    mean: float
    """Mean return per seat-game."""
    ci_low: float
    ci_high: float
    """The 95 % interval of the mean, from one sample per deal (the bot's mean over its seats in all
    games of that deal), since seats of one deal share its luck and partners share one return."""
    rating: float
    """Bradley–Terry rating on the Elo scale (mean 1500), from every pair of seats of different bots."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarize(bot_specs: Sequence[str], outcomes: Sequence[Outcome]) -> list[BotResult]:
    k = len(bot_specs)
    returns: list[list[float]] = [[] for _ in range(k)]
    by_deal: list[dict[int, list[float]]] = [{} for _ in range(k)]
    wins = [0] * k
    pair_wins = [[0.0] * k for _ in range(k)]
    for outcome in outcomes:
        best, worst = max(outcome.returns), min(outcome.returns)
        for seat, bot in enumerate(outcome.task.seating):
            r = outcome.returns[seat]
            returns[bot].append(r)
            by_deal[bot].setdefault(outcome.task.seed, []).append(r)
            if r == best and best > worst:
                wins[bot] += 1
        seating = outcome.task.seating
        for a in range(len(seating)):
            for b in range(len(seating)):
                if seating[a] != seating[b]:
                    ra, rb = outcome.returns[a], outcome.returns[b]
                    pair_wins[seating[a]][seating[b]] += 1.0 if ra > rb else 0.5 if ra == rb else 0.0
    ratings = bradley_terry(pair_wins)
    out = []
    for bot in range(k):
        values = returns[bot]
        mean = sum(values) / len(values) if values else 0.0
        deals = [sum(v) / len(v) for v in by_deal[bot].values()]
        d = len(deals)
        deal_mean = sum(deals) / d if d else 0.0
        sd = math.sqrt(sum((v - deal_mean) ** 2 for v in deals) / (d - 1)) if d > 1 else 0.0
        half = Z95 * sd / math.sqrt(d) if d else 0.0
        out.append(BotResult(bot_specs[bot], len(values), wins[bot], mean, mean - half, mean + half,
                             ratings[bot]))
    return out


def bradley_terry(wins: Sequence[Sequence[float]], rounds: int = 200) -> list[float]:
    """Ratings (Elo scale, mean 1500) fitted to pairwise ``wins[i][j]`` by minorization-maximization.

    Half a win is added each way between every pair, so that a bot that
    never lost still gets a finite rating.
    """
    k = len(wins)
    w = [[wins[i][j] + (0.5 if i != j else 0.0) for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            total = sum(w[i][j] for j in range(k) if j != i)
            denominator = sum((w[i][j] + w[j][i]) / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(total / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / k)
        strength = [s / scale for s in new]
    return [1500 + 400 * math.log10(s) for s in strength]
