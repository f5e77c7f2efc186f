"""The table as a newcomer meets it: no text widens the page, the fairness check is usable, finished tables and
spectators get no prompts meant for a player to move, results show every player's total, the empty lobby says
how to start."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from parlour.server import create_app
from tests.server.browser_support import SeatedFactory
from tests.server.conftest import settings_for
from tests.server.test_browser import browser, create_from_lobby, page_errors, server, serving, shot, watch
from tests.server.test_browser_games import bot_table, fast, play_out

__all__ = ["browser", "fast", "page_errors", "server"]  # the fixtures this module uses from the browser suite

PARLOUR = Path(sys.executable).with_name("parlour")
LONG_NAME = "W" * 40
"""The longest player or table name the server takes, without a space, in the widest letter."""
LONG_WORD = "Wm" * 100
"""The longest chat message the page sends, without a space."""
PROMPTS = ("Your moves", "Not your turn.", "Click cards to narrow the moves.", "Your turn.")


def fits(page: Any, where: str) -> None:
    """At 390 and at 1280 px, the page is no wider than the window."""
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        sizes = page.evaluate("() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth, "
                              "client: document.documentElement.clientWidth })")
        assert sizes["scroll"] <= sizes["inner"] and sizes["scroll"] <= sizes["client"], \
            f"{where} at {width} px is {sizes['scroll']} px wide"


def test_no_name_or_chat_message_widens_the_page(seated: SeatedFactory, fast: str) -> None:
    # a deal that decided the one hand at once makes a finished table, its chat closed: undecided deals again
    at = seated(fast, "tonk", ["human", "heuristic"], {"hands": 1}, name=LONG_NAME, table_name=LONG_NAME,
                undecided=True, viewport={"width": 1280, "height": 900})
    page, context, tid = at.page, at.context, at.tid
    assert page.request.get(f"{fast}/api/tables/{tid}").json()["table"]["status"] != "finished"
    page.wait_for_selector("#chat-text")
    page.fill("#chat-text", LONG_WORD)
    page.press("#chat-text", "Enter")
    page.wait_for_selector(f"#chat-lines div:has-text('{LONG_WORD}')")
    assert LONG_NAME in page.inner_text(".players")
    fits(page, "the table being played")
    page.goto(f"{fast}/")
    page.wait_for_selector(f"tr[data-table='{tid}']")
    fits(page, "the lobby")
    play_out(page, fast, tid, page.evaluate(f"localStorage.getItem('parlour:token:{tid}')"))
    page.goto(f"{fast}/?table={tid}")
    page.wait_for_selector("#table[data-status='finished']")
    page.wait_for_selector(f"#chat-lines div:has-text('{LONG_WORD}')")
    assert LONG_NAME in page.inner_text("#results") and LONG_NAME in page.inner_text("#standings")
    fits(page, "the finished table")
    shot(page, "long-words")
    context.close()


def test_a_long_name_fits_plonks_compass(browser: Any, fast: str, page_errors: list[str]) -> None:
    """You sit south, in the compass's middle column: a long name must wrap there too."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, fast, "plonk", ["human", "random", "random", "random"], LONG_NAME)
    page.wait_for_selector("#table[data-status='playing'] .compass-seat.south")
    assert LONG_NAME in page.inner_text(".compass-seat.south")
    fits(page, "plonk's compass")
    context.close()


def test_a_finished_table_offers_its_record_and_the_command_that_verifies_it(
        browser: Any, fast: str, tmp_path: Path, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = watch(context.new_page(), page_errors)
    made = page.request.post(fast + "/api/tables", data={"game": "tonk", "seats": ["human", "heuristic"],
                                                         "rules": {"hands": 3}})
    commitment = made.json()["seed_commitment"]
    page.goto(f"{fast}/?table={made.json()['id']}&watch=1")
    page.wait_for_selector("#table[data-status='waiting']")  # published when the table opened
    assert page.inner_text("#commitment") == commitment and len(commitment) == 64
    assert page.get_attribute("#copy-commitment", "aria-label") == "Copy the commitment"
    assert page.locator("#download-record").count() == 0  # the record would show the hidden cards
    page.click("#copy-commitment")
    page.wait_for_selector("#toast.show")
    assert page.evaluate("navigator.clipboard.readText()") == commitment
    tid = bot_table(page, fast, "tonk", ["heuristic", "heuristic"], {"hands": 2})
    commitment = page.request.get(f"{fast}/api/tables/{tid}").json()["table"]["seed_commitment"]
    page.wait_for_selector("#deal-check.verified")
    assert "Deal verified" in page.inner_text("#deal-check")
    with page.expect_download() as downloading:
        page.click("#download-record")
    download = downloading.value
    assert download.suggested_filename == f"parlour-tonk-{tid}.json"
    download.save_as(tmp_path / download.suggested_filename)
    command = page.inner_text("#verify-command")
    assert command == f"parlour replay --verify {commitment} parlour-tonk-{tid}.json"
    page.click("#copy-command")
    page.wait_for_function(f"navigator.clipboard.readText().then((t) => t === {command!r})")
    words = shlex.split(command)
    assert words[0] == "parlour"
    checked = subprocess.run([str(PARLOUR), *words[1:], "--quiet"], cwd=tmp_path, capture_output=True, text=True,
                             timeout=120, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Deal verified" in checked.stdout
    shot(page, "fairness")
    context.close()


def test_a_spectator_sees_no_moves_and_no_prompt_meant_for_a_player(browser: Any, fast: str,
                                                                    page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    made = page.request.post(fast + "/api/tables", data={"game": "tonk", "seats": ["human", "heuristic"],
                                                         "rules": {"hands": 3}})
    tid = made.json()["id"]
    assert page.request.post(f"{fast}/api/tables/{tid}/join", data={"name": "Ana"}).ok
    page.goto(f"{fast}/?table={tid}&watch=1")
    page.wait_for_selector("#table[data-status='playing']")
    assert page.inner_text("#watching") == "You are watching."
    shown = page.inner_text("#table")
    assert all(prompt not in shown for prompt in PROMPTS), shown
    assert page.locator("#moves").count() == 0 and page.locator("#hand").count() == 0
    context.close()


def test_a_finished_table_shows_every_total_and_payment_and_no_prompts(browser: Any, fast: str,
                                                                       page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    tid = create_from_lobby(page, fast, "tonk", ["human", "heuristic"], "Ana", flags={"hands": "1"})
    token = page.evaluate(f"localStorage.getItem('parlour:token:{tid}')")
    play_out(page, fast, tid, token)
    page.wait_for_selector("#table[data-status='finished']", timeout=20_000)
    shown = page.inner_text("#table")
    assert all(prompt not in shown for prompt in PROMPTS), shown
    assert page.locator("#moves").count() == 0 and page.locator("#invite").count() == 0
    assert page.locator("#rematch").count() == 1  # a seat may still play again
    served = page.request.get(f"{fast}/api/tables/{tid}?token={token}").json()
    names = [seat["name"] for seat in served["table"]["seats"]]
    view = served["view"]
    result = view["results"][-1]
    hand = page.locator(f"#results .reveal[data-hand='{result['hand']}']")
    for seat, name in enumerate(names):
        row = hand.locator(f".hand-row[data-seat='{seat}']").inner_text()
        assert name in row and f"total {result['totals'][seat]}" in row
    paid = [f"{names[payer]} pays {names[payee]} {stakes}" + (" (spades bet)" if reason == "spades" else "")
            for payer, payee, stakes, number, reason in view["ledger"] if number == result["hand"]]
    assert paid, "a counted hand ends with a payment"
    assert hand.locator(".result-line").all_inner_texts() == paid
    page.goto(f"{fast}/")
    row = page.locator(f"tr[data-table='{tid}']")
    row.wait_for()
    assert row.locator("button:has-text('Replay')").count() == 1
    assert row.locator("button:has-text('Invite')").count() == 0
    context.close()


def test_a_finished_plonk_shows_both_sides_points_and_scores(browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    tid = bot_table(page, fast, "plonk", ["heuristic"] * 4, {"target": 100})
    served = page.request.get(f"{fast}/api/tables/{tid}").json()
    names = [seat["name"] for seat in served["table"]["seats"]]
    result = served["view"]["results"][-1]
    deal = page.locator(f"#results .reveal[data-hand='{result['deal']}']")
    assert deal.locator("strong").first.inner_text().strip() == f"Deal {result['deal']}:"
    assert deal.locator(".result-line").all_inner_texts() == [
        f"Side {side} ({names[seat]} & {names[seat + 2]}): {result['points'][seat]} this deal, "
        f"{result['scores'][seat]} in the match" for seat, side in enumerate("AB")]
    assert all(prompt not in page.inner_text("#table") for prompt in PROMPTS)
    context.close()


def test_an_empty_lobby_says_how_to_start_a_table(browser: Any, tmp_path: Path, page_errors: list[str]) -> None:
    with serving(create_app(settings_for(f"sqlite:///{tmp_path / 'empty.db'}"))) as address:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = watch(context.new_page(), page_errors)
        page.goto(address + "/")
        page.wait_for_selector("#no-tables", state="visible")
        assert "No tables yet" in page.inner_text("#no-tables") and "Create table" in page.inner_text("#no-tables")
        french = watch(browser.new_context(locale="fr-FR").new_page(), page_errors)
        french.goto(address + "/")
        french.wait_for_selector("#no-tables", state="visible")
        assert "Aucune table" in french.inner_text("#no-tables")
        french.context.close()
        made = page.request.post(address + "/api/tables", data={"game": "tonk", "seats": ["human", "random"]})
        page.wait_for_selector(f"tr[data-table='{made.json()['id']}']", timeout=10_000)
        assert not page.is_visible("#no-tables")
        context.close()


def test_a_long_match_counts_the_results_it_leaves_out(browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    tid = bot_table(page, fast, "tonk", ["heuristic", "heuristic"], {"hands": 5})
    view = page.request.get(f"{fast}/api/tables/{tid}").json()["view"]
    assert view["earlier"]["count"] >= 2
    assert page.inner_text("#earlier") == \
        f"Earlier results not shown here: {view['earlier']['count']} (the replay has them all)."
    assert page.locator("#results .reveal").count() == len(view["results"]) == 3
    context.close()
