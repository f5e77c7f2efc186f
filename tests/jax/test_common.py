"""``parlour.jax.common``: what the JAX environments share (here, the picture pgx's ``save_svg`` asks for)."""

from __future__ import annotations

from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("pgx")

from parlour.jax.common import TextPicture  # noqa: E402
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
