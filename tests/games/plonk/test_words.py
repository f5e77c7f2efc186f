"""Plonk in plain words, in English and French: each play as an instruction, and the story of the deal (each card,
each trick's winner and why, who leads next and why, the deal's and the match's scores), from the view alone."""

from __future__ import annotations

import random

from parlour import load_game
from parlour.core.cards import cards_of, the_card
from parlour.core.parts import words_of
from parlour.core.words import StoryLine
from parlour.games.plonk.game import PlonkState
from parlour.games.plonk.words import PlonkWords
from tests.games.plonk.helpers import SUIT_HANDS, hands_with, play_trick, start
from tests.games.plonk.test_scenarios import FULL_DEAL, play_full_deal

NAMES = ["Ana", "Bob", "Eve", "Dan"]
WORDS = PlonkWords()


def test_plonk_speaks_its_own_words() -> None:
    view = start(SUIT_HANDS, dealer=3).view(0)
    words = words_of(load_game("plonk"))  # what the server and the terminal use (whatever wraps it)
    assert words.action("Ac", view, "en") == "Play the ace of clubs"
    assert words.action("Ac", view, "fr") == "Jouer l'as de trèfle"
    assert words.story(view, NAMES, "fr") == WORDS.story(view, NAMES, "fr")


def test_each_play_is_an_instruction_saying_whether_it_follows_suit_in_english_and_french() -> None:
    state = start(SUIT_HANDS, dealer=3)  # Ana (seat 0) leads, holding the clubs
    lead = state.view(0)
    assert WORDS.action("Ac", lead, "en") == "Play the ace of clubs"
    assert WORDS.action("Ac", lead, "fr") == "Jouer l'as de trèfle"
    assert WORDS.action("Qc", lead, "fr") == "Jouer la dame de trèfle"
    assert WORDS.action("10c", lead, "fr") == "Jouer le 10 de trèfle"
    state.apply("Ac")
    second = state.view(1)
    assert WORDS.action("Kd", second, "en") == "Play the king of diamonds, not following clubs"
    assert WORDS.action("Kd", second, "fr") == "Jouer le roi de carreau, sans fournir à trèfle"
    for card in ["Ad", "Ah", "As"]:
        state.apply(card)
    play_trick(state, "Ks Kc Kd")  # Dan leads spades; Eve holds some
    third = state.view(2)
    assert WORDS.action("7s", third, "en") == "Play the 7 of spades, following suit"
    assert WORDS.action("7s", third, "fr") == "Jouer le 7 de pique, en fournissant"
    for lang in ("en", "fr"):
        said = [WORDS.action(str(a), third, lang) for a in state.legal_actions()]
        assert len(set(said)) == len(said) == 12 and not set(said) & {str(a) for a in state.legal_actions()}


def first_two_tricks() -> PlonkState:
    state = start(SUIT_HANDS, dealer=3)
    for _leader, cards, _winner in FULL_DEAL[:2]:
        play_trick(state, cards)
    return state


def test_the_story_tells_each_card_each_trick_s_winner_and_who_leads_next_and_why() -> None:
    story = WORDS.story(first_two_tricks().view(0), NAMES, "en")
    assert story == [
        StoryLine(None, "Deal 1: Dan deals; Ana, on the dealer's left, leads the first trick.", None),
        StoryLine(0, "Ana leads the ace of clubs.", 0),
        StoryLine(1, "Bob plays the ace of diamonds, not following clubs.", 1),
        StoryLine(2, "Eve plays the ace of hearts, not following clubs.", 2),
        StoryLine(3, "Dan plays the ace of spades, not following clubs.", 3),
        StoryLine(0, "Nobody followed clubs: Ana, who led, wins the trick with the ace of clubs; "
                     "it is worth 44 points to Ana & Eve.", None),
        StoryLine(3, "Dan leads next: when nobody follows the suit led, the player on the leader's right leads, "
                     "and Ana plays second.", None),
        StoryLine(3, "Dan leads the king of spades.", 4),
        StoryLine(0, "Ana plays the king of clubs, not following spades.", 5),
        StoryLine(1, "Bob plays the king of diamonds, not following spades.", 6),
        StoryLine(2, "Eve follows suit with the 7 of spades.", 7),
        StoryLine(3, "Dan wins the trick with the king of spades, the highest card of the suit led; "
                     "it is worth 18 points to Bob & Dan.", None),
        StoryLine(3, "Dan leads next: the winner of a trick leads the next one.", None),
    ]


def test_the_story_in_french_says_the_same_with_elision_and_one_word_for_a_deal() -> None:
    story = [line.text for line in WORDS.story(first_two_tricks().view(0), NAMES, "fr")]
    assert story[0] == "Donne 1 : Dan distribue ; Ana, à gauche du donneur, entame la première levée."
    assert story[1:3] == ["Ana entame avec l'as de trèfle.", "Bob joue l'as de carreau, sans fournir à trèfle."]
    assert story[5] == ("Personne n'a fourni à trèfle : Ana, qui a entamé, remporte la levée avec l'as de trèfle ; "
                        "elle rapporte 44 points à Ana et Eve.")
    assert story[6] == ("Dan entame la levée suivante : quand personne ne fournit à la couleur entamée, c'est le "
                        "joueur à droite de celui qui a entamé qui entame, et Ana joue en deuxième.")
    assert story[10] == "Eve fournit le 7 de pique."
    assert story[11] == ("Dan remporte la levée avec le roi de pique, la plus haute carte de la couleur entamée ; "
                         "elle rapporte 18 points à Bob et Dan.")
    assert story[12] == "Dan entame la levée suivante : qui remporte une levée entame la suivante."
    assert not any("anche" in line for line in story)


def test_a_trick_s_worth_may_be_negative_said_with_a_minus_sign_and_the_right_plural() -> None:
    state = start(hands_with({0: "2h", 1: "3h", 2: "4h", 3: "5h 9c"}))  # dealer 3: Ana leads
    play_trick(state, "2h 3h 4h 5h")
    view = state.view(None)
    assert WORDS.story(view, NAMES, "en")[5:] == [
        StoryLine(3, "Dan wins the trick with the 5 of hearts, the highest card of the suit led; "
                     "it is worth −4 points to Bob & Dan.", None),
        StoryLine(3, "Dan leads next: the winner of a trick leads the next one.", None)]
    assert WORDS.story(view, NAMES, "fr")[5].text.endswith("elle rapporte −4 points à Bob et Dan.")


def test_the_end_of_a_deal_gives_both_sides_points_and_the_match_score_then_the_next_deal_s_lead() -> None:
    state = start(SUIT_HANDS, dealer=3)
    play_full_deal(state)
    for lang, end, after in (
            ("en", "End of deal 1: Ana & Eve make 138 this deal, Bob & Dan 89. "
                   "Match: Ana & Eve 138, Bob & Dan 89 (target 500).",
             "Deal 2: Ana deals; Bob, on the dealer's left, leads the first trick."),
            ("fr", "Fin de la donne 1 : Ana et Eve font 138 sur cette donne, Bob et Dan 89. "
                   "Partie : Ana et Eve 138, Bob et Dan 89 (objectif 500).",
             "Donne 2 : Ana distribue ; Bob, à gauche du donneur, entame la première levée.")):
        story = [line.text for line in WORDS.story(state.view(1), NAMES, lang)]
        assert story[-2:] == [end, after]
        assert len(story) == 1 + 52 + 13 + 12 + 2, "the last trick of a deal says no lead: the next deal's line does"


def test_the_match_s_end_names_the_winners() -> None:
    state = start(SUIT_HANDS, dealer=3, target=100)
    play_full_deal(state)
    assert state.is_terminal
    won = StoryLine(None, "Ana & Eve win the match, 138 to 89.", None)
    assert WORDS.story(state.view(None), NAMES, "en")[-1] == won
    assert WORDS.story(state.view(None), NAMES, "fr")[-1].text == "Ana et Eve gagnent la partie, 138 à 89."


def test_the_story_says_nothing_hidden_and_numbers_each_play_as_the_game_does() -> None:
    state = load_game("plonk", target=1200).new_state(11)
    rng = random.Random(11)
    checked = 0
    seen_counts: set[int] = set()
    while not state.is_terminal:
        played = rng.choice(state.legal_actions())
        state.apply(played)
        if state.version % 23:
            continue
        checked += 1
        for lang in ("en", "fr"):
            public = WORDS.story(state.message_view(None), NAMES, lang)
            for seat in range(4):  # a seat's story is the spectator's, who sees no hand
                assert WORDS.story(state.message_view(seat), NAMES, lang) == public
            unseen = [the_card(c, lang) for hand in state.pos.hands for c in cards_of(hand)]
            plays = [line.text for line in public if line.action is not None]
            this_deal = plays[len(plays) - state.version % 52:] if state.version % 52 else []
            assert not [card for card in unseen for text in this_deal if f"{card}." in text or f"{card}," in text]
            numbered = [line for line in public if line.action is not None]
            assert numbered[-1].action == state.version - 1
            assert [line.action for line in numbered] == list(range(state.version - len(numbered), state.version))
            assert the_card(played.card, lang) in numbered[-1].text
        earlier = state.message_view(None).get("earlier")
        if earlier:
            n = earlier["count"]
            seen_counts.add(min(n, 2))
            first = {lang: WORDS.story(state.message_view(None), NAMES, lang)[0].text for lang in ("en", "fr")}
            assert first["en"].startswith(f"{n} earlier deal is not told" if n == 1 else f"{n} earlier deals are not")
            assert first["fr"].startswith(f"{n} donne précédente n'est" if n == 1 else f"{n} donnes précédentes ne")
    assert checked > 10 and seen_counts == {1, 2}
