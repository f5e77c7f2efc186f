"""How likely the heuristic in the other seats was to play this deal's cards, given a determinization's hands."""

from __future__ import annotations

import math
import random
import statistics

from parlour import load_game
from parlour.bots import make_bot
from parlour.core.cards import cards_of, mask_of, parse_card
from parlour.core.game import State
from parlour.games.plonk.game import PlonkState
from parlour.games.plonk.heuristic import Seen, card_scores
from parlour.games.plonk.inference import EPSILON, PLAYS_PER_SEAT, PastPlay, likelihood, past_plays, play_chance
from tests.games.plonk.helpers import SUIT_HANDS, play_trick, start
from tests.inference import true_over_uniform

GAME = load_game("plonk")


def mask(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


def heuristic_game(seed: int, plays: int) -> PlonkState:
    """A match of heuristic players, ``plays`` cards in."""
    state = GAME.new_state(seed)
    bot, rng = make_bot("heuristic", GAME), random.Random(seed)
    for _ in range(plays):
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    assert isinstance(state, State)
    return state


def test_reads_the_other_seats_latest_plays_with_what_they_saw_then() -> None:
    state = start(SUIT_HANDS)
    play_trick(state, "2c 2d 2s 2h")  # nobody followed: seat 3, before the leader, leads next
    for card in ("3h", "3c", "3d"):
        state.apply(card)
    plays = past_plays(state.view(0))
    assert [(p.seat, p.card) for p in plays] == [(1, parse_card("3d")), (3, parse_card("3h")), (3, parse_card("2h")),
                                                 (2, parse_card("2s")), (1, parse_card("2d"))]
    assert plays[0] == PastPlay(seat=1, card=parse_card("3d"), leader=3, trick=[parse_card("3h"), parse_card("3c")],
                                played=mask("2c 2d 2s 2h 3h 3c"), sizes=[11, 12, 12, 11], later=mask("3d"))
    assert plays[4] == PastPlay(seat=1, card=parse_card("2d"), leader=0, trick=[parse_card("2c")],
                                played=mask("2c"), sizes=[12, 13, 13, 13], later=mask("2d 3d"))


def test_only_the_latest_plays_of_each_seat_are_read() -> None:
    state = heuristic_game(3, 4 * 8)
    plays = past_plays(state.view(0))
    assert sorted(p.seat for p in plays) == sorted([1, 2, 3] * PLAYS_PER_SEAT)
    assert {p.seat for p in plays[:3]} == {1, 2, 3}


def test_before_anyone_else_plays_every_deal_weighs_the_same() -> None:
    state = start(SUIT_HANDS)
    assert likelihood(GAME, state.view(0))(state) == 1.0


def test_the_card_the_heuristic_plays_is_the_likeliest() -> None:
    """For every play of a heuristic game, its card gets the highest chance of the hand's cards."""
    state = heuristic_game(5, 4 * 6 + 2)
    for play in past_plays(state.view(0)):
        hand = state.pos.hands[play.seat] | play.later
        chance = play_chance(play, hand)
        assert chance > EPSILON + (1 - EPSILON) / hand.bit_count()
        for other in cards_of(hand):
            moved = PastPlay(play.seat, other, play.leader, play.trick, play.played, play.sizes, play.later)
            assert play_chance(moved, hand) <= chance


def test_a_chance_is_the_softmax_of_the_heuristics_scores() -> None:
    state = heuristic_game(1, 9)
    play = past_plays(state.view(0))[0]
    hand = state.pos.hands[play.seat] | play.later
    cards = list(cards_of(hand))
    scores = card_scores(Seen(play.seat, hand, play.leader, play.trick, ((1 << 52) - 1) & ~(hand | play.played),
                              play.sizes), cards)
    odds = [math.exp(s / 3.0) for s in scores]
    expected = odds[cards.index(play.card)] / sum(odds)
    assert math.isclose(play_chance(play, hand), EPSILON + (1 - EPSILON) * expected)


def test_the_true_hands_weigh_more_than_uniform_ones() -> None:
    """In heuristic games the true hands are likelier, by the model, than the average uniform deal."""
    ratios = true_over_uniform(GAME, likelihood, [heuristic_game(seed, plays) for seed in range(3)
                                                    for plays in (10, 19, 30)])
    assert statistics.mean(math.log(r) for r in ratios) > 0.5
    assert sum(r > 1 for r in ratios) >= 7


def test_the_weight_reads_only_the_view_and_the_hands_it_is_given() -> None:
    """Two true states alike to seat 0 (the other hands dealt again) weigh every determinization alike."""
    one = heuristic_game(2, 4 * 5 + 1)
    other = GAME.determinize(one.view(0), random.Random(9))
    assert one.view(0) == other.view(0) and one.pos.hands != other.pos.hands
    sample = GAME.determinizer(one.view(0))
    guesses = [sample(random.Random(seed)) for seed in range(10)]
    assert len({likelihood(GAME, one.view(0))(g) for g in guesses}) > 1
    assert [likelihood(GAME, one.view(0))(g) for g in guesses] == [
        likelihood(GAME, other.view(0))(g) for g in guesses]

