"""Fair seating: every bot in every seat equally often over each deal, on the same deal."""

from __future__ import annotations

from collections import Counter

import pytest

from parlour.arena.schedule import schedule, seatings


@pytest.mark.parametrize(("bots", "seats"), [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (2, 8), (4, 4)])
def test_each_bot_sits_in_each_seat_equally_often(bots: int, seats: int) -> None:
    group = seatings(bots, seats)
    assert len(set(group)) == len(group)
    for seat in range(seats):
        counts = Counter(seating[seat] for seating in group)
        assert set(counts) == set(range(bots))
        assert len(set(counts.values())) == 1


def test_two_bots_two_seats_swap_on_the_same_deal() -> None:
    tasks = schedule(2, 2, 5, seed=1)
    assert len(tasks) == 6  # rounded up to whole deals
    assert [t.seating for t in tasks[:2]] == [(0, 1), (1, 0)]
    assert tasks[0].seed == tasks[1].seed != tasks[2].seed
    assert [t.index for t in tasks] == list(range(6))
