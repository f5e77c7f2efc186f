"""Which bot sits where in which game: fair rotation with duplicate deals.

For ``k`` bots at an ``n``-seat table, lineup ``r`` seats bot ``(i + r) % k``
at seat ``i``; every cyclic rotation of every lineup is played on the same
deal (the same seed), duplicates removed. Over one deal every bot then sits
in every seat equally often, and luck of the deal cancels between them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Task:
    """One game to play: its number, the deal's seed, and the bot index at each seat."""

    index: int
    seed: int
    seating: tuple[int, ...]


def seatings(bots: int, seats: int) -> list[tuple[int, ...]]:
    """The seatings played on each deal, in a fixed order."""
    out: list[tuple[int, ...]] = []
    for r in range(bots):
        lineup = [(i + r) % bots for i in range(seats)]
        for shift in range(seats):
            seating = tuple(lineup[(i + shift) % seats] for i in range(seats))
            if seating not in out:
                out.append(seating)
    return out


def schedule(bots: int, seats: int, games: int, seed: int) -> list[Task]:
    """At least ``games`` games, rounded up to whole deals so that seating stays fair."""
    group = seatings(bots, seats)
    deals = -(-games // len(group))
    return [
        Task(index=d * len(group) + j, seed=seed * 1_000_003 + d, seating=seating)
        for d in range(deals)
        for j, seating in enumerate(group)
    ]
