"""``explain``: a bot's advice, the other moves it weighed with their value (and its standard error), share ahead
(with its interval) and playouts, and why, in the game's words in English and in French: what the move does (the
game's advice), how much better it is in the game's unit, the numbers apart as details; the move advised is the
best valued of those shown, and a share ahead is told only with its interval, from games played to the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.base import Explanation, Weighed, explain
from parlour.bots.ismcts import Choice, ISMCTSBot
from parlour.bots.reasons import (
    SHARE_GAMES,
    details,
    estimate,
    explained,
    percent,
    reason,
    share_range,
    signed,
    wilson,
)
from parlour.core.advice import stakes, wins
from parlour.core.game import Game, State
from parlour.core.parts import advice_of, words_of


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
    assert said.move.action in legal
    words = words_of(game)
    assert said.move.words == words.action(str(said.move.action), view, "en")
    assert said.move.visits > 0 and isinstance(said.move.value, float) and said.move.error is not None
    assert 1 <= len(said.alternatives) <= 5
    assert all(a.action in legal and a.action != said.move.action and a.visits > 0 for a in said.alternatives)
    values = [said.move.value, *(a.value for a in said.alternatives)]
    assert values == sorted(values, reverse=True)  # the advice is the best valued, the others follow
    for move in (said.move, *said.alternatives):
        assert (move.ahead is None) == (move.ahead_low is None) == (move.ahead_high is None)
        assert move.ahead is None or move.ahead_low <= move.ahead <= move.ahead_high  # type: ignore[operator]
    assert said.reason.startswith(f"{said.move.words}: {'; '.join(said.move.facts)}.") and said.move.facts
    assert f"“{said.alternatives[0].words}”" in said.reason
    assert "playouts" not in said.reason and estimate(said.move, "en") not in said.reason  # numbers are details
    assert said.details.startswith(f"{said.move.words}: {estimate(said.move, 'en')} a game on average, over "
                                   f"{said.move.visits} playouts.")


def test_the_reason_is_in_french_with_the_games_french_words() -> None:
    game = load_game("tonk:classic", players=2)
    state = choice_position(game)
    view, legal = state.view(state.current_player), state.legal_actions()
    said = explain(make_bot("strong:iters=300", game), game, view, legal, random.Random(1), "fr")
    assert said.move.words == words_of(game).action(str(said.move.action), view, "fr")
    assert said.reason.startswith(f"{said.move.words}\u00a0: ") and said.move.facts
    assert said.details.startswith(f"{said.move.words}\u00a0: {estimate(said.move, 'fr')} par partie en moyenne")
    assert "," in estimate(said.move, "fr") and "playouts" not in said.reason
    assert said.move.ahead is not None and f"{share_range(said.move, 'fr')} des parties" in said.reason
    assert "\u00a0% à " in said.reason


def test_the_reason_says_what_the_move_does_and_how_much_better_it_is_with_a_share_only_with_its_interval() -> None:
    move = Weighed("draw stock", "Draw from the stock", 400, 0.10, 0.55, 0.04, 0.50, 0.60,
                   facts=("leaves the 9 of clubs, which builds nothing with your hand",))
    rival = Weighed("drop", "Drop with 24 (your hand's total)", 400, -0.40, None, 0.05,
                    facts=("ends the hand on your total of 24",))
    assert reason(move, [rival], 800, 3, "en", stakes) == (
        "Draw from the stock: leaves the 9 of clubs, which builds nothing with your hand. You come out ahead in 50% "
        "to 60% of the games played out to the end. It is better than “Drop with 24 (your hand's total)” by about "
        "0.5 stakes a game. “Drop with 24 (your hand's total)” instead: ends the hand on your total of 24.")
    assert details(move, [rival], "en") == (
        "Draw from the stock: +0.10 ± 0.04 a game on average, over 400 playouts. Drop with 24 (your hand's total): "
        "-0.40 ± 0.05 a game on average, over 400 playouts.")
    unsure = Weighed("draw stock", "Draw from the stock", 1, 0.10)
    assert reason(unsure, [], 1, 3, "en") == "Draw from the stock: the move the search values most."
    even = Weighed("drop", "Drop with 24 (your hand's total)", 400, 0.098, None, 0.05)
    assert reason(unsure, [even], 1, 3, "en", wins).endswith("It is about as good as “Drop with 24 (your hand's "
                                                              "total)”.")
    assert signed(-0.4, "fr") == "-0,40" and percent(0.384, "fr") == "38\u00a0%"
    assert estimate(move, "fr") == "+0,10 ± 0,04"


def test_values_are_told_in_the_games_unit_rounded_as_people_say_them() -> None:
    assert stakes(1.234, "en") == "about 1.2 stakes a game" and stakes(1.0, "en") == "about 1 stake a game"
    assert stakes(12.6, "fr") == "environ 13 mises par partie" and stakes(0.004, "en") is None
    assert wins(0.083, "en") == "about 8 more games won in 100" and wins(0.004, "en") is None
    assert wins(0.2, "fr") == "environ 20 parties gagnées de plus sur 100"
    assert advice_of(load_game("tonk:classic", players=2)).worth(0.5, "en") == "about 0.5 stakes a game"
    assert advice_of(load_game("tock")).worth(0.05, "en") == "about 5 more games won in 100"
    assert advice_of(load_game("plonk")).worth(0.1, "en") == "about 5 more games won in 100"  # returns are ±1


def test_a_share_ahead_is_an_interval_never_a_bare_100_percent() -> None:
    low, high = wilson(SHARE_GAMES, SHARE_GAMES)
    assert 0.85 < low < 0.9 and high == 1.0
    assert wilson(0, 50)[0] == 0.0 and 0 < wilson(0, 50)[1] < 0.1
    low, high = wilson(500, 1000)
    assert 0.46 < low < 0.5 < high < 0.54
    sure = weighed_share(SHARE_GAMES, SHARE_GAMES)
    assert sure.ahead == 1.0 and share_range(sure, "en") == "88% to 100%"
    assert weighed_share(SHARE_GAMES - 1, SHARE_GAMES - 1).ahead is None  # too few games played to the end
    many = weighed_share(2000, 2000)
    assert share_range(many, "en") == "99% to 100%"  # rounded outwards: never "100% to 100%"


def weighed_share(ahead: int, ended: int) -> Weighed:
    """The advice of a search whose one move had ``ended`` playouts reach the end, ``ahead`` of them ahead."""
    game = load_game("tonk:classic", players=2)
    state = choice_position(game)
    legal = state.legal_actions()
    choice = Choice(legal[0], max(ended, 2), 0.5, ahead, ended, 0.01)
    return explained(game, state.view(state.current_player), legal[0], [choice], len(legal), 100, "b", "en").move


def test_the_advice_is_the_best_valued_move_not_the_most_searched() -> None:
    game = load_game("tonk:classic", players=2)
    state = choice_position(game)
    legal = state.legal_actions()
    searched, better, worse = (Choice(legal[0], 600, 0.10, 0, 0, 0.02), Choice(legal[1], 300, 0.25, 0, 0, 0.03),
                               Choice(legal[2], 200, -0.30, 0, 0, 0.04))
    said = explained(game, state.view(state.current_player), legal[0], [searched, worse, better], len(legal), 1100,
                     "bot", "en")
    assert said.move.action == legal[1] and said.move.value == 0.25
    assert [(a.action, a.value) for a in said.alternatives] == [(legal[0], 0.10), (legal[2], -0.30)]


def test_a_search_that_plays_its_policys_move_still_advises_the_best_valued_one() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(0, {"hands": [["8c", "8d"], ["Kc", "Kd", "Qs", "Qh", "Jd"]], "stock": ["8h"]})
    state.apply("draw stock")
    # a policy that always discards its last card, kept while fewer than PAIRED_MIN deals were played out
    bot = ISMCTSBot(game, iters=8, rollout=lambda s, rng: s.legal_actions()[-1], root="paired")
    view, legal = state.view(0), state.legal_actions()
    assert str(bot.choose(view, legal, random.Random(1))) == "discard 8h"
    said = explain(bot, game, view, legal, random.Random(1))
    assert str(said.move.action) == "spread 8c 8d 8h" and said.move.value == 1.0
    assert all(a.value is not None and a.value <= said.move.value for a in said.alternatives)
    assert said.reason.startswith("Spread")


def test_tocks_first_forced_discard_of_four_players_tells_no_share_of_wins() -> None:
    game = load_game("tock", players=4)
    state = game.new_state(3)
    legal = state.legal_actions()
    assert len(legal) > 1 and all(str(a).startswith("discard") for a in legal)  # no card can move a pawn
    said = explain(make_bot("strong:iters=400", game), game, state.view(state.current_player), legal,
                   random.Random(1))
    assert said.iterations > 0 and said.move.value is not None
    for move in (said.move, *said.alternatives):  # playouts stop at depth 16: estimates, never a finished race
        assert move.ahead is None and move.ahead_low is None
    assert "%" not in said.reason and "ahead" not in said.reason


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
