"""``explain``: a bot's move, the other moves it weighed with their value, playouts and share ahead, and why,
in the game's words in English and in French."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.base import Explanation, Weighed, explain
from parlour.bots.reasons import percent, reason, signed
from parlour.core.game import Game, State
from parlour.core.parts import words_of


def choice_position(game: Game[Any], least: int = 3) -> State[Any, Any]:
    """A position of ``game`` where the seat to play has at least ``least`` legal actions."""
    for seed in range(100):
        state = game.new_state(seed)
        while not state.is_terminal:
            if len(state.legal_actions()) >= least:
                return state
            state.apply(state.legal_actions()[-1])
    raise AssertionError("no position with a choice")


@pytest.mark.parametrize("spec", ["tonk:classic?players=2", "plonk"])
def test_a_search_bot_explains_its_move_with_the_moves_it_weighed(spec: str) -> None:
    game = load_game(spec)
    state = choice_position(game)
    view, legal = state.view(state.current_player), state.legal_actions()
    bot = make_bot("strong:iters=300", game)
    said = explain(bot, game, view, legal, random.Random(1))
    assert isinstance(said, Explanation) and said.bot == bot.name and said.iterations > 0
    assert said.move.action == bot.choose(view, legal, random.Random(1))
    words = words_of(game)
    assert said.move.words == words.action(str(said.move.action), view, "en")
    assert said.move.visits > 0 and isinstance(said.move.value, float)
    assert said.move.ahead is not None and 0 <= said.move.ahead <= 1
    assert 1 <= len(said.alternatives) <= 5
    assert all(a.action in legal and a.action != said.move.action and a.visits > 0 for a in said.alternatives)
    assert [a.visits for a in said.alternatives] == sorted((a.visits for a in said.alternatives), reverse=True)
    assert said.reason.startswith(f"{said.move.words}: you come out ahead in {percent(said.move.ahead, 'en')} of "
                                  f"{said.move.visits} playouts, {signed(said.move.value, 'en')} a game on average.")
    best = max(said.alternatives, key=lambda a: a.value or 0.0)
    assert f"“{best.words}”" in said.reason


def test_the_reason_is_in_french_with_the_games_french_words() -> None:
    game = load_game("tonk:classic", players=2)
    state = choice_position(game)
    view, legal = state.view(state.current_player), state.legal_actions()
    said = explain(make_bot("strong:iters=300", game), game, view, legal, random.Random(1), "fr")
    assert said.move.words == words_of(game).action(str(said.move.action), view, "fr")
    assert said.reason.startswith(f"{said.move.words}\u00a0: vous finissez gagnant dans ")
    assert "parties simulées" in said.reason and "\u00a0%" in said.reason and "playouts" not in said.reason


def test_the_reason_says_when_the_search_keeps_a_move_another_scored_better_by_chance() -> None:
    move = Weighed("draw stock", "Draw from the stock", 400, 0.10, 0.55)
    rival = Weighed("drop", "Drop with 24 (your hand's total)", 400, 0.14, 0.38)
    assert reason(move, [rival], 800, 3, "en") == (
        "Draw from the stock: you come out ahead in 55% of 400 playouts, +0.10 a game on average. “Drop with 24 "
        "(your hand's total)” scored a little better (38% ahead, +0.14 on average), but by less than chance allows "
        "over these playouts, so the search keeps this move.")
    worse = Weighed("drop", "Drop with 24 (your hand's total)", 400, -0.40, 0.38)
    assert reason(move, [worse], 800, 3, "en").endswith(
        "The next best, “Drop with 24 (your hand's total)”: ahead in 38%, -0.40 on average.")
    assert signed(-0.4, "fr") == "-0,40" and percent(0.384, "fr") == "38\u00a0%"


def test_a_forced_move_and_a_bot_without_search_explain_without_values() -> None:
    game = load_game("tonk:classic", players=2)
    state = choice_position(game)
    view, legal = state.view(state.current_player), state.legal_actions()
    for lang, sentence in (("en", "This is the move its rules of thumb pick; it weighs no other moves."),
                           ("fr", "C'est le coup que choisissent ses règles empiriques\u00a0; il ne compare aucun "
                                  "autre coup.")):
        said = explain(make_bot("heuristic", game), game, view, legal, random.Random(0), lang)
        assert said.move.action in legal and said.move.value is None and said.move.ahead is None
        assert said.alternatives == () and said.iterations == 0 and said.reason == sentence
        assert said.move.words == words_of(game).action(str(said.move.action), view, lang)
    forced = explain(make_bot("strong:iters=50", game), game, view, legal[:1], random.Random(0))
    assert forced.move.action == legal[0] and forced.iterations == 0
    assert forced.reason == "It is the only legal move." and forced.alternatives == ()
