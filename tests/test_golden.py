"""Golden digests and engine versions move together: ``tools.golden.write`` (``tools/golden.py --update``) refuses
to change a game's pinned digests under the engine version they were made under."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from tools import golden

from parlour.games.plonk.game import PlonkGame


@pytest.fixture
def plonk_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of Plonk's ``golden.json`` to write over, and the engine's digests taken to be the stored ones with
    one case changed (as a change to a deal would)."""
    shutil.copytree(golden.GAMES_DIR / "plonk", tmp_path / "plonk", ignore=shutil.ignore_patterns("*.py*"))
    monkeypatch.setattr(golden, "GAMES_DIR", tmp_path)
    pinned = golden.stored("plonk")
    first = sorted(pinned)[0]
    changed = {**pinned, first: {**pinned[first], "deals": ["0" * 64, *pinned[first]["deals"][1:]]}}
    monkeypatch.setattr(golden, "computed", lambda name: changed)
    return tmp_path / "plonk" / "golden.json"


def test_changed_digests_are_refused_under_the_same_engine_version(plonk_files: Path) -> None:
    before = plonk_files.read_text()
    with pytest.raises(golden.EngineVersionNotRaised, match=r"plonk: 1 cases deal or play differently .* the "
                       r"engine version is still 1: raise engine_version"):
        golden.write("plonk")
    assert plonk_files.read_text() == before


def test_changed_digests_are_written_with_the_raised_engine_version(plonk_files: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PlonkGame, "spec", replace(PlonkGame.spec, engine_version=2))
    golden.write("plonk")
    data = json.loads(plonk_files.read_text())
    assert data["engine"] == 2 and golden.changed_cases("plonk", golden.computed("plonk")) == []


def test_a_file_made_under_another_engine_version_fails_until_regenerated(plonk_files: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    golden.assert_all_pinned("plonk")
    monkeypatch.setattr(PlonkGame, "spec", replace(PlonkGame.spec, engine_version=2))
    with pytest.raises(AssertionError, match="was made under engine version 1, but plonk declares 2"):
        golden.assert_all_pinned("plonk")
