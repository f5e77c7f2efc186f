"""Take again every screenshot the README and the docs show (docs/screenshots/*.png), with the page as it is now.

It serves parlour in this process (a fresh SQLite file in a temporary folder, bots playing at once), deals every
table from a fixed seed, seats a person ("Ana") beside bots at each game, plays a few moves the way a person
would, and photographs the pages with Playwright's Chromium (Debian's, at /usr/bin/chromium, as the browser tests
use it): at 1280 px the desktop shots (Tonk in French with "Drop" asking first, Plonk in French with the last
trick, Tock mid-game, a Tonk lesson with its hint), at 390×844 the phone's (the lobby; each game playing, finished
and replayed; each game in French at the seat's turn, phone-<game>-fr.png, Tock's as a 7 is split)::

    .venv/bin/python tools/screenshots.py              # every shot, into docs/screenshots/
    .venv/bin/python tools/screenshots.py --out /tmp/s --only phone-tock-fr

The deals are fixed, the bots' choices too, so a second run takes the same pictures unless the page changed.
"""

from __future__ import annotations

import argparse
import random
import secrets
import shutil
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from parlour.server import create_app
from parlour.server.settings import Settings

SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SEED = 20_240_601
"""The seed of the seeds: the n-th table of a run is dealt from the n-th number it draws."""
WAIT_MS = 60_000
SPLIT_TURNS = 80
"""Ana's Tock turns played before the shot of a 7 split, whether or not one was offered."""
SEATS = {"tonk": ["human", "heuristic"], "tock": ["human", "heuristic", "heuristic", "heuristic"],
         "plonk": ["human", "heuristic", "heuristic", "heuristic"]}
RULES: dict[str, dict[str, Any]] = {"tonk": {"hands": 3}, "tock": {}, "plonk": {}}
"""Three Tonk hands: a hand won at the deal does not end the match before Ana's first turn."""
BOTS_ONLY: dict[str, tuple[list[str], dict[str, Any]]] = {
    "tonk": (["heuristic", "heuristic"], {"hands": 2}), "tock": (["heuristic", "heuristic"], {"players": 2}),
    "plonk": (["heuristic"] * 4, {"target": 100})}
"""The finished tables (and their replays): bots only, short matches."""


class Server(uvicorn.Server):
    """A uvicorn server that says when it accepts connections (or has given up starting)."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        self.ready.set()

    def serve_then_release(self, sockets: list[socket.socket]) -> None:
        try:
            self.run(sockets=sockets)
        finally:
            self.ready.set()


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """parlour served on a thread from a new database in ``folder``, its tables dealt from fixed seeds; yields its
    address. The server draws a table's seed from ``secrets.randbits``: here a seeded generator's."""
    settings = Settings(db_url=f"sqlite:///{folder / 'screens.db'}", bot_delay=0.0, hint_ms=300,
                        max_open_tables_per_client=1000, table_creation_burst=1000, ws_message_burst=10_000,
                        max_sockets_per_client=1000, bot_workers=0, hint_workers=0)
    drawn = random.Random(SEED)
    secret_bits = secrets.randbits
    setattr(secrets, "randbits", drawn.getrandbits)  # noqa: B010 (the module's function, replaced for the run)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = Server(uvicorn.Config(create_app(settings), log_level="warning"))
    thread = threading.Thread(target=server.serve_then_release, args=([sock],), daemon=True)
    thread.start()
    try:
        if not server.ready.wait(timeout=30) or not server.started:
            raise RuntimeError("the server did not start")
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
        setattr(secrets, "randbits", secret_bits)  # noqa: B010


def seat(page: Page, base: str, game: str, seats: list[str], rules: dict[str, Any]) -> str:
    """A new table where Ana takes the first seat, opened in ``page`` as hers: its id."""
    made = page.request.post(base + "/api/tables", data={"game": game, "seats": seats, "rules": rules})
    if not made.ok:
        raise RuntimeError(made.text())
    tid = str(made.json()["id"])
    joined = page.request.post(f"{base}/api/tables/{tid}/join", data={"name": "Ana"})
    if not joined.ok:
        raise RuntimeError(joined.text())
    remember(page, base, tid, str(joined.json()["token"]))
    return tid


def remember(page: Page, base: str, tid: str, token: str) -> None:
    """Keep the seat's token where the page looks for it, then open the table."""
    page.goto(base + "/api/games")  # the site's origin, without starting the app
    page.evaluate("([k, v]) => { localStorage.setItem(k, v); localStorage.setItem('parlour:name', 'Ana'); }",
                  [f"parlour:token:{tid}", token])
    page.goto(f"{base}/?table={tid}")
    page.wait_for_selector("#table[data-status]")


def my_turn(page: Page) -> None:
    """Wait for the seat's turn, the table drawn for it."""
    page.wait_for_selector("#turn.mine", timeout=WAIT_MS)
    page.wait_for_timeout(300)


def play_moves(page: Page, moves: int) -> None:
    """Play ``moves`` of the seat's moves, each the first its list offers but a Tonk drop, which would end the hand
    (the bots answer at once)."""
    for _ in range(moves):
        my_turn(page)
        version = page.get_attribute("#table", "data-version")
        page.click("#moves button.move:not([data-action='drop']) >> nth=0")
        page.wait_for_function("v => document.querySelector('#table')?.dataset.version !== v", arg=version,
                               timeout=WAIT_MS)


def new_page(browser: Browser, viewport: ViewportSize, locale: str = "en-GB") -> Page:
    context = browser.new_context(viewport=viewport, locale=locale, device_scale_factor=1)
    context.add_init_script(f"localStorage.setItem('parlour:lang', '{locale[:2]}')")
    return context.new_page()


def desktop_tonk_fr(browser: Browser, base: str) -> Page:
    """Tonk in French at 1280 px, "Drop" asking first."""
    page = new_page(browser, DESKTOP, "fr-FR")
    seat(page, base, "tonk", SEATS["tonk"], RULES["tonk"])
    my_turn(page)
    page.click("#drop")
    page.wait_for_selector("#drop-confirm")
    return page


def desktop_plonk_fr(browser: Browser, base: str) -> Page:
    """Plonk in French at 1280 px, a few cards played, the last trick shown."""
    page = new_page(browser, DESKTOP, "fr-FR")
    seat(page, base, "plonk", SEATS["plonk"], RULES["plonk"])
    play_moves(page, 2)
    my_turn(page)
    if page.get_attribute("#last-trick-toggle", "aria-pressed") != "true":
        page.click("#last-trick-toggle")
    return page


def desktop_tock(browser: Browser, base: str) -> Page:
    """Tock at 1280 px, a few moves into the game."""
    page = new_page(browser, DESKTOP)
    seat(page, base, "tock", SEATS["tock"], RULES["tock"])
    play_moves(page, 3)
    my_turn(page)
    return page


def desktop_lesson(browser: Browser, base: str) -> Page:
    """The Tonk lesson at 1280 px, with its explanation and its hint."""
    page = new_page(browser, DESKTOP)
    joined = page.request.post(base + "/api/lessons?lang=en", data={"game": "tonk", "name": "Ana"})
    if not joined.ok:
        raise RuntimeError(joined.text())
    remember(page, base, str(joined.json()["table"]), str(joined.json()["token"]))
    page.wait_for_selector("#lesson-panel #hint .reason", timeout=WAIT_MS)
    return page


def lobby(browser: Browser, base: str) -> Page:
    """The lobby on a phone, a table listed."""
    page = new_page(browser, PHONE)
    page.request.post(base + "/api/tables", data={"game": "tonk", "seats": SEATS["tonk"], "rules": RULES["tonk"],
                                                  "name": "A long table name for a phone"})
    page.goto(base + "/")
    page.wait_for_selector("tr[data-table]")
    return page


def playing(game: str, locale: str = "en-GB", moves: int = 0) -> Callable[[Browser, str], Page]:
    """A game on a phone at the seat's turn, after ``moves`` of its moves."""
    def take(browser: Browser, base: str) -> Page:
        page = new_page(browser, PHONE, locale)
        seat(page, base, game, SEATS[game], RULES[game])
        play_moves(page, moves)
        my_turn(page)
        return page
    return take


def phone_tock_seven(browser: Browser, base: str) -> Page:
    """Tock on a phone in French, a 7 being split between two pawns, its "Play: …" waiting: Ana's turns are played
    over the API (the first move her list offers but a split) until one offers a split; then the page splits it."""
    page = new_page(browser, PHONE, "fr-FR")
    made = page.request.post(base + "/api/tables", data={"game": "tock", "preset": "sevens", "rules": {"players": 2},
                                                          "seats": ["human", "heuristic"]})
    tid = str(made.json()["id"])
    token = str(page.request.post(f"{base}/api/tables/{tid}/join", data={"name": "Ana"}).json()["token"])
    remember(page, base, tid, token)
    for _ in range(SPLIT_TURNS):
        my_turn(page)
        shown = page.request.get(f"{base}/api/tables/{tid}?token={token}").json()
        legal, at = shown["legal"], shown["view"]["version"]
        if str(at) != page.get_attribute("#table", "data-version") or not legal:
            continue  # the page is a message behind the API: look again
        split = next((a for a in legal if a.startswith("7 ") and "+" in a), None)
        if split:
            seven = page.locator("#hand svg[data-card^='7']").first
            seven.click()
            for part in split.split()[1:]:
                page.click(f".board .pawn[data-pawn='{part[:2]}']")
                page.click(f".board .target[data-part='{part}']")
            page.wait_for_selector("#seven-play")
            return page
        move = next(a for a in legal if not a.startswith("7 "))
        page.request.post(f"{base}/api/tables/{tid}/actions", data={"token": token, "version": at, "action": move})
        page.wait_for_function("v => Number(document.querySelector('#table')?.dataset.version) > v", arg=at,
                               timeout=WAIT_MS)
    return page


def finished(game: str, replay: bool) -> Callable[[Browser, str], Page]:
    """A game of bots on a phone once finished, or its replay at its first move."""
    def take(browser: Browser, base: str) -> Page:
        page = new_page(browser, PHONE)
        seats, rules = BOTS_ONLY[game]
        made = page.request.post(base + "/api/tables", data={"game": game, "seats": seats, "rules": rules})
        page.goto(f"{base}/?table={made.json()['id']}&watch=1")
        page.wait_for_selector("#table[data-status='finished']", timeout=120_000)
        if replay:
            page.click("#replay")
            page.wait_for_selector("#replay[data-step='0']")
            page.click("#next")
            page.wait_for_selector("#replay[data-step='1']")
        return page
    return take


SHOTS: dict[str, Callable[[Browser, str], Page]] = {
    "desktop-tonk-fr": desktop_tonk_fr, "desktop-plonk-fr": desktop_plonk_fr, "desktop-tock": desktop_tock,
    "desktop-lesson": desktop_lesson, "lobby": lobby,
    **{f"{game}-playing": playing(game, moves=1) for game in SEATS},
    **{f"{game}-finished": finished(game, replay=False) for game in SEATS},
    **{f"{game}-replay": finished(game, replay=True) for game in SEATS},
    **{f"phone-{game}-fr": playing(game, "fr-FR", moves=2) for game in ("tonk", "plonk")},
    "phone-tock-fr": phone_tock_seven,
}
"""Each shot's name (its file, less .png) and how its page is reached; a shot is the screen as the window shows it
(the table fits it: no scrolling to see the board and the hand)."""


def main() -> None:
    """Take the shots asked for (all by default) into the folder asked for (docs/screenshots/ by default)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=SCREENSHOTS, help="where the PNG files go")
    parser.add_argument("--only", action="append", choices=sorted(SHOTS), default=[],
                        help="take this shot only (its name, less .png); may be given again")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="parlour-screens-") as folder, serving(Path(folder)) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        for name, reach in SHOTS.items():
            if args.only and name not in args.only:
                continue
            page = reach(browser, base)
            page.evaluate("window.scrollTo(0, 0)")  # a move clicked down the page scrolled it
            page.wait_for_timeout(400)  # the cards' entrance is over
            page.screenshot(path=str(out / f"{name}.png"))
            page.context.close()
            print(out / f"{name}.png")
        browser.close()


if __name__ == "__main__":
    main()
