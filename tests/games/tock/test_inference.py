"""How likely the heuristic in each other seat was to begin its last turn as it did, given a determinization."""

from __future__ import annotations

import math
import random
import statistics

from parlour import load_game
from parlour.bots import make_bot
from parlour.core.cards import parse_card
from parlour.core.game import State
from parlour.games.tock.game import TockState
from parlour.games.tock.inference import EPSILON, card_class, hand_chance, last_turns, likelihood, turn_chance
from tests.inference import true_over_uniform

GAME = load_game("tock", players=2)
FOUR = load_game("tock", players=4)


def after_a_discard() -> TockState:
    """Every pawn in its reserve; seat b, holding no entry card, discards its 8c: seat a to play."""
    state = GAME.new_state(0, {"hands": [["Ah", "8d", "9d", "10d", "Qd"], ["8c", "9h", "10h", "Qs", "3c"]],
                               "to_play": 1})
    assert isinstance(state, State)
    state.apply("discard 8c")
    return state


def holding(state: TockState, seat: int, texts: str) -> TockState:
    """``state`` with ``seat``'s hand made of the cards ``texts`` taken from the stock (its own put there)."""
    out = state.clone()
    pos = out.pos
    hand = pos.hands[seat]
    for i, text in enumerate(texts.split()):
        face = parse_card(text)
        j = next(j for j, c in enumerate(pos.stock) if c % 54 == face)
        hand[i], pos.stock[j] = pos.stock[j], hand[i]
    return out


def guess(state: TockState, seed: int = 0) -> TockState:
    found = GAME.determinizer(state.view(0))(random.Random(seed))
    assert isinstance(found, State)
    return found


def heuristic_game(seed: int, moves: int) -> TockState:
    """A game of heuristic players, ``moves`` actions in."""
    state = FOUR.new_state(seed)
    bot, rng = make_bot("heuristic", FOUR), random.Random(seed)
    for _ in range(moves):
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    assert isinstance(state, State)
    return state


def test_reads_each_other_seats_last_turn_from_the_log() -> None:
    turns = last_turns(GAME, after_a_discard().view(0))
    assert [(t.seat, t.discarded, t.first, t.later) for t in turns] == [(1, True, card_class(parse_card("8c")), ())]
    assert not any(turns[0].playable[k] for k in (2, 3, 6, 8, 9, 10, 12))
    assert all(turns[0].playable[k] for k in (0, 1, 13))


def test_a_seat_that_discarded_is_unlikely_to_have_held_a_playable_card() -> None:
    state = after_a_discard()
    weigh = likelihood(GAME, state.view(0))
    base = guess(state)
    none = weigh(holding(base, 1, "9c 10c Qc 3d 6h"))
    one = weigh(holding(base, 1, "Ac 10c Qc 3d 6h"))
    two = weigh(holding(base, 1, "Ac Kc Qc 3d 6h"))
    assert two == EPSILON
    assert two < one < none
    assert one < none * (1 + 4 * EPSILON) / 5 + EPSILON  # only if the ace was drawn since could it have discarded


def test_without_a_turn_in_the_log_every_deal_weighs_the_same() -> None:
    state = GAME.new_state(0)
    assert isinstance(state, State)
    assert likelihood(GAME, state.view(0))(guess(state)) == 1.0


def test_the_drawn_cards_are_averaged_over() -> None:
    """Holding an ace now, the seat could have discarded only if the ace is the card it drew since."""
    turn = last_turns(GAME, after_a_discard().view(0))[0]
    now = [parse_card(t) for t in ["Ac", "10c", "Qc", "3d", "6h"]]
    unlucky = hand_chance(turn, [card_class(c) for c in (parse_card("8c"), *now[1:])])
    assert unlucky > 2 * EPSILON
    assert math.isclose(turn_chance(turn, now), (4 * EPSILON + unlucky) / 5)


def test_the_true_hands_weigh_more_than_uniform_ones() -> None:
    """In heuristic games the true hands are likelier, by the model, than the average uniform deal."""
    ratios = true_over_uniform(FOUR, likelihood, [heuristic_game(seed, moves) for seed in range(3)
                                                    for moves in (30, 61, 92)])
    assert statistics.mean(math.log(r) for r in ratios) > 0.3
    assert sum(r > 1 for r in ratios) >= 6


def test_the_weight_reads_only_the_view_and_the_hands_it_is_given() -> None:
    """Two true states alike to seat 0 (the hidden cards dealt again) weigh every determinization alike,
    whatever the order of its stock."""
    one = heuristic_game(1, 41)
    other = FOUR.determinize(one.view(0), random.Random(9))
    assert one.view(0) == other.view(0) and one.pos.hands != other.pos.hands
    sample = FOUR.determinizer(one.view(0))
    guesses = [sample(random.Random(seed)) for seed in range(10)]
    weights = [likelihood(FOUR, one.view(0))(g) for g in guesses]
    assert len(set(weights)) > 1
    assert weights == [likelihood(FOUR, other.view(0))(g) for g in guesses]
    for g in guesses:
        random.Random(0).shuffle(g.pos.stock)
    assert weights == [likelihood(FOUR, one.view(0))(g) for g in guesses]

