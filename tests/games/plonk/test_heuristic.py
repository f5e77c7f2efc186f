"""The Plonk heuristic: its decisions in set positions, its rollout policy, and its strength against random."""

from __future__ import annotations

import random

from parlour import load_game
from parlour.arena.runner import run
from parlour.arena.schedule import schedule
from parlour.arena.stats import summarize
from parlour.bots import make_bot
from parlour.bots.heuristic import rollout_policy
from parlour.core.cards import card_str, parse_card
from parlour.core.game import State
from parlour.games.plonk.actions import PLAYS, Play, plays_of
from parlour.games.plonk.game import PlonkState
from parlour.games.plonk.heuristic import Seen, choose, clear_chance, seen_from_state, seen_from_view
from tests.games.plonk.helpers import hands_with, start

GAME = load_game("plonk")


def mask(text: str) -> int:
    out = 0
    for t in text.split():
        out |= 1 << parse_card(t)
    return out


def seen(seat: int, hand: str, leader: int, trick: str, others: list[str], played: str = "") -> Seen:
    """Seat ``seat`` holding ``hand``, with ``trick`` led by ``leader`` on the table.

    ``others`` are the other three hands in seat order: the seat sees only their sizes and
    their cards together, as the unseen ones. ``played`` (earlier tricks) is checked to be
    disjoint from the rest, to keep the position honest.
    """
    sizes, unseen = [], 0
    rest = iter(others)
    for q in range(4):
        cards = hand if q == seat else next(rest)
        sizes.append(len(cards.split()))
        if q != seat:
            unseen |= mask(cards)
    used = mask(hand) | unseen | mask(trick)
    assert not used & mask(played)
    return Seen(seat, mask(hand), leader, [parse_card(t) for t in trick.split()], unseen, sizes)


def pick(position: Seen) -> str:
    """The card the heuristic plays in ``position``."""
    action = choose(position, plays_of(position.hand), random.Random(0))
    assert isinstance(action, Play)
    return card_str(action.card)


def play_cards(state: PlonkState, text: str) -> None:
    """Play the cards of ``text`` in turn, from whoever is to play."""
    for card in text.split():
        state.apply(card)


def test_throws_its_highest_live_card_on_the_partners_safe_trick() -> None:
    # Seat 0 led the ace of clubs, which nobody can beat; seat 2, its partner, discards.
    position = seen(2, "Ah Kd 5s 3h", 0, "Ac 2c", ["Jd 4d 8s", "6h 7h 9c", "Qs Js 10s 9s"])
    assert pick(position) == "Ah"


def test_early_in_the_deal_a_middling_live_card_goes_on_the_partners_trick() -> None:
    # With a full hand the aces and kings are worth more kept: a live card still goes on the
    # partner's unbeatable trick, but not the ace (nor a card of the suit led, which would be dead).
    hands = hands_with({0: "Ac", 1: "2c", 2: "Ah Kd 8s 3c 2h 2d 2s 3h 3d 3s 4h 4d 4s"})
    state = start(hands)
    play_cards(state, "Ac 2c")
    bot = make_bot("heuristic", GAME)
    action = bot.choose(state.view(2), state.legal_actions(), random.Random(0))
    assert str(action) == "8s"


def test_follows_low_on_an_opponents_trick_it_cannot_win() -> None:
    # Seat 0 (an opponent) led Kh, seat 2 topped it with the ace: seat 3 cannot win and sheds a dead heart.
    position = seen(3, "9h 4h Qd 2s", 0, "Kh 3c Ah", ["5c 6c 7c", "8d 9d 10d", "Jc Qc Kc"])
    assert pick(position) == "4h"


def test_takes_a_rich_trick_it_can_win_for_sure() -> None:
    # Seat 1 (an opponent) led Qh, seat 2 (the partner) threw Kd, seat 3 Ks; seat 0, last, takes it.
    position = seen(0, "Ah 2h 5c 6d", 1, "Qh Kd Ks", ["7c 8c 9c", "10c Jc Qc", "2d 3d 4d"])
    assert pick(position) == "Ah"


def test_does_not_throw_a_high_card_on_a_trick_an_opponent_may_still_take() -> None:
    # Seat 0 led the jack of spades; the ace, king and queen are unseen and seat 3, still to play,
    # may hold one: partner's trick is far from safe, so seat 2 keeps its ace of hearts.
    position = seen(2, "Ah 2d 5c 9h", 0, "Js 3c", ["As Ks 4d", "10d 6c 7c", "Qs 8d 9d 4s"])
    assert pick(position) != "Ah"


def test_leads_a_master_late_in_the_deal() -> None:
    # Every spade above the seven is gone: the seven cannot be beaten, so it is led to keep control.
    played = "As Ks Qs Js 10s 9s 8s Ac Kc Qc Jc 10c Ad Kd Qd Jd 10d 9d 8d 7d 6d Ah Kh Qh"
    position = seen(0, "7s 2c 3c 4h", 0, "", ["5s 6s 9c 8c", "Jh 10h 9h 8h", "5c 6c 7c 2h"], played)
    assert pick(position) == "7s"


def test_leads_cheap_with_a_full_hand_and_no_master() -> None:
    hands = hands_with({0: "Kc Qd 9h 8s 7s 6h 2c 2d 3c 3d 4c 4d 5d"})
    state = start(hands)
    action = make_bot("heuristic", GAME).choose(state.view(0), state.legal_actions(), random.Random(0))
    assert str(action) in {"2c", "2d"}


def test_clear_chance_is_the_hypergeometric_chance_of_missing_every_card() -> None:
    assert clear_chance(10, 3, 0) == 1.0
    assert clear_chance(10, 0, 4) == 1.0
    assert abs(clear_chance(4, 2, 1) - 0.5) < 1e-12   # one card of four, two drawn
    assert abs(clear_chance(39, 13, 1) - 26 / 39) < 1e-12
    assert clear_chance(5, 4, 2) == 0.0


def test_the_view_and_the_state_give_the_same_summary_and_choice() -> None:
    bot = make_bot("heuristic", GAME)
    policy = rollout_policy(GAME)
    rng = random.Random(1)
    for seed in range(3):
        state = GAME.new_state(seed)
        assert isinstance(state, State)
        while not state.is_terminal and state.pos.deal_no <= 2:
            seat = state.current_player
            view = state.view(seat)
            assert seen_from_view(view) == seen_from_state(state)
            legal = state.legal_actions()
            chosen = bot.choose(view, legal, random.Random(0))
            assert isinstance(chosen, Play) and chosen == policy(state, random.Random(0))
            state.apply(chosen if rng.random() < 0.5 else legal[rng.randrange(len(legal))])


def test_the_rollout_policy_plays_whole_matches_legally() -> None:
    policy = rollout_policy(load_game("plonk", target=300))
    rng = random.Random(2)
    for seed in range(4):
        state = load_game("plonk", target=300).new_state(seed)
        steps = 0
        while not state.is_terminal:
            action = policy(state, rng)
            assert isinstance(action, Play) and action in state.legal_actions()
            assert action is PLAYS[action.card]
            state.apply(action)
            steps += 1
        assert steps % 52 == 0 and steps >= 52
        assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]


def test_beats_random_over_a_small_match() -> None:
    bots = ("heuristic", "random")
    outcomes = run("plonk?target=200", bots, schedule(2, 4, 24, seed=11), workers=1)
    heuristic, rand = summarize(bots, outcomes)
    assert heuristic.games == rand.games == 48
    assert heuristic.mean > 0.8 and rand.mean < -0.8
    assert heuristic.ci_low > 0
