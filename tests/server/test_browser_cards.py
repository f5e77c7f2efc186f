"""The cards as a table shows them (static/cards.js): faces with corner indices and pips, named in words in the
page's language, and a card that just came sliding in briefly, never under reduced motion."""

from __future__ import annotations

import re
from typing import Any

from tests.server.test_browser import browser, page_errors, server, watch
from tests.server.test_browser_games import bot_table, fast

__all__ = ["browser", "fast", "page_errors", "server"]  # the fixtures this module uses from the browser suite

FACES = """async (tokens) => {
  const { cardSvg } = await import('/static/cards.js');
  return tokens.map(([token, small]) => {
    const svg = cardSvg(token, { small });
    return { card: svg.dataset.card ?? null, label: svg.getAttribute('aria-label'), role: svg.getAttribute('role'),
             indices: svg.querySelectorAll('.index').length, pips: svg.querySelectorAll('.pip').length,
             words: [...svg.querySelectorAll('text')].map((e) => e.textContent) };
  });
}"""


def test_each_card_has_its_indices_its_pips_or_its_letter_and_a_name_in_words(browser: Any, fast: str,
                                                                               page_errors: list[str]) -> None:
    tokens = [["10s", False], ["7d", False], ["Qh", False], ["Ac", False], ["Jk", False], ["Kd", True], [None, False]]
    for locale, names in (("en-GB", ["ten of spades", "seven of diamonds", "queen of hearts", "ace of clubs", "joker",
                                     "king of diamonds", "face-down card"]),
                          ("fr-FR", ["dix de pique", "sept de carreau", "dame de cœur", "as de trèfle", "joker",
                                     "roi de carreau", "carte face cachée"])):
        context = browser.new_context(locale=locale)
        page = watch(context.new_page(), page_errors)
        page.goto(fast + "/")
        page.wait_for_selector("#create")
        faces = page.evaluate(FACES, tokens)
        assert [f["label"] for f in faces] == names
        assert [f["card"] for f in faces] == ["10s", "7d", "Qh", "Ac", "Jk", "Kd", None]  # the notation, kept
        assert all(f["role"] == "img" for f in faces)
        assert [f["pips"] for f in faces] == [10, 7, 0, 0, 0, 0, 0]
        assert [f["indices"] for f in faces] == [2, 2, 2, 2, 0, 1, 0]  # a small card: one large index
        queen = faces[2]["words"]
        assert queen == (["Q", "Q", "Q"] if locale == "en-GB" else ["D", "D", "D"])  # both corners and the middle
        context.close()


def entering(page: Any) -> list[str]:
    return page.locator("#replay-area svg.card.enter").evaluate_all("e => e.map((c) => c.dataset.card)")


def test_a_card_that_comes_slides_in_within_a_quarter_second_and_not_under_reduced_motion(
        browser: Any, fast: str, page_errors: list[str]) -> None:
    setup = watch(browser.new_page(), page_errors)
    tid = bot_table(setup, fast, "plonk", ["heuristic"] * 4, {"target": 100})
    setup.close()
    for motion in ("no-preference", "reduce"):
        context = browser.new_context(reduced_motion=motion, viewport={"width": 1000, "height": 900})
        page = watch(context.new_page(), page_errors)
        page.goto(f"{fast}/?table={tid}&replay=1")
        page.wait_for_selector("#replay[data-step='0']")
        assert page.locator("main svg.card.enter").count() == 0  # the first drawing deals: nothing comes
        played = []
        for step in (1, 2):
            page.click("#next")
            page.wait_for_selector(f"#replay[data-step='{step}']")
            played.append(re.sub(r"^.*: ", "", page.inner_text("#said")))
            assert entering(page) == [played[-1]]  # the card just played, not the one before it
            assert page.locator("#replay-hands svg.card.enter").count() == 0  # a hand only loses its card
        animation = page.locator("#replay-area svg.card.enter").evaluate(
            "c => { const s = getComputedStyle(c); return [s.animationName, s.animationDuration]; }")
        if motion == "reduce":
            assert animation[0] == "none"
        else:
            assert animation[0] != "none" and 0 < float(animation[1].rstrip("s")) <= 0.25
        context.close()
