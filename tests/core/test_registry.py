"""Spec strings and the registry."""

from __future__ import annotations

import pytest

from parlour.core.errors import RulesError
from parlour.core.registry import game_classes, load_game, parse_spec


def test_parse_spec() -> None:
    assert parse_spec("Tonk:Classic?jokers=2&hand_size=7") == ("tonk", "classic", {"jokers": "2", "hand_size": "7"})
    assert parse_spec("tonk") == ("tonk", None, {})


def test_a_flag_given_twice_is_refused() -> None:
    with pytest.raises(RulesError, match="flag 'jokers' is given twice"):
        load_game("tonk?jokers=2&jokers=0")


def test_keywords_override_the_spec_string() -> None:
    assert load_game("tonk?jokers=2", jokers=0).rules.jokers == 0


def test_tonk_is_registered() -> None:
    assert "tonk" in game_classes()


def test_a_games_spec_string_names_its_nearest_preset_and_reads_back() -> None:
    for spec, expected in [("tonk:classic?jokers=2", "tonk:classic?players=2&jokers=2"),
                           ("tonk:pagat?upcard=false", "tonk:pagat?players=2&upcard=false")]:
        game = load_game(spec)
        assert game.name_with_rules() == expected
        assert load_game(game.name_with_rules()).rules == game.rules
