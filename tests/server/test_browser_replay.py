"""Rules links and the replay viewer in the browser: from the lobby, from a table and from ``parlour replay --open``."""

from __future__ import annotations

import json
import random
import urllib.parse
from pathlib import Path
from typing import Any

from parlour.core.record import GameRecord
from parlour.core.registry import load_game
from parlour.server import create_app
from tests.server.conftest import settings_for
from tests.server.test_browser import browser, page_errors, server, serving, shot, watch

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite


def finished_bot_table(page: Any, server: str, game: str, seats: list[str], rules: dict[str, Any]) -> str:
    """A table of bots only, created over the API and played to its end; returns its id."""
    made = page.request.post(server + "/api/tables", data={"game": game, "seats": seats, "rules": rules})
    assert made.ok, made.text()
    tid = str(made.json()["id"])
    page.wait_for_function(f"fetch('/api/tables/{tid}').then(r => r.json()).then(d => d.table.status === 'finished')",
                           polling=200, timeout=60_000)
    return tid


def test_the_lobby_links_every_games_rules_and_a_tables_link_carries_its_flags(browser: Any, server: str,
                                                                                page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/")
    links = page.locator("#all-rules a[data-game]")
    page.wait_for_selector("#all-rules a[data-game='tock']")
    assert sorted(links.evaluate_all("e => e.map(a => a.dataset.game)")) == ["plonk", "tock", "tonk"]
    page.select_option("#game", "plonk")
    assert page.get_attribute("#game-rules", "href").startswith("/rules/plonk?")
    made = page.request.post(server + "/api/tables", data={"game": "tonk", "seats": ["human", "random"],
                                                           "preset": "classic", "rules": {"jokers": 2}})
    tid, spec = made.json()["id"], made.json()["spec"]
    page.goto(f"{server}/?table={tid}&watch=1")
    href = page.get_attribute("#rules", "href")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(href).query)
    assert href.startswith("/rules/tonk?") and query["rules"] == [spec] and "jokers=2" in spec
    shown = page.request.get(f"{server}/api/games/tonk/rules?" + urllib.parse.urlencode({"rules": query["rules"][0]}))
    assert shown.json()["spec"] == spec
    page.goto(server + href)
    assert "Tonk" in page.inner_text("h1")
    page.goto(server + "/")
    row = page.locator(f"tr[data-table='{tid}'] a.rules-link")
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(row.get_attribute("href")).query)["rules"] == [spec]
    context.close()


def step_of(page: Any) -> int:
    return int(page.get_attribute("#replay", "data-step"))


def check_viewer(page: Any) -> None:
    """Buttons and keys step through the game; nothing reads ``null``."""
    page.wait_for_selector("#replay[data-step='0']")
    assert "The deal." in page.inner_text("#said")
    page.click("#next")
    page.wait_for_selector("#replay[data-step='1']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#replay[data-step='2']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#replay[data-step='1']")
    page.click("#last")
    page.wait_for_function("Number(document.querySelector('#replay').dataset.step) > 2")
    last = step_of(page)
    assert f"{last} of {last}" in page.inner_text("#step")
    page.click("#next")  # past the end: stays at the end
    page.wait_for_selector(f"#replay[data-step='{last}']")
    page.keyboard.press("Home")
    page.wait_for_selector("#replay[data-step='0']")
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay[data-step='{last}']")
    page.click("#first")
    page.wait_for_selector("#replay[data-step='0']")
    page.click("#prev")  # before the start: stays at the start
    page.wait_for_selector("#replay[data-step='0']")
    # Words and Latin-1 angle quotes only: no symbol a phone's or Debian's fonts may lack (⏮ ⏭ showed as boxes).
    labels = page.locator("#replay-controls button").evaluate_all("e => e.map(b => [b.innerText, b.ariaLabel])")
    assert [aria for _, aria in labels] == ["Start", "Back", "Forward", "End"]
    assert all(ch.isascii() or ch in "‹›" for text, _ in labels for ch in text)
    assert "null" not in page.inner_text("main") and "undefined" not in page.inner_text("main")


def test_the_replay_viewer_steps_through_a_finished_table_from_the_lobby(browser: Any, server: str,
                                                                         page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/")
    tid = finished_bot_table(page, server, "tonk", ["random", "random"], {"hands": 3})
    page.goto(server + "/")
    page.click(f"tr[data-table='{tid}'] button:has-text('Replay')")
    page.wait_for_url(f"**/?table={tid}&replay=1")
    check_viewer(page)
    shot(page, "replay-table")
    page.click("#back-to-table")
    page.wait_for_url(f"**/?table={tid}")
    page.wait_for_selector("#table[data-status='finished']")
    context.close()


def test_parlour_replay_open_serves_the_record_to_the_viewer(browser: Any, tmp_path: Path,
                                                             page_errors: list[str]) -> None:
    state = load_game("tock?players=2").new_state(seed=5)
    rng = random.Random(5)
    while not state.is_terminal and len(state.history()) < 30:
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.of(state, ["Ana", "Bo"])
    seat, action = state.history()[-1]
    app = create_app(settings_for(f"sqlite:///{tmp_path / 'replay.db'}"))
    app.state.opened_record = GameRecord.from_json(json.dumps(record.to_dict()))
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    with serving(app) as address:
        page.goto(address + "/?record=opened")
        check_viewer(page)
        assert page.locator("#back-to-table").count() == 0  # an opened record has no table to go back to
        page.keyboard.press("End")
        page.wait_for_selector("#replay[data-step='30']")
        assert page.inner_text("#said") == f"{record.players[seat]}: {action}"
        shot(page, "replay-opened")
    context.close()
