"""Tonk in the terminal: the screen shows the table and the own hand, the news a finished hand."""

from __future__ import annotations

from parlour.core.parts import parts_of
from parlour.games.tonk.game import TonkGame
from parlour.games.tonk.render import TonkRenderer
from tests.games.tonk.helpers import play, tonk
from tests.play import text_of

NAMES = ["Ann", "Bob"]


def test_the_renderer_is_the_games_part() -> None:
    assert isinstance(parts_of(TonkGame).renderer(TonkGame), TonkRenderer)


def test_screen_shows_hand_value_spreads_and_jokers() -> None:
    state = tonk("tonk:classic?jokers=2", ["6h 7h Jk Kc", "Ac 2c 3d"], stock="9d")
    play(state, "draw stock", "spread Jk=5h 6h 7h")
    shown = text_of(TonkRenderer().screen(state.view(0), NAMES))
    assert "Your hand: 9♦ K♣" in shown and "value 19" in shown
    assert "1. Ann Jk=5♥ 6♥ 7♥" in " ".join(shown.split())
    assert "Ac" not in shown and "A♣" not in shown  # Bob's hand is hidden


def test_news_reports_a_finished_hand_with_its_payments() -> None:
    state = tonk("tonk:speno", ["Ac 2c 3d", "9c 9d 9h"])
    before = state.view(0)
    play(state, "drop")
    news = text_of(TonkRenderer().news(before, state.view(0), NAMES))
    assert "Hand 1: Ann drops with 6 and wins" in news
    assert "Bob pays you 1" in news
    assert "You pay Ann 1" in text_of(TonkRenderer().news(before, state.view(1), NAMES))
    assert "Bob pays Ann 1" in text_of(TonkRenderer().news(state.view(None) | {"results": []}, state.view(None), NAMES))
    assert TonkRenderer().news(state.view(0), state.view(0), NAMES) is None
