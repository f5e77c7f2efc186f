"""Every game's heuristic plays its pinned games move for move, in both builds.

The engine's tests run compiled, then again on pure Python (``make test``), so a compiled heuristic that
plays one move otherwise than its source, from a view or in a playout, fails here; so does any change to a
heuristic's play, which must then come with new digests (``tools/golden.py``'s ``heuristic_lines``).
"""

from __future__ import annotations

import pytest
from tools.golden import digest, heuristic_lines

from parlour import load_game

PLAYED = (
    ("tonk:classic?players=2", 40, "9f44d10584939c53ba061d5bcf336c0364943655bcd09d3db9795f092e1e31cc"),
    ("tonk:speno?players=4&jokers=2&hands=3", 10, "eac50ea9898f37f21d2560d6f4f62fffe73c892e5d63c7641692116c8afa23de"),
    ("plonk", 2, "ac781fcf4598e3edd51d95bd6cb7d790c9120558d43390e6dc516160365e12e1"),
    ("tock?players=4", 1, "d6cbcac40c4d0ef86a2873a8d9393740ab0ff32f766b7f41b0babba737c9be65"),
    ("tock?players=6&home_entry=optional", 1, "769d6e599b2a93993ed6031e0d9f5a1b6030e664f5df0d7641d58d46d386cf09"),
)
"""Games of the heuristic at every seat: (spec, games from seeds 0 …, digest of their actions and returns)."""


@pytest.mark.parametrize("on_view", [True, False], ids=["from views", "on states"])
@pytest.mark.parametrize(("spec", "games", "expected"), PLAYED, ids=[spec for spec, _, _ in PLAYED])
def test_the_heuristic_plays_its_pinned_games_move_for_move(spec: str, games: int, expected: str,
                                                            on_view: bool) -> None:
    game = load_game(spec)
    assert digest(line for seed in range(games) for line in heuristic_lines(game, seed, on_view)) == expected
