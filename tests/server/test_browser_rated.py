"""Rated and turn-based tables in the browser: two accounts play a rated Tonk table with a day's move clock (the
lobby's form, the lobby's list, clicks on the table), a day passes with nobody moving (the lobby's clock is
injected, never slept) and the stand-in plays the waiting turn; the title counts the turns waiting for the account;
at the end each player's page shows the rating moved from 1500, its history and the table's outcome with its
replay; "Play now" seats a third person against bots after the short wait; the player's page in French, on a phone,
and a name nobody has."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from parlour.server import create_app
from parlour.server.lobby import Lobby
from tests.server.conftest import settings_for
from tests.server.serving import call
from tests.server.test_browser import browser, page_errors, server, serving, shot, watch
from tests.server.test_browser_accounts import create_account
from tests.server.test_browser_phone import PHONE, check_screen

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite

WAIT = 30_000
DAY = 86400
DESK = {"width": 1200, "height": 900}


@pytest.fixture(scope="module")
def rated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    """A server whose move clocks are swept five times a second and whose "Play now" waits one second; the tests'
    sign-ins are never throttled. The app too, so that a test can set its lobby's clock."""
    db = tmp_path_factory.mktemp("rated") / "rated.db"
    app = create_app(settings_for(f"sqlite:///{db}", login_burst=1000, clock_sweep_seconds=0.2,
                                  quick_wait_seconds=1))
    with serving(app) as address:
        yield address, app


def lobby_of(app: FastAPI) -> Lobby:
    lobby: Lobby = app.state.lobby
    return lobby


def token_of(page: Any, tid: str) -> str:
    return str(page.evaluate(f"localStorage.getItem('parlour:token:{tid}')"))


def state(address: str, tid: str, token: str | None = None) -> dict[str, Any]:
    shown: dict[str, Any] = call(address, f"/api/tables/{tid}" + (f"?token={token}" if token else ""))
    return shown


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def create_rated_turn_based(page: Any, address: str) -> str:
    """Ana's rated, turn-based (a day a move) Tonk table for two people, made in the lobby's form and joined; made
    again while a deal decides the hand at once (the page then shows the table finished). Its id."""
    for attempt in range(10):
        page.goto(address + "/")
        page.select_option("#game", "tonk")
        assert page.is_enabled("#rated")
        options = page.locator("select.seat[data-seat='1'] option").evaluate_all("(os) => os.map((o) => o.value)")
        assert "heuristic" in options  # a casual table offers every bot
        page.check("#rated")
        options = page.locator("select.seat[data-seat='1'] option").evaluate_all("(os) => os.map((o) => o.value)")
        assert options[0] == "human" and options[1:] and all(o.startswith("level:") for o in options[1:])
        assert page.locator("#rated-flags").is_visible() and page.locator("details:has(.flags)").is_hidden()
        assert page.is_disabled("#move-clock")
        page.check("#turn-based")
        assert page.is_disabled("#turn-seconds")
        page.select_option("#move-clock", str(DAY))
        page.select_option("select.seat[data-seat='1']", "human")
        page.fill("#table-name", "Ana and Bo")
        if attempt == 0:
            shot(page, "lobby-rated-turn-based")
        page.click("#create")
        page.wait_for_url("**/?table=*", timeout=WAIT)
        page.wait_for_selector("#table[data-status]", timeout=WAIT)
        if page.get_attribute("#table", "data-status") != "finished":
            return str(page.url.split("table=")[1])
    raise AssertionError("ten Tonk deals in a row were decided at once")


def play_ui_turn(page: Any, address: str, tid: str) -> None:
    """The seat to play draws from the stock (a click on the felt) and discards (a move button)."""
    page.wait_for_selector("#turn.mine", timeout=WAIT)
    now = version(page)
    page.click("#stock")
    page.wait_for_function(f"Number(document.querySelector('#table')?.dataset.version) > {now}", timeout=WAIT)
    if page.get_attribute("#table", "data-status") == "finished":
        return
    page.wait_for_selector("#moves button.move[data-action^='discard ']", timeout=WAIT)
    now = version(page)
    page.locator("#moves button.move[data-action^='discard ']").first.click()
    page.wait_for_function(f"Number(document.querySelector('#table')?.dataset.version) > {now}", timeout=WAIT)


def waiting_title(page: Any, count: int) -> None:
    """The page's title counts ``count`` turns waiting for the account, and the favicon is badged (or plain)."""
    if count:
        page.wait_for_function(f"document.title.startsWith('({count}) ')", timeout=WAIT)
        assert page.get_attribute("link[rel~='icon']", "href").startswith("data:image/svg+xml,")
    else:
        page.wait_for_function("!/^\\(\\d+\\) /.test(document.title)", timeout=WAIT)
        assert page.get_attribute("link[rel~='icon']", "href") == "/favicon.ico"


def rating_of(page: Any) -> int:
    return int(page.inner_text(".rating[data-game='tonk'] .rating-value"))


def test_a_rated_turn_based_table_across_a_day_then_the_players_pages_and_play_now(
        browser: Any, rated: tuple[str, FastAPI], page_errors: list[str]) -> None:
    address, app = rated
    contexts = [browser.new_context(viewport=DESK) for _ in range(2)]
    pa, pb = (watch(c.new_page(), page_errors) for c in contexts)
    create_account(pa, address, "Ana")
    create_account(pb, address, "Bo")

    # Ana makes the table and sits at seat 0; it is marked rated and turn-based, waiting for Bo.
    tid = create_rated_turn_based(pa, address)
    pa.wait_for_selector("#table", timeout=WAIT)
    header = pa.locator("#table section").first
    assert header.locator(".mark.rated").inner_text() == "rated"
    assert header.locator(".mark.turn-based").inner_text() == "turn-based"
    assert "1 day for each move" in header.inner_text()

    # Signed out, its invitation says it seats accounts only, and offers no seat.
    anonymous = watch(browser.new_context(viewport=PHONE, device_scale_factor=1).new_page(), page_errors)
    anonymous.goto(f"{address}/?table={tid}")
    anonymous.wait_for_selector("#rated-sign-in", timeout=WAIT)
    assert anonymous.locator("#join").count() == 0 and anonymous.locator("#join-seats li.free").count() == 1
    check_screen(anonymous, "invitation-rated-signed-out")
    anonymous.context.close()

    # Bo finds it in the lobby's list, marked, and takes the other seat from the invitation.
    pb.goto(address + "/")
    row = pb.locator(f"tr[data-table='{tid}']")
    row.wait_for(timeout=WAIT)
    assert row.locator(".mark.rated").count() == 1 and row.locator(".mark.turn-based").count() == 1
    row.locator("button.join").click()
    pb.wait_for_selector("#join", timeout=WAIT)
    assert pb.input_value("#join-name") == "Bo"
    pb.click("#join")
    pb.wait_for_selector("#table[data-status='playing']", timeout=WAIT)
    pa.wait_for_selector("#table[data-status='playing']", timeout=WAIT)
    pages = {0: pa, 1: pb}
    tokens = {seat: token_of(page, tid) for seat, page in pages.items()}
    first = state(address, tid)["table"]["to_play"]
    other = 1 - first

    # The turn waits for a person: its time left is shown, and that person's title and favicon count it.
    left = pages[first].inner_text("#time-left")
    assert re.fullmatch(r"23 h \d+ min left to move", left), left
    assert re.fullmatch(r"23 h \d+ min left to move", pages[other].inner_text("#time-left"))
    waiting_title(pages[first], 1)
    waiting_title(pages[other], 0)
    shot(pages[first], "rated-turn-based-table")
    pages[first].wait_for_selector(".players a.player-link", timeout=WAIT)  # a rated table's people link their pages

    # The first to play moves by clicks; then the other's turn waits, counted in their title.
    play_ui_turn(pages[first], address, tid)
    shown = state(address, tid)
    assert shown["table"]["status"] == "playing" and shown["table"]["to_play"] == other, shown["table"]
    waiting_title(pages[other], 1)
    waiting_title(pages[first], 0)
    pages[other].goto(address + "/")  # on any page of the app, the lobby too
    waiting_title(pages[other], 1)
    pages[other].wait_for_selector(f"#my-tables li.my-turn[data-table='{tid}'] .time-left", timeout=WAIT)
    pages[other].goto(f"{address}/?table={tid}")
    pages[other].wait_for_selector("#turn.mine", timeout=WAIT)
    before = version(pages[other])

    # A day and a minute pass with nobody moving: the sweep has the stand-in play the waiting turn, and both pages
    # show it, told as the stand-in's.
    lobby_of(app).clock = lambda: time.time() + DAY + 60
    try:
        for page in pages.values():
            page.wait_for_function(f"Number(document.querySelector('#table')?.dataset.version) > {before}",
                                   timeout=WAIT)
            page.wait_for_selector("#log .stand-in", timeout=WAIT)
        assert "played by the stand-in for" in pages[other].inner_text("#log")
        after = state(address, tid)["table"]
        assert after["status"] == "finished" or after["to_play"] == first, after
        assert not any(s["stand_in"] for s in after["seats"])  # one turn, not the seat

        # Then on to the end: the person whose turn it is drops (clicked, confirmed) as soon as they may, else
        # plays a move by the API.
        for _ in range(200):
            shown = state(address, tid)
            if shown["table"]["status"] == "finished":
                break
            seat = shown["table"]["to_play"]
            mine = state(address, tid, tokens[seat])
            if "drop" in mine["legal"]:
                page = pages[seat]
                page.wait_for_selector("#turn.mine", timeout=WAIT)
                page.wait_for_selector("#drop", timeout=WAIT)
                page.click("#drop")
                page.click("#drop-yes")
                page.wait_for_selector("#table[data-status='finished']", timeout=WAIT)
                continue
            call(address, f"/api/tables/{tid}/actions", {"token": tokens[seat], "version": mine["view"]["version"],
                                                         "action": mine["legal"][0]})
        else:
            raise AssertionError("the table never finished")
    finally:
        lobby_of(app).clock = time.time
    for page in pages.values():
        page.wait_for_selector("#table[data-status='finished']", timeout=WAIT)
        waiting_title(page, 0)
    returns = call(address, f"/api/tables/{tid}/record")["result"]["returns"]

    # Each player's page: the rating moved from 1500 (up for the winner), one rated game, a point of history, the
    # table with its outcome and its replay. Ana reaches hers from the lobby's "My page".
    pa.goto(address + "/")
    pa.click("#my-page")
    pa.wait_for_selector("#player-name:text-is('Ana')", timeout=WAIT)
    shot(pa, "player-page")
    ratings = {}
    for seat, (page, name) in enumerate(((pa, "Ana"), (pb, "Bo"))):
        if page is pb:
            page.goto(f"{address}/?player={name.lower()}")  # found whatever its case
            page.wait_for_selector(f"#player-name:text-is('{name}')", timeout=WAIT)
        ratings[seat] = rating_of(page)
        block = page.locator(".rating[data-game='tonk']")
        assert block.locator(".rated-games").inner_text() == "Rated games: 1"
        assert block.locator(".mark.provisional").inner_text() == "provisional"
        assert re.fullmatch(r"±\d+", block.locator(".uncertainty").inner_text())
        assert block.locator("svg.rating-chart circle.point").count() == 2  # 1500 at the start, then after the game
        assert f"1500, {ratings[seat]}" in block.locator("svg.rating-chart").get_attribute("aria-label")
        mine, theirs = returns[seat], returns[1 - seat]
        outcome = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
        entry = page.locator(f"#recent li[data-table='{tid}']")
        assert entry.get_attribute("data-outcome") == outcome
        assert entry.locator(".outcome").inner_text() == outcome
        assert entry.locator(".mark.rated").count() == 1
        cells = page.locator("#played tr[data-game='tonk'] td").all_inner_texts()
        assert cells == ["1", *("1" if outcome == kind else "0" for kind in ("won", "lost", "drawn"))]
    if returns[0] != returns[1]:
        winner = 0 if returns[0] > returns[1] else 1
        assert ratings[winner] > 1500 > ratings[1 - winner], ratings
    pb.click(f"#recent li[data-table='{tid}'] a.replay-link")
    pb.wait_for_selector("#replay[data-step='0']", timeout=WAIT)
    french_player_page(browser, address, "Ana", page_errors)

    # "Play now" for a third person: a few words while it looks for players, then bots of their level after the
    # short wait; the seat's token is kept where joining keeps it and the table opens.
    pc = watch(browser.new_context(viewport=PHONE, device_scale_factor=1).new_page(), page_errors)
    create_account(pc, address, "Cy")
    pc.select_option("#quick-game", "tonk")
    assert pc.is_visible("#quick-rated")
    pc.check("#quick-rated")
    check_screen(pc, "lobby-play-now")
    pc.click("#play-now")
    pc.wait_for_selector("#quick-status:text-is('Looking for players…')", timeout=WAIT)
    pc.wait_for_url("**/?table=*", timeout=WAIT)
    quick = pc.url.split("table=")[1]
    pc.wait_for_selector("#toast.show:text-is('No one came: playing against bots of your level.')", timeout=WAIT)
    pc.wait_for_selector("#table", timeout=WAIT)
    assert token_of(pc, quick) and pc.locator("#watching").count() == 0
    table = state(address, quick)["table"]
    assert table["rated"] and [s["bot"] for s in table["seats"]][1:] == ["level:casual"]
    assert pc.get_attribute(".player.me", "data-seat") == "0"
    pc.context.close()
    for context in contexts:
        context.close()


def test_play_now_can_stop_waiting_and_anonymous_play_now_has_no_rated_box(
        browser: Any, rated: tuple[str, FastAPI], page_errors: list[str]) -> None:
    address, app = rated
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    page.goto(address + "/")
    page.wait_for_selector("#play-now")
    assert page.locator("#quick-rated").count() == 0 and page.is_disabled("#rated")
    tock_tables = {t for t, table in app.state.lobby.tables.items() if table.game.spec.name == "tock"}
    page.select_option("#quick-game", "tock")
    page.click("#play-now")
    page.wait_for_selector("#quick-status:text-is('Looking for players…')", timeout=WAIT)
    page.click("#quick-cancel")
    page.wait_for_selector("#quick-status:text-is('Stopped waiting.')", timeout=WAIT)
    assert page.is_enabled("#play-now") and page.locator("#quick-cancel").is_hidden()
    page.wait_for_timeout(1500)  # past the server's wait: the page stays in the lobby …
    assert "table=" not in page.url
    # … and the server was told: it opened no table with bots for a person who left
    assert {t for t, table in app.state.lobby.tables.items() if table.game.spec.name == "tock"} == tock_tables
    context.close()


def test_a_name_nobody_has_is_said_so(browser: Any, rated: tuple[str, FastAPI], page_errors: list[str]) -> None:
    address, _app = rated
    context = browser.new_context(locale="fr-FR", viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    page.goto(f"{address}/?player=Nobody%20here")
    page.wait_for_selector("#no-player", timeout=WAIT)
    assert page.inner_text("#no-player") == "Personne ici ne s’appelle «\u00a0Nobody here\u00a0»."
    check_screen(page, "player-missing-fr")
    context.close()


def french_player_page(browser: Any, address: str, name: str, page_errors: list[str]) -> None:
    """``name``'s page in French on a phone: its headings, its rating's words, an outcome; it fits, axe-clean."""
    context = browser.new_context(locale="fr-FR", viewport=PHONE, device_scale_factor=1)
    page = watch(context.new_page(), page_errors)
    page.goto(f"{address}/?player={name}")
    page.wait_for_selector(f"#player-name:text-is('{name}')", timeout=WAIT)
    titles = page.locator("#player h2").all_inner_texts()
    assert titles == ["Cotes", "Parties jouées", "Dernières tables"], titles
    block = page.locator(".rating[data-game='tonk']")
    assert block.locator(".rated-games").inner_text() == "Parties classées\u00a0: 1"
    assert block.locator(".mark.provisional").inner_text() == "provisoire"
    assert page.locator("#recent li .outcome").first.inner_text() in ("gagnée", "perdue", "nulle")
    check_screen(page, "player-page-fr")
    context.close()


def test_a_table_lost_on_time_says_who_ran_out(browser: Any, rated: tuple[str, FastAPI],
                                               page_errors: list[str]) -> None:
    """With the server's clock_timeout = forfeit, the table the clock ended says who ran out of time, in place of
    the game's own end screen."""
    address, app = rated
    lobby = lobby_of(app)
    while True:
        table = call(address, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "move_clock": DAY})
        if table["status"] != "finished":
            break
    tokens = [call(address, f"/api/tables/{table['id']}/join", {"name": name, "seat": seat})["token"]
              for seat, name in enumerate(("Ines", "Jo"))]
    waiting = state(address, table["id"])["table"]["to_play"]
    context = browser.new_context(viewport=DESK)
    page = watch(context.new_page(), page_errors)
    page.goto(address + "/")
    page.evaluate(f"localStorage.setItem('parlour:token:{table['id']}', '{tokens[1 - waiting]}')")
    page.goto(f"{address}/?table={table['id']}")
    page.wait_for_selector("#turn", timeout=WAIT)
    lobby.settings.clock_timeout = "forfeit"
    try:
        lobby.clock = lambda: time.time() + DAY + 60
        name = ("Ines", "Jo")[waiting]
        page.wait_for_selector(f"#turn:has-text('{name} ran out of time: their side lost.')", timeout=WAIT)
        assert page.locator("#standings").count() == 0
    finally:
        lobby.settings.clock_timeout = "stand_in"
        lobby.clock = time.time
    context.close()
