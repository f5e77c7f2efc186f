"""The Tonk heuristic: its decisions in hand-built positions, and that it beats random play."""

from __future__ import annotations

import dataclasses
import random

from parlour import load_game
from parlour.arena.runner import run
from parlour.arena.schedule import schedule
from parlour.arena.stats import summarize
from parlour.bots import make_bot
from parlour.bots.heuristic import rollout_policy
from parlour.core.game import State
from parlour.games.tonk.game import TonkState
from parlour.games.tonk.heuristic import Seen, seen_from_state, seen_from_view, win_chance
from parlour.games.tonk.spreads import REAL

GAME = load_game("tonk:speno", players=2)


def position(hands: list[list[str]], **keys: object) -> TonkState:
    state = GAME.new_state(0, {"hands": hands, **keys})
    assert isinstance(state, State)
    return state


def pick(state: TonkState) -> str:
    bot = make_bot("heuristic", GAME)
    return str(bot.choose(state.view(state.pos.cur), state.legal_actions(), random.Random(0)))


def test_drops_a_very_low_hand_and_draws_with_a_high_one() -> None:
    assert pick(position([["Ac", "2d"], ["Kc", "Kd", "Qs", "Qh", "Jd"]])) == "drop"
    assert pick(position([["Kc", "Kd", "Qs", "Qh", "Jd"], ["Ac", "2d"]], stock=["5h"])) == "draw stock"


def test_takes_the_discard_that_makes_a_set() -> None:
    state = position([["9c", "9d", "Kh", "Qs", "Jd"], ["Ac", "2d", "3h", "4s", "6c"]], discard=["9h"])
    assert pick(state) == "draw discard"


def test_lays_a_spread_then_throws_its_highest_loose_card() -> None:
    state = position([["9c", "9d", "Kh", "2s", "3s"], ["Ac", "2d", "3h", "4s", "6c"]], stock=["9h"])
    state.apply("draw stock")
    assert pick(state) == "spread 9c 9d 9h"
    state.apply("spread 9c 9d 9h")
    assert pick(state) == "discard Kh"


def test_a_view_and_a_state_give_the_same_summary() -> None:
    state = position([["9c", "9d", "Kh", "2s", "3s"], ["Ac", "2d", "3h", "4s", "6c"]], discard=["8h"])
    state.apply("draw discard")
    from_view, from_state = seen_from_view(state.view(0), GAME.rules), seen_from_state(state)
    assert from_view.hand == from_state.hand and from_view.value == from_state.value
    assert from_view.unseen == from_state.unseen
    assert win_chance(from_view) == win_chance(from_state)


def jokers_alike(mask: int) -> tuple[int, int]:
    """A card mask with its jokers counted, not told apart: its faces, and how many jokers."""
    return mask & REAL, (mask >> 52).bit_count()


def summary(seen: Seen) -> dict[str, object]:
    """``seen``'s fields, jokers counted rather than named (a view cannot tell which joker a seat holds)."""
    fields = dataclasses.asdict(seen)
    for name in ("hand", "unseen"):
        fields[name] = jokers_alike(fields[name])
    fields["known"] = [jokers_alike(k) for k in fields["known"]]
    fields["discard_top"] = min(fields["discard_top"], 52)
    return fields


def test_a_view_and_a_state_give_the_same_summary_over_random_games() -> None:
    """With jokers, several seats and spreads on the table: what the heuristic reads from a seat's view is what
    it reads from the position, at every decision (the cards it has not seen, those known in each hand, the
    spreads it may hit, …), the two jokers being alike."""
    decisions = 0
    for spec, players in (("tonk:classic?jokers=2", 3), ("tonk:pagat", 4), ("tonk:speno", 2)):
        game = load_game(spec, players=players)
        rng = random.Random(players)
        for seed in range(40):
            state = game.new_state(seed)
            while not state.is_terminal:
                seat = state.current_player
                assert summary(seen_from_view(state.view(seat), game.rules)) == summary(seen_from_state(state))
                decisions += 1
                state.apply(rng.choice(state.legal_actions()))
    assert decisions > 400


def test_rollout_policy_plays_legal_moves_to_the_end() -> None:
    policy = rollout_policy(GAME)
    for seed in range(20):
        state = GAME.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            action = policy(state, rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_heuristic_beats_random() -> None:
    bots = ("heuristic", "random")
    outcomes = run("tonk:classic?players=2", bots, schedule(2, 2, 120, seed=7))
    heuristic, random_bot = summarize(bots, outcomes)
    assert heuristic.mean > 0 > random_bot.mean
    assert heuristic.ci_low > 0
