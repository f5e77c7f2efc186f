"""Tonk's advice: what a move does, from the seat's view alone, in English and French, and the hint's reason
built from it (the hand's total lowered, pairs kept or broken toward a spread, the value in stakes)."""

from __future__ import annotations

from typing import Any

from parlour import load_game
from parlour.bots.ismcts import Choice
from parlour.bots.reasons import explained
from parlour.core.game import State
from parlour.core.parts import advice_of

GAME = load_game("tonk:speno", players=2)
NAMES = ["Ana", "Bob"]


def after_draw(other: list[str], stock: list[str]) -> State[Any, Any]:
    """Ana holds 7♥ 7♠ 3♣ (17) and draws the 4♦ (21); Bob holds ``other``, the stock below is ``stock``."""
    state = GAME.new_state(0, {"hands": [["7h", "7s", "3c"], other], "stock": ["4d", *stock]})
    state.apply("draw stock")
    return state


def test_a_discard_says_the_total_it_lowers_and_the_pair_it_keeps_or_breaks_in_both_languages() -> None:
    view = after_draw(["Kc", "Kh", "Qs"], ["8h"]).view(0)
    advice = advice_of(GAME)
    assert advice.facts(view, "discard 4d", "en", NAMES) == [
        "lowers your hand's total from 21 to 17", "keeps 7♥ 7♠ toward a set"]
    assert advice.facts(view, "discard 4d", "fr", NAMES) == [
        "fait baisser le total de votre main de 21 à 17", "garde 7♥ 7♠ en vue d'un brelan"]
    assert advice.facts(view, "discard 7h", "en", NAMES)[:2] == [
        "lowers your hand's total from 21 to 14", "breaks up 7♥ 7♠ toward a set"]


def test_a_hints_reason_tells_the_facts_of_the_move_and_of_the_next_best_and_the_value_in_stakes() -> None:
    state = after_draw(["Kc", "Kh", "Qs"], ["8h"])
    legal = state.legal_actions()
    keep, split = (next(a for a in legal if str(a) == text) for text in ("discard 4d", "discard 7h"))
    choices = [Choice(keep, 400, 0.45, 0, 0, 0.05), Choice(split, 400, -0.30, 0, 0, 0.05)]
    said = {lang: explained(GAME, state.view(0), keep, choices, len(legal), 800, "strong", lang, NAMES)
            for lang in ("en", "fr")}
    assert said["en"].reason == (
        "Discard the 4 of diamonds: lowers your hand's total from 21 to 17; keeps 7♥ 7♠ toward a set. It is better "
        "than “Discard the 7 of hearts” by about 0.8 stakes a game. “Discard the 7 of hearts” instead: lowers your "
        "hand's total from 21 to 14; breaks up 7♥ 7♠ toward a set.")
    assert "de 21 à 17" in said["fr"].reason and "d'environ 0,8 mise" in said["fr"].reason
    assert "sépare 7♥ 7♠ en vue d'un brelan" in said["fr"].reason
    for explanation in said.values():
        assert "400" in explanation.details and "400" not in explanation.reason  # the playouts are details


def test_the_facts_read_no_hidden_card() -> None:
    one = after_draw(["Kc", "Kh", "Qs"], ["8h"])
    other = after_draw(["2h", "5c", "9d"], ["Ks"])
    assert one.view(0) == other.view(0)
    advice = advice_of(GAME)
    for action in one.legal_actions():
        for lang in ("en", "fr"):
            assert advice.facts(one.view(0), str(action), lang, NAMES) == advice.facts(
                other.view(0), str(action), lang, NAMES)


def test_a_drop_tells_its_chance_and_a_draw_what_the_pile_card_builds() -> None:
    state = GAME.new_state(0, {"hands": [["7h", "7s", "3c"], ["Kc", "Kh", "Qs"]], "stock": ["4d", "8h"],
                               "discard": ["7c"]})
    view, advice = state.view(0), advice_of(GAME)
    drop = advice.facts(view, "drop", "en", NAMES)
    assert drop[0] == "ends the hand on your total of 17" and "times in 10" in drop[1]
    assert advice.facts(view, "draw stock", "en", NAMES) == [
        "leaves the 7 of clubs, which would make a spread with your cards"]
    taken = advice.facts(view, "draw discard", "en", NAMES)
    assert taken[0] == "makes a spread with your cards" and "from 17 to 24" in taken[1]
