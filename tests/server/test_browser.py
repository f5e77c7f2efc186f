"""End-to-end: the real page in Debian's headless Chromium, driven by Playwright.

A server runs in a thread on a loopback socket bound before it starts, with a
fresh SQLite file; each test plays by clicking what a person would click, and
saves a screenshot of its table under ``artifacts/``. Without Chromium the tests are skipped with the
reason (``make test`` installs it when it can).
"""

from __future__ import annotations

import re
import secrets
import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from parlour import load_game
from parlour.core.cards import the_card
from parlour.server import create_app
from tests.server.browser_support import Seated, SeatedFactory, watch
from tests.server.conftest import settings_for

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e .[dev])")

from tools.screenshots import Server  # noqa: E402 -- the tool imports playwright, checked just above

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="no Chromium at /usr/bin/chromium: apt-get install chromium (make test does)")


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served on a thread until the block ends; yields its address."""
    # The server is handed a socket already bound to a free port: no other process can take the port
    # between choosing it and listening on it.
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    running = Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=running.serve_then_release, args=([sock],), daemon=True)
    thread.start()
    assert running.ready.wait(timeout=15) and running.started, "the test server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "browser.db"
    with serving(create_app(settings_for(f"sqlite:///{db}", bot_delay=0.05))) as address:
        yield address


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page_errors() -> Iterator[list[str]]:
    """Script errors of the pages a test opens (``watch`` each page); the test fails if there were any."""
    errors: list[str] = []
    yield errors
    assert errors == []


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def reach(page: Any, at_least: int) -> None:
    """Wait until ``page`` shows version ``at_least`` or a later one; if it never does, fail saying what the
    page shows instead (its version, its last toast, what it says under the moves)."""
    try:
        page.wait_for_function(f"Number(document.querySelector('#table')?.dataset.version) >= {at_least}")
    except sync_api.TimeoutError:
        shows = page.evaluate("""() => ({version: document.querySelector('#table')?.dataset.version,
            toast: document.querySelector('#toast')?.textContent, why: document.querySelector('#why')?.textContent,
            turn: document.querySelector('#turn')?.textContent})""")
        raise AssertionError(f"the page never reached version {at_least}; it shows {shows}") from None


def create_from_lobby(page: Any, server: str, game: str, seats: list[str], name: str,
                      players: int | None = None, flags: dict[str, str] | None = None,
                      table_name: str | None = None, spectator_chat: bool = False) -> str:
    """Fill the lobby's form and create the table; returns its id (the page then shows it)."""
    page.goto(server + "/")
    page.select_option("#game", game)
    if table_name is not None:
        page.fill("#table-name", table_name)
    if players is not None:
        page.fill("#players", str(players))
        page.dispatch_event("#players", "change")
    if flags:
        page.click("details summary")
        for flag, value in flags.items():
            page.fill(f"[data-flag='{flag}']", value)
    for seat, spec in enumerate(seats):
        page.select_option(f"select.seat[data-seat='{seat}']", spec)
    page.fill("#my-name", name)
    if spectator_chat:
        page.check("#spectator-chat")
    page.click("#create")
    page.wait_for_url("**/?table=*")
    return str(page.url.split("table=")[1])


def test_two_people_create_join_and_play_a_tonk_hand_by_clicks(browser: Any, server: str,
                                                               page_errors: list[str]) -> None:
    ana = browser.new_context(viewport={"width": 390, "height": 844})
    bo = browser.new_context(viewport={"width": 1200, "height": 900})
    pa, pb = watch(ana.new_page(), page_errors), watch(bo.new_page(), page_errors)
    # Two hands, so that a deal won at once (speno) cannot end the match before anyone plays.
    tid = create_from_lobby(pa, server, "tonk", ["human", "human"], "Ana", flags={"hands": "2"})
    pa.wait_for_selector("#turn:has-text('Waiting for players')")
    pb.goto(f"{server}/?table={tid}")
    pb.fill("#join-name", "Bo")
    pb.click("#join")
    pages = {0: pa, 1: pb}
    pa.wait_for_selector("#table[data-status='playing']")
    # Bo's page connecting reaches Ana's as a presence message: Bo is no longer shown away.
    pa.wait_for_selector(".player[data-seat='1']:not(:has(.off))")
    clicks, latest = 0, version(pa)
    for _ in range(400):
        # Once both pages show the latest version, one of them has the turn, or the match is over.
        for page in pages.values():
            reach(page, latest)
        if pa.get_attribute("#table", "data-status") == "finished":
            break
        movers = [page for page in pages.values() if page.locator("#turn.mine").count()]
        assert len(movers) == 1, f"at version {latest} {len(movers)} pages say it is their turn"
        page = movers[0]
        moves = page.locator("#moves button.move")
        texts = moves.evaluate_all("buttons => buttons.map((b) => b.dataset.action)")  # the notation each sends
        # Draw and discard for a few turns (clicking the card, then the move), then drop.
        wanted = ("draw stock", "discard") if clicks < 8 else ("drop", "discard", "draw stock")
        pick = next((t for w in wanted for t in texts if t.startswith(w)), texts[0])
        if pick.startswith("discard"):
            page.click(f"#hand svg[data-card='{pick.split()[1]}']")
            assert page.locator("#moves button.move").count() <= len(texts)
        page.click(f"#moves button.move[data-action='{pick}']")
        clicks += 1
        reach(page, latest + 1)
        latest = version(page)
    pa.wait_for_selector("#table[data-status='finished']")
    pb.wait_for_selector("#table[data-status='finished']")
    assert pa.locator("#results").count() == 1 and clicks > 8
    assert pb.inner_text("#turn") == pb.inner_text("#table section:has(#standings) h2")  # who won, not "Game over"
    shot(pa, "tonk-phone")
    shot(pb, "tonk-desktop")
    pa.click("#replay")
    pa.wait_for_selector("#step")
    pa.click("#next")
    pa.wait_for_selector("#replay[data-step='1']")
    shot(pa, "tonk-replay")
    ana.close()
    bo.close()


def test_a_person_plays_tock_cards_against_three_bots_until_a_pawn_enters(seated: SeatedFactory,
                                                                         server: str) -> None:
    at: Seated = seated(server, "tock", ["human", "random", "random", "random"], {"players": 4},
                        viewport={"width": 1000, "height": 1100})
    page, context = at.page, at.context
    page.wait_for_selector("#table[data-status='playing']")
    entered = False
    for _ in range(200):
        page.wait_for_selector("#turn.mine, #table[data-status='finished']", timeout=20_000)
        before = version(page)
        offered = page.locator("#moves button.move").evaluate_all("e => e.map(b => b.dataset.action)")
        enter = next((a for a in offered if a.endswith("enter")), None)
        if enter:
            card = next(c for c in page.locator("#hand svg").evaluate_all("e => e.map(x => x.dataset.card)")
                        if c.lower().startswith(enter.split()[0].lower()))
            page.click(f"#hand svg[data-card='{card}']")
            page.click(f"#moves button.move[data-action='{enter}']")
            entered = True
        else:
            page.click("#moves button.move >> nth=0")
        page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {before}")
        if entered:
            break
    assert entered
    # On the next turn (the bots wait for it), clicking the pawn narrows the moves to that pawn's.
    page.wait_for_selector("#turn.mine", timeout=20_000)
    page.click(".board .pawn[data-pawn='p1']")
    assert page.locator(".board .pawn.selected").count() == 1
    shown = page.locator("#moves button.move").all_inner_texts()
    # One name per pawn everywhere: the board, the move buttons and the log say a1 for seat a's first pawn
    # (the notation sent may write it p1, the mover's own form; the server accepts both).
    assert page.text_content(".board .pawn[data-pawn='p1'] text") == "a1"
    assert all("a1" in move and "p1" not in move for move in shown)
    actions = page.locator("#moves button.move").evaluate_all("e => e.map(b => b.dataset.action)")
    assert all("p1" in action for action in actions)
    assert "p1" not in page.inner_text("#log") and "p2" not in page.inner_text("#log")
    shot(page, "tock-board")
    context.close()


def test_a_plonk_table_plays_a_trick(seated: SeatedFactory, server: str) -> None:
    at = seated(server, "plonk", ["human", "random", "random", "random"], viewport={"width": 1100, "height": 900})
    page, context = at.page, at.context
    page.wait_for_selector("#turn.mine", timeout=20_000)
    before = version(page)
    playable = page.locator("#hand svg.playable").first
    card = str(playable.get_attribute("data-card"))
    playable.click()  # a click plays the card (Plonk's direct play)
    page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) >= {before + 4}",
                           timeout=20_000)
    assert re.search(f"Ana (leads|plays|follows suit with) {the_card(card, 'en')}", page.inner_text("#log"))
    shot(page, "plonk-trick")
    context.close()


def test_a_seated_page_is_dealt_again_while_its_deal_decided_the_match(seated: SeatedFactory, server: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``undecided``: a Tonk deal that ends a one-hand match at once makes a finished table, so another is made."""
    game = load_game("tonk", players=2, hands=1)
    decided = next(seed for seed in range(10_000) if game.new_state(seed).is_terminal)
    live = next(seed for seed in range(10_000) if not game.new_state(seed).is_terminal)
    seeds = [decided, decided, live, decided]
    monkeypatch.setattr(secrets, "randbits", lambda bits: seeds.pop(0))
    at = seated(server, "tonk", ["human", "human"], {"hands": 1}, undecided=True)
    assert seeds == [decided]  # three tables were made, the third kept
    assert at.table["status"] == "waiting" and at.seat == 0
    at.page.wait_for_selector("#turn:has-text('Waiting for players')")
    assert at.page.get_attribute("#table", "data-status") == "waiting"
    assert at.page.evaluate(f"localStorage.getItem('parlour:token:{at.tid}')") == at.token
    finished = seated(server, "tonk", ["human", "human"], {"hands": 1}).table  # without undecided: kept as dealt
    assert finished["status"] == "finished" and seeds == []


def test_a_game_without_a_client_module_plays_in_the_generic_client(browser: Any, server: str, highcard: list[str],
                                                                     page_errors: list[str]) -> None:
    """High Card (installed by the test, see tests/plugin_game) ships no client: its view is shown as text."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, server, "highcard", ["human", "random"], "Ana", flags={"rounds": "3"})
    page.wait_for_selector("#table[data-status='playing'], #table[data-status='finished']")
    assert "game: \"highcard\"" in page.inner_text("#view")
    for _ in range(20):
        page.wait_for_selector("#turn.mine, #table[data-status='finished']", timeout=20_000)
        if page.get_attribute("#table", "data-status") == "finished":
            break
        before = version(page)
        assert page.locator("#hand svg").count() == 1
        page.click("#moves button.move[data-action='swap']")
        page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {before}")
    page.wait_for_selector("#table[data-status='finished']")
    assert page.locator("#results").count() == 1 and "Ana: swap" in page.inner_text("#log")
    shot(page, "highcard-generic")
    page.click("#replay")
    page.wait_for_selector("#step")
    page.click("#next")
    page.wait_for_selector("#replay[data-step='1']")
    context.close()
