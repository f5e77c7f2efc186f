"""Every game reads well in the browser: end screens, names, Tonk's hand value, Plonk's compass and two-step play,
readable bot names and the lobby's field errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.core.cards import the_card
from parlour.server import create_app
from tests.server.browser_support import SeatedFactory
from tests.server.conftest import settings_for
from tests.server.test_browser import (
    browser,
    create_from_lobby,
    page_errors,
    server,
    serving,
    shot,
    version,
    watch,
)

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots play at once, so that bot-only games finish within a test."""
    db = tmp_path_factory.mktemp("games") / "games.db"
    with serving(create_app(settings_for(f"sqlite:///{db}"))) as address:
        yield address


def play_out(page: Any, server: str, tid: str, token: str) -> None:
    """Play a table to its end over the API: the seat of ``token`` makes its first legal move each turn."""
    for _ in range(500):
        shown = page.request.get(f"{server}/api/tables/{tid}?token={token}").json()
        if shown["table"]["status"] == "finished":
            return
        if shown["legal"]:
            page.request.post(f"{server}/api/tables/{tid}/actions", data={
                "token": token, "version": shown["view"]["version"], "action": shown["legal"][0]})
        else:  # wait (with a deadline) for the bot's move
            page.wait_for_function(f"fetch('/api/tables/{tid}?token={token}').then(r => r.json())"
                                   ".then(d => d.legal.length > 0 || d.table.status === 'finished')",
                                   polling=50, timeout=20_000)
    raise AssertionError(f"table {tid} did not finish in 500 turns")


def bot_table(page: Any, server: str, game: str, seats: list[str], rules: dict[str, Any]) -> str:
    made = page.request.post(server + "/api/tables", data={"game": game, "seats": seats, "rules": rules})
    assert made.ok, made.text()
    tid = str(made.json()["id"])
    page.goto(f"{server}/?table={tid}&watch=1")
    page.wait_for_selector("#table[data-status='finished']", timeout=120_000)
    return tid


def test_the_lobby_refuses_nine_players_for_tonk_beside_the_field_and_offers_a_middling_bot_first(
        browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    page.goto(fast + "/")
    page.select_option("#game", "tonk")
    tonk = next(g for g in page.request.get(fast + "/api/games").json() if g["name"] == "tonk")
    assert "strong" in tonk["bots"] and page.input_value("select.seat[data-seat='1']") == "level:casual"
    assert page.inner_text("select.seat[data-seat='1'] option:checked").startswith("Casual bot")
    page.fill("#players", "9")
    page.dispatch_event("#players", "change")
    error = page.inner_text("#players-error")
    assert error == f"Tonk is for {tonk['min_players']} to {tonk['max_players']} players (got 9)"
    assert page.get_attribute("#players", "aria-invalid") == "true"
    before = len(page.request.get(fast + "/api/tables").json())
    page.click("#create")
    assert page.url == fast + "/" and len(page.request.get(fast + "/api/tables").json()) == before
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert page.inner_text("#players-error") == "" and page.locator("select.seat").count() == 3
    context.close()


def test_a_finished_tonk_names_the_winner_and_uses_names_not_seats(browser: Any, fast: str,
                                                                  page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    tid = bot_table(page, fast, "tonk", ["heuristic", "strong:iters=50"], {"hands": 2})
    title = page.inner_text("#table section:has(#standings) h2")
    assert re.fullmatch(r"(Heuristic bot 1|Strong bot 2) wins!", title)
    standings = page.locator("#standings li").all_inner_texts()
    assert len(standings) == 2 and standings[0].split(" — ")[0] in page.inner_text("#table")
    assert not re.search(r"\bseat \d", page.inner_text("#results"))
    bar = page.inner_text(".players")
    assert "Heuristic bot 1" in bar and "Strong bot 2" in bar and "strong:" not in bar
    record = page.request.get(f"{fast}/api/tables/{tid}/record").json()
    assert record["players"] == ["Heuristic bot 1 (heuristic)", "Strong bot 2 (strong:iters=50)"]
    shot(page, "tonk-finished")
    context.close()


def test_tonk_shows_your_hand_value(seated: SeatedFactory, fast: str) -> None:
    at = seated(fast, "tonk", ["human", "random"], {"hands": 2})
    page, context, tid = at.page, at.context, at.tid
    page.wait_for_selector("#hand-value")
    token = page.evaluate(f"localStorage.getItem('parlour:token:{tid}')")
    value = page.request.get(f"{fast}/api/tables/{tid}?token={token}").json()["view"]["hand_value"]
    assert page.inner_text("#hand-value") == f"Your hand is worth {value} points."
    context.close()


def test_a_finished_tock_names_the_winner_and_the_standings(browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 1100})
    page = watch(context.new_page(), page_errors)
    tid = bot_table(page, fast, "tock", ["heuristic", "heuristic"], {"players": 2})
    view = page.request.get(f"{fast}/api/tables/{tid}").json()
    seats = view["table"]["seats"]
    winner = seats[view["view"]["winner"]]["name"]
    assert page.inner_text("#table section:has(#standings) h2") == f"{winner} wins!"
    assert page.inner_text("#turn") == f"{winner} wins!"
    standings = page.locator("#standings li").all_inner_texts()
    assert [s.split(" — ")[0] for s in standings] == [seats[q]["name"] for q in view["view"]["ranking"]]
    shot(page, "tock-finished")
    context.close()


def test_plonk_sits_you_south_and_plays_a_card_by_a_click_or_two_key_presses(browser: Any, fast: str,
                                                                           page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, fast, "plonk", ["human", "random", "random", "random"], "Ana")
    page.wait_for_selector("#turn.mine", timeout=20_000)
    assert "Ana" in page.inner_text(".compass-seat.south") and "you" in page.inner_text(".compass-seat.south")
    north = page.inner_text(".compass-seat.north")
    assert "partner" in north and "Random bot 3" in north
    assert "opponent" in page.inner_text(".compass-seat.west") and "opponent" in page.inner_text(".compass-seat.east")
    assert "Your side" in page.inner_text("#sides")
    before = version(page)
    playable = page.locator("#hand svg.playable").first
    card = str(playable.get_attribute("data-card"))
    playable.click()  # with a mouse, one click plays
    page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {before}")
    assert re.search(f"Ana (leads|plays|follows suit with) {the_card(card, 'en')}", page.inner_text("#log"))
    # By keyboard: a card is a button reached with Tab; Enter selects it and says so, Enter again plays it.
    page.wait_for_selector("#turn.mine", timeout=20_000)
    before = version(page)
    playable = page.locator("#hand svg.playable").first
    card = str(playable.get_attribute("data-card"))
    assert playable.get_attribute("role") == "button" and playable.get_attribute("aria-label")
    playable.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#hand svg.selected[aria-pressed='true'][data-card='{card}']")
    assert page.evaluate("document.activeElement.dataset.card") == card and version(page) == before
    assert page.inner_text("#why").startswith("Press Enter again to play the ")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {before}")
    assert re.search(f"Ana (leads|plays|follows suit with) {the_card(card, 'en')}", page.inner_text("#log"))
    shot(page, "plonk-compass")
    context.close()


def test_someone_connecting_redraws_only_the_players_bar_so_a_card_keeps_its_focus_and_clicks(
        browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    create_from_lobby(page, fast, "plonk", ["human", "random", "random", "random"], "Ana")
    page.wait_for_selector("#turn.mine", timeout=20_000)
    playable = page.locator("#hand svg.playable").first
    card = playable.get_attribute("data-card")
    playable.focus()
    page.evaluate("""() => {
        window.focusedBefore = document.activeElement;
        window.barBefore = document.querySelector("#players");
        const table = new URLSearchParams(location.search).get("table");
        window.spectator = new WebSocket(location.origin.replace("http", "ws") + `/api/tables/${table}/ws`);
    }""")
    page.wait_for_function("!document.contains(window.barBefore)")  # the presence message redrew the bar
    # ... and nothing else: the card under the focus (or a pointer half-way through a click) is the same element.
    assert page.evaluate("document.activeElement === window.focusedBefore && document.contains(window.focusedBefore)")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#hand svg.selected[aria-pressed='true'][data-card='{card}']")
    context.close()


def test_a_player_and_a_spectator_chat_at_a_table(browser: Any, fast: str, page_errors: list[str]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    player = watch(context.new_page(), page_errors)
    # a second seat for a person, left free: the table waits, so no deal can end it (and close its chat) at once
    closed = create_from_lobby(player, fast, "tonk", ["human", "human"], "Ana", flags={"hands": "2"})
    other = browser.new_context(viewport={"width": 1000, "height": 900})
    spectator = watch(other.new_page(), page_errors)
    spectator.goto(f"{fast}/?table={closed}&watch=1")
    spectator.wait_for_selector("#chat-closed:has-text('Only the players chat at this table.')")
    assert spectator.locator("#chat-form").is_hidden()
    tid = create_from_lobby(player, fast, "tonk", ["human", "human"], "Ana", spectator_chat=True)
    player.wait_for_selector("#turn:has-text('Waiting for players')")
    player.click("#open-chat")  # on a phone the chat is a drawer, opened from the table's bar
    player.wait_for_selector("#chat-text")
    player.fill("#chat-text", "<img src=x onerror=alert(1)> hello")
    player.press("#chat-text", "Enter")
    player.wait_for_selector("#chat-lines div:has-text('hello')")
    assert player.locator("#chat-lines img").count() == 0
    assert player.inner_text("#chat-lines") == "Ana: <img src=x onerror=alert(1)> hello"
    spectator.goto(f"{fast}/?table={tid}&watch=1")
    spectator.wait_for_selector("#chat-lines div:has-text('hello')")
    spectator.fill("#chat-text", "nice play")
    spectator.click("#chat-send")
    player.wait_for_selector("#chat-lines div:has-text('Spectator: nice play')", timeout=10_000)
    context.close()
    other.close()


def test_play_again_seats_you_at_the_next_match_with_the_bots(seated: SeatedFactory, fast: str) -> None:
    at = seated(fast, "tonk", ["human", "heuristic"], {"hands": 1}, viewport={"width": 390, "height": 844})
    page, context, tid = at.page, at.context, at.tid
    token = page.evaluate(f"localStorage.getItem('parlour:token:{tid}')")
    assert token == at.token
    play_out(page, fast, tid, token)
    page.wait_for_selector("#rematch", timeout=20_000)
    page.click("#rematch")
    page.wait_for_url(lambda url: "table=" in url and tid not in url)
    # the next match is dealt by seat 0, so the bot plays first and may end a one-hand match at once
    page.wait_for_selector("#table[data-status='playing'], #table[data-status='finished']")
    bar = page.inner_text(".players")
    assert "Ana" in bar and "Heuristic bot 2" in bar
    context.close()


@pytest.mark.parametrize(("game", "seats", "rules"), [
    ("plonk", ["human", "random", "random", "random"], {"target": 500}),
    ("tock", ["human", "random"], {}),
])
def test_the_log_names_a_stand_in_as_the_stand_in(browser: Any, tmp_path: Any, page_errors: list[str], game: str,
                                                 seats: list[str], rules: dict[str, Any]) -> None:
    with serving(create_app(settings_for(f"sqlite:///{tmp_path / 'absent.db'}", disconnect_grace=0.05,
                                                bot_delay=0.05))) as address:
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        page = watch(context.new_page(), page_errors)
        made = page.request.post(address + "/api/tables", data={"game": game, "seats": seats, "rules": rules})
        tid = made.json()["id"]
        assert page.request.post(f"{address}/api/tables/{tid}/join", data={"name": "Ana"}).ok
        page.goto(f"{address}/?table={tid}&watch=1")
        page.wait_for_selector("#log .stand-in", timeout=60_000)
        marked = page.locator("#log .stand-in").all_inner_texts()
        assert marked and all(line.endswith("(played by the stand-in for Ana)") for line in marked)
        others = page.locator("#log div:not(.stand-in)").all_inner_texts()
        assert not any("stand-in" in line for line in others)
        context.close()
