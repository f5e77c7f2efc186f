"""Tonk's JAX environment: pgx's own API checks, and equal to the Python engine word for word.

The equivalence test plays random matches from Python deals through both engines with the code of
``benchmarks/jax_equivalence.py`` (``TonkHooks``: which plays 10,000 a preset), comparing at every word the mask,
the player to move, the observation row, the rewards (each step's change of the engine's returns) and the end.
"""

from __future__ import annotations

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("pgx")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import parlour.jax  # noqa: E402
from benchmarks import jax_api, jax_equivalence  # noqa: E402
from parlour.core.encoding import WordChooser, encode_into  # noqa: E402
from parlour.core.errors import ParlourError  # noqa: E402
from parlour.core.parts import encoding_of  # noqa: E402
from parlour.core.registry import load_game  # noqa: E402
from parlour.games.tonk.rules import TonkRules  # noqa: E402
from parlour.jax.batch import Stepper  # noqa: E402
from parlour.jax.tonk import Tonk, from_state  # noqa: E402

NAME = TonkRules.game_name


def test_make_reads_the_python_specs() -> None:
    env = parlour.jax.make(f"{NAME}:classic?players=3")
    assert isinstance(env, Tonk)
    assert env.num_players == 3 and env.rules.hit_sets and env.rules.caught == "classic"
    assert parlour.jax.make(f"{NAME}?hands=3").rules.hands == 3


def test_make_offers_jokers_and_quotes_a_refused_spec() -> None:
    env = parlour.jax.make(f"{NAME}:classic?jokers=2&joker_points=15")
    assert isinstance(env, Tonk)
    assert env.deck == 54 and env.slots == 18 and int(env.card_value[53]) == 15
    with pytest.raises(ParlourError, match=r"'tonk\?jokers=1'.*jokers"):
        parlour.jax.make(f"{NAME}?jokers=1")


def test_pgx_api() -> None:
    """pgx's api_test as ``benchmarks/jax_api.py`` runs it on every preset: here the default rules."""
    jax_api.api_test(parlour.jax.make(NAME), num=1)


def test_a_first_deal_that_ends_at_once_does_not_stand_and_init_deals_again() -> None:
    """``first_deal`` says whether a deal stands (a dealt TONK ends speno's one-hand match at once: about one deal
    in fifty at two players); ``init`` is the first deal that stands, and ``Stepper`` deals a finished match again
    until its deal stands, as ``init`` does, without dealing again in the matches whose deal stood."""
    env = parlour.jax.make(NAME)
    keys = jax.random.split(jax.random.PRNGKey(5), 400)
    dealt, stands = jax.jit(jax.vmap(env.first_deal))(keys)
    values, stands = np.asarray(dealt._values), np.asarray(stands)
    ends = ((values <= 15) | (values >= 49)).any(axis=1)
    assert ends.any() and (stands == ~ends).all()
    inits = jax.jit(jax.vmap(env.init))(keys)
    first = jax.vmap(lambda key: jax.random.split(key)[1])(keys)  # the key of init's first deal
    once, stood = jax.jit(jax.vmap(env.first_deal))(first)
    kept = np.asarray(stood)
    assert kept.any() and np.array_equal(np.asarray(inits._hands)[kept], np.asarray(once._hands)[kept])
    assert not np.array_equal(np.asarray(inits._hands)[~kept], np.asarray(once._hands)[~kept])  # dealt again
    started = np.asarray(inits._values)
    assert not ((started <= 15) | (started >= 49)).any() and not np.asarray(inits.terminated).any()
    stepper = Stepper(env, 64, most=8, autoreset=True)
    state = stepper.init(jax.random.PRNGKey(6))
    drop = env.w.drop
    for n in range(3):  # every match drops: each ends and comes back dealt anew
        state = stepper.step(state, jnp.full(64, drop), jax.random.PRNGKey(10 + n))
        assert np.asarray(state.terminated).all()
        fresh = np.asarray(state._values)
        assert not ((fresh <= 15) | (fresh >= 49)).any() and (np.asarray(state._balances) == 0).all()
        assert (np.asarray(state._step_count) == 0).all() and np.asarray(state.legal_action_mask)[:, drop].all()


@pytest.mark.parametrize(("spec", "games"), [(NAME, 80), (jax_equivalence.TONK_MOST_FLAGS, 20),
                                              (jax_equivalence.TONK_JOKERS, 30)])
def test_equal_to_the_python_engine(spec: str, games: int) -> None:
    """130 random matches through both engines (CI's time: Plonk's test plays the 200), compared at every word by
    the equivalence benchmark's code: the default rules at two players, four players in a match of three hands
    with most flags that change play, and three players with jokers and other flags, whose jokers are laid in
    spreads and hits, drawn and discarded (the benchmark plays every preset at 2 and 4 players and jokers, 10,000
    matches each, outside CI for its time)."""
    played = jax_equivalence.play(spec, games)
    assert played.difference is None, played.difference
    assert played.words > 20 * games and played.seen["hands ended"] >= games, played
    assert played.seen["jokers laid"] >= (games if "jokers" in spec else 0), played


def test_from_state_inside_a_hand_shows_what_the_encoder_shows() -> None:
    """``from_state`` at decisions later in a hand: the Python encoder's row and the legal words."""
    game = load_game(NAME)
    encoding = encoding_of(game)
    words = WordChooser(encoding.vocabulary)
    expected = np.zeros(encoding.layout.size + len(encoding.vocabulary), np.float32)
    checked = 0
    for seed in range(12):
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(2 * seed + 1):
            if state.is_terminal:
                break
            kept = [a for a in state.legal_actions() if str(a) != "drop"]
            state.apply(kept[rng.integers(len(kept))])
        if state.is_terminal:
            continue
        jax_state = from_state(state)
        words.begin(state.legal_actions())
        expected[:] = 0.0
        encode_into(encoding, state, state.current_player, words, expected)
        assert np.array_equal(np.asarray(jax_state.observation), expected), seed
        assert np.array_equal(np.asarray(jax_state.legal_action_mask), np.array(words.mask(), np.bool_)), seed
        assert int(jax_state.current_player) == state.current_player
        checked += 1
    assert checked >= 6


HANDS = [["5c", "9c", "Kd", "2s", "6s"], ["3d", "4d", "8h", "Qs", "7c"]]


@pytest.mark.parametrize("position", [
    {"hands": [["Jk", "Jk", "5c", "9c", "Kd"], HANDS[1]], "discard": ["3c"], "to_play": 0},
    {"hands": HANDS, "discard": ["Jk", "3c", "Jk"], "to_play": 1},
    {"hands": HANDS, "discard": ["3c"], "to_play": 1,
     "spreads": [{"owner": 0, "cards": ["5h", "Jk=5h", "Jk=5h"]}, {"owner": 1, "cards": ["7s", "8s", "9s"]}]},
], ids=["two jokers held", "two jokers on the pile, one on top", "two jokers naming one card"])
def test_from_state_shows_jokers_as_the_encoder_counts_them(position: dict[str, object]) -> None:
    """Hand-built positions with jokers: the joker slots count them (a hand's, the pile's, the top card's; a
    spread's jokers and the card both stand for, twice), as the Python encoder's row does, and the legal words."""
    game = load_game(f"{NAME}:classic?jokers=2")
    encoding = encoding_of(game)
    state = game.new_state(0, position)
    words = WordChooser(encoding.vocabulary)
    words.begin(state.legal_actions())
    expected = np.zeros(encoding.layout.size + len(encoding.vocabulary), np.float32)
    encode_into(encoding, state, state.current_player, words, expected)
    assert expected.max() == 2.0  # the fixture counts some slot twice
    jax_state = from_state(state)
    assert np.array_equal(np.asarray(jax_state.observation), expected)
    assert np.array_equal(np.asarray(jax_state.legal_action_mask), np.array(words.mask(), np.bool_))
