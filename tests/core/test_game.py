"""The first dealer: every game deals from the dealer's left and lets the seat there play first."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from parlour import load_game
from parlour.core.errors import RecordError, RulesError
from parlour.core.game import State
from parlour.core.record import GameRecord, replay
from tests.conftest import play_randomly

SPECS = [("tonk:speno", 3), ("tonk:classic", 2), ("tock", 4), ("tock", 6), ("plonk", 4)]


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_the_seat_left_of_the_dealer_plays_first(spec: str, players: int) -> None:
    game = load_game(spec, players=players)
    assert game.new_state(5).current_player == 0
    for dealer in range(players):
        state = game.new_state(5, dealer=dealer)
        assert state.first_dealer == dealer
        assert state.current_player == (dealer + 1) % players


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_a_rotated_deal_deals_the_same_cards_one_seat_on(spec: str, players: int) -> None:
    game = load_game(spec, players=players)
    default, rotated = game.new_state(8), game.new_state(8, dealer=0)
    for seat in range(players):
        assert sorted(rotated.hand((seat + 1) % players)) == sorted(default.hand(seat))


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_a_record_keeps_the_dealer_and_replays_exactly(spec: str, players: int) -> None:
    game = load_game(spec, players=players)
    state = play_randomly(game.new_state(11, dealer=0), random.Random(3))
    record = GameRecord.from_json(GameRecord.of(state).to_json())
    assert record.dealer == 0
    assert replay(record) == state
    assert GameRecord.of(game.new_state(11)).dealer is None


@pytest.mark.parametrize("dealer", [4, -1, "1", True, 1.0])
def test_a_dealer_that_is_not_a_seat_is_refused(dealer: object) -> None:
    with pytest.raises(RulesError, match=f"dealer {dealer!r} is not a seat: allowed are 0 to 3"):
        load_game("plonk").new_state(1, dealer=dealer)  # type: ignore[arg-type]


def test_a_hand_built_position_names_its_own_dealer() -> None:
    with pytest.raises(RulesError, match="a position names its own dealer"):
        load_game("tonk:speno", players=2).new_state(1, {"hands": [["2c"], ["3c"]]}, dealer=0)


def test_an_exported_state_keeps_its_first_dealer() -> None:
    game = load_game("tock", players=4)
    data = game.new_state(2, dealer=2).to_json()
    assert data["dealer"] == 2 and game.state_from_json(data).first_dealer == 2
    with pytest.raises(RecordError, match="the state's dealer 9 is not a seat"):
        game.state_from_json({**data, "dealer": 9})


class SpyPlay:
    """Rules of play that note each call to ``legal`` and ``apply`` and hand every call on to the game's own."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def legal(self, pos: Any) -> tuple[Any, ...]:
        self.calls.append(("legal", pos.version))
        return self.inner.legal(pos)  # type: ignore[no-any-return]

    def apply(self, pos: Any, seed: int, action: Any) -> None:
        self.calls.append(("apply", pos.version, seed, str(action)))
        self.inner.apply(pos, seed, action)


def test_a_state_is_played_through_its_rules_of_play() -> None:
    """The core calls the game's rules of play (``State.play``): the legal actions once per position, each
    action with the state's seed after the core has recorded it."""
    state = load_game("tonk:classic?players=2").new_state(11)
    spy = SpyPlay(state.play)
    state.play = spy
    seat = state.current_player
    first = next(a for a in state.legal_actions() if str(a) == "draw stock")
    assert next(a for a in state.legal_actions() if str(a) == "draw stock") is first  # cached: asked once
    state.apply(str(first))
    second = state.legal_actions()[-1]
    state.apply(second)
    assert spy.calls == [("legal", 0), ("apply", 1, 11, str(first)), ("legal", 1), ("apply", 2, 11, str(second))]
    assert state.history()[0] == (seat, first) and state.version == 2


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_every_game_is_played_by_the_one_state_class_around_its_rules_of_play(spec: str, players: int) -> None:
    """A game is its rules of play, made once per game and shared by its states, their clones and copies."""
    game = load_game(spec, players=players)
    state = game.new_state(5)
    assert type(state) is State and state.play is game.play
    assert type(state.clone()) is State and state.clone().play is game.play
    assert type(game.determinize(state.view(0), random.Random(1))) is State
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.play is again.game.play and again.history() == state.history()
    with pytest.raises(TypeError, match="unhashable"):
        hash(state)


def test_teams_are_each_seat_alone_unless_the_game_plays_in_partnerships() -> None:
    """What a rating counts as one side: Plonk's two partnerships; Tonk's and Tock's (free-for-all) each seat."""
    assert load_game("plonk").teams() == [(0, 2), (1, 3)]
    assert load_game("tonk", players=3).teams() == [(0,), (1,), (2,)]
    assert load_game("tock", players=2).teams() == [(0,), (1,)]
