"""Tonk determinizations use what play revealed: no hand still as dealt would have won at the deal."""

from __future__ import annotations

import random

from parlour import load_game
from parlour.core.game import Game
from parlour.games.tonk.settlement import deal_win_stakes


def opponent_totals(game: Game, seed: int, draws: int, samples: int = 600) -> list[int]:
    """The totals of seat 1's hand over ``samples`` determinizations from seat 0's view, after ``draws`` turns."""
    state = game.new_state(seed)
    assert not state.is_terminal
    for _ in range(draws):
        me = state.current_player
        state.apply("draw stock")
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("discard")))
        assert state.current_player != me
    seat = state.current_player
    sample = game.determinizer(state.view(seat))
    rng = random.Random(seed)
    other = (seat + 1) % game.num_players
    return [sample(rng).pos.values[other] for _ in range(samples)]


def first_live_deal(game: Game) -> int:
    return next(seed for seed in range(100) if not game.new_state(seed).is_terminal)


def test_under_speno_an_opponent_who_has_not_drawn_holds_no_tonk_hand() -> None:
    game = load_game("tonk:speno?players=2")
    totals = opponent_totals(game, first_live_deal(game), draws=0)
    assert all(16 <= t <= 48 for t in totals), sorted(totals)[:5]
    assert len(set(totals)) > 10  # still a spread of hands, not one


def test_once_the_opponent_drew_its_hand_is_no_longer_as_dealt() -> None:
    game = load_game("tonk:speno?players=2")
    totals = opponent_totals(game, first_live_deal(game), draws=1, samples=2000)
    assert any(t <= 15 or t >= 49 for t in totals)


def test_without_deal_time_wins_nothing_is_ruled_out() -> None:
    game = load_game("tonk:classic?players=2")
    assert all(deal_win_stakes(v, game.rules) == 0 for v in range(60))
    totals = opponent_totals(game, first_live_deal(game), draws=0, samples=2000)
    assert any(t <= 15 or t >= 49 for t in totals)


def test_texas_rules_out_only_the_dealt_49_and_50() -> None:
    game = load_game("tonk:texas?players=3")
    totals = opponent_totals(game, first_live_deal(game), draws=0, samples=3000)
    assert 49 not in totals and 50 not in totals
    assert any(t <= 15 for t in totals)
