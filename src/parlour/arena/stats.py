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
    """Sides played: seat-games, or in a team game team-games (a bot filling two seats, or two teams, of one
    game counts twice; the partners of one team count once)."""
    wins: int
    """Sides with the best return of the table (ties included), when not all sides tied: a team's win counts
    once, however many members it has."""
    mean: float
    """Mean return per side (a team's is its members' mean); with returns of 1 for a win and 0 otherwise,
    the win rate."""
    ci_low: float
    ci_high: float
    """The 95 % interval of the mean, from one sample per deal (the bot's mean over its sides in all
    games of that deal), since sides of one deal share its luck."""
    edge: float
    """Mean return per game less the mean return of the other bots' seats in the same game: above
    zero, the bot did better than the field it met (for two bots, better than the other one)."""
    edge_low: float
    edge_high: float
    """The 95 % interval of the edge, from one sample per deal."""
    rating: float
    """Bradley–Terry rating on the Elo scale (mean 1500), from every pair of sides of different bots."""
    iterations: float | None = None
    """Mean search iterations (paired root: playouts) per move searched; None for a bot that does not
    search. With a time budget it shows how much search the machine's load allowed."""
    cpu_share: float | None = None
    """For a bot on a time budget: the processor time it got while choosing, as a share of the wall-clock
    time it spent; well below 1 means the machine was busy and it searched less than its budget allows."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Tally:
    """The statistics of a tournament so far, updated one outcome at a time (the live table reads it often).

    Each outcome costs work in proportion to its seats; ``results`` costs work in proportion to the
    deals played, never to the games. A side is what wins or loses as one: a seat, or in a team game (given
    ``teams``, the game's, as seats) the seats of one team that the same bot holds.
    """

    def __init__(self, bot_specs: Sequence[str], teams: Sequence[tuple[int, ...]] | None = None) -> None:
        self.bot_specs = list(bot_specs)
        self.team_of = {seat: t for t, team in enumerate(teams or ()) for seat in team}
        """The team of each seat; a seat missing from it is a side of its own."""
        self.played = 0
        """Games added so far."""
        k = len(bot_specs)
        self.games = [0] * k
        self.total = [0.0] * k
        self.wins = [0] * k
        self.by_deal: list[dict[int, list[float]]] = [{} for _ in range(k)]
        """Per bot and deal: [sum of its sides' returns, sides]."""
        self.edges: list[dict[int, list[float]]] = [{} for _ in range(k)]
        """Per bot and deal: [sum of its per-game edges, games]."""
        self.search = [[0, 0] for _ in range(k)]
        self.clock = [[0.0, 0.0] for _ in range(k)]
        """Per bot on a time budget: [processor seconds, wall-clock seconds] spent choosing."""
        self.pair_wins = [[0.0] * k for _ in range(k)]

    def sides(self, seating: Sequence[int]) -> list[tuple[int, list[int]]]:
        """The sides of a game seated so, as (bot, seats), in the order of their first seats."""
        found: dict[tuple[int, int], list[int]] = {}
        for seat, bot in enumerate(seating):
            found.setdefault((self.team_of.get(seat, -1 - seat), bot), []).append(seat)
        return [(bot, seats) for (_, bot), seats in found.items()]

    def add(self, outcome: Outcome) -> None:
        returns, seating, seed = outcome.returns, outcome.task.seating, outcome.task.seed
        sides = [(bot, sum(returns[s] for s in seats) / len(seats)) for bot, seats in self.sides(seating)]
        best, worst = max(r for _, r in sides), min(r for _, r in sides)
        self.played += 1
        for bot, r in sides:
            self.games[bot] += 1
            self.total[bot] += r
            deal = self.by_deal[bot].setdefault(seed, [0.0, 0])
            deal[0] += r
            deal[1] += 1
            if r == best and best > worst:
                self.wins[bot] += 1
        for (total, moves), bot in zip(outcome.searched, seating, strict=False):
            self.search[bot][0] += total
            self.search[bot][1] += moves
        for (cpu, wall), bot in zip(outcome.clock, seating, strict=False):
            self.clock[bot][0] += cpu
            self.clock[bot][1] += wall
        for bot in set(seating):
            mine = [r for b, r in sides if b == bot]
            others = [r for b, r in sides if b != bot]
            if others:
                edge = self.edges[bot].setdefault(seed, [0.0, 0])
                edge[0] += sum(mine) / len(mine) - sum(others) / len(others)
                edge[1] += 1
        for a, ra in sides:
            for b, rb in sides:
                if a != b:
                    self.pair_wins[a][b] += 1.0 if ra > rb else 0.5 if ra == rb else 0.0

    def results(self) -> list[BotResult]:
        ratings = bradley_terry(self.pair_wins)
        out = []
        for bot, spec in enumerate(self.bot_specs):
            games = self.games[bot]
            mean = self.total[bot] / games if games else 0.0
            half = _half_width([total / n for total, n in self.by_deal[bot].values()])
            deal_edges = [total / n for total, n in self.edges[bot].values()]
            edge = sum(deal_edges) / len(deal_edges) if deal_edges else 0.0
            edge_half = _half_width(deal_edges)
            searched, moves = self.search[bot]
            cpu, wall = self.clock[bot]
            out.append(BotResult(spec, games, self.wins[bot], mean, mean - half, mean + half,
                                 edge, edge - edge_half, edge + edge_half, ratings[bot],
                                 searched / moves if moves else None, cpu / wall if wall else None))
        return out


def summarize(bot_specs: Sequence[str], outcomes: Sequence[Outcome],
              teams: Sequence[tuple[int, ...]] | None = None) -> list[BotResult]:
    """The results of ``outcomes`` at once (``Tally`` keeps them up to date one outcome at a time)."""
    tally = Tally(bot_specs, teams)
    for outcome in outcomes:
        tally.add(outcome)
    return tally.results()


def stakes_won(outcomes: Sequence[Outcome], bots: int) -> list[list[float]]:
    """``[i][j]``: how much bot ``i``'s seats finished ahead of bot ``j``'s over ``outcomes``, in the game's
    own units, summed over every pair of their seats in each game (a pair that tied adds nothing).

    ``bradley_terry`` of it rates by what the games pay rather than by who finished ahead: in Tonk a
    bot that wins fewer hands but by more stakes is the harder opponent, and this rating says so.
    """
    won = [[0.0] * bots for _ in range(bots)]
    for outcome in outcomes:
        returns, seating = outcome.returns, outcome.task.seating
        for a, ra in enumerate(returns):
            for b, rb in enumerate(returns):
                if ra > rb and seating[a] != seating[b]:
                    won[seating[a]][seating[b]] += ra - rb
    return won


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
