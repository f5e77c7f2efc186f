"""Many matches of one JAX environment stepped together, with chance drawn in bulk for only the matches that need it.

``jax.vmap(env.step)`` is pgx's way to batch, and it pays for chance in every match at every step: under ``vmap`` a
branch on a traced value computes both sides, so each step deals a whole new deck for every match and keeps it only
where a deal ended (one step in fifty-two in Plonk). ``Stepper`` steps the same matches with pgx's ``step``
semantics (a finished match stands still with zero rewards; an illegal word ends the match with pgx's penalty; the
mask is all true once finished; the observation is the player to move's) but splits each step in two: the
environment's ``play`` (everything but chance, ``vmap``-ped) and, in a loop over the batch that runs only while some
match waits, its ``deal_due`` on at most ``most`` of the waiting matches at a time, gathered by index. With
``autoreset``, finished matches are replaced by new ones the same way (``init`` on at most ``most`` at a time),
as pgx's ``auto_reset`` does: the new match comes with the ending step's ``terminated``, ``truncated`` and
``rewards``, so a learner sees how the match ended, and is played on at the next step.

Any pgx environment can be stepped so (``vmap`` of its own ``step``, only its new matches made in bulk); one
whose chance is costly takes part in the split by offering ``play(state, action)``, ``deal_due(state, key)`` and
``chance_due(state)`` (``Chanced``): whether ``play`` left the match waiting for chance. One whose ``init`` deals
again while a deal would end at once may also offer ``first_deal(key)`` (``Redealt``): one deal and whether it
stands; the new matches are then dealt once each, and only those whose deal did not stand are dealt again, in a later
round of the same loop, where ``vmap`` of ``init`` deals again in every match of a round while any one of them must.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import jax
import jax.numpy as jnp

from parlour.jax.common import PACK, packed, where_tree

LOW_BITS = jnp.asarray([(1 << (n + 1)) - 1 for n in range(PACK)], jnp.uint32)
"""The bits of a word up to each of its bits."""


@runtime_checkable
class Chanced(Protocol):
    """A pgx environment whose step splits into its deterministic part and its chance (module docstring)."""

    num_players: int

    def init(self, key: jax.Array) -> Any:
        """A new match, observed, from ``key`` (pgx's ``init``)."""

    def observe(self, state: Any) -> jax.Array:
        """The observation of ``state`` by its player to move (pgx's ``observe``)."""

    def play(self, state: Any, action: jax.Array) -> Any:
        """``state`` after ``action``, all but chance: ``chance_due`` where a draw is due."""

    def deal_due(self, state: Any, key: jax.Array) -> Any:
        """``state`` with the draw it waits for made from ``key``; as it was when none is due."""

    def chance_due(self, state: Any) -> jax.Array:
        """Whether ``state`` waits for a draw."""


@runtime_checkable
class Redealt(Protocol):
    """A pgx environment whose ``init`` deals until a deal stands, offering one deal at a time (module docstring)."""

    def first_deal(self, key: jax.Array) -> tuple[Any, jax.Array]:
        """A new match dealt once from ``key`` (``init``'s, unobserved), and whether its deal stands: where it does
        not, ``init`` would deal again."""


def random_words(mask: jax.Array, key: jax.Array) -> jax.Array:
    """A uniformly random legal word for each row of ``mask`` (``[batch, words]`` bool, each row with a legal
    word; 0 for a row with none), from one uniform number a row: the ``k``-th legal word for ``k`` below the row's
    count. Found in bits: the row packed into 32-bit words, the word holding it by their population counts, then
    its bit as the number of the word's bits whose count of set bits up to them is at most what is left of ``k``.
    Running counts over the whole row (``jnp.cumsum``, a ``reduce_window`` on the CPU, quadratic in the words)
    cost several times more; the last step is a sum, not elementwise work, so that XLA computes the word once
    rather than again inside each use of it."""
    count = mask.sum(axis=-1)
    k = jnp.floor(jax.random.uniform(key, count.shape) * count).astype(jnp.int32)
    words = packed(mask)
    chunks = words.shape[-1]
    counts = jax.lax.population_count(words).astype(jnp.int32)
    upto = jnp.cumsum(counts, axis=-1)
    chunk = (upto <= k[..., None]).sum(axis=-1)
    holding = jnp.arange(chunks) == chunk[..., None]
    word = jnp.where(holding, words, 0).sum(axis=-1, dtype=jnp.uint32)
    left = k - jnp.where(holding, upto - counts, 0).sum(axis=-1)
    below = jax.lax.population_count(word[..., None] & LOW_BITS).astype(jnp.int32) <= left[..., None]
    return jnp.where(count > 0, chunk * PACK + below.sum(axis=-1), 0)


def in_bulk(states: Any, waiting: jax.Array, most: int, key: jax.Array,
            draw: Callable[[Any, jax.Array], Any], until: bool = False) -> Any:
    """``states`` with ``draw(state, key)`` done to every match where ``waiting``, ``most`` at a time: the waiting
    matches are gathered by index, drawn (``vmap``) and scattered back, in a loop that runs while any wait. With
    ``until``, ``draw`` gives ``(state, done)`` and a match not ``done`` waits on, to be drawn again."""
    batch = waiting.shape[0]

    def some(carry: tuple[Any, jax.Array, jax.Array]) -> tuple[Any, jax.Array, jax.Array]:
        now, left, k = carry
        k, sub = jax.random.split(k)
        index = jnp.nonzero(left, size=most, fill_value=batch)[0]
        picked = jax.tree_util.tree_map(lambda x: jnp.take(x, index, axis=0, mode="clip"), now)
        drawn = jax.vmap(draw)(picked, jax.random.split(sub, most))
        drawn, done = drawn if until else (drawn, jnp.ones(most, jnp.bool_))
        now = jax.tree_util.tree_map(lambda x, y: x.at[index].set(y, mode="drop"), now, drawn)
        return now, left.at[index].set(~done, mode="drop"), k

    return jax.lax.while_loop(lambda carry: carry[1].any(), some, (states, waiting, key))[0]


class Stepper:
    """``batch`` matches of ``env`` stepped together (module docstring): ``step(states, actions, key)``, jitted."""

    def __init__(self, env: Any, batch: int, most: int | None = None, autoreset: bool = False) -> None:
        self.env = env
        self.batch = batch
        self.most = most or max(1, batch // 16)
        """Matches drawn for at a time: a loop round costs this many draws, whoever waits."""
        self.autoreset = autoreset
        self.step: Callable[[Any, jax.Array, jax.Array], Any] = jax.jit(self.stepped)
        self.init: Callable[[jax.Array], Any] = jax.jit(lambda key: jax.vmap(env.init)(jax.random.split(key, batch)))

    def played(self, state: Any, action: jax.Array) -> Any:
        """One match after ``action`` with pgx's ``step`` semantics, its chance still due. With ``autoreset``
        every match is in play (``stepped``), so none is kept standing."""
        players = self.env.num_players
        finished = state.terminated | state.truncated
        illegal = ~state.legal_action_mask[action] & ~finished
        moved = self.env.play(state.replace(_step_count=state._step_count + 1), action)
        penalty = moved.replace(terminated=jnp.bool_(True), rewards=jnp.full(players, players - 1.0)
                                .at[state.current_player].set(-1.0))
        played = where_tree(illegal, penalty, moved)
        if self.autoreset:
            return played
        return where_tree(finished, state.replace(rewards=jnp.zeros_like(state.rewards)), played)

    def stepped(self, states: Any, actions: jax.Array, key: jax.Array) -> Any:
        """``states`` after ``actions`` (one word a match), chance drawn in bulk from ``key``, observed. An env
        that is not ``Chanced`` is stepped by ``vmap`` of its own ``step`` (its chance drawn as it draws it), only
        its new matches made in bulk."""
        env = self.env
        deal_key, reset_key = jax.random.split(key)
        chanced = isinstance(env, Chanced)
        if self.autoreset:  # the flags only tell how the last step ended: these matches are all in play
            states = states.replace(terminated=jnp.zeros_like(states.terminated),
                                    truncated=jnp.zeros_like(states.truncated))
        unseen = jnp.zeros((self.batch, 0), states.observation.dtype)
        if chanced:  # observed once at the end: the rows are most of a state's bytes, not carried through the loops
            states = jax.vmap(self.played)(states.replace(observation=unseen), actions)
            states = in_bulk(states, jax.vmap(env.chance_due)(states), self.most, deal_key, env.deal_due)
        else:
            states = jax.vmap(env.step)(states, actions, jax.random.split(deal_key, self.batch))
        if self.autoreset:
            ended = states.terminated | states.truncated
            if chanced and isinstance(env, Redealt):

                def dealt(_: Any, k: jax.Array) -> tuple[Any, jax.Array]:
                    state, stands = env.first_deal(k)
                    return state.replace(observation=unseen[0]), stands

                fresh = in_bulk(states, ended, self.most, reset_key, dealt, until=True)
            else:
                fresh = in_bulk(states, ended, self.most, reset_key,
                                (lambda _, k: env.init(k).replace(observation=unseen[0])) if chanced
                                else (lambda _, k: env.init(k)))
            states = fresh.replace(terminated=states.terminated, truncated=states.truncated, rewards=states.rewards)
        if not chanced:  # pgx's step observed and masked them; new matches come observed from init
            return states
        if not self.autoreset:
            states = states.replace(legal_action_mask=states.legal_action_mask | states.terminated[:, None])
        return states.replace(observation=jax.vmap(env.observe)(states))
