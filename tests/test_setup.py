"""The build falls back to pure Python loudly, and not at all where ``PARLOUR_REQUIRE_COMPILED=1`` requires a
compiled engine. mypyc is made unimportable (a stand-in package that fails to import) so that no compiling
happens: the build of the compiled engine itself is ``make wheel-check``'s (``tools/wheel_check.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_ext(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``setup.py build_ext`` into ``tmp_path``, where mypyc cannot be imported."""
    (tmp_path / "mypyc").mkdir(exist_ok=True)
    (tmp_path / "mypyc" / "__init__.py").write_text("raise ImportError('no mypyc here')\n")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PARLOUR_")}
    return subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(tmp_path / "lib"),
                           "--build-temp", str(tmp_path / "temp")], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=120, env={**clean, "PYTHONPATH": str(tmp_path), **env},
                          start_new_session=True)  # no terminal: the warning goes to stderr only


def test_a_build_that_cannot_compile_goes_on_as_pure_python_and_says_so_in_a_frame(tmp_path: Path) -> None:
    done = build_ext(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "*" * 100 + "\nparlour: building the PURE PYTHON engine: mypyc is not installed (no mypyc here;" \
        in done.stderr
    assert "`parlour --version` says which engine an install runs." in done.stderr
    assert not list((tmp_path / "lib").rglob("_compiled.json"))


def test_where_a_compiled_engine_is_required_a_build_that_cannot_compile_fails(tmp_path: Path) -> None:
    done = build_ext(tmp_path, PARLOUR_REQUIRE_COMPILED="1")
    assert done.returncode != 0
    assert "parlour: PARLOUR_REQUIRE_COMPILED=1, but the engine cannot be compiled: mypyc is not installed" \
        in done.stderr


def test_asking_for_pure_python_and_requiring_compiled_fails_at_once(tmp_path: Path) -> None:
    done = build_ext(tmp_path, PARLOUR_REQUIRE_COMPILED="1", PARLOUR_PURE_PYTHON="1")
    assert done.returncode != 0 and "contradict each other" in done.stderr
