"""The Tock heuristic: its decisions in hand-built positions, and that it beats random play.

Two-player board: 72 squares; seat a starts on 0 with its home's foot on 70,
seat b starts on 36 with its foot on 34.
"""

from __future__ import annotations

import random

from parlour import load_game
from parlour.arena.runner import run
from parlour.arena.schedule import schedule
from parlour.arena.stats import summarize
from parlour.bots import make_bot
from parlour.bots.heuristic import rollout_policy
from parlour.core.game import State
from parlour.games.tock.game import TockState

GAME = load_game("tock", players=2)


def position(**keys: object) -> TockState:
    state = GAME.new_state(0, keys)
    assert isinstance(state, State)
    return state


def pick(state: TockState) -> str:
    """The bot's choice from the seat's view, checked against the rollout policy on the state."""
    bot = make_bot("heuristic", GAME)
    chosen = str(bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(0)))
    assert str(rollout_policy(GAME)(state, random.Random(0))) == chosen
    return chosen


def test_enters_a_pawn_with_a_king_when_nothing_else_helps() -> None:
    state = position(pawns={"a1": "h4", "b1": 20}, hands=[["Kd", "3c", "9h", "Qs", "5c"], []])
    assert {"K enter", "5 b1"} <= {str(a) for a in state.legal_actions()}
    assert pick(state) == "K enter"


def test_backs_up_from_the_start_then_enters_the_home_with_a_three() -> None:
    state = position(pawns={"a1": 0, "b1": 50}, advantaged=["a1"],
                     hands=[["4c", "3d", "8h", "9s", "10c"], ["Ac", "2c", "6c", "8c", "9c"]], stock=["2h", "2s"])
    assert pick(state) == "4 p1"
    state.apply("4 p1")
    assert state.pos.pawns.pos[0] == 68
    state.apply("A p1")  # b moves b1 on without harming a1
    assert pick(state) == "3 p1"
    state.apply("3 p1")
    assert state.view(0)["pawns"][0][0] == "h1"


def test_captures_an_opponent_about_to_reach_its_home() -> None:
    state = position(pawns={"a1": 22, "b1": 30}, hands=[["8c", "2d", "9h", "10s", "Qc"], []])
    assert pick(state) == "8 p1"


def test_pushes_a_leading_opponent_past_its_home_with_a_five() -> None:
    state = position(pawns={"a1": 10, "b1": 33, "b2": "h4", "b3": "h3", "b4": "h2"},
                     hands=[["5c", "2d", "3h", "8s", "9c"], []])
    assert pick(state) == "5 b1"


def test_stays_out_of_reach_of_a_follower() -> None:
    # b1 follows two squares behind; 8 and 10 land where b1's 10 or Q also hits, 9 leaves it 11 behind.
    state = position(pawns={"a1": 52, "b1": 50}, hands=[["8c", "9d", "10h", "4s", "5c"], []])
    assert {str(a) for a in state.legal_actions()} == {"8 p1", "9 p1", "10 p1"}
    assert pick(state) == "9 p1"


def test_keeps_a_joker_bonus_for_later_unless_the_bonus_move_pays_now() -> None:
    def after_joker(b1: int) -> TockState:
        state = position(pawns={"b1": b1}, hands=[["Jk", "2c", "3d", "9h", "8s"], ["Ac", "2h", "6c", "8c", "9c"]],
                         stock=["10h"])
        state.apply("Jk enter")
        assert {str(a) for a in state.legal_actions()} == {"bonus play", "bonus keep"}
        return state

    assert pick(after_joker(20)) == "bonus keep"
    assert pick(after_joker(8)) == "bonus play"  # the 8 takes b1, 8 squares past a1's start


def test_the_view_and_the_state_give_the_same_decisions() -> None:
    for players in (2, 3, 4):
        game = load_game("tock", players=players)
        bot, policy = make_bot("heuristic", game), rollout_policy(game)
        state = game.new_state(players)
        assert isinstance(state, State)
        rng = random.Random(players)
        decisions = 0
        while not state.is_terminal and decisions < 300:
            legal = state.legal_actions()
            chosen = legal.index(policy(state, random.Random(0)))
            assert bot.choose(state.view(state.current_player), legal, random.Random(0)) == legal[chosen]
            state.apply(legal[chosen if rng.random() < 0.5 else rng.randrange(len(legal))])
            decisions += 1


def test_rollout_policy_plays_legal_moves_to_the_end() -> None:
    for players in (2, 4):
        game = load_game("tock", players=players)
        policy = rollout_policy(game)
        for seed in range(3):
            state = game.new_state(seed)
            assert isinstance(state, State)
            rng = random.Random(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[legal.index(policy(state, rng))])
            assert state.returns().count(1.0) == 1


def test_heuristic_beats_random() -> None:
    bots = ("heuristic", "random")
    outcomes = run("tock?players=2", bots, schedule(2, 2, 40, seed=5))
    heuristic, random_bot = summarize(bots, outcomes)
    assert heuristic.mean > 0.8 and random_bot.mean < 0.2
    assert heuristic.ci_low > 0.5


def test_never_captures_a_teammate_when_another_move_exists() -> None:
    game = load_game("tock?teams=pairs", players=4)
    state = game.new_state(0, {"pawns": {"a1": 22, "c1": 30},
                               "hands": [["8c", "2d", "9h", "10s", "Qc"], [], [], []]})
    assert "8 p1" in {str(a) for a in state.legal_actions()}
    bot = make_bot("heuristic", game)
    chosen = str(bot.choose(state.view(0), state.legal_actions(), random.Random(0)))
    assert chosen != "8 p1"
    assert str(rollout_policy(game)(state, random.Random(0))) == chosen
