"""Plonk by direct play in the browser: a whole deal against three bots played by clicking cards only,
never a move button, in English and in French; the log tells who wins each trick and who leads next and why; the
last trick stays viewable by seat; on a touch screen a second tap confirms the card."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.test_browser import browser, create_from_lobby, page_errors, reach, server, shot, version, watch

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite

SEATS = ["human", "random", "random", "random"]
WORDS = {
    "en": {"won": "wins the trick", "next": "leads next:", "last": "Last trick, won by", "toggle": "Last trick",
           "end": "End of deal 1:", "match": "win the match", "tap": "Tap again to play the"},
    "fr": {"won": "remporte la levée", "next": "entame la levée suivante :", "last": "Dernière levée, remportée par",
           "toggle": "Dernière levée", "end": "Fin de la donne 1 :", "match": "gagnent la partie",
           "tap": "Appuyez encore dessus pour jouer cette carte :"},
}
"""What the page says, in each language, that the tests look for."""


def new_context(browser: Any, lang: str, **options: Any) -> Any:
    """A browser context whose pages speak ``lang`` (the page's remembered choice, set before any page loads)."""
    context = browser.new_context(**{"viewport": {"width": 1100, "height": 1000}, **options})
    context.add_init_script(f"localStorage.setItem('parlour:lang', '{lang}')")
    return context


def my_turn(page: Any) -> bool:
    """Wait until it is this page's turn (True) or the table is finished (False)."""
    page.wait_for_selector("#turn.mine, #table[data-status='finished']", timeout=30_000)
    return bool(page.get_attribute("#table", "data-status") != "finished")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_deal_played_by_clicking_cards_only(browser: Any, server: str, lang: str,
                                                    page_errors: list[str]) -> None:
    words = WORDS[lang]
    context = new_context(browser, lang)
    page = watch(context.new_page(), page_errors)
    # A target of 1 point: the first deal's end ends the match (a side scores at least 1 in any real deal),
    # unless both sides made exactly as many points, when the rules play another deal (a tie plays on).
    create_from_lobby(page, server, "plonk", SEATS, "Ana", flags={"target": "1"})
    page.wait_for_selector("#table")
    assert page.get_attribute("html", "lang") == lang
    played: list[str] = []
    while my_turn(page):
        if played:
            # The trick I played in is finished by now: its four cards stay viewable, each at its player's seat.
            last = page.locator("#last-trick")
            assert last.locator(".compass-card[data-seat]").count() == 4
            assert last.locator(f".compass-card.south[data-seat='0'][data-card='{played[-1]}']").count() == 1
            assert last.locator(".label").inner_text().startswith(words["last"])
            if len(played) == 3:
                toggle = page.locator("#last-trick-toggle")
                assert toggle.inner_text() == words["toggle"] and toggle.get_attribute("aria-pressed") == "false"
                toggle.click()
                page.wait_for_selector("#last-trick-toggle[aria-pressed='true']")
                page.wait_for_selector("#last-trick", state="visible")
                shot(page, "plonk-table")
        # What the others played in this trick is shown at their seats, named.
        for seat in page.locator("#trick .compass-card[data-card]").evaluate_all("e => e.map(x => x.dataset.seat)"):
            assert page.locator(f"#trick .compass-card[data-seat='{seat}'] .played-by").inner_text()
        before = version(page)
        card = page.locator("#hand svg.playable").first
        name = str(card.get_attribute("data-card"))
        card.click()  # a mouse: one click plays
        reach(page, before + 1)
        played.append(name)
        if len(played) > 3:
            page.wait_for_selector("#last-trick", state="visible")  # pinned: shown whatever happens
    assert played and len(played) % 13 == 0, f"a deal is 13 tricks; Ana played {played}"
    assert page.locator("#moves button.move").count() == 0
    log = page.inner_text("#log")
    assert words["won"] in log and words["next"] in log and words["end"] in log and words["match"] in log
    assert page.locator("#hand svg").count() == 0  # a finished table: nothing left to click
    context.close()


def test_on_a_touch_screen_a_second_tap_plays_the_card(browser: Any, server: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, server, "plonk", SEATS, "Ana")
    assert my_turn(page)
    before = version(page)
    cards = page.locator("#hand svg.playable")
    first, other = cards.nth(0), cards.nth(1)
    first_card, other_card = str(first.get_attribute("data-card")), str(other.get_attribute("data-card"))
    first.tap()
    page.wait_for_selector(f"#hand svg.selected[data-card='{first_card}']")
    face = first_card[:-1] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[first_card[-1]]
    assert page.inner_text("#why") == f"{WORDS['en']['tap']} {face}."
    # A tap on another card moves the selection: still nothing played.
    page.locator(f"#hand svg[data-card='{other_card}']").tap()
    page.wait_for_selector(f"#hand svg.selected[data-card='{other_card}']")
    assert version(page) == before and page.locator("#hand svg.selected").count() == 1
    page.locator(f"#hand svg[data-card='{other_card}']").tap()  # the second tap on it plays it
    reach(page, before + 1)
    assert page.locator(f"#hand svg[data-card='{other_card}']").count() == 0
    # At the next turn the finished trick is there to see, and the phone's page does not scroll sideways.
    assert my_turn(page)
    page.locator("#last-trick-toggle").tap()
    page.wait_for_selector("#last-trick", state="visible")
    assert page.locator(f"#last-trick .compass-card.south[data-card='{other_card}']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    shot(page, "plonk-phone")
    context.close()


def test_in_french_a_touch_screen_asks_for_the_second_tap_in_french(browser: Any, server: str,
                                                                    page_errors: list[str]) -> None:
    context = new_context(browser, "fr", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, server, "plonk", SEATS, "Ana")
    assert my_turn(page)
    card = page.locator("#hand svg.playable").first
    card.tap()
    page.wait_for_selector("#hand svg.selected")
    assert page.inner_text("#why").startswith(WORDS["fr"]["tap"])
    context.close()


def test_a_spectator_sees_the_trick_and_the_story_but_has_nothing_to_click(browser: Any, server: str,
                                                                            page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    made = page.request.post(server + "/api/tables", data={"game": "plonk", "seats": ["random"] * 4,
                                                          "rules": {"target": 1}})
    page.goto(f"{server}/?table={made.json()['id']}&watch=1")
    page.wait_for_selector("#log:has-text('wins the trick')", timeout=60_000)
    assert page.locator("#hand").count() == 0 and page.locator("#moves").count() == 0
    assert page.locator("#last-trick .compass-card[data-seat]").count() == 4
    context.close()


def test_a_finished_trick_is_held_in_view_then_hidden_in_place_without_redrawing_the_hand(
        browser: Any, server: str, page_errors: list[str]) -> None:
    context = new_context(browser, "en")
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, server, "plonk", SEATS, "Ana")
    held = 0
    while my_turn(page) and held == 0:
        # A trick under way with the one before still in view: the hold, not a pin, is what shows it.
        if page.locator("#trick .compass-card[data-card]").count() and page.locator("#last-trick").is_visible():
            page.evaluate("window.handBefore = document.querySelector('#hand')")
            page.wait_for_selector("#last-trick", state="hidden", timeout=6_000)
            assert page.evaluate("document.contains(window.handBefore)"), "the hold's end redrew the hand"
            held += 1
        before = version(page)
        page.locator("#hand svg.playable").first.click()
        reach(page, before + 1)
    assert held == 1
    context.close()
