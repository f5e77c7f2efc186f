"""What the JAX environments share: work done only in the matches of a batch that need it, and the few
operations that stand in for what XLA's CPU backend does slowly under ``vmap`` (an entry read or written at a
traced index: ``pick``, ``put``; the first flag and the count of a long bool row: ``packed``, ``first_set``,
``count_set``, and back to flags: ``unpacked``).

Under ``jax.vmap`` a branch on a traced value computes both sides in every match, so an expensive step that few
matches need at a time (Tock's listing of the 7's splits) costs it in all. ``only_where`` wraps such a function so
that, batched, it runs on the matches that need it only: gathered by index, a fixed number at a time, in a loop that
runs while some match waits (``jax.custom_batching.custom_vmap``); unbatched, it is a ``lax.cond``. A match that
does not need it gets zeros. A long bool result goes through the loop as ``packed`` words (one write for 32 flags),
unpacked after it, or kept as words where asked. The function must close over no array (``custom_vmap`` refuses
batched constants): tables go in as arguments, and those not batched are handed to every match as they are. """

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import jax
import jax.numpy as jnp

CHUNKS = 8
"""By default a batch is worked through in chunks of an eighth of it (at least one match)."""


def only_where(fn: Callable[..., jax.Array], shape: tuple[int, ...], dtype: Any,
               chunks: int = CHUNKS, words: bool = False) -> Callable[..., jax.Array]:
    """``fn(*args)`` (an array of ``shape`` and ``dtype``; ``args`` pytrees of arrays) where ``need``, zeros
    elsewhere, as ``wrapped(need, *args)``: batched, computed for the matches that need it only, ``1 / chunks``
    of the batch at a time (module docstring): the costlier ``fn`` and the fewer matches need it, the more
    chunks. A long bool result is carried as ``packed`` words (written back a word for 32 flags); with ``words``
    those words are the result."""

    def call(leaves: list[jax.Array], tree: Any) -> jax.Array:
        return fn(*jax.tree_util.tree_unflatten(tree, leaves))

    def wrapped(need: jax.Array, *args: Any) -> jax.Array:
        leaves, tree = jax.tree_util.tree_flatten(args)

        @jax.custom_batching.custom_vmap
        def flat(need: jax.Array, *leaves: jax.Array) -> jax.Array:
            found: jax.Array = jax.lax.cond(need, lambda: call(list(leaves), tree), lambda: jnp.zeros(shape, dtype))
            return packed(found) if words else found

        @flat.def_vmap
        def batched(size: int, in_batched: list[bool], need: jax.Array, *leaves: jax.Array) -> tuple[jax.Array, bool]:
            need = need if in_batched[0] else jnp.broadcast_to(need, (size,))
            axes = [0 if b else None for b in in_batched[1:]]
            most = max(1, size // chunks)
            flags = words or (dtype == jnp.bool_ and len(shape) > 0 and shape[-1] > PACK)

            def some(carry: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
                out, left = carry
                index = jnp.nonzero(left, size=most, fill_value=size)[0]
                picked = [jnp.take(a, index, axis=0, mode="clip") if b else a for a, b in zip(leaves, in_batched[1:],
                                                                                               strict=True)]
                found = jax.vmap(lambda *xs: call(list(xs), tree), in_axes=axes, axis_size=most)(*picked)
                return out.at[index].set(packed(found) if flags else found, mode="drop"), left.at[index].set(
                    False, mode="drop")

            held = (*shape[:-1], -(-shape[-1] // PACK)) if flags else shape
            start = (jnp.zeros((size, *held), jnp.uint32 if flags else dtype), need)
            out = jax.lax.while_loop(lambda carry: carry[1].any(), some, start)[0]
            return (unpacked(out, shape[-1]) if flags and not words else out), True

        out: jax.Array = flat(need, *leaves)
        return out

    return wrapped


PACK = 32
"""Flags packed in a ``uint32`` word by ``packed``."""


def packed(flags: jax.Array) -> jax.Array:
    """The bool ``flags`` (``[..., size]``) as ``uint32`` words, flag ``i`` bit ``i % 32`` of word ``i // 32``
    (``[..., ceil(size / 32)]``): counts and first flags are then found word by word, where XLA's CPU backend
    reduces a long bool axis with an index (``argmax``) or a sum flag by flag, several times slower. The shifted
    bits are joined by an ``or`` reduction: 0.49 ms for 1,024 rows of 1,099 flags here, against 0.67 ms for a
    sum and more for a tree of halves."""
    size = flags.shape[-1]
    chunks = -(-size // PACK)
    wide = jnp.pad(flags, [(0, 0)] * (flags.ndim - 1) + [(0, chunks * PACK - size)])
    bits = wide.reshape((*flags.shape[:-1], chunks, PACK)).astype(jnp.uint32) << jnp.arange(PACK, dtype=jnp.uint32)
    words: jax.Array = jax.lax.reduce(bits, jnp.uint32(0), jax.lax.bitwise_or, (bits.ndim - 1,))
    return words


def unpacked(words: jax.Array, size: int) -> jax.Array:
    """The first ``size`` flags of ``packed`` ``words``, as bool (``[..., size]``)."""
    bits = (words[..., None] >> jnp.arange(PACK, dtype=jnp.uint32)) & 1
    return bits.reshape((*words.shape[:-1], words.shape[-1] * PACK))[..., :size] == 1


def first_set(words: jax.Array) -> jax.Array:
    """The index of the first flag set in ``packed`` ``words`` (0 where none is)."""
    nonzero = words != 0
    chunk = jnp.argmax(nonzero, axis=-1)
    word = jnp.take_along_axis(words, chunk[..., None], axis=-1)[..., 0]
    low = jax.lax.population_count((word & (~word + jnp.uint32(1))) - jnp.uint32(1)).astype(jnp.int32)
    return jnp.where(nonzero.any(axis=-1), chunk.astype(jnp.int32) * PACK + low, 0)


def count_set(words: jax.Array) -> jax.Array:
    """How many flags are set in ``packed`` ``words``."""
    return jax.lax.population_count(words).astype(jnp.int32).sum(axis=-1)


def where_tree(flags: jax.Array, new: Any, old: Any) -> Any:
    """``new`` where ``flags`` (one a match, or one for a single state), else ``old``, field by field; a field
    both share (the same array: ``replace`` left it alone) is kept without a select, so only what a branch changes
    costs anything."""

    def pick(a: jax.Array, b: jax.Array) -> jax.Array:
        return a if a is b else jnp.where(flags.reshape(flags.shape + (1,) * (a.ndim - flags.ndim)), a, b)

    return jax.tree_util.tree_map(pick, new, old)


def put(array: jax.Array, index: jax.Array, value: jax.Array) -> jax.Array:
    """``array`` with entry ``index`` of its first axis set to ``value`` (``array.at[index].set(value)``; an
    ``index`` out of range changes nothing), by a select against each entry's index, the write that goes with
    ``pick``: elementwise work that XLA fuses with its neighbours, where under ``vmap`` ``.at[]`` is a scatter
    (in Tonk's batch step the two measured alike, 3.69 and 3.66 ms)."""
    here = jnp.arange(array.shape[0]).reshape((-1,) + (1,) * (array.ndim - 1)) == index
    return jnp.where(here, value, array)


def pick(array: jax.Array, index: jax.Array, axis: int = 0) -> jax.Array:
    """Entry ``index`` of ``array`` along ``axis`` (``jnp.take``; zeros for an ``index`` out of range), as a
    select against each entry's index and a sum: under ``vmap`` a traced index makes indexing a gather, which
    XLA's CPU backend runs an element at a time, slower than this for the few entries of a seat's or a spread's
    axis (Tonk's batch step 3.51 against 3.69 ms)."""
    shape = [1] * array.ndim
    shape[axis] = array.shape[axis]
    here = jnp.arange(array.shape[axis]).reshape(shape) == index
    if array.dtype == jnp.bool_:
        return jnp.where(here, array, False).any(axis=axis)
    return jnp.where(here, array, 0).sum(axis=axis, dtype=array.dtype)


class TextPicture:
    """pgx's ``to_svg`` and ``save_svg`` for a parlour state, which pgx's visualizer does not know: the state's
    ``summary()`` (its id and a few numbers; lists for a batch of states) as a line of text in an SVG."""

    def summary(self) -> str:
        """The line shown: the env's id and what tells the match's progress."""
        raise NotImplementedError

    def to_svg(self, *, color_theme: Any = None, scale: Any = None) -> str:
        """``summary()`` in an SVG as wide as it needs (pgx's arguments accepted and unused)."""
        text = self.summary()
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{10 + 8 * len(text)}" height="30">'
                f'<text x="5" y="20">{escape(text)}</text></svg>')

    def save_svg(self, filename: Any, *, color_theme: Any = None, scale: Any = None) -> None:
        """``to_svg`` written to ``filename``."""
        with open(filename, "w", encoding="utf-8") as out:
            out.write(self.to_svg())
