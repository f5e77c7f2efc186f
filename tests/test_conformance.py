"""The contract every registered game and preset must keep (DESIGN.md, 'Testing habits')."""

from __future__ import annotations

import json
import random
import re

import pytest

from parlour.core.cards import face
from parlour.core.errors import IllegalActionError, InvalidActionError, ParlourError
from parlour.core.game import Game, State
from parlour.core.record import GameRecord, replay
from tests.conftest import conformance_games, long_random_action, play_randomly

GAMES = list(conformance_games())
IDS = [label for label, _ in GAMES]
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z=])(10|[2-9AJQK])([cdhs])(?![0-9A-Za-z])")
"""A card named in a view; not the card a joker stands for (Tonk's ``Jk=5h``), which may be hidden elsewhere."""
RANK_INDEX = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])}


def snapshot(state: State) -> str:
    """Everything observable about a state: every seat's view, returns, legal actions."""
    seats: list[int | None] = [*range(state.game.num_players), None]
    return json.dumps([
        [state.view(p) for p in seats],
        state.returns(),
        [str(a) for a in state.legal_actions()],
        state.version,
    ], sort_keys=True, default=str)


def faces_in(view: dict) -> set[int]:
    """The faces named in a view's current deal (past deals, under ``results``, are public history)."""
    text = json.dumps({k: v for k, v in view.items() if k != "results"})
    return {"cdhs".index(m.group(2)) * 13 + RANK_INDEX[m.group(1)] for m in CARD_TOKEN.finditer(text)}


def walk(game: Game, seed: int, samples: int = 40) -> list[State]:
    """About ``samples`` states spread evenly over one long random game, its end included."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    actions = []
    while not state.is_terminal:
        action = long_random_action(state, rng)
        state.apply(action)
        actions.append(action)
        assert state.version < 20_000, "runaway game"
    stride = max(1, len(actions) // samples)
    replayed = game.new_state(seed)
    seen = []
    for i, action in enumerate(actions):
        if i % stride == 0:
            seen.append(replayed.clone())
        replayed.apply(action)
    seen.append(replayed)
    return seen


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_random_games_end(label: str, game: Game) -> None:
    for seed in range(8):
        state = play_randomly(game.new_state(seed), random.Random(seed))
        assert state.is_terminal
        assert len(state.returns()) == game.num_players
        assert state.legal_actions() == () or list(state.legal_actions()) == []


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_action_text_round_trips(label: str, game: Game) -> None:
    for state in walk(game, 11):
        for action in state.legal_actions():
            text = str(action)
            assert game.parse_action(text, state) == action, text
            assert game.parse_action(text.upper(), state) == action, text.upper()
            assert eval(repr(action), _namespace(action)) == action  # repr pastes back as code


def _namespace(action: object) -> dict[str, object]:
    import importlib

    from parlour.core.cards import Card

    module = importlib.import_module(type(action).__module__)
    return {**vars(module), "Card": Card}


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_clone_is_independent(label: str, game: Game) -> None:
    for state in walk(game, 12, samples=10):
        before = snapshot(state)
        twin = state.clone()
        assert snapshot(twin) == before
        rng = random.Random(5)
        for _ in range(300):
            if twin.is_terminal:
                break
            twin.apply(long_random_action(twin, rng))
        assert snapshot(state) == before


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_same_seed_and_actions_replay_identically(label: str, game: Game) -> None:
    for seed in (3, 4):
        state = play_randomly(game.new_state(seed), random.Random(seed + 100))
        record = GameRecord.from_json(GameRecord.of(state).to_json())
        again = replay(record)
        assert snapshot(again) == snapshot(state)
        assert game.new_state(seed).view(None) == game.new_state(seed).view(None)


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_determinize_keeps_every_view(label: str, game: Game) -> None:
    rng = random.Random(9)
    for state in walk(game, 13):
        for seat in [*range(game.num_players), None]:
            view = state.view(seat)
            sampler = game.determinizer(view)
            for guess in (game.determinize(view, rng), sampler(rng), sampler(rng)):
                assert guess.view(seat) == view
                if seat == state.current_player:
                    assert [str(a) for a in guess.legal_actions()] == [str(a) for a in state.legal_actions()]


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_views_hold_no_hidden_card(label: str, game: Game) -> None:
    all_cards = None
    for state in walk(game, 14):
        if all_cards is None:
            all_cards = _all_card_ids(state)
        for seat in [*range(game.num_players), None]:
            hidden = state.hidden_cards(seat)
            visible_faces = {face(c) for c in all_cards - hidden}
            leaked = (faces_in(state.view(seat)) & {face(c) for c in hidden}) - visible_faces
            assert not leaked, f"seat {seat} sees hidden {sorted(leaked)} at version {state.version}"
            if seat is not None:
                assert not set(state.hand(seat)) & hidden


def _all_card_ids(state: State) -> set[int]:
    cards = set(state.hidden_cards(None))
    for seat in range(state.game.num_players):
        cards |= set(state.hand(seat))
    return cards | set(range(max(cards) + 1))


@pytest.mark.parametrize(("label", "game"), GAMES, ids=IDS)
def test_refused_actions_change_nothing(label: str, game: Game) -> None:
    states = walk(game, 15)
    elsewhere = {str(a): a for s in states for a in s.legal_actions()}
    for state in states[::3]:
        before = snapshot(state)
        legal = {str(a) for a in state.legal_actions()}
        for text, action in list(elsewhere.items())[:40]:
            if text in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert snapshot(state) == before
        for nonsense in ("", "   ", "fly away", "discard", "Zz9", "7 p9+99", "hit Qh x"):
            with pytest.raises(ParlourError) as caught:
                state.apply(nonsense)
            assert isinstance(caught.value, InvalidActionError | IllegalActionError)
            assert repr(nonsense) in str(caught.value) or nonsense.strip() == ""
            assert snapshot(state) == before
