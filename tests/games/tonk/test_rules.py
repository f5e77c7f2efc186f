"""Tonk's flags: presets, overrides from text, and refusals that name the flag."""

from __future__ import annotations

import pytest

from parlour import load_game
from parlour.core.errors import RulesError
from parlour.games.tonk.rules import TonkRules


def test_presets_match_the_table_of_rules_md() -> None:
    speno, classic = TonkRules.build("speno"), TonkRules.build("classic")
    texas, pagat = TonkRules.build("texas"), TonkRules.build("pagat")
    assert (speno.ace_high, speno.hit_sets, speno.hit_lockout, speno.tonk_out_pay) == (False, False, False, 1)
    assert (classic.ace_high, classic.hit_sets, classic.hit_lockout, classic.tonk_out_pay) == (True, True, True, 2)
    assert (texas.deal_wins, texas.caught, texas.tonk_out_pay) == ("texas", "texas", 2)
    assert (pagat.deal_wins, pagat.caught, pagat.stock_out, pagat.ace_high) == ("pagat", "pagat", "discard_only", False)
    assert classic.deal_wins == "none" and speno.deal_wins == "speno"
    for rules in (speno, classic, texas, pagat):
        assert (rules.jokers, rules.hand_size, rules.upcard) == (0, 5, True)
    # §1.4 / §1.8: classic drops at any point of the turn; the others only before drawing
    assert classic.drop_timing == "any"
    assert speno.drop_timing == texas.drop_timing == pagat.drop_timing == "before_draw"


def test_flags_from_a_spec_string_and_keywords() -> None:
    game = load_game("tonk:classic?jokers=2&hand_size=7")
    assert (game.rules.jokers, game.rules.hand_size, game.rules.hit_sets) == (2, 7, True)
    game = load_game("tonk", preset="texas", players=3)
    assert (game.rules.caught, game.num_players) == ("texas", 3)
    assert load_game(repr(game)[len("load_game('"):-2]).rules == game.rules


@pytest.mark.parametrize(
    ("spec", "flags", "fragment"),
    [
        ("tonk?jokerz=2", {}, "unknown flag 'jokerz'"),
        ("tonk?jokers=1", {}, "flag 'jokers' cannot be '1': allowed values are 0, 2"),
        ("tonk?hand_size=6", {}, "allowed values are 5, 7, 9"),
        ("tonk?upcard=maybe", {}, "allowed values are true or false"),
        ("tonk:vegas", {}, "unknown preset 'vegas'"),
        ("tonk", {"players": 6, "hand_size": 9, "jokers": 2}, "6 × 9 + 1 = 55"),
        ("tonk", {"players": 7}, "flag 'players' cannot be 7"),
        ("tonk?caught=harsh", {}, "speno, classic, texas, pagat"),
        ("chess", {}, "unknown game 'chess'"),
        ("tonk?jokers", {}, "cannot read the flags"),
        ("tonk:speno", {"preset": "classic"}, "names preset 'speno'"),
    ],
)
def test_bad_rules_are_refused_naming_the_flag(spec: str, flags: dict[str, object], fragment: str) -> None:
    with pytest.raises(RulesError) as caught:
        load_game(spec, **flags)  # type: ignore[arg-type]
    assert fragment in str(caught.value)


def test_five_players_may_hold_nine_cards() -> None:
    assert len(load_game("tonk?hand_size=9&players=5").new_state(1).pos.stock) == 52 - 45 - 1
