"""The compiled build and its pure-Python fallback: ``parlour.compiled()`` says which runs, and
``PARLOUR_PURE_PYTHON=1`` or a source changed since the build makes every module run from its source."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import parlour
from parlour import load_game

PLAY_ALL = """
import json, random, sys
import parlour
from parlour import load_game
for name in ("tonk", "plonk", "tock"):
    state = load_game(name).new_state(3)
    rng = random.Random(3)
    for _ in range(200):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
files = [m.__file__ for n, m in sorted(sys.modules.items())
         if n.startswith("parlour.") and getattr(m, "__file__", None)]
print(json.dumps({"compiled": parlour.compiled(), "files": files}))
"""


def engine_files() -> list[str]:
    return [m.__file__ for n, m in sys.modules.items() if n.startswith("parlour.") and getattr(m, "__file__", None)]


def is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_says_whether_the_modules_running_are_extensions() -> None:
    for name in ("tonk", "plonk", "tock"):
        load_game(name).new_state(1)
    assert parlour.compiled() == any(is_extension(f) for f in engine_files())


def test_pure_python_mode_runs_every_module_from_its_source() -> None:
    env = {**os.environ, "PARLOUR_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", PLAY_ALL], env=env, capture_output=True, text=True, check=True,
                          timeout=120)
    out = json.loads(done.stdout)
    assert out["compiled"] is False
    assert out["files"] and all(f.endswith(".py") for f in out["files"])
    assert "parlour.games.tock.seven" in done.stdout.replace("/", ".")


def test_a_module_whose_source_changed_since_the_build_is_stale() -> None:
    cards = Path(parlour.__file__).parent / "core" / "cards.py"
    digest = hashlib.sha256(cards.read_bytes()).hexdigest()
    assert parlour._stale({"parlour.core.cards": digest}) == []
    assert parlour._stale({"parlour.core.cards": "0" * 64}) == ["parlour.core.cards"]
