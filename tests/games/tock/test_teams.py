"""Team Tock (flag ``teams``): seating, teammates' pawns as others', playing for a teammate, the team win."""

from __future__ import annotations

import random

import pytest

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.core.errors import IllegalActionError, RulesError
from parlour.core.parts import candidates_of, encoding_of
from parlour.games.tock.actions import For, Move, parse_tock_action
from parlour.testing import check_game, random_walk
from tests.games.tock.helpers import legal, place, position

HOME_A = {"a1": "h1", "a2": "h2", "a3": "h3", "a4": "h4"}
"""Seat a's four pawns home: from then on it plays for a teammate."""


@pytest.mark.parametrize("players", [2, 3, 5, 7])
@pytest.mark.parametrize("teams", ["pairs", "two"])
def test_teams_need_four_six_or_eight_players(players: int, teams: str) -> None:
    with pytest.raises(RulesError, match=rf"teams={teams} needs 4, 6 or 8 players, not players={players}"):
        load_game("tock", players=players, teams=teams)


def test_an_unknown_teams_value_is_refused_naming_the_choices() -> None:
    with pytest.raises(RulesError, match="pairs"):
        load_game("tock", players=4, teams="trios")


@pytest.mark.parametrize(("players", "teams", "seats"), [
    (4, "pairs", [(0, 2), (1, 3)]),
    (6, "pairs", [(0, 3), (1, 4), (2, 5)]),
    (8, "pairs", [(0, 4), (1, 5), (2, 6), (3, 7)]),
    (4, "two", [(0, 2), (1, 3)]),
    (6, "two", [(0, 2, 4), (1, 3, 5)]),
    (8, "two", [(0, 2, 4, 6), (1, 3, 5, 7)]),
    (5, "none", [(0,), (1,), (2,), (3,), (4,)]),
])
def test_seating(players: int, teams: str, seats: list[tuple[int, ...]]) -> None:
    assert load_game("tock", players=players, teams=teams).teams() == seats


def test_the_individual_game_writes_no_teams_flag() -> None:
    assert "teams" not in load_game("tock", players=4).rules.to_dict()
    assert load_game("tock", players=4, teams="pairs").rules.to_dict()["teams"] == "pairs"


def test_a_j_swaps_with_a_teammates_pawn_and_a_five_pushes_it() -> None:
    state = position(pawns={"a1": 5, "c1": 40}, hand=["Jc", "5c"], teams="pairs")
    assert "J p1<>c1" in legal(state)
    assert "5 c1" in legal(state)
    state.apply("J p1<>c1")
    assert (place(state, "a1"), place(state, "c1")) == (40, 5)


def test_a_finished_player_plays_for_its_teammate() -> None:
    state = position(pawns={**HOME_A, "c1": 40}, hand=["8c", "Ac"], teams="pairs")
    assert state.view(0)["serving"] == [2]
    assert {"for c: A p1", "for c: 8 p1", "for c: A enter"} <= set(legal(state))
    assert all(a.startswith("for c: ") for a in legal(state))
    state.apply("for c: 8 c1")  # the teammate's pawn by its seat letter reads as p1
    assert place(state, "c1") == 48
    assert state.view(None)["log"][-1] == [0, "for c: 8 p1"]


def test_entering_for_a_teammate_uses_the_teammates_reserve_and_start() -> None:
    state = position(pawns=HOME_A, hand=["Ac"], teams="pairs")
    assert "for c: A enter" in legal(state)
    state.apply("for c: A enter")
    assert place(state, "c1") == 36
    assert "c1" in state.view(None)["advantaged"]


def test_a_seven_split_among_the_teammates_pawns() -> None:
    state = position(pawns={**HOME_A, "c1": 40, "c2": 50}, hand=["7c"], teams="pairs")
    assert "for c: 7 p1+3 p2+4" in legal(state)
    state.apply("for c: 7 p1+3 p2+4")
    assert (place(state, "c1"), place(state, "c2")) == (43, 54)


def test_a_finished_player_swaps_a_teammates_pawn_and_never_pushes_it() -> None:
    state = position(pawns={**HOME_A, "c1": 40, "b1": 20}, hand=["Jc", "5c"], teams="pairs")
    assert {"for c: J p1<>b1", "for c: 5 b1"} <= set(legal(state))
    assert "for c: 5 c1" not in legal(state)
    state.apply("for c: J p1<>b1")
    assert (place(state, "c1"), place(state, "b1")) == (20, 40)


def test_with_several_unfinished_teammates_the_player_chooses_whom_it_serves() -> None:
    state = position(players=6, pawns={**HOME_A, "c1": 40, "e1": 80}, hand=["8c"], teams="two")
    assert state.view(0)["serving"] == [2, 4]
    assert {"for c: 8 p1", "for e: 8 p1", "for c: 5 e1", "for e: 5 c1"} <= set(legal(state))
    state.apply("for e: 8 p1")
    assert (place(state, "c1"), place(state, "e1")) == (40, 88)


def test_for_actions_round_trip() -> None:
    state = position(players=6, pawns={**HOME_A, "c1": 40, "c2": 50, "e1": 80}, hand=["7c", "Jc", "5c", "Ac"],
                     teams="two")
    actions = state.legal_actions()
    assert actions and all(isinstance(a, For) for a in actions)
    for action in actions:
        assert parse_tock_action(str(action)) == action
    assert parse_tock_action("For C: 8 P2") == For(2, Move(8, 2))


def test_refusals_say_whom_to_play_for() -> None:
    state = position(pawns={**HOME_A, "c1": 40}, hand=["8c"], teams="pairs")
    with pytest.raises(IllegalActionError, match=r"your cards move a teammate's pawns \(seat c\)"):
        state.apply("8 p1")
    with pytest.raises(IllegalActionError, match="is not one you play for: you play for c"):
        state.apply("for b: 8 p1")
    unfinished = position(pawns={"a1": 5, "c1": 40}, hand=["8c"], teams="pairs")
    with pytest.raises(IllegalActionError, match="only once your 4 pawns are home"):
        unfinished.apply("for c: 8 p1")
    alone = position(pawns={"a1": 5}, hand=["8c"])
    with pytest.raises(IllegalActionError, match="played without teams"):
        alone.apply("for c: 8 p1")


def test_a_player_home_alone_does_not_end_a_team_game() -> None:
    state = position(pawns={"a1": 34, "a2": "h2", "a3": "h3", "a4": "h4"}, hand=["Ac"], teams="pairs")
    state.apply("A p1")
    assert not state.is_terminal


def test_the_first_team_all_home_wins_and_each_member_gets_one() -> None:
    state = position(pawns={**HOME_A, "c1": 34, "c2": "h2", "c3": "h3", "c4": "h4"}, hand=["Ac"],
                     teams="pairs")
    state.apply("for c: A p1")
    assert state.is_terminal
    assert state.returns() == [1.0, 0.0, 1.0, 0.0]
    view = state.view(None)
    assert view["winner"] == 0
    assert view["ranking"][:2] in ([0, 2], [2, 0])
    assert view["teams"] == [[0, 2], [1, 3]]


@pytest.mark.parametrize(("players", "teams"), [(4, "pairs"), (6, "pairs"), (8, "two")])
def test_random_team_games_keep_the_contract(players: int, teams: str) -> None:
    check_game(load_game(f"tock?teams={teams}", players=players), games=2)


@pytest.mark.parametrize(("players", "teams", "total"), [(4, "none", 1.0), (4, "pairs", 2.0), (6, "two", 3.0)])
def test_the_returns_add_up_to_the_rule_sets_returns_sum(players: int, teams: str, total: float) -> None:
    game = load_game(f"tock?teams={teams}", players=players)
    assert game.returns_sum == total and game.spec.returns_sum == 1.0
    for seed in range(2):
        _, states = random_walk(game, seed, samples=1)
        assert states[-1].is_terminal and sum(states[-1].returns()) == total


def test_search_judges_a_team_seat_ahead_against_the_rule_sets_even_share() -> None:
    assert ISMCTSBot(load_game("tock?teams=pairs", players=4), iters=1).even == 0.5
    assert ISMCTSBot(load_game("tock", players=4), iters=1).even == 0.25


def test_the_team_game_encodes_actions_for_a_teammate_after_the_individual_games_words() -> None:
    alone = encoding_of(load_game("tock", players=4)).vocabulary
    teams = encoding_of(load_game("tock?teams=pairs", players=4)).vocabulary
    assert teams[:len(alone)] == alone and teams[len(alone):] == ("for", "a:", "b:", "c:", "d:")


HURTING = {"a1": 22, "c1": 30}
"""Seat a's 8 lands on its teammate's pawn: ``8 p1`` captures it; the 2, 3, 6 and the 4 (back) stop short."""
SHORT = ["8c", "2d", "3h", "4s", "6c"]


@pytest.mark.parametrize("root", ["paired", "tree"])
def test_the_strong_bot_never_captures_a_teammate_when_another_move_exists(root: str) -> None:
    state = position(pawns=HURTING, hand=SHORT, teams="pairs")
    assert "8 p1" in legal(state)
    bot = make_bot(f"strong:iters=40,root={root}", state.game)
    assert isinstance(bot, ISMCTSBot)
    for seed in range(3):
        assert str(bot.choose(state.view(0), state.legal_actions(), random.Random(seed))) != "8 p1"
        weighed = {str(choice.action) for choice in bot.last}
        assert "8 p1" not in weighed and len(weighed) > 1  # the search never spent a playout on the capture


def test_the_strong_bot_captures_a_teammate_when_every_move_does() -> None:
    state = position(pawns={**HURTING, "a2": "h2", "a3": "h3", "a4": "h4"}, hand=["8c", "Kc", "8d", "Kd", "8h"],
                     teams="pairs")
    assert sorted(legal(state)) == ["8 p1", "K p1"]  # the King passes over the teammate's pawn: it captures too
    bot = make_bot("strong:iters=40", state.game)
    state.apply(str(bot.choose(state.view(0), state.legal_actions(), random.Random(0))))
    assert place(state, "c1") is None


def test_the_candidates_leave_out_only_the_moves_capturing_a_teammate() -> None:
    state = position(pawns=HURTING, hand=SHORT, teams="pairs")
    candidates = candidates_of(state.game)(state.view(0), state.legal_actions())
    assert sorted(str(a) for a in candidates) == ["2 p1", "3 p1", "4 p1", "6 p1"]
    alone = position(pawns=HURTING, hand=SHORT)
    assert candidates_of(alone.game)(alone.view(0), alone.legal_actions()) == alone.legal_actions()
