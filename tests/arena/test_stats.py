"""Tournament statistics: means with intervals, wins, ratings."""

from __future__ import annotations

from parlour.arena.play import Outcome
from parlour.arena.schedule import Task
from parlour.arena.stats import bradley_terry, stakes_won, summarize


def outcome(index: int, seating: tuple[int, ...], returns: tuple[float, ...], deal: int = 0) -> Outcome:
    return Outcome(Task(index, deal, seating), returns, {})


def test_summary_of_a_few_games() -> None:
    outcomes = [outcome(0, (0, 1), (2.0, -2.0), deal=0), outcome(1, (1, 0), (-1.0, 1.0), deal=0),
                outcome(2, (0, 1), (0.0, 0.0), deal=1), outcome(3, (1, 0), (0.0, 0.0), deal=1)]
    a, b = summarize(["a", "b"], outcomes)
    assert (a.games, a.wins, b.wins) == (4, 2, 0)
    assert a.mean == 0.75 and b.mean == -0.75
    # one sample per deal: 1.5 and 0.0, so the interval is 0.75 ± 1.96 × 1.06 / √2
    assert round(a.ci_low, 3) == round(0.75 - 1.959964 * (1.125 ** 0.5) / 2 ** 0.5, 3)
    assert a.rating > 1500 > b.rating
    # a's edge per game 4, 2 (deal 0), 0, 0 (deal 1): per deal 3.0 and 0.0
    assert (a.edge, b.edge) == (1.5, -1.5)
    assert round(a.edge_high, 3) == round(1.5 + 1.959964 * 4.5 ** 0.5 / 2 ** 0.5, 3)


def test_edge_compares_with_the_other_bots_seats_only() -> None:
    # four seats, two bots: in a free-for-all a bot can win while both its seats' mean is low
    outcomes = [outcome(0, (0, 1, 0, 1), (1.0, 0.0, 0.0, 0.0)), outcome(1, (1, 0, 1, 0), (0.0, 0.0, 0.0, 1.0))]
    a, b = summarize(["a", "b"], outcomes)
    assert a.mean == 0.5 and b.mean == 0.0
    assert (a.edge, b.edge) == (0.5, -0.5)
    assert a.edge_low == a.edge_high == 0.5


def test_bradley_terry_orders_by_strength_and_centres_on_1500() -> None:
    ratings = bradley_terry([[0, 8, 9], [2, 0, 6], [1, 4, 0]])
    assert ratings[0] > ratings[1] > ratings[2]
    assert abs(sum(ratings) / 3 - 1500) < 1e-6


def test_stakes_won_count_what_each_game_paid_between_different_bots_and_nothing_for_ties() -> None:
    # b wins three hands by 1 stake, a one hand by 3 (a tonk out): b finished ahead more often, a by more
    outcomes = [outcome(0, (0, 1), (-1.0, 1.0)), outcome(1, (1, 0), (1.0, -1.0)), outcome(2, (0, 1), (-1.0, 1.0)),
                outcome(3, (1, 0), (-3.0, 3.0)), outcome(4, (0, 1), (0.0, 0.0))]
    assert stakes_won(outcomes, 2) == [[0.0, 6.0], [6.0, 0.0]]  # in return differences: 2 a stake
    more = [*outcomes, outcome(5, (1, 0), (-1.0, 1.0))]  # and one more hand to a
    assert stakes_won(more, 2) == [[0.0, 8.0], [6.0, 0.0]]
    by_stakes = bradley_terry(stakes_won(more, 2))
    a, b = summarize(["a", "b"], more)
    assert by_stakes[0] > by_stakes[1] and a.rating < b.rating  # ahead by stakes, behind by hands won
    # partners (one bot in two seats) never count against each other; three seats of one bot and one of another
    four = [outcome(0, (0, 1, 0, 1), (1.0, -1.0, 1.0, -1.0)), outcome(1, (0, 0, 0, 1), (2.0, 0.0, 0.0, -2.0))]
    assert stakes_won(four, 2) == [[0.0, 4 * 2.0 + 4.0 + 2.0 + 2.0], [0.0, 0.0]]


def test_iterations_per_move_are_weighted_by_moves_searched_and_absent_for_bots_that_do_not_search() -> None:
    outcomes = [Outcome(Task(0, 0, (0, 1)), (1.0, -1.0), {}, ((300, 3), (0, 0))),
                Outcome(Task(1, 0, (1, 0)), (1.0, -1.0), {}, ((0, 0), (100, 2)))]
    a, b = summarize(["search", "plain"], outcomes)
    assert a.iterations == 80.0  # 400 iterations over 5 moves searched
    assert b.iterations is None


def test_the_tally_kept_one_outcome_at_a_time_equals_the_summary() -> None:
    from parlour.arena.stats import Tally

    outcomes = [outcome(i, (i % 2, 1 - i % 2), (float(i % 3) - 1, 1 - float(i % 3)), deal=i // 2) for i in range(9)]
    tally = Tally(["a", "b"])
    for o in outcomes:
        tally.add(o)
    assert tally.results() == summarize(["a", "b"], outcomes)


def test_a_team_is_one_side_its_win_counted_once() -> None:
    teams = [(0, 2), (1, 3)]
    outcomes = [outcome(0, (0, 1, 0, 1), (1.0, 0.0, 1.0, 0.0)), outcome(1, (1, 0, 1, 0), (1.0, 0.0, 1.0, 0.0)),
                outcome(2, (0, 1, 0, 1), (1.0, 0.0, 1.0, 0.0), deal=1),
                outcome(3, (1, 0, 1, 0), (0.0, 1.0, 0.0, 1.0), deal=1)]
    a, b = summarize(["a", "b"], outcomes, teams)
    assert (a.games, a.wins, b.games, b.wins) == (4, 3, 4, 1)
    assert a.mean == 0.75 and a.edge == 0.5
    by_seat = summarize(["a", "b"], outcomes)
    assert (by_seat[0].games, by_seat[0].wins) == (8, 6)  # the same games counted seat by seat
    assert a.rating > b.rating and a.rating < by_seat[0].rating  # half the pairs: less certain
