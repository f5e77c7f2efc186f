"""Tonk's deals and legal actions pinned by golden digests (``tools/golden.py``).

Every preset (speno, classic, texas, pagat) at 2 to 6 players, and a few other flag combinations
(later hands, jokers, larger hands): a change to dealing or drawing, or to which actions are legal
and how they are written, fails here, since stored tables are restored by replaying their records.
When the change is meant, regenerate ``golden.json``: ``PYTHONPATH=src .venv/bin/python tools/golden.py
--update tonk``.
"""

from __future__ import annotations

from typing import Any

import pytest
from tools.golden import assert_all_pinned, assert_unchanged, cases

from parlour.core.game import Game

GAME = "tonk"
CASES = cases(GAME)


def test_every_preset_and_player_count_is_pinned() -> None:
    assert_all_pinned(GAME)


@pytest.mark.parametrize(("index", "game"), list(enumerate(CASES)), ids=[game.name_with_rules() for game in CASES])
def test_deals_and_legal_actions_are_unchanged(index: int, game: Game[Any]) -> None:
    assert_unchanged(GAME, index, game)
