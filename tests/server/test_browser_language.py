"""The page in the browser's language: French when Accept-Language asks for it, a switch that is remembered."""

from __future__ import annotations

from typing import Any

from tests.server.test_browser import browser, page_errors, server, shot, watch

__all__ = ["browser", "page_errors", "server"]  # the fixtures this module uses from the browser suite


def test_the_page_follows_accept_language_and_the_switch_is_remembered(browser: Any, server: str,
                                                                      page_errors: list[str]) -> None:
    context = browser.new_context(locale="fr-CA", viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    page.goto(server + "/")
    page.wait_for_selector("#create:has-text('Créer la table')")
    assert page.get_attribute("html", "lang") == "fr" and page.input_value("#language") == "fr"
    assert "Nouvelle table" in page.inner_text("main")
    page.select_option("#game", "tonk")
    page.click("details summary")
    assert page.inner_text(".flag:has([data-flag='hands']) .flag-help") == "manches dans la partie"
    page.fill("[data-flag='hands']", "3")  # a deal-time win ends no match: the table is played
    page.select_option("select.seat[data-seat='1']", "random")
    page.fill("#my-name", "Ana")
    page.click("#create")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#table[data-status='playing']")
    assert "Vos coups" in page.inner_text("#table") and "Pioche" in page.inner_text(".felt")
    page.select_option("#language", "en")
    page.wait_for_selector("#table:has-text('Your moves')")
    assert page.get_attribute("html", "lang") == "en"
    again = watch(context.new_page(), page_errors)
    again.goto(server + "/")
    again.wait_for_selector("#create:has-text('Create table')")
    assert again.evaluate("localStorage.getItem('parlour:lang')") == "en"
    context.close()


def test_the_rules_pages_fit_a_phone(browser: Any, server: str, page_errors: list[str]) -> None:
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = watch(context.new_page(), page_errors)
    for path in ("/rules", "/rules/tonk?rules=classic", "/rules/tock", "/rules/plonk?lang=en"):
        page.goto(server + path)
        page.wait_for_selector("main.rules h1")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} is {overflow} px too wide at 390 px"
    shot(page, "rules-phone")
    context.close()


def test_french_elides_before_a_name_that_starts_with_a_vowel(browser: Any, server: str,
                                                              page_errors: list[str]) -> None:
    context = browser.new_context(locale="fr-FR", viewport={"width": 1000, "height": 900})
    page = watch(context.new_page(), page_errors)
    made = page.request.post(server + "/api/tables", data={"game": "tonk", "seats": ["human", "human"],
                                                           "rules": {"hands": 3}})
    tid = made.json()["id"]
    for name in ("Ana", "Eli"):  # both elide: a first hand decided at the deal may give the turn to either
        assert page.request.post(f"{server}/api/tables/{tid}/join", data={"name": name}).ok
    page.goto(f"{server}/?table={tid}&watch=1")
    page.wait_for_selector("#turn:has-text('Au tour')")
    assert page.inner_text("#turn") in ("Au tour d'Ana.", "Au tour d'Eli.")
    context.close()
