"""The checkout itself: what git keeps out of it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
@pytest.mark.parametrize("path", ["parlour.db", "games/other.db", "dist/parlour-0.1.0-py3-none-any.whl"])
def test_git_ignores_databases_and_builds(path: str) -> None:
    assert subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT, check=False).returncode == 0
