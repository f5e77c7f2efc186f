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
    edge: float
    """Mean return per game less the mean return of the other bots' seats in the same game: above
    zero, the bot did better than the field it met (for two bots, better than the other one)."""
    edge_low: float
    edge_high: float
    """The 95 % interval of the edge, from one sample per deal."""
    rating: float
    """Bradley–Terry rating on the Elo scale (mean 1500), from every pair of seats of different bots."""
    iterations: float | None = None
    """Mean search iterations (paired root: playouts) per move searched; None for a bot that does not
    search. With a time budget it shows how much search the machine's load allowed."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarize(bot_specs: Sequence[str], outcomes: Sequence[Outcome]) -> list[BotResult]:
    k = len(bot_specs)
    returns: list[list[float]] = [[] for _ in range(k)]
    by_deal: list[dict[int, list[float]]] = [{} for _ in range(k)]
    edges: list[dict[int, list[float]]] = [{} for _ in range(k)]
    wins = [0] * k
    search = [[0, 0] for _ in range(k)]
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
        for (total, moves), bot in zip(outcome.searched, seating, strict=False):
            search[bot][0] += total
            search[bot][1] += moves
        for bot in set(seating):
            mine = [r for r, b in zip(outcome.returns, seating, strict=True) if b == bot]
            others = [r for r, b in zip(outcome.returns, seating, strict=True) if b != bot]
            if others:
                edges[bot].setdefault(outcome.task.seed, []).append(
                    sum(mine) / len(mine) - sum(others) / len(others))
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
        half = _half_width([sum(v) / len(v) for v in by_deal[bot].values()])
        deal_edges = [sum(v) / len(v) for v in edges[bot].values()]
        edge = sum(deal_edges) / len(deal_edges) if deal_edges else 0.0
        edge_half = _half_width(deal_edges)
        out.append(BotResult(bot_specs[bot], len(values), wins[bot], mean, mean - half, mean + half,
                             edge, edge - edge_half, edge + edge_half, ratings[bot],
                             search[bot][0] / search[bot][1] if search[bot][1] else None))
    return out


def _half_width(samples: Sequence[float]) -> float:
    """Half the width of the normal 95 % interval of the mean of ``samples``."""
    d = len(samples)
    if d < 2:
        return 0.0
    mean = sum(samples) / d
    return Z95 * math.sqrt(sum((v - mean) ** 2 for v in samples) / (d - 1) / d)


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
