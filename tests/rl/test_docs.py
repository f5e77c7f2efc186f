"""docs/rl.md's Python examples run as written (a reader pastes them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_doc_has_an_example_for_each_interface() -> None:
    assert any("parlour.rl.env(" in b and "parlour.rl.single_agent(" in b for b in BLOCKS)
    assert any("parlour.openspiel.register()" in b for b in BLOCKS)
    assert any("parlour.rl.vector_env(" in b for b in BLOCKS) and any("Sb3VecEnv(" in b for b in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_each_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    block = BLOCKS[index]
    if "pyspiel" in block:
        pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install 'parlour[openspiel]')")
    if "sb3_contrib" in block:
        pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (pip install 'parlour[learn]')")
    exec(compile(block, f"docs/rl.md, example {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()  # each example ends by printing a result
