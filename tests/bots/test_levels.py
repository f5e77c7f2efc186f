"""Levels a person can choose: ``level:beginner`` … ``level:master`` resolve to concrete bots in every game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from parlour import load_game
from parlour.bots import levels as levels_module
from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.bots.levels import LEVELS, NoisyBot, level_of, ratings, stored_ratings
from parlour.bots.names import readable_name
from parlour.core.errors import BotSpecError


@pytest.mark.parametrize("game", ["tonk", "plonk", "tock"])
def test_every_level_is_a_bot_of_every_game(game: str) -> None:
    played = load_game(game)
    beginner, casual, expert, master = (make_bot(f"level:{level}", played) for level in LEVELS)
    assert isinstance(beginner, NoisyBot) and beginner.name == "level:beginner"
    assert casual.name == "heuristic"
    assert isinstance(expert, ISMCTSBot) and isinstance(master, ISMCTSBot)
    assert (expert.ms, master.ms) == (200, 1000)
    assert expert.name.startswith("ismcts:ms=200,c=0.7,rollout=heuristic")


def test_a_search_level_thinks_for_the_time_asked_and_others_take_no_settings() -> None:
    game = load_game("tonk")
    bot = make_bot("level:master,ms=50", game)
    assert isinstance(bot, ISMCTSBot) and bot.ms == 50
    rebuilt = make_bot(bot.name, game)  # a worker rebuilds a bot from its name
    assert isinstance(rebuilt, ISMCTSBot) and rebuilt.ms == 50
    with pytest.raises(BotSpecError, match="level:casual takes no settings, got ms"):
        make_bot("level:casual,ms=50", game)
    with pytest.raises(BotSpecError, match=r"level='genius' is not allowed; level .* one of beginner, casual"):
        make_bot("level:genius", game)


def test_a_beginner_mostly_plays_the_heuristics_move_and_sometimes_any_other() -> None:
    game = load_game("tonk:classic", players=2)
    beginner, heuristic = make_bot("level:beginner", game), make_bot("heuristic", game)
    same = other = 0
    for seed in range(200):
        state = game.new_state(seed)
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        view = state.view(state.current_player)
        picked = beginner.choose(view, legal, random.Random(seed))
        assert picked in legal
        if picked == heuristic.choose(view, legal, random.Random(seed)):
            same += 1
        else:
            other += 1
    assert other > 0 and same > 2 * other


def test_levels_are_named_in_both_languages() -> None:
    assert [readable_name(f"level:{level}") for level in LEVELS] == ["Beginner bot", "Casual bot", "Expert bot",
                                                                       "Master bot"]
    assert [readable_name(f"level:{level}", "fr") for level in LEVELS] == ["Bot débutant", "Bot occasionnel",
                                                                             "Bot expert", "Bot maître"]
    assert (level_of("level:expert"), level_of("strong"), level_of("level:nope")) == ("expert", None, None)


def test_ratings_are_read_from_the_stored_round_robin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = tmp_path / "levels.json"
    stored.write_text(json.dumps({"tonk": {"spec": "tonk:classic?players=2", "ratings": {
        "beginner": 1300, "casual": 1450, "expert": 1600, "master": 1650}}}))
    monkeypatch.setattr(levels_module, "RATINGS", stored)
    stored_ratings.cache_clear()
    try:
        assert ratings("tonk") == {"beginner": 1300.0, "casual": 1450.0, "expert": 1600.0, "master": 1650.0}
        assert ratings("plonk") == {}
    finally:
        stored_ratings.cache_clear()


def test_the_package_holds_a_rating_for_every_level_of_every_game() -> None:
    for game in ("tonk", "plonk", "tock"):
        assert set(ratings(game)) == set(LEVELS), game
