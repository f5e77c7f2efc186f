"""Plonk's deals and legal actions pinned by golden digests (``tools/golden.py``).

Its four players, to the default target and to a short one: a change to dealing, or to which cards
may be played and how they are written, fails here, since stored tables are restored by replaying
their records. When the change is meant, regenerate ``golden.json``: ``PYTHONPATH=src .venv/bin/python
tools/golden.py --update plonk``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tools import golden
from tools.golden import assert_all_pinned, assert_unchanged, cases, fixture, main, stored

from parlour.core.game import Game

GAME = "plonk"
CASES = cases(GAME)


def test_every_preset_and_player_count_is_pinned() -> None:
    assert_all_pinned(GAME)


@pytest.mark.parametrize(("index", "game"), list(enumerate(CASES)), ids=[game.name_with_rules() for game in CASES])
def test_deals_and_legal_actions_are_unchanged(index: int, game: Game[Any]) -> None:
    assert_unchanged(GAME, index, game)


def test_the_tool_rewrites_the_digests_and_names_a_case_that_differs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / GAME).mkdir()
    monkeypatch.setattr(golden, "GAMES_DIR", tmp_path)
    assert main(["--update", GAME]) == 0
    assert stored(GAME) == json.loads((Path(__file__).parent / "golden.json").read_text())["digests"]
    assert main([GAME]) == 0
    data = json.loads(fixture(GAME).read_text())
    data["digests"]["plonk?players=4&target=100"]["games"][0] = "0" * 64
    fixture(GAME).write_text(json.dumps(data))
    capsys.readouterr()
    assert main([GAME]) == 1
    assert capsys.readouterr().out.splitlines() == [f"plonk: plonk?players=4&target=100 differs from {fixture(GAME)}"]
