"""Plonk's terminal renderer: the screen and the news of tricks and deals."""

from __future__ import annotations

from parlour import load_game
from parlour.core.i18n import current_language, set_language
from parlour.core.parts import parts_of
from parlour.games.plonk.render import PlonkRenderer
from tests.games.plonk.helpers import SUIT_HANDS, play_trick, start
from tests.play import text_of

NAMES = ["Ana", "Bo", "Cy", "Di"]


def test_the_screen_shows_the_trick_around_the_table_the_hand_by_suit_and_the_piles() -> None:
    state = start(SUIT_HANDS, scores=[120, 95])
    play_trick(state, "Ac Ad Ah As")
    state.apply("Ks")
    screen = text_of(PlonkRenderer().screen(state.view(0), NAMES))
    assert "Ana & Cy: 120 (+44 this deal)" in screen and "Bo & Di: 95 (+0 this deal)" in screen
    assert "North: Cy (12)" in screen and "West: Bo (12)" in screen and "East: Di (11)" in screen
    assert "K♠ lead" in screen and "▶ to play" in screen
    assert "♣ 2 3 4 5 6 7 8 9 10 J Q K" in screen
    assert "A♦ A♥ A♠" in screen and "1 (Ac)" in screen


def test_news_tells_each_trick_with_the_lead_rule_and_each_deal_score() -> None:
    game = load_game("plonk")
    renderer = parts_of(game).renderer(game)
    state = start(SUIT_HANDS)
    before = state.view(0)
    play_trick(state, "Ac Ad Ah As")
    news = text_of(renderer.news(before, state.view(0), NAMES))
    assert "Trick 1: Ana A♣, Bo A♦, Cy A♥, Di A♠ → won by Ana" in news
    assert "nobody followed: next lead Di, then Ana" in news
    assert renderer.news(state.view(0), state.view(0), NAMES) is None
    while len(state.view(0)["tricks"]) < 12:
        state.apply(state.legal_actions()[0])
    before = state.view(0)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    news = text_of(renderer.news(before, state.view(0), NAMES))
    assert "Trick 13:" in news and "Deal 1 scored" in news


def test_the_screen_speaks_french_with_its_typography() -> None:
    state = start(SUIT_HANDS, scores=[120, 95])
    before = current_language()
    set_language("fr")
    try:
        screen = text_of(PlonkRenderer().screen(state.view(0), NAMES))
    finally:
        set_language(before)
    assert "Ana & Cy\u00a0: 120" in screen and "Bo & Di\u00a0: 95" in screen
