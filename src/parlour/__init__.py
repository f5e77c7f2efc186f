"""parlour: play and study Tonk, Tock and Plonk.

The engine's hot modules may be installed twice: as the ``.py`` source and as C extensions compiled
from it by mypyc (see ``setup.py``), which Python prefers. The source runs instead when
``PARLOUR_PURE_PYTHON=1`` is set; when a compiled module's source no longer matches the digest
the build recorded in ``_compiled.json`` (a checkout edited since its last build: the stale extension
would run old code); and when a module the build compiled has no extension this Python can load (built
for another Python version). The last two warn once at import: a compiled engine was built, and is not
running. ``compiled()`` tells which engine runs, ``why_pure()`` why not the compiled one.

An install without extensions (built with no C compiler, or with ``PARLOUR_PURE_PYTHON=1``) runs its
source quietly: it plays the same, only slower, and whoever imports it can seldom change how it was
built, so a warning at every import would be noise (and an error under ``-W error``); its build said
so, and ``parlour --version`` does. Where a compiled engine is required (CI, the wheels' tests),
``PARLOUR_REQUIRE_COMPILED=1`` makes that case warn too, as it makes the build fail rather than fall back.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

__version__ = "0.1.0"
__all__ = ["__version__", "compiled", "load_game", "why_pure"]

_PACKAGE = Path(__file__).parent
_MANIFEST = "_compiled.json"


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Imports parlour's modules from their ``.py`` source even where a compiled extension sits beside it."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("parlour.") or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def _stale(package: Path, manifest: Mapping[str, str]) -> list[str]:
    """The compiled modules whose source differs from the one they were built from (an install that left
    the source out has nothing to compare: its extensions run)."""
    stale = []
    for module, digest in manifest.items():
        source = package.parent / (module.replace(".", "/") + ".py")
        if source.exists() and hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            stale.append(module)
    return stale


def _missing(package: Path, manifest: Mapping[str, str]) -> list[str]:
    """The compiled modules with no extension this Python can load beside them (a build for another one)."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    missing = []
    for module in manifest:
        stem = package.parent / module.replace(".", "/")
        if not any(stem.with_name(stem.name + suffix).exists() for suffix in suffixes):
            missing.append(module)
    return missing


def _why_pure(package: Path, environ: Mapping[str, str]) -> tuple[str | None, str | None]:
    """Why the engine installed in ``package`` is to run its source, in words (None: it runs compiled), and
    the warning to give at import (None: none)."""
    if environ.get("PARLOUR_PURE_PYTHON") == "1":
        return "PARLOUR_PURE_PYTHON=1", None
    try:
        manifest = json.loads((package / _MANIFEST).read_text())
    except FileNotFoundError:
        why = "this install has no compiled extensions"
        required = environ.get("PARLOUR_REQUIRE_COMPILED") == "1"
        return why, f"parlour: {why}, and PARLOUR_REQUIRE_COMPILED=1 is set" if required else None
    missing = _missing(package, manifest)
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        why = f"no compiled extension for this Python ({missing[0]}{more})"
        return why, f"parlour: {why}: running every module from its source (reinstall parlour for this Python)"
    stale = _stale(package, manifest)
    if stale:
        why = f"{', '.join(stale)} changed since compiled"
        return why, f"parlour: {why}: running every module from its source (rebuild: make compile)"
    return None, None


def _choose_mode() -> str | None:
    """Why the engine runs its source (None: compiled), having warned as ``_why_pure`` says and, where
    extensions sit beside the source, installed the finder that skips them."""
    why, warning = _why_pure(_PACKAGE, os.environ)
    if warning is not None:
        warnings.warn(warning, RuntimeWarning, stacklevel=2)
    if why is not None and (_PACKAGE / _MANIFEST).exists():
        sys.meta_path.insert(0, _SourceFinder())
    return why


_WHY_PURE = _choose_mode()


def compiled() -> bool:
    """Whether the engine runs its mypyc-compiled modules (False: pure Python)."""
    return _WHY_PURE is None


def why_pure() -> str | None:
    """Why the engine runs as pure Python rather than compiled, in words; None when it runs compiled."""
    return _WHY_PURE


from parlour.core.registry import load_game  # noqa: E402 — after the finder, which must see this import
