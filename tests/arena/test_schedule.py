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


@pytest.mark.parametrize(("bots", "teams"), [(2, [(0, 2), (1, 3)]), (2, [(0, 3), (1, 4), (2, 5)]),
                                             (3, [(0, 3), (1, 4), (2, 5)]), (2, [(0, 2, 4), (1, 3, 5)])])
def test_in_a_team_game_partners_are_one_bot_and_seating_stays_fair(bots: int, teams: list[tuple[int, ...]]) -> None:
    seats = sum(len(team) for team in teams)
    group = seatings(bots, seats, teams)
    assert all(len({seating[seat] for seat in team}) == 1 for seating in group for team in teams)
    for seat in range(seats):
        counts = Counter(seating[seat] for seating in group)
        assert set(counts) == set(range(bots)) and len(set(counts.values())) == 1
