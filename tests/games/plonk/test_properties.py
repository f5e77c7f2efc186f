"""Invariants of every Plonk deal, over random matches (Hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import load_game
from parlour.core.game import State
from parlour.games.plonk.actions import plays_of
from parlour.games.plonk.game import PlonkState

FACE = {"A": 15, "K": 10, "Q": 10, "J": 10}


def face_value(card: str) -> int:
    """A card's face value, read from its notation: pips, 10 for J Q K, 15 for an ace."""
    return FACE.get(card[:-1]) or int(card[:-1])


def random_match(seed: int, chooser: random.Random, target: int) -> tuple[PlonkState, list[list[int]]]:
    """A match played at random to its end, and the match scores after every step."""
    state = load_game("plonk", target=target).new_state(seed)
    assert isinstance(state, State)
    seen = [state.view(None)["scores"]]
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
        seen.append(state.view(None)["scores"])
    return state, seen


matches = st.tuples(st.integers(0, 2**63), st.randoms(use_true_random=False), st.sampled_from([1, 150, 400]))


@settings(max_examples=30, deadline=None)
@given(matches)
def test_every_deal_accounts_for_the_52_cards_and_scores_its_piles(match: tuple[int, random.Random, int]) -> None:
    state, _ = random_match(*match)
    results = state.view(None)["results"]
    assert results, "a match has at least one deal"
    previous = [0, 0]
    for deal in results:
        cards = [card for trick in deal["tricks"] for _, card in trick["plays"]]
        assert len(deal["tricks"]) == 13
        assert len(cards) == len(set(cards)) == 52
        live_values = [sum(face_value(c) for c in pile) for pile in deal["live"]]
        dead_values = sum(face_value(c) for pile in deal["dead"] for c in pile)
        assert sum(live_values) + dead_values == 396
        assert sorted(deal["live"][0] + deal["live"][1] + deal["dead"][0] + deal["dead"][1],
                      key=cards.index) == cards
        points = [live_values[s] - len(deal["dead"][s]) for s in (0, 1)]
        assert deal["live_points"] == live_values
        assert deal["points"] == points
        previous = [previous[s] + points[s] for s in (0, 1)]
        assert deal["scores"] == previous


@settings(max_examples=30, deadline=None)
@given(matches)
def test_scores_change_only_when_a_deal_ends(match: tuple[int, random.Random, int]) -> None:
    state, seen = random_match(*match)
    changes = [step for step in range(1, len(seen)) if seen[step] != seen[step - 1]]
    deal_ends = [52 * k for k in range(1, len(state.view(None)["results"]) + 1)]
    assert set(changes) <= set(deal_ends)
    assert seen[-1] == state.view(None)["results"][-1]["scores"]


@settings(max_examples=30, deadline=None)
@given(matches)
def test_the_match_ends_only_with_a_side_ahead_at_or_over_the_target(
    match: tuple[int, random.Random, int],
) -> None:
    state, _ = random_match(*match)
    view = state.view(None)
    scores, target = view["scores"], view["target"]
    winner = view["winner"]
    assert scores[winner] >= target and scores[winner] > scores[1 - winner]
    assert state.returns() == [1.0 if seat % 2 == winner else -1.0 for seat in range(4)]
    for deal in view["results"][:-1]:
        assert max(deal["scores"]) < target or deal["scores"][0] == deal["scores"][1]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**63), st.randoms(use_true_random=False), st.integers(0, 51))
def test_determinize_deals_exactly_the_unseen_cards(seed: int, chooser: random.Random, steps: int) -> None:
    game = load_game("plonk")
    state = game.new_state(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    for seat in range(4):
        view = state.view(seat)
        guess = game.determinize(view, chooser)
        assert guess.hand(seat) == state.hand(seat)
        hidden = set().union(*(guess.hand(q) for q in range(4) if q != seat))
        assert hidden == state.hidden_cards(seat)
        assert [len(guess.hand(q)) for q in range(4)] == view["hand_sizes"]


def plays_match_hands(state: PlonkState) -> bool:
    """Whether every seat's kept list of plays is exactly its hand's, in the order ``plays_of`` gives."""
    pos = state.pos
    return pos.plays == [list(plays_of(hand)) for hand in pos.hands]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**63), st.randoms(use_true_random=False), st.integers(0, 120))
def test_each_seats_plays_follow_its_hand_through_play_clones_records_and_samples(
    seed: int, chooser: random.Random, steps: int,
) -> None:
    game = load_game("plonk")
    state = game.new_state(seed)
    assert isinstance(state, State)
    for _ in range(steps):
        legal = state.legal_actions()
        assert list(legal) == state.pos.plays[state.current_player] and plays_match_hands(state)
        clone = state.clone()
        state.apply(legal[chooser.randrange(len(legal))])
        assert plays_match_hands(clone) and clone.version == state.version - 1
    assert plays_match_hands(state)
    loaded = game.state_from_json(state.to_json())
    assert isinstance(loaded, State) and loaded == state and plays_match_hands(loaded)
    guess = game.determinize(state.view(state.current_player), chooser)
    assert isinstance(guess, State) and plays_match_hands(guess)
