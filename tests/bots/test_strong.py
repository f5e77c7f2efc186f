"""The ``strong`` bot: ISMCTS with each game's tuned settings, which the spec may override."""

from __future__ import annotations

import pytest

from parlour import load_game
from parlour.bots import ISMCTSBot, make_bot
from parlour.bots.heuristic import search_settings


@pytest.mark.parametrize("name", ["tonk", "plonk", "tock"])
def test_strong_is_ismcts_with_the_games_settings(name: str) -> None:
    game = load_game(name)
    bot = make_bot("strong", game)
    assert isinstance(bot, ISMCTSBot)
    assert bot.ms == 200 and bot.iters is None and bot.paired
    assert bot.name.startswith("ismcts:ms=200,") and "rollout=heuristic" in bot.name
    if "depth" in search_settings(game):
        assert bot.depth == int(search_settings(game)["depth"])


def test_settings_in_the_spec_win() -> None:
    bot = make_bot("strong:iters=50,anchor=3", load_game("plonk"))
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iters, bot.ms, bot.anchor, bot.depth) == (50, None, 3.0, 24)
