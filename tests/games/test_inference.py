"""Every registered game's inference from play (its ``inference`` part), checked alike: a deal nobody has played
from weighs every determinization the same, a weight reads only the view and the hands it is given, the true hands
weigh more than uniform deals, and the strong bot with inference plays a legal move.

A game gets these checks by registering an ``inference`` part; its model's own findings (what a move says of a
hand) stay in its folder (``tests/games/NAME/test_inference.py``).
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.inference import PART, inference_of
from parlour.core.game import Game, State, View
from parlour.core.parts import Likelihood, parts_of
from parlour.core.registry import game_classes
from tests.inference import true_over_uniform

GAMES = [name for name in sorted(game_classes()) if PART in parts_of(load_game(name))]
"""The registered games with an inference part."""


def table(name: str) -> Game[Any]:
    """Game ``name`` at four players where it may be (where hands are hidden from three others), else its most."""
    found = game_classes()[name]
    return load_game(name, players=min(max(4, found.spec.min_players), found.spec.max_players))


def likelihood(game: Game[Any], view: View) -> Likelihood:
    return inference_of(game)(view)


def heuristic_games(game: Game[Any], count: int) -> list[State[Any, Any]]:
    """``count`` positions of games of heuristic players, each some turns of every seat in and still live."""
    bot = make_bot("heuristic", game)
    found = []
    for seed in range(10 * count):
        rng = random.Random(seed)
        state = game.new_state(seed)
        for _ in range(game.num_players * (2 + seed % 4) + seed % game.num_players):
            if state.is_terminal:
                break
            state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
        if not state.is_terminal:
            found.append(state)
        if len(found) == count:
            return found
    raise AssertionError(f"fewer than {count} heuristic games of {game.name_with_rules()} are live after some turns")


def test_the_games_with_inference_are_checked() -> None:
    assert {"plonk", "tock", "tonk"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_before_anyone_plays_every_deal_weighs_the_same(name: str) -> None:
    game = table(name)
    for seed in range(3):
        state = game.new_state(seed)
        if state.is_terminal:
            continue
        view = state.view(state.current_player)
        sample = game.determinizer(view)
        weights = {likelihood(game, view)(g) for g in [state, *(sample(random.Random(k)) for k in range(5))]}
        assert weights == {1.0}, f"seed {seed}"


@pytest.mark.parametrize("name", GAMES)
def test_the_weight_reads_only_the_view_and_the_hands_it_is_given(name: str) -> None:
    """Two true states alike to the seat to play (the hidden cards dealt again) weigh every determinization alike."""
    game = table(name)
    varied = 0
    for one in heuristic_games(game, 3):
        seat = one.current_player
        other = game.determinize(one.view(seat), random.Random(9))
        assert one.view(seat) == other.view(seat)
        sample = game.determinizer(one.view(seat))
        guesses = [sample(random.Random(seed)) for seed in range(10)]
        weights = [likelihood(game, one.view(seat))(g) for g in guesses]
        assert weights == [likelihood(game, other.view(seat))(g) for g in guesses]
        varied += len(set(weights)) > 1
    assert varied  # the model tells some of the deals apart


@pytest.mark.parametrize("name", GAMES)
def test_the_true_hands_weigh_more_than_uniform_ones(name: str) -> None:
    """In heuristic games the true hands are likelier, by the model, than the average uniform deal."""
    game = table(name)
    ratios = true_over_uniform(game, likelihood, heuristic_games(game, 9))
    assert statistics.mean(math.log(r) for r in ratios) > 0


@pytest.mark.parametrize("name", GAMES)
def test_strong_with_inference_plays_a_legal_move(name: str) -> None:
    game = table(name)
    state = heuristic_games(game, 1)[0]
    view, legal = state.view(state.current_player), state.legal_actions()
    assert make_bot("strong:iters=30,infer=4", game).choose(view, legal, random.Random(0)) in legal
