"""Which bot sits where in which game: fair rotation with duplicate deals.

For ``k`` bots at an ``n``-seat table, lineup ``r`` seats bot ``(i + r) % k``
at seat ``i``; every cyclic rotation of every lineup is played on the same
deal (the same seed), duplicates removed. Over one deal every bot then sits
in every seat equally often, and luck of the deal cancels between them.

In a team game the same rotation runs over the teams rather than the seats,
and every member of a team gets its team's bot: partners are always the same
bot, so that a team's result is one bot's result, and every bot still sits in
every seat equally often.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Task:
    """One game to play: its number, the deal's seed, and the bot index at each seat."""

    index: int
    seed: int
    seating: tuple[int, ...]


def seatings(bots: int, seats: int, teams: Sequence[tuple[int, ...]] | None = None) -> list[tuple[int, ...]]:
    """The seatings played on each deal, in a fixed order; with ``teams`` (the game's, as seats), one bot per
    team."""
    sides = list(teams) if teams is not None else [(seat,) for seat in range(seats)]
    out: list[tuple[int, ...]] = []
    for r in range(bots):
        lineup = [(i + r) % bots for i in range(len(sides))]
        for shift in range(len(sides)):
            by_side = [lineup[(i + shift) % len(sides)] for i in range(len(sides))]
            seating = [0] * seats
            for side, bot in zip(sides, by_side, strict=True):
                for seat in side:
                    seating[seat] = bot
            if tuple(seating) not in out:
                out.append(tuple(seating))
    return out


def schedule(bots: int, seats: int, games: int, seed: int,
             teams: Sequence[tuple[int, ...]] | None = None) -> list[Task]:
    """At least ``games`` games, rounded up to whole deals so that seating stays fair; with ``teams``,
    partners are the same bot (see ``seatings``)."""
    group = seatings(bots, seats, teams)
    deals = -(-games // len(group))
    return [
        Task(index=d * len(group) + j, seed=seed * 1_000_003 + d, seating=seating)
        for d in range(deals)
        for j, seating in enumerate(group)
    ]
