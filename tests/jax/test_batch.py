"""``parlour.jax.batch``: matches stepped together as ``vmap(env.step)`` steps them, chance dealt in bulk."""

from __future__ import annotations

from typing import Any

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("pgx")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import parlour.jax  # noqa: E402
from parlour.jax.batch import Stepper, in_bulk, random_words  # noqa: E402
from parlour.jax.plonk import Plonk, card_flags  # noqa: E402

BATCH = 8
CARDS_A_DEAL = 52


def same(a: Any, b: Any) -> bool:
    """Whether two states hold equal arrays in every field."""
    return all(bool(jnp.array_equal(x, y)) for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b),
                                                           strict=True))


@pytest.fixture(scope="module")
def stepper() -> Stepper:
    return Stepper(parlour.jax.make("plonk"), BATCH, most=3, autoreset=True)


def test_steps_as_pgx_does_and_deals_the_next_deal_in_bulk(stepper: Stepper) -> None:
    env = parlour.jax.make("plonk")
    key = jax.random.PRNGKey(1)
    ours = theirs = stepper.init(key)
    pgx_step = jax.jit(jax.vmap(env.step))
    for n in range(CARDS_A_DEAL - 1):  # no chance before the deal's last card: the two agree field by field
        words = random_words(ours.legal_action_mask, jax.random.fold_in(key, n))
        ours = stepper.step(ours, words, jax.random.fold_in(key, 1000 + n))
        theirs = pgx_step(theirs, words, jax.random.split(jax.random.fold_in(key, 2000 + n), BATCH))
        assert same(ours, theirs), n
    last = random_words(ours.legal_action_mask, key)
    dealt = stepper.step(ours, last, jax.random.PRNGKey(7))  # more matches (8) than one round deals (3)
    hands = np.asarray(card_flags(dealt._hands))
    assert (hands.sum(axis=2) == 13).all() and (hands.sum(axis=1) == 1).all()  # each card in one hand of 13
    assert not np.asarray(jax.vmap(stepper.env.chance_due)(dealt)).any() and (np.asarray(dealt._tricks_done) == 0).all()
    assert (np.asarray(dealt._dealer) == (np.asarray(ours._dealer) + 1) % 4).all()
    assert len({hands[i].tobytes() for i in range(BATCH)}) == BATCH  # each its own deal
    mask = np.asarray(dealt.legal_action_mask)
    assert (mask[:, 1:] == hands[np.arange(BATCH), np.asarray(dealt.current_player)]).all()
    again = pgx_step(theirs, last, jax.random.split(key, BATCH))
    assert (np.asarray(again._scores) == np.asarray(dealt._scores)).all()


def test_an_illegal_word_ends_the_match_with_pgx_penalty(stepper: Stepper) -> None:
    state = stepper.init(jax.random.PRNGKey(2))
    illegal = jnp.argmin(state.legal_action_mask, axis=1)  # END, never legal
    ours = stepper.step(state, illegal, jax.random.PRNGKey(3))
    players = np.asarray(state.current_player)
    penalty = np.full((BATCH, 4), 3.0)  # pgx's: the offender -1, each other player num_players - 1
    penalty[np.arange(BATCH), players] = -1.0
    assert np.asarray(ours.terminated).all() and (np.asarray(ours.rewards) == penalty).all()
    assert (np.asarray(card_flags(ours._hands)).sum(axis=2) == 13).all()  # each match comes back new (autoreset)


def test_a_finished_match_comes_back_new_with_how_it_ended_then_plays_on() -> None:
    stepper = Stepper(Plonk(target=1), BATCH, most=3, autoreset=True)  # a match of one deal: 52 cards
    state = stepper.init(jax.random.PRNGKey(4))
    for n in range(CARDS_A_DEAL):
        state = stepper.step(state, random_words(state.legal_action_mask, jax.random.PRNGKey(n)),
                             jax.random.PRNGKey(100 + n))
    ended = np.asarray(state.terminated)
    rewards = np.asarray(state.rewards)
    assert ended.sum() >= BATCH - 1  # all but a drawn deal, if any
    assert (np.sort(rewards[ended], axis=1) == [-1, -1, 1, 1]).all() and not rewards[~ended].any()
    hands = np.asarray(card_flags(state._hands))
    assert (hands.sum(axis=2)[ended] == 13).all() and not np.asarray(state._scores)[ended].any()
    assert (np.asarray(state._step_count)[ended] == 0).all() and np.asarray(state.legal_action_mask)[ended].sum() \
        == 13 * ended.sum()
    after = stepper.step(state, random_words(state.legal_action_mask, jax.random.PRNGKey(9)), jax.random.PRNGKey(9))
    assert not np.asarray(after.terminated).any() and (np.asarray(after._step_count)[ended] == 1).all()


def test_in_bulk_until_draws_again_only_the_matches_whose_draw_did_not_stand() -> None:
    """``until``: a draw that does not stand leaves its match waiting, drawn again in a later round; the others
    are drawn once, and a match not waiting is left alone, with more waiting than one round draws."""
    states = jnp.zeros(10, jnp.int32)
    waiting = jnp.arange(10) % 3 != 0
    needs = jnp.asarray([0, 3, 1, 0, 2, 1, 0, 1, 4, 1])  # draws until it stands, where waiting

    def draw(state: jax.Array, key: jax.Array) -> tuple[jax.Array, jax.Array]:
        index = state // 100
        drawn = state + 1
        return drawn, drawn % 100 >= jnp.maximum(needs[index], 1)

    tagged = states + 100 * jnp.arange(10)  # each match knows its index: tens of draws counted under it
    done = np.asarray(in_bulk(tagged, waiting, 2, jax.random.PRNGKey(0), draw, until=True)) % 100
    assert done.tolist() == [0, 3, 1, 0, 2, 1, 0, 1, 4, 0]
    once = np.asarray(in_bulk(tagged, waiting, 2, jax.random.PRNGKey(0), lambda s, k: s + 1)) % 100
    assert once.tolist() == [0, 1, 1, 0, 1, 1, 0, 1, 1, 0]


def test_random_words_are_legal_and_each_legal_word_comes_up() -> None:
    mask = jnp.zeros((2000, 6), jnp.bool_).at[:, jnp.array([1, 3, 4])].set(True)
    words = np.asarray(random_words(mask, jax.random.PRNGKey(0)))
    counts = np.bincount(words, minlength=6)
    assert counts[[0, 2, 5]].sum() == 0
    assert (counts[[1, 3, 4]] > 550).all(), counts


def test_random_words_are_the_kth_legal_word_of_each_row_across_packed_words() -> None:
    """Rows wider than one 32-bit word (``random_words`` finds the word in bits): the ``k``-th legal word for ``k``
    the row's uniform draw times its count, rounded down; 0 for a row with none."""
    key = jax.random.PRNGKey(3)
    mask = np.array(jax.random.bernoulli(key, 0.2, (300, 70)))
    mask[0] = False
    mask[1] = False
    mask[1, 69] = True
    words = np.asarray(random_words(jnp.asarray(mask), key))
    draws = np.asarray(jax.random.uniform(key, (300,)))
    for row, word, draw in zip(mask, words, draws, strict=True):
        legal = np.flatnonzero(row)
        assert word == (legal[int(np.floor(np.float32(draw) * np.float32(len(legal))))] if len(legal) else 0)
