"""The lobby and the invitation as a newcomer reads them: every flag named and described in words (its choices
too), in English and in French; an invitation shows who sits where and links the rules."""

from __future__ import annotations

import urllib.parse
from typing import Any

from parlour.bots.levels import ratings
from tests.server.test_browser import browser, page_errors, server, watch
from tests.server.test_browser_games import fast

__all__ = ["browser", "fast", "page_errors", "server"]  # the fixtures this module uses from the browser suite


def flag_texts(page: Any, name: str) -> tuple[str, str, list[str]]:
    """A flag's label, its visible description and the words of its choices (none for a field)."""
    box = page.locator(f".flag:has([data-flag='{name}'])")
    options = box.locator("option").all_inner_texts()
    return box.locator(".flag-title").inner_text(), box.locator(".flag-help").inner_text(), options


def test_the_lobby_names_and_describes_every_flag_in_words_in_english_and_french(
        browser: Any, fast: str, page_errors: list[str]) -> None:
    for locale, expected in (("en-GB", {
            "drop_timing": ("when to drop", "when a drop is allowed: before drawing, or any time before the discard",
                            ["before drawing", "any time before the discard"]),
            "hands": ("hands", "hands in the match", [])}),
            ("fr-FR", {
            "drop_timing": ("quand descendre",
                            "quand on peut descendre\u00a0: avant de piocher, ou à tout moment avant de se défausser",
                            ["avant de piocher", "à tout moment avant de se défausser"]),
            "hands": ("manches", "manches dans la partie", [])})):
        context = browser.new_context(locale=locale, viewport={"width": 1000, "height": 900})
        page = watch(context.new_page(), page_errors)
        page.goto(fast + "/")
        page.select_option("#game", "tonk")
        page.click("details summary")
        for name, texts in expected.items():
            assert flag_texts(page, name) == texts
            described = page.get_attribute(f"[data-flag='{name}']", "aria-describedby")
            assert page.inner_text(f"#{described}") == texts[1]
        labels = page.locator(".flag-title").all_inner_texts()
        assert labels and not [label for label in labels if "_" in label]  # no identifier shown as a name
        options = page.locator(".flag option").all_inner_texts()
        assert not [o for o in options if "_" in o or o in ("off", "end", "before_draw")]
        page.select_option("[data-flag='drop_timing']", "any")  # the value sent stays the identifier
        assert page.input_value("[data-flag='drop_timing']") == "any"
        context.close()


def test_an_invitation_shows_who_sits_where_and_the_rules(browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = watch(context.new_page(), page_errors)
    made = page.request.post(fast + "/api/tables", data={"game": "tonk", "seats": ["human", "human", "strong"],
                                                         "rules": {"hands": 3}})
    assert made.ok, made.text()
    tid, spec = made.json()["id"], made.json()["spec"]
    assert page.request.post(f"{fast}/api/tables/{tid}/join", data={"name": "Ana"}).ok
    page.goto(f"{fast}/?table={tid}")
    page.wait_for_selector("#join-seats")
    seats = page.locator("#join-seats li").all_inner_texts()
    assert seats == ["Seat 1: Ana", "Seat 2: free", "Seat 3: Strong bot"]
    assert page.locator("#join-seats li.free").get_attribute("data-seat") == "1"
    href = page.get_attribute("#rules", "href")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(href).query)
    assert href.startswith("/rules/tonk?") and query["rules"] == [spec]
    width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"the invitation scrolls sideways on a phone: {width}"
    page.fill("#join-name", "Bo")
    page.click("#join")
    page.wait_for_selector("#table[data-status='playing']", timeout=30_000)
    context.close()


def test_the_lobby_offers_the_levels_each_with_its_rating_in_english_and_french(
        browser: Any, fast: str, page_errors: list[str]) -> None:
    rated = ratings("tonk")
    for locale, expected in (
            ("en-GB", [f"{name} bot (rated {rated[level]:.0f})" for level, name in (
                ("beginner", "Beginner"), ("casual", "Casual"), ("expert", "Expert"), ("master", "Master"))]),
            ("fr-FR", [f"Bot {name} (cote {rated[level]:.0f})" for level, name in (
                ("beginner", "débutant"), ("casual", "occasionnel"), ("expert", "expert"), ("master", "maître"))])):
        context = browser.new_context(locale=locale, viewport={"width": 1000, "height": 900})
        page = watch(context.new_page(), page_errors)
        page.goto(fast + "/")
        page.select_option("#game", "tonk")
        options = page.locator("select.seat[data-seat='1'] option").all_inner_texts()
        assert options[-4:] == expected
        page.select_option("select.seat[data-seat='1']", "level:master")  # the value sent is the level's spec
        assert page.input_value("select.seat[data-seat='1']") == "level:master"
        context.close()
