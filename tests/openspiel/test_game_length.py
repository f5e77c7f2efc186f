"""``max_game_length``: a true bound, kept by the game (it ends there, a draw), far above real games."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e .[openspiel])")

from parlour.openspiel import PREFIX, register  # noqa: E402
from parlour.openspiel.game import LENGTH_PER_SEAT  # noqa: E402
from parlour.openspiel.state import SEED_BYTES  # noqa: E402

register()


def load(name: str, params: dict[str, object]) -> Any:
    return pyspiel.load_game(PREFIX + name, params)


def random_words(state: Any, rng: random.Random, limit: int | None = None) -> int:
    """Random legal words until the game ends (or ``limit`` words): how many were played."""
    played = 0
    while not state.is_terminal() and (limit is None or played < limit):
        state.apply_action(rng.choice(state.legal_actions()))
        played += 1
    return played


@pytest.mark.parametrize(("name", "params", "games"), [
    ("tonk", {"preset": "classic?hands=3", "players": 4}, 30),
    ("plonk", {}, 3),
    ("tock", {"players": 2}, 6),
    ("tock", {"players": 8}, 2),
])
def test_random_games_end_by_the_rules_well_within_max_game_length(name: str, params: dict[str, object],
                                                                    games: int) -> None:
    game = load(name, params)
    assert game.max_game_length() == LENGTH_PER_SEAT * game.num_players()
    rng = random.Random(4)
    for _ in range(games):
        state = game.deal(rng.getrandbits(64))
        played = random_words(state, rng)
        assert state.state.is_terminal  # ended by the rules, not stopped
        assert played == len(state.history()) - SEED_BYTES <= game.max_game_length() // 4


@pytest.mark.parametrize(("name", "params", "limit"), [
    ("tock", {"players": 4}, 60), ("tock", {"preset": "?teams=pairs", "players": 4}, 60),
    ("tonk", {"preset": "classic?hands=30", "players": 3}, 25), ("plonk", {}, 60),
])
def test_a_game_that_reaches_max_game_length_ends_there_a_draw(name: str, params: dict[str, object],
                                                               limit: int) -> None:
    """Stopped after exactly ``max_game_length`` words: terminal, nobody to play, each seat's return so far
    (a Tonk match's balances) plus an equal share of what the constant sum lacks, within the declared utility."""
    game = load(name, {**params, "max_game_length": limit})
    assert game.max_game_length() == limit
    rng = random.Random(2)
    balances = 0
    for _ in range(3):
        state = game.deal(rng.getrandbits(64))
        played = random_words(state, rng)
        assert played == limit and not state.state.is_terminal
        assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == [] and f"stopped at max_game_length {limit}" in str(state)
        balances += any(state.state.returns())
        so_far = [float(r) for r in state.state.returns()]
        share = (game.utility_sum() - sum(so_far)) / game.num_players()
        assert state.returns() == pytest.approx([r + share for r in so_far])
        assert sum(state.returns()) == pytest.approx(game.utility_sum())
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    assert balances or name != "tonk"


def test_the_limit_survives_clones_pickles_and_the_game_string() -> None:
    game = load("tock", {"players": 4, "max_game_length": 50})
    rng = random.Random(0)
    state = game.deal(9)
    random_words(state, rng, 40)
    for copy in (state.clone(), pickle.loads(pickle.dumps(state)),
                 pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
        assert random_words(copy, rng) == 10 and copy.is_terminal()
    assert pyspiel.load_game(str(game)).max_game_length() == 50


def test_openspiel_random_simulation_test_passes_with_a_short_limit() -> None:
    pyspiel.random_sim_test(load("tock", {"players": 2, "max_game_length": 80}), num_sims=3, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("bad", [-1, 2.5])
def test_a_limit_that_is_no_whole_number_is_refused(bad: object) -> None:
    with pytest.raises(Exception, match="max_game_length"):
        load("plonk", {"max_game_length": bad})
