"""Build parlour with its engine modules compiled by mypyc when it can, as plain Python when it cannot.

pyproject.toml holds the package's metadata; setuptools reads this file beside it for the compiled part
only. The modules in ``COMPILED`` (the hot ones under ``benchmarks/speed.py`` and the ``rl_*`` benchmarks)
are turned into C extensions from the same source the pure package runs. The build stays pure Python, saying why, when
``PARLOUR_PURE_PYTHON=1`` is set, when mypyc cannot be imported, or when compiling fails (no C compiler,
a mypyc error): the ``.py`` files ship either way, so the package works without the extensions. That
fallback is loud (a framed warning on stderr, and on the terminal too where pip hides the build's output),
and with ``PARLOUR_REQUIRE_COMPILED=1`` (CI, cibuildwheel) the build fails instead. pyproject.toml's
``[build-system]`` holds what compiling needs: mypy (which brings mypyc) and numpy, whose types the compiled
modules' signatures name (``parlour.core.encoding.FloatArray``); without it mypyc rejects them.

mypyc runs only where setup.py is to build (``bdist_wheel``, ``build_ext``, ...), not for the metadata that
pip asks for first (``egg_info``, ``dist_info``) nor for an sdist, which ships the ``.py`` files and no C.

A compiled build writes ``parlour/_compiled.json``, each compiled module's source digest: at import,
``parlour`` runs the extensions only when every source still matches, and the sources otherwise
(see ``parlour/__init__.py``). ``python setup.py build_ext --inplace`` rebuilds the extensions of a
checkout; mypyc keeps its incremental cache under ``build/``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
COMPILED = [
    "parlour/core/cards.py",
    "parlour/core/chance.py",
    "parlour/core/encoding.py",
    "parlour/core/game.py",
    "parlour/core/position.py",
    "parlour/games/plonk/actions.py",
    "parlour/games/plonk/cards.py",
    "parlour/games/plonk/encoding.py",
    "parlour/games/plonk/heuristic.py",
    "parlour/games/plonk/play.py",
    "parlour/games/plonk/position.py",
    "parlour/games/plonk/tricks.py",
    "parlour/games/plonk/views.py",
    "parlour/games/tock/actions.py",
    "parlour/games/tock/board.py",
    "parlour/games/tock/deck.py",
    "parlour/games/tock/encoding.py",
    "parlour/games/tock/heuristic.py",
    "parlour/games/tock/pawns.py",
    "parlour/games/tock/play.py",
    "parlour/games/tock/plays.py",
    "parlour/games/tock/position.py",
    "parlour/games/tock/seven.py",
    "parlour/games/tock/views.py",
    "parlour/games/tonk/actions.py",
    "parlour/games/tonk/encoding.py",
    "parlour/games/tonk/heuristic.py",
    "parlour/games/tonk/moves.py",
    "parlour/games/tonk/outcomes.py",
    "parlour/games/tonk/play.py",
    "parlour/games/tonk/position.py",
    "parlour/games/tonk/settlement.py",
    "parlour/games/tonk/spreads.py",
    "parlour/games/tonk/table.py",
    "parlour/games/tonk/views.py",
]
"""The compiled modules, relative to ``src``. ``parlour.core.game`` is among them: its ``State`` is the one
native class every game's states are (games from other distributions write rules of play, not states), while
its ``Game``, which every game subclasses, stays a regular class."""
MANIFEST = "_compiled.json"
REQUIRED = os.environ.get("PARLOUR_REQUIRE_COMPILED") == "1"
"""Whether a pure build is an error (CI, cibuildwheel) rather than a fallback."""
METADATA = {"egg_info", "dist_info", "sdist"}
"""Commands that need no extensions."""
BUILDS = {"build", "build_ext", "bdist", "bdist_wheel", "bdist_egg", "editable_wheel", "develop", "install"}
"""Commands that build the extensions."""


def pure(why: str) -> None:
    """Say, so that it is seen, that the build goes on as pure Python and why; or stop it when a compiled
    build is required. pip shows a successful build's output only with ``-v``, so the warning also goes
    to the terminal when there is one and stderr is not it."""
    lines = [f"parlour: building the PURE PYTHON engine: {why}",
             "parlour: the package works and plays the same, but its engine runs 1.1-2.2x slower than compiled.",
             "parlour: to compile it, install a C compiler and reinstall with pip's --no-cache-dir -v (which",
             "parlour: shows the build's output); `parlour --version` says which engine an install runs."]
    if REQUIRED:
        raise SystemExit(f"parlour: PARLOUR_REQUIRE_COMPILED=1, but the engine cannot be compiled: {why}")
    text = "\n".join(["", "*" * 100, *lines, "*" * 100, ""])
    print(text, file=sys.stderr, flush=True)
    if not sys.stderr.isatty():
        try:
            with open("/dev/tty", "w", encoding="utf-8") as terminal:
                print(text, file=terminal)
        except OSError:
            pass  # no terminal (CI, Windows): stderr was the place


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to the pure package when compiling fails, and records the sources
    of a build that succeeded."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:
            self.fall_back(f"compiling the extensions failed ({e})")
            return
        package = Path(self.get_ext_fullpath("parlour.x")).parent
        package.mkdir(parents=True, exist_ok=True)
        self.remove_others(package)
        sources = {path.removesuffix(".py").replace("/", "."): digest(ROOT / "src" / path) for path in COMPILED}
        (package / MANIFEST).write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n")

    def remove_others(self, package: Path) -> None:
        """Delete extensions of earlier builds that this one did not make (a module no longer compiled, an
        older group library): left in place they would shadow the source, or ship in the wheel."""
        made = {Path(self.get_ext_fullpath(ext.name)).resolve() for ext in self.extensions}
        suffixes = tuple(EXTENSION_SUFFIXES)
        found = [*package.rglob("*"), *package.parent.glob("*__mypyc.*")]
        for path in found:
            if path.name.endswith(suffixes) and path.resolve() not in made:
                print(f"parlour: removing {path}, not part of this build", file=sys.stderr)
                path.unlink()

    def fall_back(self, why: str) -> None:
        """Build the pure package (say so, or stop where a compiled one is required), as a wheel for any
        platform: the one ``bdist_wheel`` was making, if any, is marked pure again."""
        pure(why)
        self.extensions = self.distribution.ext_modules = []
        wheel = self.distribution.command_obj.get("bdist_wheel")
        if wheel is not None:
            wheel.root_is_pure = True

    def get_outputs(self) -> list[str]:
        """The extensions and the manifest, where they were built (for editable installs and wheels)."""
        outputs: list[str] = super().get_outputs()
        manifest = Path(self.get_ext_fullpath("parlour.x")).parent / MANIFEST
        return [*outputs, str(manifest)] if manifest.exists() else outputs


def building() -> bool:
    """Whether this run of setup.py builds: not when every command it was given needs no extensions."""
    words = set(sys.argv[1:])
    return bool(words & BUILDS) or not words & METADATA


def extensions() -> list[Any]:
    """mypyc's extensions for ``COMPILED``, or none when the build is to be pure (said) or not to build."""
    if os.environ.get("PARLOUR_PURE_PYTHON") == "1":
        if REQUIRED:
            raise SystemExit("parlour: PARLOUR_PURE_PYTHON=1 and PARLOUR_REQUIRE_COMPILED=1 contradict each other")
        print("parlour: building pure Python: PARLOUR_PURE_PYTHON=1", file=sys.stderr)
        return []
    if not building():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        pure(f"mypyc is not installed ({e}; it comes with mypy, a build requirement)")
        return []
    here = Path.cwd()
    os.chdir(ROOT)  # mypyc reads pyproject.toml's mypy settings and names the modules from these paths
    try:
        # The build environment may lack the runtime dependencies (an isolated build): the compiled modules
        # use none of them, so their absence is no error here.
        options = ["--cache-dir", "build/mypy_cache", "--ignore-missing-imports", "--no-warn-unused-ignores"]
        return mypycify([f"src/{path}" for path in COMPILED] + options,
                        opt_level="3", target_dir="build/mypyc")
    except BaseException as e:
        pure(f"mypyc failed ({e!r}; its errors are above)")
        return []
    finally:
        os.chdir(here)


ext_modules = extensions()
setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt} if ext_modules else {})
