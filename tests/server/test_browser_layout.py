"""The table comes first: at a seated turn, on a phone (390×844) and on a desktop (1280×800), the board (Tock),
the trick (Plonk) or the piles and spreads (Tonk), the seat's hand and the hint's control are all in the window
without scrolling, and a confirmation (Tonk's "Yes, drop") too, drawn to stand out from the green; the side panels
(what happened, chat, fairness, hint) sit open beside the table on the desktop and open as drawers on the phone
(their buttons say whether they are open, Escape closes them, the focus goes in and comes back); the page stays
free of serious axe-core faults."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from parlour.server import create_app
from tests.server.browser_support import SeatedFactory, watch
from tests.server.conftest import settings_for
from tests.server.test_browser import browser, page_errors, serving, version
from tests.server.test_browser_tock import choose, click_card, seat_ana

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is not installed (pip install -e .[dev])")
__all__ = ["browser", "page_errors"]  # the fixtures this module uses from the browser suite

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SEATS = {"tonk": ["human", "heuristic"], "tock": ["human", "heuristic", "heuristic", "heuristic"],
         "plonk": ["human", "heuristic", "heuristic", "heuristic"]}
RULES = {"tonk": {"hands": 3}}
"""Three Tonk hands: a hand won at the deal does not end the match before Ana's turn."""
TABLE = {"tonk": ["#stock", "#discard-pile", "#spreads"], "tock": [".board svg.tock-board"], "plonk": ["#trick"]}
"""What of each game's table must be in view at the seat's turn."""
SIDE = ["#drawer-log", "#drawer-chat", "#drawer-fairness", "#drawer-hint"]
WAIT = 60_000
SPLIT_TURNS = 80
"""Ana's turns before giving up on a 7 to split (Tock's 'sevens' preset deals one within a few turns)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots play at once and whose hints think briefly."""
    db = tmp_path_factory.mktemp("layout") / "layout.db"
    with serving(create_app(settings_for(f"sqlite:///{db}", hint_ms=150))) as address:
        yield address


def outside(page: Any, selector: str) -> str | None:
    """Why ``selector``'s element is not wholly in the window as it stands (unscrolled), or None when it is."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    if box is None:
        return f"{selector} is not shown"
    if box["x"] < -1 or box["y"] < -1 or box["x"] + box["width"] > size["width"] + 1 \
            or box["y"] + box["height"] > size["height"] + 1:
        return f"{selector} at {box} is outside {size['width']}×{size['height']}"
    return None


def away(page: Any, selectors: list[str]) -> list[str]:
    """Why each of ``selectors`` that is not wholly in the window is not."""
    return [why for selector in selectors if (why := outside(page, selector)) is not None]


def serious_faults(page: Any) -> list[Any]:
    results = axe_playwright.Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")]


def at_turn(seated: SeatedFactory, server: str, game: str, viewport: dict[str, int]) -> Any:
    """Ana's page at her turn of a new table of ``game``, in a window of ``viewport``, scrolled to its top."""
    page = seated(server, game, SEATS[game], RULES.get(game), undecided=True, viewport=viewport).page
    page.wait_for_selector("#turn.mine", timeout=WAIT)
    page.evaluate("window.scrollTo(0, 0)")
    return page


def gold(page: Any, selector: str) -> bool:
    """Whether ``selector``'s button is drawn as a confirmation: dark words on gold, never green on the green."""
    colours = page.eval_on_selector(selector, "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
    return bool(colours == ["rgb(255, 210, 63)", "rgb(27, 27, 27)"])


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_table_and_the_hand_fill_the_window_at_a_turn(seated: SeatedFactory, server: str, game: str,
                                                          size: str) -> None:
    page = at_turn(seated, server, game, PHONE if size == "phone" else DESKTOP)
    hint = "#open-hint" if size == "phone" else "#hint-button"
    assert away(page, [*TABLE[game], "#hand", hint]) == []
    assert page.evaluate("document.documentElement.scrollTop") == 0
    if size == "desktop":  # the side panels beside the table, open, no button to open them
        assert [s for s in SIDE if not page.is_visible(s)] == []
        box = page.locator("#table-area").bounding_box()
        assert all(page.locator(s).bounding_box()["x"] >= box["x"] + box["width"] for s in SIDE)
        assert not page.is_visible("#open-log")
    else:  # in drawers: their buttons in view, the drawers closed
        assert [s for s in SIDE if page.is_visible(s)] == []
        assert away(page, ["#open-log", "#open-chat", "#open-fairness"]) == []
    if game == "tonk":  # "Drop" asks first: its "Yes, drop" is in view and stands out from the felt
        page.click("#drop")
        page.wait_for_selector("#drop-yes")
        page.evaluate("window.scrollTo(0, 0)")
        assert outside(page, "#drop-yes") is None and gold(page, "#drop-yes")
        assert page.locator("#drop-yes").bounding_box()["height"] >= 44
    assert serious_faults(page) == []


def test_the_side_panels_open_and_close_as_drawers_on_a_phone(seated: SeatedFactory, server: str) -> None:
    page = at_turn(seated, server, "tonk", PHONE)
    for name in ["log", "chat", "fairness"]:
        toggle, drawer = f"#open-{name}", f"#drawer-{name}"
        assert page.get_attribute(toggle, "aria-expanded") == "false"
        assert page.get_attribute(toggle, "aria-controls") == f"drawer-{name}"
        page.click(toggle)
        page.wait_for_selector(drawer, state="visible")
        assert page.get_attribute(toggle, "aria-expanded") == "true"
        assert page.evaluate("document.activeElement.id") == f"close-{name}"  # the focus goes into the drawer
        assert outside(page, f"#close-{name}") is None
        if name == "fairness":
            assert len(page.inner_text("#commitment")) == 64
            assert serious_faults(page) == []  # an open drawer is as clean as the page
        page.keyboard.press("Escape")
        page.wait_for_selector(drawer, state="hidden")
        assert page.get_attribute(toggle, "aria-expanded") == "false"
        assert page.evaluate("document.activeElement.id") == f"open-{name}"  # and back to its button
    page.click("#open-chat")
    page.click("#open-log")  # one drawer at a time
    page.wait_for_selector("#drawer-log", state="visible")
    assert not page.is_visible("#drawer-chat") and page.get_attribute("#open-chat", "aria-expanded") == "false"
    page.click("#close-log")
    page.wait_for_selector("#drawer-log", state="hidden")
    page.click("#open-hint")  # the hint's drawer asks for the hint as it opens
    page.wait_for_selector("#drawer-hint #hint:has-text('Suggested move:')", timeout=WAIT)
    assert page.get_attribute("#open-hint", "aria-expanded") == "true"


def test_the_play_of_a_split_seven_is_in_view_and_stands_out_on_a_phone(browser: Any, server: str,
                                                                       page_errors: list[str]) -> None:
    """Ana's turns are played over the API until one offers a 7 split over two pawns; the page then splits it:
    its "Play: …" confirmation is in the phone's window, gold on the green, a large target."""
    context = browser.new_context(viewport=PHONE)
    page, tid, token = seat_ana(context, server, "fr")
    watch(page, page_errors)
    split = None
    for _ in range(SPLIT_TURNS):
        page.wait_for_selector("#turn.mine, #table[data-status='finished']", timeout=WAIT)
        shown = page.request.get(f"{server}/api/tables/{tid}?token={token}").json()
        if shown["view"]["version"] != version(page) or not shown["legal"]:
            page.wait_for_timeout(100)  # the page is a message behind the API: look again
            continue
        split = next((a for a in shown["legal"] if a.startswith("7 ") and "+" in a), None)
        if split:
            break
        played = page.request.post(f"{server}/api/tables/{tid}/actions", data={
            "token": token, "version": shown["view"]["version"], "action": choose(shown["legal"], {"split"})})
        assert played.ok, played.text()
        page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {shown['view']['version']}",
                               timeout=WAIT)
    if split is None:
        context.close()
        pytest.skip(f"the deal offered no 7 to split in {SPLIT_TURNS} turns")
    click_card(page, "7")
    for part in split.split()[1:]:
        page.click(f".board .pawn[data-pawn='{part[:2]}']")
        page.click(f".board .target[data-part='{part}']")
    page.wait_for_selector("#seven-play")
    page.evaluate("window.scrollTo(0, 0)")
    assert away(page, ["#seven-play", "#hand"]) == []
    assert gold(page, "#seven-play") and page.locator("#seven-play").bounding_box()["height"] >= 44
    assert serious_faults(page) == []
    context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_lessons_words_stay_beside_the_table(browser: Any, server: str, page_errors: list[str], game: str,
                                               size: str) -> None:
    """At a lesson the explanation is a banner over the board on a phone, a column beside it on a desktop: the
    lesson's words, the table and the hand all in the window, the page free of serious axe-core faults."""
    context = browser.new_context(viewport=PHONE if size == "phone" else DESKTOP)
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/api/games")  # the site's origin, where the page keeps the seat's token
    joined = page.request.post(server + "/api/lessons", data={"game": game, "name": "Ana"})
    assert joined.ok, joined.text()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"parlour:token:{joined.json()['table']}", joined.json()["token"]])
    page.goto(f"{server}/?table={joined.json()['table']}")
    page.wait_for_selector("#lesson-panel #hint .reason", timeout=WAIT)
    assert away(page, ["#lesson-panel h2", "#lesson li", *TABLE[game], "#hand"]) == []
    if size == "desktop":  # beside the board, not over it
        assert page.locator("#lesson-panel").bounding_box()["x"] > page.locator("#table-area").bounding_box()["x"]
    assert serious_faults(page) == []
    context.close()
