"""ISMCTS: budgets, settings, and search that finds the obvious move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import load_game
from parlour.bots import ISMCTSBot, make_bot
from parlour.bots.heuristic import rollout_policy
from parlour.bots.ismcts import PAIRED_WIDTH
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, State

GOOD = "ismcts:iters=300,rollout=heuristic,opponents=rollout"
"""Against a random opponent, waiting for its blunders can beat a sure win; these tests model a sound one."""


def test_finds_the_tonk_out() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(0, {"hands": [["8c", "8d"], ["Kc", "Kd", "Qs", "Qh", "Jd"]], "stock": ["8h"]})
    state.apply("draw stock")
    bot = make_bot(GOOD, game)
    action = bot.choose(state.view(0), state.legal_actions(), random.Random(1))
    assert str(action) == "spread 8c 8d 8h"


def test_drops_a_hand_that_cannot_lose() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(0, {"hands": [["Ac"], ["Kc", "Kd", "Qs", "Qh", "Jd"]]})
    bot = make_bot(GOOD, game)
    assert str(bot.choose(state.view(0), state.legal_actions(), random.Random(2))) == "drop"
    assert isinstance(bot, ISMCTSBot) and bot.last[0].visits > bot.last[-1].visits


def test_iteration_budget_and_statistics() -> None:
    game = load_game("tonk:classic", players=3)
    state = game.new_state(4)
    bot = make_bot("ismcts:iters=150,c=1.2,opponents=rollout,rollout=heuristic", game)
    assert isinstance(bot, ISMCTSBot)
    bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(3))
    assert bot.last_iterations == 150
    assert sum(choice.visits for choice in bot.last) == 150
    assert bot.name == "ismcts:iters=150,c=1.2,rollout=heuristic,opponents=rollout"


def test_time_budget_stops() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(5)
    bot = make_bot("ismcts:ms=50", game)
    assert isinstance(bot, ISMCTSBot)
    bot.choose(state.view(0), state.legal_actions(), random.Random(4))
    assert bot.last_iterations > 10


@pytest.mark.parametrize("root", ["tree", "paired"])
def test_depth_cuts_every_rollout_after_depth_actions_and_scores_it_by_the_estimate(
        root: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("plonk", target=500)
    state = game.new_state(7)
    me, depth = state.current_player, 8
    policy = rollout_policy(game)
    played: dict[int, tuple[State, int]] = {}
    """Rollout actions per state object (the state is kept, so that its id is not reused)."""

    def counting_policy(s: State, rng: random.Random) -> Action:
        played[id(s)] = (s, played.get(id(s), (s, 0))[1] + 1)
        return policy(s, rng)

    cuts: list[int] = []
    """For each estimate asked for: how many rollout actions led to its state."""
    mark = [0.125, 0.25, 0.375, 0.5]
    """What the spy estimates for each seat: no real match result looks like it."""

    def spy_estimate(s: State) -> list[float]:
        assert not s.is_terminal, "a rollout of a match this young ran to its end: depth was ignored"
        cuts.append(played.pop(id(s), (s, 0))[1])
        return list(mark)

    monkeypatch.setattr(type(state), "estimate", spy_estimate)
    # Opponents are searched in the tree, so the policy plays only in rollouts (and, paired, once at the root).
    bot = ISMCTSBot(game, iters=60, rollout=counting_policy, depth=depth, root=root)
    bot.choose(state.view(me), state.legal_actions(), random.Random(5))
    assert bot.last_iterations >= 60
    assert cuts == [depth] * bot.last_iterations  # every rollout: exactly depth actions, then the estimate
    judged = [choice for choice in bot.last if choice.visits]
    assert sum(choice.visits for choice in judged) == bot.last_iterations
    # The statistics are the estimate of the seat that chose, and nothing else.
    assert all(choice.mean == pytest.approx(mark[me]) for choice in judged), (me, bot.last)


@pytest.mark.parametrize("root", ["tree", "paired"])
def test_a_large_anchor_keeps_the_policys_own_choice(root: str) -> None:
    game = load_game("tonk:classic", players=2)
    heuristic = make_bot("heuristic", game)
    anchored = make_bot(f"ismcts:iters=200,rollout=heuristic,opponents=rollout,anchor=100,root={root}", game)
    assert "anchor=100" in anchored.name
    for seed in range(6):
        state = game.new_state(seed)
        if state.is_terminal:
            continue
        state.apply("draw stock")
        view, legal = state.view(state.current_player), state.legal_actions()
        assert anchored.choose(view, legal, random.Random(seed)) == heuristic.choose(view, legal, random.Random(seed))


def test_paired_root_finds_the_out_the_policy_misses() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(0, {"hands": [["8c", "8d"], ["Kc", "Kd", "Qs", "Qh", "Jd"]], "stock": ["8h"]})
    state.apply("draw stock")
    # a policy that always discards its last card (it drops nothing and never goes out)
    bot = ISMCTSBot(game, iters=100, rollout=lambda s, rng: s.legal_actions()[-1], root="paired", anchor=2)
    assert bot.name.endswith("anchor=2,root=paired")
    assert str(bot.choose(state.view(0), state.legal_actions(), random.Random(1))) == "spread 8c 8d 8h"
    assert [(str(c.action), c.mean) for c in bot.last[:2]] == [("spread 8c 8d 8h", 1.0), ("discard 8h", 0.0)]


def test_paired_root_drops_actions_that_fall_clearly_behind() -> None:
    game = load_game("plonk", target=500)
    state = game.new_state(7)
    bot = make_bot("ismcts:iters=400,rollout=heuristic,root=paired,depth=8", game)
    assert isinstance(bot, ISMCTSBot)
    bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(5))
    samples = [choice.visits for choice in bot.last]
    assert sum(samples) == bot.last_iterations >= 400
    assert len(bot.last) == len(state.legal_actions()) == 13
    assert max(samples) > min(samples)  # every action got the first samples; the weak ones no more


def test_same_seed_same_choice() -> None:
    game = load_game("tonk:classic", players=2)
    state = game.new_state(6)
    picks = {str(make_bot("ismcts:iters=100", game).choose(state.view(0), state.legal_actions(),
                                                           random.Random(9))) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [("ismcts:iters=0", "iters='0' is out of range; iters (search iterations a move) is a whole number from 1 to"),
     ("ismcts:iters=x", "'x' is not a number"), ("ismcts:depth=3,width=2", "unknown setting(s) width"),
     ("ismcts:rollout=smart", "rollout='smart' is not allowed; rollout (the policy that plays a determinization "
      "out) is one of random, heuristic"), ("ismcts:opponents=me", "tree, rollout"),
     ("ismcts:root=flat", "is one of tree, paired"), ("ismcts:infer=257", "infer='257' is out of range"),
     ("ismcts:depth=2001", "a whole number from 1 to 2000"), ("ismcts:ms=0", "a number above 0 and at most 600000")],
)
def test_bad_settings(spec: str, fragment: str) -> None:
    with pytest.raises(BotSpecError) as caught:
        make_bot(spec, load_game("tonk"))
    assert fragment in str(caught.value)


def wide_tock_position() -> State:
    """The first position of heuristic play, over seeds 0, 1, …, with more legal moves than ``PAIRED_WIDTH``."""
    game = load_game("tock", players=4)
    policy = rollout_policy(game)
    for seed in range(50):
        state = game.new_state(seed)
        while not state.is_terminal:
            if len(state.legal_actions()) > PAIRED_WIDTH:  # a 7 split many ways
                return state
            state.apply(policy(state, random.Random(0)))
    raise AssertionError("no wide position in 50 games")


def test_paired_root_tries_a_bounded_number_of_moves_and_needs_several_samples_to_leave_the_policy() -> None:
    state = wide_tock_position()
    game = state.game
    view, legal = state.view(state.current_player), state.legal_actions()
    bot = make_bot("strong:iters=1", game)
    assert isinstance(bot, ISMCTSBot)
    choice = bot.choose(view, legal, random.Random(3))
    assert choice == make_bot("heuristic", game).choose(view, legal, random.Random(3))  # one sample proves nothing
    assert bot.last_iterations == PAIRED_WIDTH == sum(1 for c in bot.last if c.visits)


def test_a_paired_search_keeps_the_next_best_move_however_far_behind() -> None:
    # Spreading the three 8s goes out at once; every discard falls far behind it. The policy spreads too, so
    # pruning (which keeps the policy's choice and the leader, here the same move) would leave it alone: the
    # best discard stays, measured on every deal, as its alternative.
    game = load_game("tonk:speno", players=2)
    state = game.new_state(0, {"hands": [["8c", "8d"], ["Kc", "Kd", "Qs", "Qh", "Jd"]], "stock": ["8h"]})
    state.apply("draw stock")

    def spreads(s: State[Any, Any], rng: random.Random) -> Action:
        legal = s.legal_actions()
        return next((a for a in legal if str(a).startswith("spread")), legal[-1])

    bot = ISMCTSBot(game, iters=200, rollout=spreads, root="paired", anchor=2)
    assert str(bot.choose(state.view(0), state.legal_actions(), random.Random(1))) == "spread 8c 8d 8h"
    most = bot.last[0].visits
    assert most >= 16 and str(bot.last[0].action) == "spread 8c 8d 8h"  # pruned at 4, 8 and 16 deals
    assert bot.last[1].visits == most and bot.last[1].mean < bot.last[0].mean
    assert [str(c.action) for c in bot.compared()] == ["spread 8c 8d 8h", str(bot.last[1].action)]
