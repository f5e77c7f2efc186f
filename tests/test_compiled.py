"""The compiled build and its pure-Python fallback: ``parlour.compiled()`` says which runs and
``parlour.why_pure()`` why not the compiled one; ``PARLOUR_PURE_PYTHON=1``, a source changed since the build or
extensions built for another Python make every module run from its source, the last two with a warning; an
install without extensions warns only where ``PARLOUR_REQUIRE_COMPILED=1`` says one is required."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
    package = Path(parlour.__file__).parent
    digest = hashlib.sha256((package / "core" / "cards.py").read_bytes()).hexdigest()
    assert parlour._stale(package, {"parlour.core.cards": digest}) == []
    assert parlour._stale(package, {"parlour.core.cards": "0" * 64}) == ["parlour.core.cards"]


def built(tmp_path: Path, digest: str, extension: bool) -> Path:
    """A package ``parlour`` in ``tmp_path`` whose build compiled ``parlour.cards`` from a source of ``digest``,
    with its extension for this Python or without one."""
    package = tmp_path / "parlour"
    package.mkdir(parents=True)
    (package / "cards.py").write_text("RANKS = 13\n")
    (package / "_compiled.json").write_text(json.dumps({"parlour.cards": digest}))
    if extension:
        (package / f"cards{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    return package


def test_why_pure_says_why_and_warns_only_where_a_compiled_engine_was_built_or_is_required(tmp_path: Path) -> None:
    digest = hashlib.sha256(b"RANKS = 13\n").hexdigest()
    assert parlour._why_pure(built(tmp_path / "fresh", digest, True), {}) == (None, None)
    assert parlour._why_pure(built(tmp_path / "asked", digest, True), {"PARLOUR_PURE_PYTHON": "1"}) == (
        "PARLOUR_PURE_PYTHON=1", None)
    why, warning = parlour._why_pure(built(tmp_path / "stale", "0" * 64, True), {})
    assert why == "parlour.cards changed since compiled" and warning is not None and "make compile" in warning
    why, warning = parlour._why_pure(built(tmp_path / "other", digest, False), {})
    assert why == "no compiled extension for this Python (parlour.cards)"
    assert warning is not None and "reinstall parlour for this Python" in warning
    (tmp_path / "pure").mkdir()
    assert parlour._why_pure(tmp_path / "pure", {}) == ("this install has no compiled extensions", None)
    why, warning = parlour._why_pure(tmp_path / "pure", {"PARLOUR_REQUIRE_COMPILED": "1"})
    assert warning == "parlour: this install has no compiled extensions, and PARLOUR_REQUIRE_COMPILED=1 is set"


@pytest.mark.parametrize("required", [False, True])
def test_an_install_without_extensions_is_quiet_unless_a_compiled_one_is_required(tmp_path: Path,
                                                                                   required: bool) -> None:
    shutil.copytree(Path(parlour.__file__).parent, tmp_path / "parlour",
                    ignore=shutil.ignore_patterns("__pycache__", "_compiled.json",
                                                  *(f"*{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES)))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLOUR_")}
    env["PYTHONPATH"] = str(tmp_path)
    if required:
        env["PARLOUR_REQUIRE_COMPILED"] = "1"
    done = subprocess.run([sys.executable, "-W", "default", "-c", PLAY_ALL], env=env, capture_output=True, text=True,
                          check=True, timeout=120)
    out = json.loads(done.stdout)
    assert out["compiled"] is False and all(f.startswith(str(tmp_path)) for f in out["files"])
    warned = done.stderr.count("parlour: this install has no compiled extensions, and PARLOUR_REQUIRE_COMPILED=1")
    assert warned == (1 if required else 0), done.stderr
