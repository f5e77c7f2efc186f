"""Plonk's notation, errors, views, positions, records and determinization."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from parlour import load_game
from parlour.core.cards import CARDS, parse_card
from parlour.core.errors import IllegalActionError, InvalidActionError, RulesError
from parlour.core.i18n import set_language
from parlour.core.position import PublicEntry
from parlour.core.record import GameRecord, replay
from parlour.games.plonk.actions import PLAYS, Play
from tests.games.plonk.helpers import SUIT_HANDS, hands_with, play_trick, start

GAME = load_game("plonk")


@pytest.mark.parametrize(("text", "card"), [
    ("Ah", "Ah"), ("ah", "Ah"), ("AH", "Ah"), ("10s", "10s"), ("Ts", "10s"), (" qd ", "Qd"), ("2♣", "2c"),
])
def test_a_card_is_its_own_action(text: str, card: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == card
    assert action is PLAYS[action.card]
    assert action == Play(CARDS[action.card]) and repr(action) == f"Play(card=Card({card!r}))"


def test_there_is_one_play_per_card_whatever_makes_it() -> None:
    ace = PLAYS[parse_card("Ah")]
    assert Play(parse_card("Ah")) is ace and Play(CARDS[ace.card]) is ace
    assert copy.copy(ace) is ace and copy.deepcopy(ace) is ace and pickle.loads(pickle.dumps(ace)) is ace
    assert ace != PLAYS[parse_card("Kh")] and hash(ace) == hash((ace.card,))
    with pytest.raises(AttributeError, match="immutable"):
        ace.card = CARDS[0]  # type: ignore[misc]
    with pytest.raises(ValueError, match=r"card id 0\.\.51"):
        Play(52)


def test_an_action_equal_to_a_listed_one_applies_the_listed_play() -> None:
    state = start(SUIT_HANDS)
    with pytest.raises(IllegalActionError, match=r"^'Ad': You play a card from your own hand: you do not hold Ad$"):
        state.apply(Play(parse_card("Ad")))
    assert state.version == 0 and state.history() == []
    applied = state.apply(PublicEntry("Ac"))  # type: ignore[arg-type]
    assert applied is PLAYS[parse_card("Ac")] and state.history() == [(0, applied)]


@pytest.mark.parametrize("text", ["", "Zz", "11h", "play Ah", "Ah Kh"])
def test_text_that_is_no_card_is_refused_quoting_it(text: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        GAME.parse_action(text)
    assert str(caught.value).startswith(repr(text))
    assert "as in Ah or 10s" in str(caught.value)


def test_a_joker_is_refused() -> None:
    with pytest.raises(InvalidActionError, match=r"^'Jk': Plonk is played without jokers"):
        GAME.parse_action("Jk")


def test_legal_actions_are_the_hand_by_suit_from_the_two_up() -> None:
    state = start(hands_with({0: "Ac 2c Kd 10h 9h 3s Js Qs Ks 4d 5d 6d 7d"}))
    assert [str(a) for a in state.legal_actions()] == (
        ["2c", "Ac", "4d", "5d", "6d", "7d", "Kd", "9h", "10h", "3s", "Js", "Qs", "Ks"]
    )
    assert all(a is PLAYS[a.card] for a in state.legal_actions())


def test_a_refused_card_quotes_the_hand_and_changes_nothing() -> None:
    state = start(SUIT_HANDS)
    before = state.view(None)
    with pytest.raises(IllegalActionError, match=r"^'Ad': You play a card from your own hand: you do not hold Ad$"):
        state.apply("Ad")
    assert state.view(None) == before and state.version == 0 and state.history() == []


def test_a_refusal_is_worded_in_the_language_set_and_its_message_stays_english() -> None:
    set_language("fr")  # the session's fixture sets English back
    state = start(SUIT_HANDS)
    with pytest.raises(IllegalActionError, match=r"^'ad': You play a card from your own hand") as caught:
        state.apply("ad")
    assert caught.value.worded() == "On joue une carte de sa main\u00a0: vous n'avez pas Ad"
    assert caught.value.params == {"action": "ad", "card": "Ad"}


def test_nothing_is_legal_once_the_match_is_over() -> None:
    state = start(SUIT_HANDS, target=1)
    for _ in range(52):
        state.apply(state.legal_actions()[-1])
    assert state.is_terminal and state.current_player == -1
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(PLAYS[0])


def test_a_seat_sees_its_hand_every_played_card_and_the_hand_sizes_only() -> None:
    state = start(SUIT_HANDS)
    play_trick(state, "Ac Ad Ah As")
    play_trick(state, "Ks Kc")
    view = state.view(1)
    assert view["hand"] == ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "Jd", "Qd", "Kd"]
    assert view["hand_sizes"] == [11, 12, 12, 11]
    assert view["trick"] == [[3, "Ks"], [0, "Kc"]]
    assert view["leader"] == 3 and view["to_play"] == 1
    assert view["tricks"][0]["plays"] == [[0, "Ac"], [1, "Ad"], [2, "Ah"], [3, "As"]]
    assert view["live"] == [["Ad", "Ah", "As"], []] and view["dead"] == [["Ac"], []]
    assert view["live_points"] == [45, 0] and view["dead_counts"] == [1, 0] and view["points"] == [44, 0]
    assert view["scores"] == [0, 0] and view["winner"] is None and view["results"] == []
    assert "hand" not in state.view(None)
    assert state.hidden_cards(1) == set(state.hand(0)) | set(state.hand(2)) | set(state.hand(3))


def test_the_dealer_rotates_left_each_deal() -> None:
    state = GAME.new_state(7)
    dealers = []
    while len(dealers) < 5 and not state.is_terminal:
        view = state.view(None)
        if not view["tricks"] and not view["trick"]:
            dealers.append(view["dealer"])
            assert state.current_player == (view["dealer"] + 1) % 4
        state.apply(state.legal_actions()[0])
    assert dealers[:3] == [3, 0, 1]


def test_the_same_seed_deals_the_same_cards() -> None:
    assert GAME.new_state(11).view(None) == GAME.new_state(11).view(None)
    assert [GAME.new_state(11).hand(q) for q in range(4)] != [GAME.new_state(12).hand(q) for q in range(4)]


def test_a_record_from_a_position_replays() -> None:
    state = start(SUIT_HANDS, seed=3, scores=[450, 430], deal=6)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    record = GameRecord.from_json(GameRecord.of(state).to_json())
    again = replay(record)
    assert again.view(None) == state.view(None)
    assert again.view(None)["results"][0]["deal"] == 6


def test_determinize_keeps_what_a_seat_knows_and_shuffles_the_rest() -> None:
    state = start(SUIT_HANDS)
    play_trick(state, "Ac Ad Ah As")
    assert state.current_player == 3
    view = state.view(3)
    guesses = {tuple(GAME.determinize(view, random.Random(i)).hand(1)) for i in range(5)}
    assert len(guesses) == 5
    for guess in (GAME.determinize(view, random.Random(i)) for i in range(5)):
        assert guess.view(3) == view
        assert [str(a) for a in guess.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_views_are_plain_json_and_determinize_reads_them_back_from_json() -> None:
    state = GAME.new_state(5)
    for _ in range(130):
        state.apply(state.legal_actions()[-1])
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        sent = json.loads(json.dumps(view))
        assert sent == view
        assert GAME.determinize(sent, random.Random(1)).view(seat) == view


def test_a_determinizer_reads_the_view_once_and_samples_independent_states() -> None:
    state = start(SUIT_HANDS)
    play_trick(state, "Ac Ad")
    view = state.view(2)
    sample = GAME.determinizer(view)
    rng = random.Random(3)
    first, second = sample(rng), sample(rng)
    assert first.view(2) == second.view(2) == view
    assert first.hand(0) != second.hand(0)
    first.apply("Ah")
    assert second.view(2) == view and sample(rng).view(2) == view


def test_determinize_refuses_another_games_view() -> None:
    with pytest.raises(RulesError, match="not a Plonk view"):
        GAME.determinize({"game": "tonk"}, random.Random(0))


@pytest.mark.parametrize(("position", "message"), [
    ({"hands": SUIT_HANDS[:3]}, "'hands' should be a list of 4 hands"),
    ({"hands": [h.split() for h in SUIT_HANDS], "leader": 1}, "unknown key(s) 'leader'"),
    ({"hands": [SUIT_HANDS[0].split()] * 4}, "Ac is named twice"),
    ({"hands": [h.split()[:12] for h in SUIT_HANDS]}, "hand 0 should be a list of 13 cards"),
    ({"hands": [["Jk", *SUIT_HANDS[0].split()[1:]], *[h.split() for h in SUIT_HANDS[1:]]]}, "no jokers"),
    ({"hands": [["Zz", *SUIT_HANDS[0].split()[1:]], *[h.split() for h in SUIT_HANDS[1:]]]}, "'Zz'"),
    ({"hands": [h.split() for h in SUIT_HANDS], "dealer": 4}, "'dealer' should be an integer from 0 to 3"),
    ({"hands": [h.split() for h in SUIT_HANDS], "scores": [1]}, "'scores' should be"),
])
def test_a_bad_position_is_refused_saying_why(position: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as caught:
        GAME.new_state(0, position)
    assert message in str(caught.value)


@pytest.mark.parametrize(("spec", "message"), [
    ("plonk?players=3", "flag 'players' cannot be '3'"),
    ("plonk?target=0", "flag 'target' cannot be '0'"),
    ("plonk?trumps=true", "unknown flag 'trumps'"),
])
def test_bad_flags_are_refused(spec: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        load_game(spec)


def test_the_target_flag() -> None:
    assert load_game("plonk").rules.target == 500
    assert load_game("plonk", target=100).rules.target == 100
