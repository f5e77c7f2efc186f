"""Every screen on a phone (390×844): no horizontal scrolling, no serious or critical axe-core violation.

Opens the lobby, each game's table mid-game (as a player) and finished, and the replay viewer, and
photographs each into a temporary folder (to look at when a check fails). The pictures the README shows are
taken by ``tools/screenshots.py``, on fixed deals.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.server import create_app
from tests.server.conftest import settings_for
from tests.server.test_browser import browser, create_from_lobby, page_errors, server, serving, watch

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is not installed (pip install -e .[dev])")
SCREENSHOTS = Path(tempfile.mkdtemp(prefix="parlour-screens-"))
PHONE = {"width": 390, "height": 844}
PLAYERS = {"tonk": ["human", "heuristic"], "tock": ["human", "heuristic", "heuristic", "heuristic"],
           "plonk": ["human", "heuristic", "heuristic", "heuristic"]}
FLAGS = {"tonk": {"hands": "3"}}
"""Three Tonk hands, so that a hand won at the deal (speno) cannot finish the table before Ana's first turn."""
BOTS = {"tonk": (["heuristic", "heuristic"], {"hands": 2}), "tock": (["heuristic", "heuristic"], {"players": 2}),
        "plonk": (["heuristic"] * 4, {"target": 100})}


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots play at once."""
    db = tmp_path_factory.mktemp("phone") / "phone.db"
    with serving(create_app(settings_for(f"sqlite:///{db}"))) as address:
        yield address


def check_screen(page: Any, name: str) -> None:
    """The page fits the phone's width, has no serious accessibility fault, and is photographed."""
    overflow = page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1)
          .map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className).slice(0, 5);
        return { scroll: document.documentElement.scrollWidth, width, wide };
    }""")
    assert overflow["scroll"] <= overflow["width"], f"{name} scrolls sideways: {overflow}"
    results = axe_playwright.Axe().run(page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
           if v["impact"] in ("serious", "critical")]
    assert bad == [], f"{name}: {bad}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_each_game_fits_a_phone_mid_game_and_finished(browser: Any, fast: str, game: str,
                                                      page_errors: list[str]) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, fast, game, PLAYERS[game], "Ana", players=len(PLAYERS[game]), flags=FLAGS.get(game))
    page.wait_for_selector("#turn.mine", timeout=30_000)
    check_screen(page, f"{game}-playing")
    seats, rules = BOTS[game]
    made = page.request.post(fast + "/api/tables", data={"game": game, "seats": seats, "rules": rules})
    tid = made.json()["id"]
    page.goto(f"{fast}/?table={tid}&watch=1")
    page.wait_for_selector("#table[data-status='finished']", timeout=120_000)
    check_screen(page, f"{game}-finished")
    page.click("#replay")
    page.wait_for_selector("#replay[data-step='0']")
    page.click("#next")
    page.wait_for_selector("#replay[data-step='1']")
    check_screen(page, f"{game}-replay")
    context.close()


def test_the_lobby_fits_a_phone(browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    page.request.post(fast + "/api/tables", data={"game": "tonk", "seats": ["human", "heuristic"],
                                                  "name": "A long table name for a phone",
                                                  "rules": {"hands": 3}})  # listed: a deal-time win ends no match
    page.goto(fast + "/")
    page.wait_for_selector("tr[data-table]")
    check_screen(page, "lobby")
    context.close()
