"""parlour: play and study Tonk, Tock and Plonk.

The engine's hot modules may be installed twice: as the ``.py`` source and as C extensions compiled
from it by mypyc (see ``setup.py``), which Python prefers. The source runs instead when
``PARLOUR_PURE_PYTHON=1`` is set, and when a compiled module's source no longer matches the digest
the build recorded in ``_compiled.json`` (a checkout edited since its last build: the stale extension
would run old code), with one warning saying so. ``compiled()`` tells which mode runs.
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
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__version__ = "0.1.0"
__all__ = ["__version__", "compiled", "load_game"]

_PACKAGE = Path(__file__).parent


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


def _stale(manifest: dict[str, str]) -> list[str]:
    """The compiled modules whose source differs from the one they were built from (an install that left
    the source out has nothing to compare: its extensions run)."""
    stale = []
    for module, digest in manifest.items():
        source = _PACKAGE.parent / (module.replace(".", "/") + ".py")
        if source.exists() and hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            stale.append(module)
    return stale


def _choose_mode() -> bool:
    """True when the compiled extensions are to run; otherwise installs the finder that skips them."""
    try:
        manifest = json.loads((_PACKAGE / "_compiled.json").read_text())
    except FileNotFoundError:
        return False  # a pure build: nothing to skip
    if os.environ.get("PARLOUR_PURE_PYTHON") == "1":
        stale: list[str] = []
    else:
        stale = _stale(manifest)
        if not stale:
            return True
        warnings.warn(f"parlour: {', '.join(stale)} changed since compiled: running every module from its "
                      "source (rebuild: make compile)", RuntimeWarning, stacklevel=2)
    sys.meta_path.insert(0, _SourceFinder())
    return False


_COMPILED = _choose_mode()


def compiled() -> bool:
    """Whether the engine runs its mypyc-compiled modules (False: pure Python)."""
    return _COMPILED


from parlour.core.registry import load_game  # noqa: E402 — after the finder, which must see this import
