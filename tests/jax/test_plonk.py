"""Plonk's JAX environment: pgx's own API checks, and equal to the Python engine move for move.

The equivalence test plays 200 random matches from Python deals through both engines with the code of
``benchmarks/jax_equivalence.py`` (which plays 10,000 a spec), comparing at every word the mask, the player to move,
the observation row, the rewards and the end.
"""

from __future__ import annotations

from typing import Any

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("pgx")

import numpy as np  # noqa: E402

import parlour.jax  # noqa: E402
from benchmarks import jax_api, jax_equivalence  # noqa: E402
from parlour.core.encoding import WordChooser  # noqa: E402
from parlour.core.errors import ParlourError  # noqa: E402
from parlour.core.parts import encoding_of  # noqa: E402
from parlour.core.registry import load_game  # noqa: E402
from parlour.jax.plonk import from_state  # noqa: E402

GAMES = 200


@pytest.fixture(scope="module")
def env() -> Any:
    return parlour.jax.make("plonk")


def test_make_refuses_other_games() -> None:
    with pytest.raises(ParlourError, match=r"'nosuchgame'.*offered: plonk"):
        parlour.jax.make("nosuchgame")


def test_pgx_api(env: Any) -> None:
    """pgx's api_test, its ids widened to Plonk's and its random player drawing along the last axis
    (``benchmarks/jax_api.py``, which runs it on every preset)."""
    jax_api.api_test(env, num=1)


def test_from_state_mid_trick_shows_what_the_encoder_shows() -> None:
    """``from_state`` at decisions inside tricks and later tricks: the Python encoder's row and the legal words."""
    game = load_game("plonk")
    encoding = encoding_of(game)
    words = WordChooser(encoding.vocabulary)
    expected = np.zeros(encoding.layout.size + len(encoding.vocabulary), np.float32)  # no word chosen: zeros
    for seed in range(12):
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(5 * seed + 1):
            state.apply(state.legal_actions()[rng.integers(len(state.legal_actions()))])
        jax_state = from_state(state)
        encoding.encode(state, state.current_player, expected)
        words.begin(state.legal_actions())
        assert np.array_equal(np.asarray(jax_state.observation), expected), seed
        assert np.array_equal(np.asarray(jax_state.legal_action_mask), np.array(words.mask(), np.bool_)), seed
        assert int(jax_state.current_player) == state.current_player


def test_equal_to_the_python_engine() -> None:
    """200 random matches through both engines, compared at every word by the equivalence benchmark's code."""
    played = jax_equivalence.play("plonk", GAMES)
    assert played.difference is None, played.difference
    assert played.words > 200 * GAMES and played.seen["new deals"] > GAMES, played
