"""Every page in French says things in words, never by an identifier: the lobby with its create form open, its
list of tables and of lessons, a table of each game, each game's rules page, a replay and a player's page show no
``name:value`` (a bot spec, ``level:beginner``), no ``key?x=y`` or ``x=y&`` (a table's spec), no flag's identifier
(``drop_timing``) and no English value of a flag or preset (``optional``, ``sevens``), in their text, labels or
tooltips, and number the seats from 1. The identifiers forbidden are read from the games' rule declarations, so
the list grows with the games. The notation shown beside a move's words (for those who type it) and the chat are
not the page's words and are left out."""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

import pytest
from babel.messages.pofile import read_po

from parlour.core.i18n import catalog_path
from parlour.core.registry import game_classes
from tests.server.test_browser import browser, page_errors, server, watch
from tests.server.test_browser_accounts import create_account
from tests.server.test_browser_games import bot_table

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite

SHOWN = """() => {
  const skip = (el) => el.closest('.notation, #chat-lines, .chat, #language, pre.view');
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    if (!el || skip(el) || !(el.checkVisibility() || el.closest('select'))) continue;
    const text = walk.currentNode.textContent.trim();
    if (text) out.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (skip(el)) continue;
    for (const name of ['placeholder', 'aria-label', 'title']) {
      if (el.getAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  out.push(document.title);
  return out;
}"""
"""What a person reads on the page: its visible text and every choice of its lists, placeholders, labels,
tooltips and the page's title."""


def french_words() -> set[str]:
    """Every word of the French catalog's translations: an English value that is a French word too ("standard")
    is no leftover identifier."""
    with files("parlour").joinpath(catalog_path("fr")).open("rb") as f:
        catalog = read_po(f, locale="fr")
    words: set[str] = set()
    for message in catalog:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            words |= set(re.findall(r"[\w-]+", text or ""))
    return words


def forbidden() -> re.Pattern[str]:
    """An identifier where words belong: ``name:value``, ``key?x=y``, ``x=y&``, a flag's identifier (snake_case) of
    any registered game, an English value of a flag or a preset's name (lower case, as written in a spec), or a
    seat numbered from 0."""
    flags: set[str] = set()
    values: set[str] = set()
    for cls in game_classes().values():
        rules_type = cls.rules_type
        values |= set(rules_type.presets)
        for info in rules_type.flags().values():
            if "_" in info.name:
                flags.add(info.name)
            values |= {c for c in info.choices if isinstance(c, str)}
    english = values - french_words()
    names = "|".join(re.escape(word) for word in sorted(flags | english, key=len, reverse=True))
    return re.compile(r"\b[a-z][a-z_]*:[a-z_]+\b|\b\w+\?\w+=|\b\w+=\w+&|\b\w+=\w+\b"
                      rf"|(?<![\w-])(?:{names})(?![\w-])|\b[Pp]lace 0\b")


FORBIDDEN = forbidden()


def identifiers(page: Any, where: str) -> list[str]:
    """Each identifier the page shows, with where and in which text."""
    return [f"{where}: {m.group(0)!r} in {text[:140]!r}" for text in page.evaluate(SHOWN)
            for m in FORBIDDEN.finditer(text)]


def french(browser: Any, errors: list[str]) -> tuple[Any, Any]:
    context = browser.new_context(locale="fr-FR", viewport={"width": 1200, "height": 900})
    return context, watch(context.new_page(), errors)


SEATS = {"tonk": ["human", "level:beginner", "heuristic"],
         "tock": ["human", "level:casual", "level:expert", "random"],
         "plonk": ["human", "level:beginner", "level:master", "strong"]}
RULES = {"tonk": {"hands": 3, "drop_timing": "any"}, "tock": {"home_entry": "optional", "teams": "pairs"},
         "plonk": {"target": 100}}
"""Each game's table with flags off their preset's values (so that its rules show flags), and bots of each kind."""


def test_the_lobby_and_its_create_form_say_everything_in_words(browser: Any, server: str,
                                                               page_errors: list[str]) -> None:
    context, page = french(browser, page_errors)
    for game, seats in SEATS.items():
        made = page.request.post(server + "/api/tables", data={"game": game, "seats": seats, "rules": RULES[game]})
        assert made.ok, made.text()
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.wait_for_function("document.querySelectorAll('tr[data-table]').length >= 3")
    page.wait_for_selector("#learn button.learn-game")
    found = identifiers(page, "lobby")
    for game in game_classes():
        page.select_option("#game", game)
        if not page.is_visible("[data-flag]"):
            page.click("details summary")
        found += identifiers(page, f"create form ({game})")
        for preset in page.eval_on_selector_all("#preset option", "os => os.map((o) => o.value)"):
            page.select_option("#preset", preset)
            found += identifiers(page, f"create form ({game}, {preset})")
        page.select_option("#quick-game", game)
        found += identifiers(page, f"play now ({game})")
    context.close()
    assert not found, "\n".join(found)


def test_a_new_seat_gets_a_middling_bot_and_seats_count_from_one(browser: Any, server: str,
                                                                 page_errors: list[str]) -> None:
    context, page = french(browser, page_errors)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "tock")
    assert page.eval_on_selector_all("select.seat", "ss => ss.map((s) => s.value)")[1:] == ["level:casual"] * 3
    labels = page.eval_on_selector_all(".seats-form label", "ls => ls.map((l) => l.firstChild.textContent)")
    assert labels == ["place 1", "place 2", "place 3", "place 4"]
    shown = page.eval_on_selector("select.seat[data-seat='1'] option[value='level:beginner']",
                                  "o => [o.textContent, o.title]")
    assert shown[0].startswith("Bot débutant (cote ") and shown[1].startswith("Bot débutant\u00a0: joue"), shown
    context.close()


@pytest.mark.parametrize("game", list(SEATS))
def test_a_table_and_its_join_page_say_everything_in_words(browser: Any, server: str, page_errors: list[str],
                                                           game: str) -> None:
    context, page = french(browser, page_errors)
    made = page.request.post(server + "/api/tables", data={"game": game, "seats": SEATS[game], "rules": RULES[game]})
    tid = made.json()["id"]
    page.goto(f"{server}/?table={tid}")
    page.wait_for_selector("#join")
    found = identifiers(page, f"{game} join page")
    page.fill("#join-name", "Ana")
    page.click("#join")
    page.wait_for_selector("#table[data-status]")
    page.wait_for_timeout(300)
    found += identifiers(page, f"{game} table")
    context.close()
    assert not found, "\n".join(found)


def test_the_rules_pages_say_everything_in_words(browser: Any, server: str, page_errors: list[str]) -> None:
    context, page = french(browser, page_errors)
    page.goto(f"{server}/rules?lang=fr")
    found = identifiers(page, "rules index")
    specs = {"tonk": "classic?jokers=2&drop_timing=before_draw&deal_49_wins=at_once", "tock": "sevens?teams=two",
             "plonk": "?target=100"}
    for game, spec in specs.items():
        for rules in (None, spec):
            page.goto(f"{server}/rules/{game}?lang=fr" + (f"&rules={rules.replace('&', '%26').replace('?', '%3F')}"
                                                         if rules else ""))
            page.wait_for_selector("main.rules h1")
            found += identifiers(page, f"{game} rules page ({rules or 'default'})")
    context.close()
    assert not found, "\n".join(found)


def test_a_replay_and_a_players_page_say_everything_in_words(browser: Any, server: str,
                                                             page_errors: list[str]) -> None:
    owner = browser.new_context(locale="fr-FR")
    mine = watch(owner.new_page(), page_errors)
    create_account(mine, server, "Zoé")
    csrf = {"x-csrf-token": mine.request.get(server + "/api/session").json()["csrf"]}
    made = mine.request.post(server + "/api/tables", data={"game": "tonk", "seats": ["human", "level:beginner"],
                                                           "rules": {"drop_timing": "any"}}, headers=csrf)
    tid = made.json()["id"]
    joined = mine.request.post(f"{server}/api/tables/{tid}/join", data={"name": "Zoé"}, headers=csrf).json()
    for _ in range(500):  # play the first legal move at each turn (as play_out, with the account's token)
        shown = mine.request.get(f"{server}/api/tables/{tid}?token={joined['token']}").json()
        if shown["table"]["status"] == "finished":
            break
        if shown["legal"]:
            mine.request.post(f"{server}/api/tables/{tid}/actions", headers=csrf, data={
                "token": joined["token"], "version": shown["view"]["version"], "action": shown["legal"][0]})
        else:
            mine.wait_for_timeout(50)
    owner.close()
    context, page = french(browser, page_errors)
    found = []
    bots = bot_table(page, server, "tock", ["level:beginner", "random"], {})
    for where in (f"/?table={tid}&replay=1", f"/?table={bots}&replay=1"):
        page.goto(server + where)
        page.wait_for_selector("#replay[data-step]")
        page.click("#last")
        page.wait_for_function("document.querySelector('#replay').dataset.step !== '0'")
        found += identifiers(page, f"replay {where}")
    page.goto(f"{server}/?player=Zoé")
    page.wait_for_selector("[data-spec]")
    found += identifiers(page, "player's page")
    context.close()
    assert not found, "\n".join(found)


BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode;
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(`${m[0]} in ${el.textContent}`);
      }
    }
  }
  return broken;
}"""
"""Each word of the elements ``selector`` finds that the page breaks across two lines."""


@pytest.mark.parametrize("width", [320, 1000])
def test_plonk_seat_names_never_break_inside_a_word(seated: Any, server: str, width: int) -> None:
    """"Bot Débuta / nt 1" on a phone: a name wraps at its spaces only (or ends in an ellipsis)."""
    at = seated(server, "plonk", ["human", "level:beginner", "level:beginner", "level:beginner"],
                rules={"target": 100}, name="Anastasia-Éléonore", viewport={"width": width, "height": 800})
    at.page.evaluate("localStorage.setItem('parlour:lang', 'fr')")
    at.page.reload()
    at.page.wait_for_selector(".compass-seat strong")
    names = at.page.eval_on_selector_all(".compass-seat strong", "ns => ns.map((n) => n.textContent)")
    assert any("débutant" in name for name in names), names
    assert at.page.evaluate(BROKEN_WORDS, ".compass-seat strong, .played-by, #players .player") == []


DRAW_TOCK = """async ([target]) => {
  const board = await import("/api/games/tock/client/board.js");
  const layout = await board.boardLayout("/api/games/tock/layout", 4);
  const home = [null, null, null, null];
  const view = { pawns: [[0, null, null, null], home, home, home] };
  const targets = target ? [{ at: layout.squares[0], label: "K a1", key: "K a1", data: { action: "K a1" } }] : [];
  const svg = board.drawBoard(layout, view, 1, { targets, onTarget: () => {} });
  svg.setAttribute("width", "1000");
  svg.setAttribute("height", "1000");
  svg.style.cssText = "position: fixed; left: 0; top: 0; background: white";
  document.body.replaceChildren(svg);
  return layout.squares[0];
}"""
"""Tock's board with seat a's first pawn on square 0, with or without a move's target ring on it, at 1 px a unit."""


def white_pixels(page: Any, at: list[float]) -> int:
    """The white pixels (the pawn's label) of the screen round ``at``."""
    from io import BytesIO

    from PIL import Image
    shot = page.screenshot(clip={"x": at[0] - 18, "y": at[1] - 14, "width": 36, "height": 28})
    pixels = Image.open(BytesIO(shot)).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(pixels), 3) if min(pixels[i:i + 3]) >= 245)


def test_a_tock_target_on_a_pawn_keeps_its_label_readable(browser: Any, server: str, page_errors: list[str]) -> None:
    """A move's target on a pawn (a capture) rings it without veiling its label: the label stays white."""
    context = browser.new_context(viewport={"width": 1000, "height": 1000})
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/rules?lang=fr")
    at = page.evaluate(DRAW_TOCK, [False])
    plain = white_pixels(page, at)
    page.evaluate(DRAW_TOCK, [True])
    ringed = white_pixels(page, at)
    assert plain > 20 and ringed >= plain * 0.9, (plain, ringed)
    assert page.eval_on_selector(".target circle", "c => getComputedStyle(c).fill") == "none"
    context.close()
