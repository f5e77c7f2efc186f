"""Tock in plain words: every action as an instruction and the log as sentences, in English and French, pawns
named as the board shows them, captures and homes told as the engine works them out."""

from __future__ import annotations

import random
import re

import pytest

from parlour import load_game
from parlour.core.game import State
from parlour.core.parts import words_of
from parlour.core.words import StoryLine, Told
from parlour.games.tock.game import TockState
from parlour.games.tock.words import EARLIER_LINES, TockWords
from tests.games.tock.helpers import position

NAMES = ["Ana", "Bob", "Chloé", "Dan"]


def test_the_words_are_the_tock_games_part() -> None:
    """What the server and the terminal use (``words_of``, however it wraps the part) speaks Tock."""
    state = position(hand=["Kc"], players=2)
    assert words_of(state.game).action("K enter", state.view(0), "fr") == "Sortir un pion avec le roi"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", {"K enter": "Enter a pawn with the king",
            "A p1": "Move a1 forward 1 with the ace",
            "8 p1": "Move a1 forward 8",
            "4 p1": "Move a1 back 4",
            "5 b1": "Push b1 forward 5",
            "7 p1+3 p2+4": "Split the 7: a1 forward 3, a2 forward 4",
            "7 p2": "Move a2 forward 7",
            "J p2<>c1": "Swap a2 with c1",
            "Jk 18 p2": "Move a2 forward 18 with the joker"}),
    ("fr", {"K enter": "Sortir un pion avec le roi",
            "A p1": "Avancer a1 de 1 avec l'as",
            "8 p1": "Avancer a1 de 8",
            "4 p1": "Reculer a1 de 4",
            "5 b1": "Pousser b1 de 5",
            "7 p1+3 p2+4": "Partager le 7 : a1 avance de 3, a2 avance de 4",
            "7 p2": "Avancer a2 de 7",
            "J p2<>c1": "Échanger a2 avec c1",
            "Jk 18 p2": "Avancer a2 de 18 avec le joker"}),
])
def test_each_card_action_is_an_instruction_naming_pawns_as_the_board_does(lang: str, said: dict[str, str]) -> None:
    words = TockWords()
    for hand in (["Kc", "Ac", "8c", "4c", "5c"], ["7c", "Jc", "Jk"]):
        state = position(pawns={"a1": 10, "a2": 30, "b1": 50, "c1": 5}, hand=hand)
        view = state.view(0)
        legal = {str(a) for a in state.legal_actions()}
        for text, expected in said.items():
            if text.split()[0] in [card[:-1] for card in hand]:
                assert text in legal, (text, sorted(legal))
                assert words.action(text, view, lang) == expected


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Move a1 forward 6; a1 captures b1, which goes back to its reserve"),
    ("fr", "Avancer a1 de 6 ; a1 prend b1, qui retourne dans sa réserve"),
])
def test_a_move_that_captures_says_so(lang: str, said: str) -> None:
    short = position(pawns={"a1": 10, "b1": 17}, hand=["6c"], players=2)
    assert TockWords().action("6 p1", short.view(0), lang) == said.split(";", maxsplit=1)[0].rstrip()
    capture = position(pawns={"a1": 10, "b1": 16}, hand=["6c"], players=2)
    assert TockWords().action("6 p1", capture.view(0), lang) == said


def test_a_move_into_the_home_and_the_king_capturing_all_it_passes() -> None:
    state = position(pawns={"a1": 67}, hand=["6c"], players=2)
    words = TockWords()
    # seat a's foot is square 70 on the 72-square board: 6 from 67 goes 3 to the foot, then 3 up the home
    assert "6 p1" in {str(a) for a in state.legal_actions()}
    assert words.action("6 p1", state.view(0), "en") == "Move a1 forward 6; a1 reaches its home"
    king = position(pawns={"a1": 10, "b1": 15, "b2": 23}, hand=["Kc"], players=2)
    assert words.action("K p1", king.view(0), "fr") == (
        "Avancer a1 de 13 avec le roi ; a1 prend b1, qui retourne dans sa réserve ; "
        "a1 prend b2, qui retourne dans sa réserve")


@pytest.mark.parametrize(("lang", "discard", "keep", "end"), [
    ("en", "Discard the 6 of clubs", "Keep the joker's bonus for a later turn", "End your turn, keeping your bonuses"),
    ("fr", "Défausser le 6 de trèfle", "Garder le bonus du joker pour un prochain tour",
     "Finir votre tour en gardant vos bonus"),
])
def test_discards_and_bonuses(lang: str, discard: str, keep: str, end: str) -> None:
    words = TockWords()
    stuck = position(hand=["6c", "6d", "3c", "8c", "9c"])
    assert "discard 6c" in {str(a) for a in stuck.legal_actions()}
    assert words.action("discard 6c", stuck.view(0), lang) == discard
    assert words.action("bonus keep", {**stuck.view(0), "phase": "bonus"}, lang) == keep
    assert words.action("bonus keep", {**stuck.view(0), "phase": "spend"}, lang) == end


def test_french_articles_of_discarded_cards() -> None:
    words = TockWords()
    stuck = position(hand=["6c", "6d", "3c", "8c", "9c"])
    view = stuck.view(0)
    assert words.action("discard Qh", view, "fr") == "Défausser la dame de cœur"
    assert words.action("discard Ad", view, "fr") == "Défausser l'as de carreau"


def _game(seed: int, players: int) -> TockState:
    state = load_game("tock", players=players).new_state(seed)
    assert isinstance(state, State)
    return state


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4), (3, 6)])
def test_the_story_tells_every_capture_and_home_coming_the_game_made(seed: int, players: int) -> None:
    """A whole game played at random: every pawn sent back to its reserve and every pawn reaching its home is
    told, right after the action that did it, and nothing else, after the stock ran out as before."""
    rng = random.Random(seed)
    state = _game(seed, players)
    words = TockWords()
    told = reshuffles = 0
    letters = "abcdefgh"[:players]
    while not state.is_terminal:
        before = state.view(None)
        state.apply(rng.choice(state.legal_actions()))
        after = state.view(None)
        lines = words.story(after, NAMES[:players] + ["Eve", "Flo"][:max(0, players - 4)], "en")
        index = next((i for i, line in enumerate(lines) if line.action == before["version"]), None)
        if index is None:  # the stock ran out: the log starts after this action
            assert after["log"] == []
            reshuffles += 1
            continue
        events = [line.text for line in lines[index + 1:] if line.action is None and "wins" not in line.text]
        captured = {f"{letters[q]}{i + 1}" for q in range(players) for i in range(4)
                    if before["pawns"][q][i] is not None and after["pawns"][q][i] is None}
        home = {f"{letters[q]}{i + 1}" for q in range(players) for i in range(4)
                if not isinstance(before["pawns"][q][i], str) and isinstance(after["pawns"][q][i], str)}
        assert {re.findall(r"\b[a-h]\d\b", e)[-1] for e in events if "reserve" in e} == captured
        assert {e.split()[0] for e in events if "reaches" in e} == home
        assert len(events) == len(captured) + len(home)
        told += len(events)
    assert told and reshuffles


def test_the_story_names_players_and_pawns_in_both_languages() -> None:
    state = position(pawns={"a1": 10, "b1": 16}, hand=["6c"], players=2)
    state.apply(next(a for a in state.legal_actions() if str(a) == "6 p1"))
    view = state.view(1)
    english = [line.text for line in TockWords().story(view, ["Ana", "Bob"], "en")]
    french = [line.text for line in TockWords().story(view, ["Ana", "Bob"], "fr")]
    assert english == ["Ana moves a1 forward 6", "a1 captures b1, which goes back to its reserve"]
    assert french == ["Ana avance a1 de 6", "a1 prend b1, qui retourne dans sa réserve"]


def test_the_story_of_a_whole_game_names_the_winner() -> None:
    rng = random.Random(1)
    state = _game(7, 2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    winner = NAMES[view["winner"]]
    story = TockWords().story(view, NAMES[:2], "fr")
    assert story[-1].text == f"{winner} gagne : ses quatre pions sont à la maison"
    assert story[0].text == "La pioche était épuisée : les cartes jouées ont été mélangées en une nouvelle pioche."
    assert [line.action for line in story if line.action is not None] == list(
        range(view["version"] - len(view["log"]), view["version"]))


def test_a_seven_whose_second_part_captures_the_first_pawn_says_so() -> None:
    state = position(pawns={"a1": 1, "a2": 0}, hand=["7c"], players=2)
    assert "7 p1+3 p2+4" in {str(a) for a in state.legal_actions()}
    assert TockWords().action("7 p1+3 p2+4", state.view(0), "en") == (
        "Split the 7: a1 forward 3, a2 forward 4; a2 captures a1, which goes back to its reserve")


def test_without_the_board_the_log_starts_from_the_story_tells_no_capture() -> None:
    """A view from a position saved before views showed their log's board: the moves, nothing guessed."""
    state = position(pawns={"a1": 10, "b1": 16}, hand=["6c"], players=2)
    state.apply(next(a for a in state.legal_actions() if str(a) == "6 p1"))
    view = {**state.view(1), "log_board": None}
    assert [line.text for line in TockWords().story(view, ["Ana", "Bob"], "en")] == ["Ana moves a1 forward 6"]


def test_the_story_told_at_a_table_goes_on_across_a_reshuffle() -> None:
    """The view's log starts afresh when the stock runs out; the story a table tells (one ``Told`` kept from
    version to version, as the server keeps it) still holds what happened before, then the reshuffle, then what
    follows, each action once and in order."""
    rng = random.Random(5)
    state = _game(11, 4)
    words = TockWords()
    told = Told()
    reshuffled = False
    lines: list[StoryLine] = []
    while not state.is_terminal and not reshuffled:
        before, last = state.view(0), lines
        state.apply(rng.choice(state.legal_actions()))
        told.turn()
        view = state.view(0)
        lines = words.tell(view, NAMES, "en", told)
        reshuffled = view["log"] == [] and before["log"] != []
    assert reshuffled
    # what was told before stays (its latest EARLIER_LINES; the action that emptied the stock is in no view's log)
    assert len(lines) == EARLIER_LINES + 1 and lines[:-1] == last[-EARLIER_LINES:]
    assert "The stock ran out" in lines[-1].text
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
        told.turn()
        view = state.view(1)
        later = words.tell(view, NAMES, "en", told)
    assert [line.text for line in later[:len(lines)]] == [line.text for line in lines]
    assert [line.action for line in later if line.action is not None][-1] == view["version"] - 1
    assert words.story(view, NAMES, "en")[0].text.startswith("The stock ran out")
