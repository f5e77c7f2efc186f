"""Every screen in French holds no leftover English: the lobby, the join page, each game's table being played
and finished (seated and watched), the replay and the rules pages. A screen's text is compared with every
English message of the catalog whose French differs; the notation (shown beside the words, for those who type
it), identifiers one types (``code``: a flag's or preset's name), names and chat are not messages and are left
out."""

from __future__ import annotations

import re
from typing import Any

from babel.messages.pofile import read_po

from parlour.core.i18n import catalog_path
from tests.server.test_browser import browser, page_errors, server, shot, watch
from tests.server.test_browser_games import fast, play_out

__all__ = ["browser", "fast", "page_errors", "server"]  # the fixtures this module uses from the browser suite

SEEN_TEXT = """() => {
  const skip = (el) => el.closest('.notation, code, #chat-lines, .chat, #language, pre.view, [lang="en"]');
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    const el = node.parentElement;
    if (!el || skip(el) || !el.checkVisibility()) continue;
    const text = node.textContent.trim();
    if (text) out.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (skip(el)) continue;
    for (const name of ['placeholder', 'aria-label', 'title']) {
      if (el.getAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  return out;
}"""
"""Every text a person sees or hears on the page: visible text, placeholders, labels and tooltips."""


def english_fragments() -> list[tuple[str, re.Pattern[str]]]:
    """The English words of each message whose French differs: the text between its placeholders, where it
    holds two words or more (one word alone, as "Stock", may be French too: see ``english_words``)."""
    from importlib.resources import files
    with files("parlour").joinpath(catalog_path("fr")).open("rb") as f:
        catalog = read_po(f, locale="fr")
    patterns = set()
    for message in catalog:
        if not message.id or not isinstance(message.id, str) or not message.string or message.string == message.id:
            continue
        for piece in re.split(r"\{\w*\}", message.id):
            piece = piece.strip(" .,:;!?()–—-·")
            if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2:
                patterns.add(piece)
    return [(p, re.compile(r"(?<![\w'])" + re.escape(p) + r"(?![\w'])")) for p in sorted(patterns)]


ENGLISH = english_fragments()


def english_words() -> set[str]:
    """Messages of one word whose French differs ("Spreads", "Hint"): a text that is that word alone is English."""
    from importlib.resources import files
    with files("parlour").joinpath(catalog_path("fr")).open("rb") as f:
        catalog = read_po(f, locale="fr")
    return {m.id.strip(" .:") for m in catalog if isinstance(m.id, str) and m.string and m.string != m.id
            and re.fullmatch(r"[A-Za-z]{3,}", m.id.strip(" .:"))}


WORDS = english_words()


def leftover_english(page: Any, where: str) -> list[str]:
    found = []
    for text in page.evaluate(SEEN_TEXT):
        if text.strip(" .:") in WORDS:
            found.append(f"{where}: the word {text!r}")
        for fragment, pattern in ENGLISH:
            if pattern.search(text):
                found.append(f"{where}: {fragment!r} in {text[:120]!r}")
    return found


def french_page(browser: Any, errors: list[str], width: int = 1100) -> tuple[Any, Any]:
    context = browser.new_context(locale="fr-FR", viewport={"width": width, "height": 900})
    page = watch(context.new_page(), errors)
    return context, page


def test_every_screen_in_french_has_no_leftover_english(browser: Any, fast: str, page_errors: list[str]) -> None:
    context, page = french_page(browser, page_errors)
    found: list[str] = []
    page.goto(fast + "/")
    page.wait_for_selector("#create")
    for game in ("tonk", "tock", "plonk"):
        page.select_option("#game", game)
        page.click("details summary") if not page.is_visible("[data-flag]") else None
        found += leftover_english(page, f"lobby ({game})")
    seats = {"tonk": ["human", "heuristic"], "tock": ["human", "heuristic", "heuristic", "heuristic"],
             "plonk": ["human", "heuristic", "heuristic", "heuristic"]}
    rules = {"tonk": {"hands": 3}, "tock": {}, "plonk": {"target": 100}}
    for game in ("tonk", "tock", "plonk"):
        made = page.request.post(fast + "/api/tables", data={"game": game, "seats": seats[game], "rules": rules[game]})
        tid = made.json()["id"]
        page.goto(f"{fast}/?table={tid}")
        page.wait_for_selector("#join")
        found += leftover_english(page, f"join page ({game})")
        page.fill("#join-name", "Ana")
        page.click("#join")
        page.wait_for_selector("#table[data-status='playing']")
        page.wait_for_selector("#turn.mine", timeout=60_000)
        found += leftover_english(page, f"{game} table, my turn")
        token = page.evaluate(f"localStorage.getItem('parlour:token:{tid}')")
        play_out(page, fast, tid, token)
        page.goto(f"{fast}/?table={tid}")
        page.wait_for_selector("#table[data-status='finished']")
        found += leftover_english(page, f"{game} table, finished")
        shot(page, f"french-{game}-finished")
        page.goto(f"{fast}/?table={tid}&watch=1")
        page.wait_for_selector("#table[data-status='finished']")
        found += leftover_english(page, f"{game} table, watched")
        page.goto(f"{fast}/?table={tid}&replay=1")
        page.wait_for_selector("#replay[data-step]")
        page.click("#last")
        page.wait_for_function("document.querySelector('#replay').dataset.step !== '0'")
        found += leftover_english(page, f"{game} replay")
        page.goto(f"{fast}/rules/{game}?lang=fr")
        page.wait_for_load_state()
        found += leftover_english(page, f"{game} rules page")
    context.close()
    assert not found, "\n".join(found)
