"""Tonk in plain words: each action as an instruction and the story of a hand, in English and French, never
naming a card the view hides."""

from __future__ import annotations

import random

import pytest

from parlour import load_game
from parlour.core.cards import card_symbol, is_joker, the_card
from parlour.core.parts import words_of
from parlour.core.words import Elided
from parlour.games.tonk.game import TonkState
from parlour.games.tonk.words import TonkWords
from tests.games.tonk.helpers import play, tonk

NAMES = ["Ana", "Bob", "Éric"]
WORDS = TonkWords()


def said(state: TonkState, seat: int | None, lang: str) -> list[str]:
    return [line.text for line in WORDS.story(state.view(seat), NAMES, lang)]


def test_the_game_s_words_part_is_tonk_s() -> None:
    words = words_of(load_game("tonk"))
    assert isinstance(words, Elided) and isinstance(words.words, TonkWords)


def test_turn_start_actions_in_both_languages() -> None:
    state = tonk("tonk:speno", ["5h 6h 7h 2c 3d", "Ac 2d 3c 4s 5s"], discard="9c Qh", stock="Kd")
    view = state.view(0)
    legal = [str(a) for a in state.legal_actions()]
    assert legal == ["drop", "draw stock", "draw discard"]
    assert WORDS.actions(legal, view, NAMES, "en") == [
        "Drop with 23 (your hand's total)", "Draw from the stock", "Take the queen of hearts from the discard pile"]
    assert WORDS.actions(legal, view, NAMES, "fr") == [
        "Descendre à 23 (le total de votre main)", "Piocher dans la pioche", "Prendre la dame de cœur dans la défausse"]


def test_spreads_hits_and_discards_name_the_cards_and_each_spread_s_owner() -> None:
    spreads = [{"owner": 0, "cards": ["6c", "7c", "8c"]}, {"owner": 1, "cards": ["Jk=4h", "5h", "6h"]}]
    state = tonk("tonk:classic?jokers=2", ["9c 3h Ks Kd Kc Kh", "Ac 2d", "2c 3c"], stock="Ad", spreads=spreads)
    play(state, "draw stock")
    view = state.view(0)
    words = dict(zip((str(a) for a in state.legal_actions()), WORDS.actions(
        [str(a) for a in state.legal_actions()], view, NAMES, "en"), strict=True))
    assert words["spread Kc Kd Kh Ks"] == "Spread the four of a kind K♣ K♦ K♥ K♠"
    assert words["spread Kc Kd Ks"] == "Spread the set K♣ K♦ K♠"
    assert words["hit 9c 1"] == "Add the 9 of clubs to your spread 6♣ 7♣ 8♣"
    assert words["hit 3h 2"] == "Add the 3 of hearts to Bob's spread 4♥ 5♥ 6♥ (a joker as 4♥)"
    assert words["discard Ad"] == "Discard the ace of diamonds"
    french = dict(zip(words, WORDS.actions(list(words), view, NAMES, "fr"), strict=True))
    assert french["spread Kc Kd Kh Ks"] == "Poser le carré R♣ R♦ R♥ R♠"
    assert french["hit 3h 2"] == "Ajouter le 3 de cœur à la combinaison 4♥ 5♥ 6♥ (un joker pour 4♥) de Bob"
    assert french["discard Ad"] == "Défausser l'as de carreau"
    assert WORDS.action("spread Ac 2c 3c", view, "en") == "Spread the run A♣ 2♣ 3♣"
    # French elision of a name: "d'Ana", not "de Ana"; without names, the seat's number
    theirs = state.view(1)
    assert WORDS.actions(["hit 9c 1"], theirs, NAMES, "fr") == [
        "Ajouter le 9 de trèfle à la combinaison 6♣ 7♣ 8♣ d'Ana"]
    assert WORDS.action("hit 9c 1", theirs, "en") == "Add the 9 of clubs to Seat 0's spread 6♣ 7♣ 8♣"


def test_a_joker_in_a_spread_or_a_hit_says_what_it_stands_for() -> None:
    spreads = [{"owner": 1, "cards": ["5h", "6h", "7h"]}]
    state = tonk("tonk:classic?jokers=2", ["Jk 8d 8h", "Ac 2d"], stock="Ad", spreads=spreads)
    play(state, "draw stock")
    view = state.view(0)
    assert WORDS.action("hit Jk=8h 1", view, "en", NAMES) == "Add a joker as the 8 of hearts to Bob's spread 5♥ 6♥ 7♥"
    assert WORDS.action("spread Jk=8c 8d 8h", view, "fr", NAMES) == "Poser le brelan 8♣ 8♦ 8♥ (un joker pour 8♣)"


def test_the_spades_bet_in_words_and_settled_in_the_story() -> None:
    state = tonk("tonk:speno?spades_side_bet=true", ["Ks 2c 3d 9h Qd", "4s 2d 3c 9c Qc"], just_dealt=True)
    view = state.view(0)
    assert WORDS.actions(["spades in", "spades out"], view, NAMES, "en") == [
        "Bet one stake that you hold the highest spade", "Do not bet on the highest spade"]
    play(state, "spades in", "spades in")
    assert said(state, 0, "en")[-4:] == [
        "Ana bets on holding the highest spade", "Bob bets on holding the highest spade",
        "Highest spade: Ana shows the king of spades, Bob shows the 4 of spades", "Bob pays Ana 1"]
    assert said(state, None, "fr")[-2:] == [
        "Plus haute carte de pique : Ana montre le roi de pique, Bob montre le 4 de pique", "Bob paie 1 à Ana"]


def test_the_story_names_players_and_cards_in_play_and_numbers_each_action() -> None:
    state = tonk("tonk:speno?hands=3", ["5h 6h 7h 2c Kd", "Ac 2d 3c 4s Qs", "9c 9d 9s Jc Jd"], discard="Qh",
                 stock="8h Kc 4d 5d")
    play(state, "draw stock", "spread 5h 6h 7h 8h", "discard Kd", "draw discard")
    story = WORDS.story(state.view(None), NAMES, "en")
    assert [(line.seat, line.text, line.action) for line in story] == [
        (0, "Ana draws from the stock", 0),
        (0, "Ana spreads the run 5♥ 6♥ 7♥ 8♥", 1),
        (0, "Ana discards the king of diamonds", 2),
        (1, "Bob takes the king of diamonds from the discard pile", 3),
        (1, "Bob may not discard the king of diamonds this turn: a card taken from the discard pile cannot go "
            "back in the same turn", None),
    ]
    assert [line.text for line in WORDS.story(state.view(2), NAMES, "fr")] == [
        "Ana pioche dans la pioche", "Ana pose la suite 5♥ 6♥ 7♥ 8♥", "Ana défausse le roi de carreau",
        "Bob prend le roi de carreau dans la défausse",
        "Bob ne peut pas défausser le roi de carreau à ce tour : une carte prise dans la défausse ne peut pas y "
        "retourner au même tour",
    ]
    play(state, "discard Qs")
    assert "may not discard" not in " ".join(said(state, None, "en"))  # said only in the turn it matters


def test_the_card_turned_up_at_the_deal_is_named_while_the_view_shows_it() -> None:
    state = tonk("tonk:speno?hands=3", ["5h 6h 7h 2c Kd", "Ac 2d 3c 4s Qs"], discard="Qh", stock="8h Kc")
    play(state, "draw discard")
    assert said(state, 1, "en")[0] == "Ana takes the queen of hearts from the discard pile"
    play(state, "discard Kd", "draw discard", "discard Qs")
    assert said(state, None, "en")[0] == "Ana takes the queen of hearts from the discard pile"  # Ana holds it
    assert said(state, None, "en")[2] == "Bob takes the king of diamonds from the discard pile"
    play(state, "draw stock", "discard Qh")
    assert said(state, None, "en")[0] == "Ana takes the top card of the discard pile"  # nothing shows which now


def test_a_card_taken_may_be_discarded_again_where_the_rules_allow_it() -> None:
    state = tonk("tonk:speno?may_rediscard_taken=true", ["5h 6h 2c", "Ac 2d 3c"], discard="Qh", stock="8h Kc")
    play(state, "draw discard")
    assert said(state, 0, "en") == ["Ana takes the queen of hearts from the discard pile"]


def test_a_hit_on_another_player_s_spread_explains_the_lock_out_where_the_rules_have_one() -> None:
    spreads = [{"owner": 1, "cards": ["6h", "7h", "8h"]}]
    hands = ["5h 9h Kc", "Ac 2c", "4h Qd"]
    state = tonk("tonk:classic", hands, stock="Jd 10h Jc Qs", spreads=spreads)
    play(state, "draw stock", "hit 5h 1", "hit 9h 1")
    assert said(state, 2, "en") == [
        "Ana draws from the stock",
        "Ana adds the 5 of hearts to Bob's spread 6♥ 7♥ 8♥",
        "Bob cannot drop on their next turn: a hit on a player's spread stops them dropping for a turn",
        "Ana adds the 9 of hearts to Bob's spread 5♥ 6♥ 7♥ 8♥",
        "Bob cannot drop for their next 2 turns: each hit on a player's spread stops them dropping for a turn",
    ]
    assert said(state, 2, "fr")[2:4] == [
        "Bob ne pourra pas descendre à son prochain tour : un ajout sur la combinaison d'un joueur l'empêche "
        "de descendre pendant un tour",
        "Ana ajoute le 9 de cœur à la combinaison 5♥ 6♥ 7♥ 8♥ de Bob",
    ]
    assert state.view(0)["lockout"] == [0, 2, 0]
    speno = tonk("tonk:speno", hands, stock="Jd 10h Jc Qs", spreads=spreads)
    play(speno, "draw stock", "hit 5h 1")
    assert said(speno, 2, "en") == ["Ana draws from the stock", "Ana adds the 5 of hearts to Bob's spread 6♥ 7♥ 8♥"]


def test_a_hit_on_one_s_own_spread_is_said_so_and_locks_nobody_out() -> None:
    spreads = [{"owner": 0, "cards": ["6h", "7h", "8h"]}]
    state = tonk("tonk:classic", ["5h 9h Kc", "Ac 2c"], stock="Jd", spreads=spreads)
    play(state, "draw stock", "hit 5h 1")
    assert said(state, 1, "en")[1:] == ["Ana adds the 5 of hearts to their own spread 6♥ 7♥ 8♥"]
    assert said(state, 1, "fr")[1:] == ["Ana ajoute le 5 de cœur à sa propre combinaison 6♥ 7♥ 8♥"]


def test_a_finished_hand_gives_its_outcome_every_total_and_the_payments() -> None:
    state = tonk("tonk:speno?hands=2", ["Ac 2c 3d", "9c 9d Ks", "Qc Qd Js"], stock="8h Kc 4d 5d 6d 7d")
    play(state, "drop")
    assert said(state, 0, "en")[:2] == [
        "Hand 1: Ana drops with 6 and wins: Bob 28, Éric 30", "Bob pays Ana 1, Éric pays Ana 1"]
    assert said(state, 1, "fr")[:2] == [
        "Manche 1 : Ana descend à 6 et gagne : Bob 28, Éric 30", "Bob paie 1 à Ana, Éric paie 1 à Ana"]
    assert not any("drops" in line for line in said(state, 0, "en")[2:])  # the log of hand 2 starts afresh


def test_each_finished_hand_s_outcome_is_a_sentence_naming_the_players() -> None:
    state = tonk("tonk:speno?hands=2", ["Ac 2c 3d", "9c 9d Ks", "Qc Qd Js"], stock="8h Kc 4d 5d 6d 7d")
    play(state, "drop")
    result = state.view(None)["results"][0]
    assert WORDS.outcome(result, NAMES, "en") == "Ana drops with 6 and wins"
    assert WORDS.outcome(result, NAMES, "fr") == "Ana descend à 6 et gagne"


def test_the_last_hand_s_actions_come_before_its_result() -> None:
    state = tonk("tonk:speno", ["Ac 2c 3d", "9c 9d Ks"], stock="8h Kc")
    play(state, "draw stock", "discard 8h", "drop")
    assert state.is_terminal
    assert said(state, None, "en")[-3:] == [
        "Bob drops", "Hand 1: Bob drops with 28 and is caught: Ana 6", "Bob pays Ana 2"]


@pytest.mark.parametrize("seed", range(6))
def test_words_never_name_a_card_the_view_hides(seed: int) -> None:
    """Played at random (hits and spreads first), every seat's and the spectator's story and actions, in both
    languages, at every step, name no card hidden from that view (a stock draw is never named)."""
    game = load_game("tonk", "classic", players=3, hands=2, hand_size=7)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        for seat in (0, 1, 2, None):
            hidden = [c for c in state.hidden_cards(seat) if not is_joker(c)]
            view = state.view(seat)
            legal = [str(a) for a in state.legal_actions()] if seat == state.current_player else []
            for lang in ("en", "fr"):
                text = "\n".join([line.text for line in WORDS.story(view, NAMES, lang)]
                                 + WORDS.actions(legal, view, NAMES, lang))
                shown = [c for c in hidden if the_card(c, lang) in text or f"{card_symbol(c, lang)} " in text + " "]
                assert not shown, f"seat {seat} reads hidden {shown} in:\n{text}"
        legal_actions = state.legal_actions()
        laid = [a for a in legal_actions if str(a).startswith(("hit", "spread"))]
        state.apply(rng.choice(laid or [a for a in legal_actions if str(a) != "drop"] or legal_actions))



def test_a_stock_draw_is_never_named_even_to_the_one_who_drew() -> None:
    state = tonk("tonk:speno?hands=3", ["5h 6h 2c", "Ac 2d 3c"], discard="Qh", stock="8h Kc", to_play=1)
    play(state, "draw stock")
    drawn = "8h"
    assert drawn in state.view(1)["hand"]
    for seat in (0, 1, None):
        for lang in ("en", "fr"):
            story = said(state, seat, lang)
            assert story == [{"en": "Bob draws from the stock", "fr": "Bob pioche dans la pioche"}[lang]]
            assert the_card(drawn, lang) not in story[0] and card_symbol(drawn, lang) not in story[0]


def test_a_spade_shown_for_the_side_bet_is_not_taken_for_the_card_turned_up() -> None:
    state = tonk("tonk:speno?spades_side_bet=true&hands=3", ["Ks 2c 3d 9h Qd", "4s 2d 3c 9c Qc"], discard="Qh",
                 just_dealt=True)
    play(state, "spades in", "spades out", "draw discard", "discard 2c")
    assert state.view(None)["known"][0] == ["Qh", "Ks"]
    assert "Ana takes the queen of hearts from the discard pile" in said(state, None, "en")
