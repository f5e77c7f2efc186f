"""OpenSpiel observers of parlour's games honour the requested ``IIGObservationType``: public observations hold
nothing a seat alone knows, private ones nothing else, the information state recalls the whole public history
(as a string; its tensor is refused), and what is not offered is refused clearly."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e .[openspiel])")

from open_spiel.python.observation import make_observation  # noqa: E402

from parlour.core.cards import CARD_TEXT  # noqa: E402
from parlour.openspiel import PREFIX, register  # noqa: E402

register()

NONE, SINGLE, ALL = (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER,
                     pyspiel.PrivateInfoType.ALL_PLAYERS)
BOARDS = [
    ("tonk", {"preset": "speno?hands=3", "players": 2}),
    ("plonk", {"preset": "?target=40"}),
    ("tock", {"players": 2}),
]


def kind(public: bool, private: object, recall: bool = False) -> object:
    return pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)


def played(game: object, words: int, seed: int = 4) -> object:
    """A state ``words`` random words into the game of ``seed``, its last live state if it ends before."""
    state = game.deal(seed)
    rng = np.random.RandomState(seed)
    for _ in range(words):
        after = state.clone()
        after.apply_action(int(rng.choice(state.legal_actions())))
        if after.is_terminal():
            break
        state = after
    return state


def seen(observation: object, state: object, player: int) -> tuple[list[float], str]:
    observation.set_from(state, player)
    return list(observation.tensor), observation.string_from(state, player)


@pytest.mark.parametrize(("name", "params"), BOARDS)
def test_public_observations_ignore_the_seats_own_cards_and_private_ones_see_them(
        name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(PREFIX + name, params)
    public, private, default = (make_observation(game, kind(True, NONE)), make_observation(game, kind(False, SINGLE)),
                                make_observation(game, kind(True, SINGLE)))
    state = played(game, 12)
    for seat in range(2):
        # the other seat's information kept, ``seat``'s own cards (unseen by the other) dealt anew
        other = state.resample_from_infostate(1 - seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.state.hand(seat) != state.state.hand(seat)
        assert seen(public, other, seat) == seen(public, state, seat)
        assert seen(private, other, seat)[0] != seen(private, state, seat)[0]
        assert seen(private, other, seat)[1] != seen(private, state, seat)[1]
        assert seen(default, other, seat) != seen(default, state, seat)
        assert state.observation_tensor(seat) == seen(default, state, seat)[0]
        whole = np.add(seen(public, state, seat)[0], seen(private, state, seat)[0])
        assert np.allclose(whole, seen(default, state, seat)[0])  # the view's part; word slots are private
        assert "hand" not in json.loads(seen(public, state, seat)[1])
        assert "hand" in json.loads(seen(private, state, seat)[1].split(" | ")[0])
    later = state.clone()
    while later.state.version == state.state.version:
        later.apply_action(later.legal_actions()[-1])
    assert seen(public, later, 0) != seen(public, state, 0)  # public events change the public observation


def test_the_words_chosen_so_far_are_private_to_the_actor() -> None:
    game = pyspiel.load_game(PREFIX + "tonk", {"preset": "speno", "players": 2})
    public, private = make_observation(game, kind(True, NONE)), make_observation(game, kind(False, SINGLE))
    rng = np.random.RandomState(3)
    for seed in range(50):
        state = game.deal(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            word = next((w for w in legal if state.words.vocabulary[w] == "discard" and not state.words.chosen), None)
            if word is None:
                state.apply_action(int(rng.choice([w for w in legal if state.words.vocabulary[w] != "drop"] or legal)))
                continue
            before = seen(public, state, state.current_player()), seen(private, state, state.current_player())
            state.apply_action(word)
            actor = state.current_player()
            assert seen(public, state, actor) == before[0] and seen(private, state, actor) != before[1]
            return
    pytest.fail("no discard in 50 games")


def test_the_information_state_recalls_every_public_action_and_offers_no_tensor() -> None:
    game = pyspiel.load_game(PREFIX + "tonk", {"preset": "speno?hands=3", "players": 2})
    rng = np.random.RandomState(2)
    state = game.deal(8)
    while not state.is_terminal() and state.state.view(0)["hand_number"] < 2:
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal(), "the match ended in its first hand"
    actions = "".join(f"{seat}:{action};" for seat, action in state.state.history())
    info = state.information_state_string(0)
    assert actions in info and state.state.history()[0][1].__str__() not in str(state.state.view(0)["log"])
    assert info != state.observation_string(0) and "hand" in json.loads(info.split(" | ")[0])
    public_recall = make_observation(game, kind(True, NONE, recall=True))
    assert public_recall.string_from(state, 0) == actions == public_recall.string_from(state, 1)
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(ValueError, match="perfect-recall information state as a string only"):
        state.information_state_tensor(0)
    assert make_observation(game, kind(True, SINGLE, recall=True)).tensor is None


def test_the_information_state_recalls_every_hand_the_seat_held_and_no_other_seats() -> None:
    game = pyspiel.load_game(PREFIX + "tonk", {"preset": "speno", "players": 2})
    rng = np.random.RandomState(5)
    for seed in range(50):
        state = game.deal(seed)
        held = [[hand(state, q)] for q in range(2)]
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(int(rng.choice([w for w in legal if state.words.vocabulary[w] != "drop"] or legal)))
            for q in range(2):
                if hand(state, q) != held[q][-1]:
                    held[q].append(hand(state, q))
            if len(held[0]) >= 4 and not state.is_terminal():  # seat 0 has drawn and discarded
                break
        else:
            continue
        mine, theirs = state.information_state_string(0), state.information_state_string(1)
        assert all(f":{h};" in mine and f":{h};" not in theirs for h in held[0])
        places = [mine.index(f":{h};") for h in held[0]]
        assert places == sorted(places)
        sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(0) == mine
        assert f":{held[1][0]};" not in sample.information_state_string(1)  # seat 1's past is not seat 0's to know
        return
    pytest.fail("seat 0 never changed its hand three times in 50 games")


def hand(state: object, seat: int) -> str:
    return " ".join(CARD_TEXT[c] for c in state.state.hand(seat))


@pytest.mark.parametrize(("public", "private", "recall"), [
    (True, ALL, False), (False, NONE, False), (False, SINGLE, True), (False, NONE, True),
])
def test_observations_not_offered_are_refused_naming_those_that_are(public: bool, private: object,
                                                                   recall: bool) -> None:
    game = pyspiel.load_game(PREFIX + "plonk")
    with pytest.raises(ValueError, match="offered: default"):
        make_observation(game, kind(public, private, recall))
    with pytest.raises(ValueError, match="take no parameters"):
        make_observation(game, kind(True, SINGLE), {"colour": True})


def test_before_the_deal_nothing_is_observed() -> None:
    game = pyspiel.load_game(PREFIX + "tock", {"players": 2})
    state = game.new_initial_state()
    assert not any(state.observation_tensor(0)) and state.observation_string(1) == "not dealt yet"
    assert state.information_state_string(0) == "not dealt yet"
