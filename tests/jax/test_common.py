"""``parlour.jax.common``: what the JAX environments share (the picture pgx's ``save_svg`` asks for, and the
selects and bit words that stand for gathers, scatters and long reductions under ``vmap``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("pgx")

import jax.numpy as jnp  # noqa: E402

from parlour.jax.common import (  # noqa: E402
    TextPicture,
    count_set,
    first_set,
    only_where,
    packed,
    pick,
    put,
    unpacked,
)
from parlour.jax.plonk import Plonk  # noqa: E402


class Quoted(TextPicture):
    def summary(self) -> str:
        return "a < b & c"


def test_a_state_is_pictured_by_its_summary_escaped(tmp_path: Path) -> None:
    state = Plonk().init(jax.random.PRNGKey(0))
    picture = state.to_svg()
    assert picture.startswith("<svg ") and "plonk: scores [0, 0], winning side -1" in picture
    state.save_svg(tmp_path / "plonk.svg")
    assert (tmp_path / "plonk.svg").read_text(encoding="utf-8") == picture
    assert "<text x=\"5\" y=\"20\">a &lt; b &amp; c</text>" in Quoted().to_svg()


def test_pick_and_put_are_indexing_under_vmap_with_out_of_range_indices_left_alone() -> None:
    table = jnp.arange(5 * 3, dtype=jnp.int32).reshape(5, 3) - 7
    index = jnp.asarray([0, 4, 2, 5, -1])
    picked = jax.vmap(pick, in_axes=(None, 0))(table, index)
    assert picked.tolist() == [table[0].tolist(), table[4].tolist(), table[2].tolist(), [0, 0, 0], [0, 0, 0]]
    assert jax.vmap(pick, in_axes=(None, 0, None))(table, jnp.asarray([1, 2]), 1).tolist() == [
        table[:, 1].tolist(), table[:, 2].tolist()]
    flags = jnp.asarray([True, False, True])
    assert jax.vmap(pick, in_axes=(None, 0))(flags, jnp.asarray([0, 1, 2])).tolist() == [True, False, True]
    put_rows = jax.vmap(put, in_axes=(None, 0, None))(table, index, jnp.asarray([9, 9, 9], jnp.int32))
    for row, at in zip(np.asarray(put_rows), index.tolist(), strict=True):
        expected = np.asarray(table).copy()
        if 0 <= at < 5:
            expected[at] = 9
        assert (row == expected).all()


@pytest.mark.parametrize("size", [1, 31, 32, 33, 100])
def test_packed_flags_give_the_first_flag_and_the_count(size: int) -> None:
    rows = np.random.default_rng(size).random((40, size)) < np.linspace(0.0, 0.5, 40)[:, None]
    rows[-1, -1] = True  # a row whose only flag may be the last
    words = packed(jnp.asarray(rows))
    assert words.shape == (40, -(-size // 32)) and words.dtype == jnp.uint32
    assert count_set(words).tolist() == rows.sum(axis=1).tolist()
    assert first_set(words).tolist() == [int(np.argmax(row)) if row.any() else 0 for row in rows]
    assert (np.asarray(unpacked(words, size)) == rows).all()


@pytest.mark.parametrize(("shape", "dtype", "words"), [((100,), jnp.bool_, False), ((100,), jnp.bool_, True),
                                                       ((3, 40), jnp.bool_, True), ((5,), jnp.int32, False)])
def test_only_where_gives_the_result_where_needed_and_zeros_elsewhere(shape: tuple[int, ...], dtype: Any,
                                                                        words: bool) -> None:
    """Batched, over chunks of the matches that need it (a long bool result carried as words, or given as
    ``packed`` words with ``words``), and alone, by ``lax.cond``: ``fn`` where needed, zeros elsewhere."""
    def fn(x: jax.Array, scale: jax.Array) -> jax.Array:
        values = (jnp.arange(np.prod(shape)).reshape(shape) * scale + x) % 7
        return (values > 3) if dtype == jnp.bool_ else values.astype(dtype)

    wrapped = only_where(fn, shape, dtype, chunks=4, words=words)
    rng = np.random.default_rng(3)
    need = jnp.asarray(rng.random(37) < 0.4)
    x = jnp.asarray(rng.integers(0, 7, 37), jnp.int32)
    expected = np.where(np.asarray(need).reshape((-1,) + (1,) * len(shape)), np.asarray(jax.vmap(fn, (0, None))(
        x, jnp.int32(3))), 0).astype(np.asarray(fn(x[0], jnp.int32(3))).dtype)
    if words:
        expected = np.asarray(packed(jnp.asarray(expected)))
    assert (np.asarray(jax.jit(jax.vmap(wrapped, (0, 0, None)))(need, x, jnp.int32(3))) == expected).all()
    alone = np.asarray(fn(x[0], jnp.int32(3)))
    assert (np.asarray(jax.jit(wrapped)(jnp.bool_(True), x[0], jnp.int32(3))) == (
        np.asarray(packed(jnp.asarray(alone))) if words else alone)).all()
    assert (np.asarray(jax.jit(wrapped)(jnp.bool_(False), x[0], jnp.int32(3))) == 0).all()
