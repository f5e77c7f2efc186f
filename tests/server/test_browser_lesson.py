"""The tutor in the browser: "Learn Tonk" in the lobby opens a lesson whose page explains the turn and shows a
hint, in English and in French; at any table, the Hint button shows the suggestion and marks its move."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.server import create_app
from tests.server.conftest import settings_for
from tests.server.test_browser import browser, create_from_lobby, page_errors, serving, shot, watch

__all__ = ["browser", "page_errors"]  # the fixtures this module uses from the browser suite


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose hints think briefly (the browser suite's ``browser`` fixture starts on this one)."""
    db = tmp_path_factory.mktemp("tutor") / "tutor.db"
    with serving(create_app(settings_for(f"sqlite:///{db}", bot_delay=0.05, hint_ms=150))) as address:
        yield address


@pytest.mark.parametrize("locale, button, taught, suggested, lesson", [
    ("en-GB", "Learn Tonk", "the discard pile shows the 7 of diamonds on top", "Suggested move:", "Lesson"),
    ("fr-FR", "Apprendre le Tonk", "la défausse montre le 7 de carreau sur le dessus", "Coup suggéré :", "Leçon"),
])
def test_learn_tonk_explains_the_first_turn_and_hints_it(browser: Any, server: str, page_errors: list[str],
                                                          locale: str, button: str, taught: str, suggested: str,
                                                          lesson: str) -> None:
    context = browser.new_context(locale=locale, viewport={"width": 1100, "height": 1000})
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/")
    learn = page.locator("#learn button[data-game='tonk']")
    learn.wait_for(timeout=30_000)
    assert learn.inner_text() == button
    learn.click()
    page.wait_for_url("**/?table=*")
    page.wait_for_selector(f"#lesson li:has-text('{taught}')", timeout=30_000)
    page.wait_for_selector(f"#lesson-panel #hint:has-text('{suggested}')", timeout=60_000)
    assert page.inner_text("#lesson-panel h2") == lesson
    hinted = page.get_attribute("#lesson-panel #hint", "data-action")
    assert page.get_attribute("#moves .move.hinted", "data-action") == hinted
    assert page.inner_text("#lesson-panel #hint .reason").startswith(page.inner_text("#lesson-panel #hint .words"))
    assert page.locator("#invite").count() == 0
    shot(page, f"lesson-{locale}")
    tid = page.url.split("table=")[1]
    other = watch(browser.new_context(locale=locale).new_page(), page_errors)  # no seat there to offer anyone
    other.goto(server + "/")
    row = other.locator(f"tr[data-table='{tid}']")
    row.wait_for(timeout=30_000)
    assert row.locator("button.join").count() == 0 and "Invite" not in row.inner_text()
    other.context.close()
    context.close()


def test_the_hint_button_shows_the_suggestion_and_marks_its_move(browser: Any, server: str,
                                                                page_errors: list[str]) -> None:
    context = browser.new_context(locale="en-GB", viewport={"width": 1100, "height": 1000})
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, server, "tonk", ["human", "heuristic"], "Ana", flags={"hands": "3"})
    page.click("#hint-button", timeout=60_000)  # shown on the seat's own turn only
    page.wait_for_selector("#hint:has-text('Suggested move:')", timeout=60_000)
    hinted = page.get_attribute("#hint", "data-action")
    assert page.get_attribute("#moves .move.hinted", "data-action") == hinted
    assert page.locator("#hint .alternatives li").count() >= 1
    reason = page.inner_text("#hint .reason")  # why, in the game's terms: the numbers are details
    assert reason.startswith(page.inner_text("#hint .words") + ": ") and " ± " not in reason
    assert re.search(r"(by about [\d.]+ stakes? a game|about as good as)", reason), reason
    details = page.locator("#hint details.hint-details")
    assert details.get_attribute("open") is None and not page.locator("#hint .playouts").first.is_visible()
    details.locator("summary").click()  # the disclosure holds each move's value, share ahead and playouts
    assert " ± " in page.inner_text("#hint details .value") and "playouts" in page.inner_text("#hint details")
    assert details.locator("li").count() == 1 + page.locator("#hint .alternatives li").count()
    if page.locator("#hint .ahead").count():  # a share of games ahead comes only as an interval
        assert re.fullmatch(r"ahead in \d+–\d+% of finished games", page.inner_text("#hint .ahead").strip())
    assert page.locator("#lesson-panel").count() == 0
    context.close()


def test_a_lesson_fits_a_phone(browser: Any, server: str, page_errors: list[str]) -> None:
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/")
    page.click("#learn button[data-game='plonk']", timeout=30_000)
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#lesson li:has-text('Vous entamez cette levée')", timeout=30_000)
    page.wait_for_selector("#lesson-panel #hint:has-text('Coup suggéré')", timeout=60_000)
    card = page.get_attribute("#lesson-panel #hint", "data-action")  # every move of Plonk plays a card
    page.wait_for_selector(f"#hand [data-card='{card}'].hinted")
    assert page.locator("#hand .hinted").count() == 1
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the lesson is {overflow} px too wide at 390 px"
    shot(page, "lesson-phone")
    context.close()
