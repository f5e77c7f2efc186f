"""The flow of a Tonk turn (docs/rules/en/tonk.md, "The deal" and "Your turn") and what a view shows."""

from __future__ import annotations

import random

import pytest

from parlour import load_game
from parlour.core.errors import IllegalActionError, RulesError
from parlour.core.i18n import set_language
from tests.games.tonk.helpers import play, tonk


def texts(state: object) -> list[str]:
    return [str(a) for a in state.legal_actions()]  # type: ignore[attr-defined]


def test_deal_gives_hand_size_cards_from_the_dealers_left_and_turns_the_upcard() -> None:
    state = load_game("tonk:classic?hand_size=7", players=4).new_state(3)
    assert [len(state.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    assert len(state.pos.discard) == 1 and len(state.pos.stock) == 52 - 28 - 1
    assert state.pos.dealer == 3 and state.current_player == 0


def test_without_upcard_the_first_player_must_draw_from_the_stock() -> None:
    state = load_game("tonk:speno?upcard=false", players=2).new_state(3)
    assert state.pos.discard == [] and texts(state) == ["drop", "draw stock"]


def test_turn_is_drop_or_draw_then_spread_hit_discard() -> None:
    state = tonk("tonk:speno", ["8c 8d 2s", "Kc Kd Ks"], stock="8h", discard="5c")
    assert texts(state) == ["drop", "draw stock", "draw discard"]
    play(state, "draw stock")
    assert "drop" not in texts(state) and "spread 8c 8d 8h" in texts(state)
    with pytest.raises(IllegalActionError, match="a drop comes before drawing"):
        state.apply("drop")
    with pytest.raises(IllegalActionError, match="You have drawn"):
        state.apply("draw stock")


def test_drop_timing_any_allows_a_drop_after_drawing_and_spreading() -> None:
    state = tonk("tonk:speno?drop_timing=any", ["8c 8d 2s", "Kc Kd Ks"], stock="8h")
    play(state, "draw stock", "spread 8c 8d 8h", "drop")
    assert state.pos.results[-1].totals == (2, 30)


def test_the_card_taken_from_the_discard_pile_may_not_be_discarded_at_once() -> None:
    state = tonk("tonk:speno", ["2c 3d", "Kc Kd"], discard="9s")
    play(state, "draw discard")
    assert "discard 9s" not in texts(state)
    with pytest.raises(IllegalActionError, match=r"not thrown back the same turn: 9s$"):
        state.apply("discard 9s")
    state = tonk("tonk:speno?may_rediscard_taken=true", ["2c 3d", "Kc Kd"], discard="9s")
    play(state, "draw discard", "discard 9s")


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once() -> None:
    state = tonk("tonk:speno", ["2c 3d", "Kc Kd"], stock="9s")
    play(state, "draw stock", "discard 9s")
    assert state.pos.discard[-1] == 47


def test_discarding_a_card_you_do_not_have_names_your_hand() -> None:
    state = tonk("tonk:speno", ["3c 4c 9d Kh", "Kc Kd"], stock="Ks")
    play(state, "draw stock")
    with pytest.raises(IllegalActionError) as caught:
        state.apply("discard Qh")
    assert str(caught.value) == "'discard Qh': You play only cards from your own hand: you do not hold Qh"


@pytest.mark.parametrize(("typed", "reason"), [
    ("spread 3c 3d", "A spread needs at least three cards, not 2"),
    ("SPREAD 3C", "A spread needs at least three cards, not 1"),
    ("spread  3c 3d   Jk=3h ", "Each joker of a spread is one from your hand: you hold 0"),
])
def test_a_well_formed_but_illegal_spread_gets_the_rules_reason_quoting_it_as_typed(typed: str, reason: str) -> None:
    """Two cards are a spread the rules refuse (a spread needs three), not text that is no action."""
    state = tonk("tonk:speno", ["3c 3d 9d Kh", "Kc Kd"], stock="Ks")
    play(state, "draw stock")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(typed)
    assert caught.value.code == "action/illegal"
    assert str(caught.value).startswith(f"'{typed.strip()}': {reason}")


def test_the_rules_reason_is_in_the_language_set() -> None:
    set_language("fr")  # the session's fixture sets English back
    state = tonk("tonk:speno", ["3c 3d 9d Kh", "Kc Kd"], stock="Ks")
    with pytest.raises(IllegalActionError) as early:
        state.apply("discard 3c")
    assert early.value.worded() == "Un tour commence en descendant ou en piochant, dans la pioche ou la défausse"
    play(state, "draw stock")
    with pytest.raises(IllegalActionError) as caught:
        state.apply("spread 3c 3d")
    assert caught.value.worded() == (
        "Une combinaison demande au moins trois cartes, pas 2\u00a0: "
        "3 ou 4 cartes de même valeur, ou 3 cartes ou plus qui se suivent dans la même couleur")
    with pytest.raises(IllegalActionError) as missing:
        state.apply("discard 2s")
    assert missing.value.worded() == "On ne joue que des cartes de sa main\u00a0: vous n'avez pas 2s"


def test_views_show_own_hand_counts_and_cards_known_from_the_discard_pile() -> None:
    state = tonk("tonk:speno", ["2c 3d", "Kc Kd"], discard="9s", stock="Ah")
    play(state, "draw discard", "discard 2c")
    seen_by_1 = state.view(1)
    assert seen_by_1["hand"] == ["Kc", "Kd"] and seen_by_1["hand_value"] == 20
    assert seen_by_1["hand_sizes"] == [2, 2]
    assert seen_by_1["known"][0] == ["9s"]
    assert "3d" not in str(seen_by_1)
    assert seen_by_1["log"] == [[0, "draw discard"], [0, "discard 2c"]]
    assert "hand" not in state.view(None)


def test_determinize_keeps_known_cards_where_they_are() -> None:
    state = tonk("tonk:speno", ["2c 3d", "Kc Kd"], discard="9s", stock="Ah")
    play(state, "draw discard", "discard 2c")
    for seed in range(20):
        guess = state.game.determinize(state.view(1), random.Random(seed))
        assert 47 in guess.hand(0)  # 9s
        assert guess.hand(1) == state.hand(1)


def test_cards_are_conserved_through_a_game() -> None:
    state = load_game("tonk:classic?jokers=2", players=3).new_state(8)
    rng = random.Random(8)
    while not state.is_terminal:
        every = list(state.pos.stock) + list(state.pos.discard)
        for seat in range(3):
            every += state.hand(seat)
        for spread in state.pos.spreads:
            every += spread.real_cards()
        assert sorted(every) == list(range(54))
        actions = [a for a in state.legal_actions() if str(a) != "drop"] or list(state.legal_actions())
        state.apply(rng.choice(actions))


@pytest.mark.parametrize(
    ("position", "fragment"),
    [
        ({"hands": [["2c"], ["2c"]]}, "'2c' is named twice"),
        ({"hands": [["2c"]]}, "has 1 hands for 2 players"),
        ({"hands": [["Zz"], []]}, "'Zz' is not a card"),
        ({"hands": [["2c"], []], "to_play": 5}, "'to_play' should be a seat from 0 to 1"),
        ({"hands": [["2c"], []], "board": 1}, "unknown key(s) 'board'"),
        ({"hands": [["Jk"], []]}, "no joker left"),
        ({"hands": [[], []], "spreads": [{"owner": 0, "cards": ["2c", "3d", "4c"]}]}, "not a set or run"),
        ({"hands": "2c"}, "should be a list"),
    ],
)
def test_bad_positions_are_refused(position: dict[str, object], fragment: str) -> None:
    with pytest.raises(RulesError) as caught:
        load_game("tonk:speno").new_state(0, position)
    assert fragment in str(caught.value)
