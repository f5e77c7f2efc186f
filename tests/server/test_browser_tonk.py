"""Tonk by direct play in the browser, in English and in French: the piles, the spreads and the hand are clicked,
never a move button; the log tells the hand in words, "Drop" asks first with the hand's total, a selection
that fits no move gets the rules' reason."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.server.test_browser import browser, create_from_lobby, page_errors, server, shot, version, watch
from tests.server.test_browser_games import fast

__all__ = ["browser", "fast", "page_errors", "server"]  # the fixtures this module uses from the browser suites

WORDS = {
    "en": {"stock": "Stock (", "discard": "Discard", "drew": "Ana draws from the stock",
           "drop": "Drop with {n} (your hand's total)?",
           "three": "A spread needs at least three cards, not 2", "taken": "is not thrown back the same turn",
           "said_taken": "Ana may not discard", "hand": "Hand {n}:"},
    "fr": {"stock": "Pioche (", "discard": "Défausse", "drew": "Ana pioche dans la pioche",
           "drop": "Descendre à {n} (le total de votre main)\u00a0?",
           "three": "Une combinaison demande au moins trois cartes, pas 2", "taken": "retourne pas au même tour",
           "said_taken": "Ana ne peut pas défausser", "hand": "Manche {n}\u00a0:"},
}
WAIT = 30_000
COUNT_MOVE_CLICKS = """window.moveClicks = 0;
document.addEventListener("click", (e) => {
  if (e.target.closest("#moves button.move")) window.moveClicks++;
}, true);"""


def state_of(page: Any, server: str, tid: str) -> dict[str, Any]:
    token = page.evaluate(f"localStorage.getItem('parlour:token:{tid}')")
    return dict(page.request.get(f"{server}/api/tables/{tid}?token={token}").json())


def played(page: Any, before: int) -> None:
    """Wait until the page shows a version after ``before`` (the click played a move)."""
    page.wait_for_function(f"Number(document.querySelector('#table')?.dataset.version) > {before}", timeout=WAIT)


def select(page: Any, *cards: str) -> None:
    for card in cards:
        page.click(f"#hand svg[data-card='{card}']")
        page.wait_for_selector(f"#hand svg.selected[data-card='{card}']", timeout=WAIT)


def unselect_all(page: Any) -> None:
    if page.locator("#clear").count():
        page.click("#clear")
        page.wait_for_selector("#hand svg.selected", state="detached", timeout=WAIT)


def apart(hand: list[str], legal: list[str]) -> tuple[str, str] | None:
    """Two cards of the hand that no legal action uses together (a selection that fits no move)."""
    for i, a in enumerate(hand):
        for b in hand[i + 1:]:
            if a != b and not any({a.lower(), b.lower()} <= set(x.lower().split()) for x in legal):
                return a, b
    return None


def play_hands_by_clicks(page: Any, server: str, lang: str) -> dict[str, bool]:
    """Play Ana's turns by clicking the felt and the hand until she has drawn from both piles, been told why a
    two-card selection is no spread and why the card she took stays, and dropped after confirming."""
    words = WORDS[lang]
    tid = create_from_lobby(page, server, "tonk", ["human", "heuristic"], "Ana", flags={"hands": "6"})
    page.wait_for_selector("#table[data-status='playing']", timeout=WAIT)
    done = dict.fromkeys(("stock", "taken", "three", "laid", "drop"), False)
    turns = 0
    for _ in range(60):
        page.wait_for_selector("#turn.mine, #table[data-status='finished']", timeout=WAIT)
        if page.get_attribute("#table", "data-status") == "finished" or done["drop"]:
            break
        shown = state_of(page, server, tid)
        legal, view = shown["legal"], shown["view"]
        now = version(page)
        assert words["stock"] in page.inner_text("#stock") and words["discard"] in page.inner_text("#discard-pile")
        assert page.locator("#hand svg.selected").count() == 0
        if "drop" in legal and (turns >= 2 or (done["stock"] and done["three"])):
            page.focus("#drop")
            page.keyboard.press("Enter")  # by keyboard: the question takes the focus on its safe answer
            page.wait_for_function("document.activeElement?.id === 'drop-no'", timeout=WAIT)
            question = page.inner_text("#drop-question")
            assert words["drop"].format(n=view["hand_value"]) in question
            assert version(page) == now  # nothing played before the confirmation
            shot(page, "tonk-table" if lang == "en" else "tonk-table-fr")
            page.click("#drop-yes")
            played(page, now)
            done["drop"] = True
            continue
        turns += 1
        take = "draw discard" in legal and not done["taken"]
        page.click("#discard-pile" if take else "#stock")
        played(page, now)
        page.wait_for_selector("#turn.mine", timeout=WAIT)
        if not take:
            page.wait_for_selector(f"#log:has-text('{words['drew']}')", timeout=WAIT)
            done["stock"] = True
        shown = state_of(page, server, tid)
        legal, view = shown["legal"], shown["view"]
        if take and view["taken"] and view["hand_sizes"][view["seat"]] > 1:
            # the card just taken cannot go back: the log says so, and a click to discard it is told why
            page.wait_for_selector(f"#log:has-text('{words['said_taken']}')", timeout=WAIT)
            select(page, view["taken"])
            page.click("#discard-pile")
            page.wait_for_selector(f"#why:has-text('{words['taken']}')", timeout=WAIT)
            assert state_of(page, server, tid)["view"]["version"] == now + 1  # the refused discard played nothing
            unselect_all(page)
            done["taken"] = True
        pair = apart(view["hand"], legal)
        if pair and not done["three"]:
            select(page, *pair)
            page.wait_for_selector(f"#why:has-text('{words['three']}')", timeout=WAIT)
            assert page.locator("#spread-go").count() == 0
            unselect_all(page)
            done["three"] = True
        now = version(page)
        spreads = [a for a in legal if a.startswith("spread ")]
        hits = [a for a in legal if a.startswith("hit ") and "=" not in a]
        if spreads:
            select(page, *spreads[0].split()[1:])
            page.click("#spread-go")
            played(page, now)
            done["laid"] = True
        elif hits:
            _, card, number = hits[0].split()
            select(page, card)
            page.click(f"#spread-{number}.fits")
            played(page, now)
            done["laid"] = True
        shown = state_of(page, server, tid)
        if not shown["legal"] or shown["view"]["phase"] != "play":
            continue  # the hand ended on a spread or hit (tonk out)
        card = next(a.split()[1] for a in shown["legal"] if a.startswith("discard "))
        now = version(page)
        select(page, card)
        page.click("#discard-pile")
        played(page, now)
    last = state_of(page, server, tid)["view"]["results"][-1]["hand"]  # the hand Ana's drop ended, told in words
    page.wait_for_selector(f"#log:has-text('{words['hand'].format(n=last)}')", timeout=WAIT)
    return done


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tonk_hand_played_by_clicking_the_table_in_words(browser: Any, fast: str, page_errors: list[str],
                                                           lang: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    context.add_init_script(f"localStorage.setItem('parlour:lang', '{lang}')")
    context.add_init_script(COUNT_MOVE_CLICKS)
    page = watch(context.new_page(), page_errors)
    done = play_hands_by_clicks(page, fast, lang)
    assert done["stock"] and done["three"] and done["drop"], done
    assert page.evaluate("window.moveClicks") == 0  # direct play only: no move button was clicked
    shot(page, f"tonk-direct-{lang}")
    context.close()


def test_the_reason_for_a_selection_survives_someone_arriving_while_it_is_asked(browser: Any, fast: str,
                                                                              page_errors: list[str]) -> None:
    """A presence message (a spectator arriving) while the page asks the server why: the answer is still shown."""
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    page = watch(context.new_page(), page_errors)
    tid = create_from_lobby(page, fast, "tonk", ["human", "human"], "Ana", flags={"hands": "3"})
    joined = page.request.post(f"{fast}/api/tables/{tid}/join", data={"name": "Bob"})
    assert joined.ok, joined.text()
    page.wait_for_selector("#table[data-status='playing']", timeout=WAIT)
    bob = joined.json()["token"]
    for _ in range(2):  # Bob's turn first, if the deal gives him the first one: a draw and a discard
        shown = page.request.get(f"{fast}/api/tables/{tid}?token={bob}").json()
        if not shown["legal"]:
            break
        action = "draw stock" if "draw stock" in shown["legal"] else shown["legal"][-1]
        page.request.post(f"{fast}/api/tables/{tid}/actions",
                          data={"token": bob, "version": shown["view"]["version"], "action": action})
    page.wait_for_selector("#turn.mine", timeout=WAIT)
    asked: list[str] = []

    def slow(route: Any) -> None:
        asked.append(route.request.url)
        watcher = browser.new_context()
        watcher.new_page().goto(f"{fast}/?table={tid}&watch=1")  # its presence reaches Ana's page meanwhile
        page.wait_for_timeout(1500)
        route.continue_()
        watcher.close()

    page.route("**/check?*", slow)
    card = page.get_attribute("#hand svg >> nth=0", "data-card")
    select(page, card)  # before drawing, a card fits no move: the page asks why
    page.wait_for_selector("#why:has-text('A turn begins with a drop or a draw')", timeout=WAIT)
    assert asked
    context.close()


FELT = """async ([url, seat, status, legal, selected, clicks, version]) => {
  const client = await import(url);
  const { h } = await import("/static/ui.js");
  const view = { game: "tonk", seat, players: 2, version, hand_number: 1, dealer: 1, to_play: 0, phase: "turn",
    hand_sizes: [5, 7], known: [[], []], stock: 30, discard: ["7d", "Kc"], lockout: [0, 0], taken: null, turns: 0,
    stock_out_seat: null, bets: [null, null], spades_shown: [null, null], balances: [0, 0], ledger: [], results: [],
    log: [], hit_lockout: false, may_rediscard_taken: false, hand: ["9c", "5c", "5d", "5h", "Jk"], hand_value: 29,
    spreads: [{ owner: 1, cards: ["6c", "7c", "8c"] }, { owner: 0, cards: ["Jk=2s", "3s", "4s"] }] };
  const msg = { seat, legal, view, table: { status, seats: [{ name: "Ana" }, { name: "Bob" }] } };
  const done = [];
  const ui = { h, nameOf: (m, q) => m.table.seats[q].name, selection: { cards: new Set(selected) },
    send: (a) => done.push(a), why: (a) => done.push("why: " + a), say: (text) => done.push("say: " + text),
    wordsOf: (a) => "words of " + a, rerender: () => {} };
  const draw = () => { document.body.replaceChildren(client.area(msg, ui)); };
  draw();
  const seen = { buttons: [...document.querySelectorAll("button")].map((b) => b.id),
    labels: [...document.querySelectorAll(".label")].map((l) => l.textContent),
    fits: [...document.querySelectorAll("button.fits")].map((b) => b.id) };
  for (const id of clicks) {
    const button = document.getElementById(id);
    if (!button) { done.push("no #" + id); break; }
    button.click();
    draw();
  }
  seen.done = done;
  seen.after = [...document.querySelectorAll("button")].map((b) => b.id + "=" + b.textContent);
  seen.candidate = client.candidate(msg, ui);
  seen.text = document.body.textContent;
  return seen;
}"""


VERSIONS = itertools.count()


def felt(page: Any, url: str, legal: list[str], selected: list[str], clicks: list[str], seat: int | None = 0,
         status: str = "playing") -> dict[str, Any]:
    """Tonk's felt drawn by its client module for a made-up state message, then clicked by id (each call a new
    version of the state, as each move makes: what the module keeps for one state starts afresh)."""
    return dict(page.evaluate(FELT, [url, seat, status, legal, selected, clicks, next(VERSIONS)]))


def test_the_felt_plays_what_is_clicked_and_asks_why_otherwise(browser: Any, fast: str, page_errors: list[str]) -> None:
    """Each click of the felt against a made-up state: what it sends, or what it asks the server to explain."""
    context = browser.new_context()
    page = watch(context.new_page(), page_errors)
    page.goto(fast + "/")
    page.wait_for_selector("#create")  # the page's own start-up done before the felt takes its body over
    url = next(g["client"] for g in page.request.get(fast + "/api/games").json() if g["name"] == "tonk")
    start = ["drop", "draw stock", "draw discard"]
    seen = felt(page, url, start, [], ["stock"])
    assert seen["buttons"] == ["stock", "discard-pile", "spread-1", "spread-2", "drop"]
    assert seen["done"] == ["draw stock"]
    assert "Bob's spread" in seen["labels"] and "Ana's spread" in seen["labels"] and "Stock (30)" in seen["labels"]
    assert felt(page, url, start, [], ["discard-pile"])["done"] == ["draw discard"]
    assert felt(page, url, start, ["5c"], ["discard-pile"])["done"] == ["why: discard 5c"]  # not before drawing
    asked = felt(page, url, start, [], ["drop"])  # the question first, with the total; nothing sent
    assert asked["done"] == [] and "drop-yes=Yes, drop" in asked["after"] and "drop-no=Cancel" in asked["after"]
    assert "Drop with 29 (your hand's total)?" in asked["text"]
    assert felt(page, url, start, [], ["drop", "drop-yes"])["done"] == ["drop"]
    cancelled = felt(page, url, start, [], ["drop", "drop-no"])
    assert cancelled["done"] == [] and "drop=Drop (29)" in cancelled["after"]
    play = ["spread 5c 5d 5h", "spread 5c 5d Jk=5s", "spread 5c 5d 5h Jk=5s", "hit 9c 1", "hit Jk=5c 1", "hit Jk=9c 1",
            "discard 5c", "discard 9c", "discard Jk"]
    three = felt(page, url, play, ["5h", "5c", "5d"], ["spread-go"])
    assert "spread-go" in three["buttons"] and three["done"] == ["spread 5c 5d 5h"]
    jokers = felt(page, url, [*play, "spread 5c 5d Jk=5h"], ["5c", "Jk", "5d"], ["spread-go-1"])
    assert "spread-go=words of spread 5c 5d Jk=5s" in jokers["after"]  # a joker for either: each named
    assert "spread-go-1=words of spread 5c 5d Jk=5h" in jokers["after"] and jokers["done"] == ["spread 5c 5d Jk=5h"]
    hit = felt(page, url, play, ["9c"], ["spread-1"])
    assert hit["fits"] == ["spread-1"] and hit["done"] == ["hit 9c 1"]
    either = felt(page, url, play, ["Jk"], ["spread-1"])  # a joker fits both ends: the page asks which
    assert either["done"] == [] and [b for b in either["after"] if b.startswith("=words of hit")] == [
        "=words of hit Jk=5c 1", "=words of hit Jk=9c 1"]
    assert felt(page, url, play, ["5d"], ["spread-2"])["done"] == ["why: hit 5d 2"]
    assert felt(page, url, play, ["9c"], ["discard-pile"])["done"] == ["discard 9c"]
    assert felt(page, url, play, [], ["discard-pile"])["done"][0].startswith("say: Select a card")
    assert felt(page, url, play, ["5c", "9c"], [])["candidate"] == "spread 5c 9c"
    assert felt(page, url, play, ["9c"], [])["candidate"] == "discard 9c"
    for seat, status in ((None, "playing"), (0, "finished")):  # a spectator, a finished table: nothing to click
        assert felt(page, url, [] if seat is None else start, [], [], seat, status)["buttons"] == []
    context.close()
    french = browser.new_context()
    french.add_init_script("localStorage.setItem('parlour:lang', 'fr')")
    page = watch(french.new_page(), page_errors)
    page.goto(fast + "/")
    page.wait_for_selector("#create:has-text('Créer la table')")
    seen = felt(page, url, start, [], [])
    assert {"Pioche (30)", "Défausse", "Combinaison de Bob", "Combinaison d'Ana"} <= set(seen["labels"])
    assert "Défausse, R♣ dessus\u00a0: appuyer pour la prendre, ou pour défausser la carte sélectionnée" in [
        page.get_attribute("#discard-pile", "aria-label")]
    french.close()
