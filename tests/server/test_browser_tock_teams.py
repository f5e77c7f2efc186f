"""Team Tock in the browser: at a players=4, teams=pairs table every seat box, pawn and home lane carries its team's
mark and its team's name in words, the page names the partner, and a seat whose pawns are all home plays a card for
its partner by touch (a card, the partner's pawn, a circled place), told "You play for …"; in English and French."""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.core.game import State
from tests.server.browser_support import SeatedFactory, watch
from tests.server.test_browser import browser, page_errors, server, shot, version
from tests.server.test_browser_phone import PHONE, check_screen

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite

RULES = {"players": 4, "teams": "pairs"}
NAMES = ["Ana", "Bea", "Cy", "Dan"]
SEED = 3
"""The deal of the table played up to a turn for a teammate (any seed gets there; this one within 250 moves)."""


def in_french(page: Any) -> None:
    """Show ``page`` in French from now on (the language the page keeps), and load it again."""
    page.evaluate("localStorage.setItem('parlour:lang', 'fr')")
    page.reload()
    page.wait_for_selector("#table[data-status]")


@pytest.mark.parametrize(("lang", "players", "teams", "sides"), [
    ("en", 4, "pairs", [[0, 2], [1, 3]]),
    ("fr", 4, "pairs", [[0, 2], [1, 3]]),
    ("en", 6, "two", [[0, 2, 4], [1, 3, 5]]),
    ("en", 8, "pairs", [[0, 4], [1, 5], [2, 6], [3, 7]]),
])
def test_team_marks_and_the_partner_are_shown(seated: SeatedFactory, server: str, lang: str, players: int,
                                              teams: str, sides: list[list[int]]) -> None:
    at = seated(server, "tock", ["human"] + ["heuristic"] * (players - 1), rules={"players": players, "teams": teams},
                seat=0)
    page = at.page
    if lang == "fr":
        in_french(page)
    page.wait_for_selector(".board .pawn")
    team, partner = ("Équipe", "Partenaire\u00a0:") if lang == "fr" else ("Team", "Partner:")
    style = "(seat) => getComputedStyle(document.querySelector(`.player[data-seat='${seat}']`)).borderTopStyle"
    lines = set()
    for number, side in enumerate(sides, start=1):
        for seat in side:
            assert f"{team} {number}" in page.inner_text(f".player[data-seat='{seat}']")
        assert len({page.evaluate(style, seat) for seat in side}) == 1  # one mark for the whole team
        lines.add(page.evaluate(style, side[0]))
        assert page.locator(f".board .pawn[data-team='{number}']").count() == 4 * len(side)
        assert page.locator(f".board .team-lane[data-team='{number}']").count() == len(side)
    assert len(lines) == len(sides)  # every team's mark its own, told apart without colour
    mates = [page.inner_text(f".player[data-seat='{seat}']").splitlines()[0].strip() for seat in sides[0][1:]]
    assert page.inner_text("#partner") == f"{partner} {', '.join(mates)}"
    assert page.inner_text("#teams").startswith(f"{team} 1")
    assert page.locator("#serving").count() == 0  # Ana's own pawns are still to bring home
    shot(page, f"tock-teams-{players}-{teams}-{lang}")


def test_the_lobby_offers_the_teams_in_words(browser: Any, server: str, page_errors: list[str]) -> None:
    for locale, words in (
            ("en-GB", ["no teams", "partners facing each other (teams of two)",
                       "two teams: even against odd seats (2 v 2, 3 v 3, 4 v 4)"]),
            ("fr-FR", ["sans équipes", "partenaires face à face (équipes de deux)",
                       "deux équipes\u00a0: places paires contre impaires (2 contre 2, 3 contre 3, 4 contre 4)"])):
        context = browser.new_context(locale=locale, viewport={"width": 1000, "height": 900})
        page = watch(context.new_page(), page_errors)
        page.goto(server + "/")
        page.select_option("#game", "tock")
        page.click("details summary")
        assert page.locator("[data-flag='teams'] option").all_inner_texts() == words
        page.select_option("[data-flag='teams']", "pairs")  # the value sent stays the identifier
        assert page.input_value("[data-flag='teams']") == "pairs"
        context.close()


def played_to_a_turn_for_a_teammate(seed: int, to_the_end: bool = False,
                                     ) -> tuple[list[tuple[int, int, str]], State[Any, Any]]:
    """The moves of the deal ``seed`` (heuristic play) up to the first turn a seat plays for a teammate (or, with
    ``to_the_end``, to the game's end): each as (seat, version, action), and the state then."""
    game = load_game("tock", players=4, teams="pairs")
    state = game.new_state(seed)
    bot, rng = make_bot("heuristic", game), random.Random(seed)
    moves = []
    while not state.is_terminal and (to_the_end or not state.view(state.current_player).get("serving")):
        seat, at = state.current_player, state.version
        action = bot.choose(state.view(seat), state.legal_actions(), rng)
        moves.append((seat, at, str(action)))
        state.apply(action)
    assert to_the_end or not state.is_terminal, "the game ended before anyone played for a teammate"
    return moves, state


def seated_for_a_teammate(browser: Any, server: str, page_errors: list[str], monkeypatch: pytest.MonkeyPatch,
                          seed: int, lang: str, viewport: dict[str, int] | None = None, to_the_end: bool = False,
                          ) -> tuple[Any, Any, str, str, State[Any, Any]]:
    """A table of four people (NAMES) dealt ``seed``, played over the API up to the first turn a seat plays for a
    teammate, and that seat's page opened in ``lang`` (at ``viewport``'s size): the context, the page, the table,
    its token, the state. With ``to_the_end``, the game is played to its end and Ana's page opened."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed)  # the table is dealt the deal played here
    moves, state = played_to_a_turn_for_a_teammate(seed, to_the_end)
    context = browser.new_context(viewport=viewport or {"width": 1000, "height": 1200})
    made = context.request.post(server + "/api/tables", data={"game": "tock", "rules": RULES, "seats": ["human"] * 4})
    assert made.ok, made.text()
    tid = str(made.json()["id"])
    tokens = [context.request.post(f"{server}/api/tables/{tid}/join", data={"name": name, "seat": seat}).json()["token"]
              for seat, name in enumerate(NAMES)]
    for seat, at, action in moves:
        played = context.request.post(f"{server}/api/tables/{tid}/actions",
                                      data={"token": tokens[seat], "version": at, "action": action})
        assert played.ok, (action, played.text())
    token = tokens[0 if to_the_end else state.current_player]
    context.add_init_script(f"localStorage.setItem('parlour:lang', '{lang}');"
                            f"localStorage.setItem('parlour:token:{tid}', '{token}');")
    page = watch(context.new_page(), page_errors)
    page.goto(f"{server}/?table={tid}")
    if to_the_end:
        page.wait_for_selector("#table[data-status='finished']")
        return context, page, tid, token, state
    page.wait_for_selector("#turn.mine")
    mate = state.view(state.current_player)["serving"][0]
    said = "Vous jouez pour" if lang == "fr" else "You play for"
    assert page.inner_text("#serving") == f"{said} {NAMES[mate]}"
    return context, page, tid, token, state


def click_card(page: Any, rank: str) -> None:
    """Select a hand card of ``rank``."""
    hand = page.locator("#hand svg").evaluate_all("e => e.map(x => x.dataset.card)")
    page.click(f"#hand svg[data-card='{next(c for c in hand if c[:-1].lower() == rank.lower())}']")


def played(page: Any, server: str, tid: str, token: str, seat: int, action: str, before: int) -> None:
    """Wait for the page to show the next state, then check that ``action`` was played for ``seat``."""
    page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {before}")
    shown = page.request.get(f"{server}/api/tables/{tid}?token={token}").json()
    assert shown["view"]["log"][-1] == [seat, action]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_seat_whose_pawns_are_home_plays_a_card_for_its_partner_by_touch(
        browser: Any, server: str, page_errors: list[str], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    context, page, tid, token, state = seated_for_a_teammate(browser, server, page_errors, monkeypatch, SEED, lang)
    seat = state.current_player
    mate = state.view(seat)["serving"][0]
    legal = [str(a) for a in state.legal_actions()]
    action = next(a for a in legal if a.startswith("for ") and a.split(": ")[1].split()[0] not in ("7", "J", "5")
                  and not a.endswith("enter"))
    card, pawn = action.split(": ")[1].split()
    click_card(page, card)
    partner_pawn = f"{'abcd'[mate]}{pawn[1:]}"
    assert page.locator(f".board .pawn.movable[data-pawn='{partner_pawn}']").count() == 1  # outlined: it can move
    page.click(f".board .pawn[data-pawn='{partner_pawn}']")
    assert page.locator(f"#moves .move[data-action='{action}']").count() == 1  # the moves narrowed to its pawn
    before = version(page)
    page.click(f".board .target[data-action='{action}']")
    played(page, server, tid, token, seat, action, before)
    story = page.inner_text("#log")
    assert f"({'pour' if lang == 'fr' else 'for'} {NAMES[mate]})" in story, story
    shot(page, f"tock-for-teammate-{lang}")
    context.close()


SPLIT_SEED = 6
"""A deal whose first turn for a teammate can split a 7 among the teammate's pawns."""


def test_a_seven_played_for_the_partner_is_split_among_the_partners_pawns(
        browser: Any, server: str, page_errors: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    context, page, tid, token, state = seated_for_a_teammate(browser, server, page_errors, monkeypatch, SPLIT_SEED,
                                                             "en")
    seat = state.current_player
    mate = state.view(seat)["serving"][0]
    action = next(str(a) for a in state.legal_actions() if ": 7 " in str(a) and str(a).count("+") == 2)
    parts = action.split(": 7 ")[1].split()
    click_card(page, "7")
    for i, part in enumerate(parts):
        page.click(f".board .pawn[data-pawn='{'abcd'[mate]}{part[1]}']")
        page.click(f".board .target[data-part='{part}']")
        if i < len(parts) - 1:
            page.wait_for_selector("#seven-undo")
    assert page.get_attribute("#seven-play", "data-action") == action
    before = version(page)
    page.click("#seven-play")
    played(page, server, tid, token, seat, action, before)
    context.close()


def test_a_turn_for_the_partner_fits_a_phone(browser: Any, server: str, page_errors: list[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    context, page, _tid, _token, state = seated_for_a_teammate(browser, server, page_errors, monkeypatch, SEED, "fr",
                                                               PHONE)
    click_card(page, next(str(a) for a in state.legal_actions()).split(": ")[1].split()[0])
    check_screen(page, "tock-teams-phone")
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_finished_team_game_names_the_winning_team(browser: Any, server: str, page_errors: list[str],
                                                     monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    context, page, _tid, _token, state = seated_for_a_teammate(browser, server, page_errors, monkeypatch, SEED, lang,
                                                               to_the_end=True)
    team = next(team for team in state.view(0)["teams"] if state.view(0)["winner"] in team)
    number = state.view(0)["teams"].index(team) + 1
    players = ", ".join(NAMES[seat] for seat in team)
    said = (f"L'équipe {number} gagne\u00a0: {players}\u00a0!" if lang == "fr"
            else f"Team {number} wins: {players}!")
    assert page.inner_text("#turn").startswith(said)
    story = page.inner_text("#log")
    assert (f"{players} gagnent" if lang == "fr" else f"{players} win") in story, story
    page.click("#replay")  # the replay shows the teams too, from its first step to the end
    page.wait_for_selector("#replay[data-step='0']")
    assert page.locator(".board .pawn[data-team='1']").count() == 8
    page.click("#last")
    page.wait_for_function("Number(document.querySelector('#replay').dataset.step) > 2")
    assert page.locator(".board .team-lane").count() == 4
    context.close()
