"""Tonk's deals and legal actions pinned by golden digests (``tests/golden.py``).

Every preset (speno, classic, texas, pagat) at 2 to 6 players, and a few other flag combinations
(later hands, jokers, larger hands): a change to dealing or drawing, or to which actions are legal
and how they are written, fails here, since stored tables are restored by replaying their records.
When the change is meant, regenerate ``golden.json``: ``PYTHONPATH=src .venv/bin/python tools/golden.py
--update tonk``.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core.game import Game
from tests.golden import case_digests, cases, stored

GAME = "tonk"
CASES = cases(GAME)


def test_every_preset_and_player_count_is_pinned() -> None:
    assert sorted(stored(GAME)) == sorted(game.name_with_rules() for game in CASES)


@pytest.mark.parametrize(("index", "game"), list(enumerate(CASES)), ids=[game.name_with_rules() for game in CASES])
def test_deals_and_legal_actions_are_unchanged(index: int, game: Game[Any]) -> None:
    expected = stored(GAME)[game.name_with_rules()]
    got = case_digests(game, index)
    assert got["deals"] == expected["deals"], "a deal changed: chance (dealing, shuffling) is not what it was"
    assert got["games"] == expected["games"], "the legal actions along a seeded random game changed"
