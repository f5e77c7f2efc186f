"""The Tock terminal renderer draws every board size and reports what changed."""

from __future__ import annotations

import pytest

from parlour import load_game
from parlour.games.tock.board import board_for
from parlour.games.tock.render import TockRenderer, layout
from tests.play import text_of


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_every_square_and_home_has_its_own_cell(players: int) -> None:
    board = board_for(players)
    track, homes = layout(board)
    cells = list(track.values()) + list(homes.values())
    assert len(cells) == len(set(cells)) == board.squares + 4 * players


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_screen_shows_pawns_hand_and_bonuses(players: int) -> None:
    state = load_game("tock", players=players).new_state(1, {
        "pawns": {"a1": 0, "b2": 40, "a3": "h2"}, "advantaged": ["a1"], "bonuses": [2] + [0] * (players - 1),
    })
    screen = text_of(TockRenderer().screen(state.view(0), [f"P{i}" for i in range(players)]), width=140)
    for label in ("a1", "b2", "a3", "Your hand", "stored joker bonuses: 2"):
        assert label in screen


def test_news_reports_captures_and_moves() -> None:
    game = load_game("tock", players=4)
    state = game.new_state(0, {"pawns": {"a1": 5, "b1": 8}, "hands": [["3c", "9s", "9h", "10c", "10d"],
                                                                      [], [], []]})
    before = state.view(0)
    state.apply("3 p1")
    news = text_of(TockRenderer().news(before, state.view(0), ["You", "B", "C", "D"]), width=140)
    assert "b1 is captured" in news
    assert "a1 square 5 → square 8" in news
