"""The board geometry: sections, seats, starts, feet, intersections, paths."""

from __future__ import annotations

import pytest

from parlour.games.tock.board import board_for


@pytest.mark.parametrize(("players", "sections"), [(2, 4), (3, 4), (4, 4), (5, 6), (6, 6), (7, 8), (8, 8)])
def test_sections_and_squares(players: int, sections: int) -> None:
    board = board_for(players)
    assert board.sections == sections
    assert board.squares == 18 * sections
    assert len(set(board.seat_sections)) == players


def test_two_players_sit_opposite() -> None:
    assert board_for(2).starts == (0, 36)


def test_starts_feet_and_the_way_round() -> None:
    board = board_for(4)
    assert board.starts == (0, 18, 36, 54)
    assert board.feet == (70, 16, 34, 52)
    assert board.steps_to_foot(0, 0) == 70  # 18 × S − 2 steps from the start to the foot
    assert board.to_go(0, -1) == 1 + 70 + 4


def test_small_boards_have_no_shortcut() -> None:
    board = board_for(4)
    assert board.intersections == ()
    assert board.forward_path(9, 3, 1) is None
    assert board.jump_choices(9, 3) == (0,)


def test_intersections_and_shortcuts_on_six_sections() -> None:
    board = board_for(6)
    assert board.intersections == (9, 27, 45, 63, 81, 99)
    assert board.forward_path(9, 3, 1) == (27, 28, 29)
    assert board.forward_path(9, 3, 2) is None  # no double jump on 6 sections
    assert board.backward_path(27, 4, 1) == (9, 8, 7, 6)
    assert board.forward_path(99, 1, 1) == (9,)  # the loop closes


def test_double_jump_on_eight_sections() -> None:
    board = board_for(8)
    assert board.jump_choices(9, 12) == (0, 1, 2)
    assert board.forward_path(9, 3, 2) == (27, 45, 46)
    assert board.jump_choices(45, 4, backwards=True) == (0, 1)


def test_past_foot_counts_the_steps_left_for_the_home() -> None:
    board = board_for(4)
    assert board.past_foot(0, 68, 3) == 1  # 68 → 69 → 70 (foot) → home 1
    assert board.past_foot(0, 68, 2) == 0  # ends on the foot
    assert board.past_foot(0, 70, 2) == 2  # starts on the foot
    assert board.past_foot(1, 68, 3) == 0  # not seat b's foot


def test_a_shortcut_bypasses_the_foot() -> None:
    board = board_for(6)
    # seat b starts on 18 with its foot on 16; the shortcut from 9 to 27 goes round it
    assert board.past_foot(1, 9, 10, 0) == 3
    assert board.past_foot(1, 9, 10, 1) == 0
