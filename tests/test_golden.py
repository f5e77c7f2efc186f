"""Every registered game's deals and legal actions, pinned by golden digests (``tools/golden.py``).

For each game of the registry (``parlour.core.registry``), every preset at every player count it supports and a
few other flag combinations (``tools.golden.VARIANTS``: later hands, jokers, larger hands) are dealt and played from
fixed seeds, and their digests compared with ``tests/data/golden/NAME/digests.json``: a change to dealing or
drawing, or to which actions are legal and how they are written, fails here, since stored tables are restored by
replaying their records. A game gets these checks by registering, and fails them until its file is written. When
the change is meant, raise the game's engine version and regenerate the file:
``PYTHONPATH=src .venv/bin/python tools/golden.py --update NAME``.

Golden digests and engine versions move together: ``tools.golden.write`` (``tools/golden.py --update``) refuses to
change a game's pinned digests under the engine version they were made under.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tools import golden
from tools.golden import assert_all_pinned, assert_unchanged, cases, fixture, main, stored

from parlour.core.game import Game
from parlour.core.registry import game_classes
from parlour.games.plonk.game import PlonkGame

GAMES = sorted(game_classes())
"""The registered games: each is checked against its own file."""
CASES = [(name, index, game) for name in GAMES for index, game in enumerate(cases(name))]


@pytest.mark.parametrize("name", GAMES)
def test_every_preset_and_player_count_is_pinned(name: str) -> None:
    assert_all_pinned(name)


@pytest.mark.parametrize(("name", "index", "game"), CASES, ids=[game.name_with_rules() for _, _, game in CASES])
def test_deals_and_legal_actions_are_unchanged(name: str, index: int, game: Game[Any]) -> None:
    assert_unchanged(name, index, game)


def test_a_game_registered_without_digests_fails_until_they_are_written(highcard: list[str], tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card, installed as a plug-in, is checked like the others: it has no file, so it fails until written."""
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    with pytest.raises(AssertionError, match=r"highcard has no golden digests .* tools/golden.py --update highcard"):
        assert_all_pinned("highcard")
    assert main(["--update", "highcard"]) == 0
    assert_all_pinned("highcard")
    assert fixture("highcard") == tmp_path / "highcard" / "digests.json"


@pytest.fixture
def plonk_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of Plonk's digests to write over, and the engine's digests taken to be the stored ones with one case
    changed (as a change to a deal would)."""
    shutil.copytree(golden.GOLDEN_DIR / "plonk", tmp_path / "plonk")
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    pinned = golden.stored("plonk")
    first = sorted(pinned)[0]
    changed = {**pinned, first: {**pinned[first], "deals": ["0" * 64, *pinned[first]["deals"][1:]]}}
    monkeypatch.setattr(golden, "computed", lambda name: changed)
    return tmp_path / "plonk" / "digests.json"


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


def test_the_tool_rewrites_the_digests_and_names_a_case_that_differs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pinned = json.loads(fixture("plonk").read_text())["digests"]
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    assert main(["--update", "plonk"]) == 0
    assert stored("plonk") == pinned
    assert main(["plonk"]) == 0
    data = json.loads(fixture("plonk").read_text())
    data["digests"]["plonk?players=4&target=100"]["games"][0] = "0" * 64
    fixture("plonk").write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["plonk"]) == 1
    differs = f"plonk: plonk?players=4&target=100 differs from {fixture('plonk')}"
    assert capsys.readouterr().out.splitlines() == [differs]


def test_the_tool_refuses_a_game_that_is_not_registered() -> None:
    with pytest.raises(SystemExit, match="no game 'nosuch' is registered: games are plonk, tock, tonk"):
        main(["nosuch"])
