"""Card notation: English and French, case-insensitive, several decks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import (
    CARDS,
    Card,
    card_str,
    card_symbol,
    deck,
    is_joker,
    make_card,
    parse_card,
    rank,
    suit,
    suit_name,
    the_card,
)
from parlour.core.errors import InvalidActionError


@pytest.mark.parametrize(
    ("text", "rank_", "suit_"),
    [("Qh", 12, 2), ("10s", 10, 3), ("ts", 10, 3), ("AC", 1, 0), ("kd", 13, 1), ("2♠", 2, 3)],
)
def test_english(text: str, rank_: int, suit_: int) -> None:
    card = parse_card(text)
    assert (rank(card), suit(card)) == (rank_, suit_)


@pytest.mark.parametrize(("text", "english"), [("Dc", "Qh"), ("10p", "10s"), ("Rt", "Kc"), ("Vd", "Jd")])
def test_french_letters_behind_the_option(text: str, english: str) -> None:
    assert card_str(parse_card(text, french=True)) == english
    assert card_str(parse_card(english), french=True) == text


def test_c_means_clubs_in_english_and_hearts_in_french() -> None:
    assert card_str(parse_card("10c")) == "10c"
    assert card_str(parse_card("10c", french=True)) == "10h"


@given(st.integers(0, 53))
def test_every_card_round_trips(card: int) -> None:
    assert parse_card(card_str(card)) == card or is_joker(card)
    assert parse_card(card_str(card).upper()) == card or is_joker(card)
    assert eval(repr(CARDS[card])) == card or is_joker(card)


@pytest.mark.parametrize("text", ["", "Z", "11h", "1h", "Qx", "10", "hQ", "JkJk"])
def test_bad_cards_quote_the_input(text: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        parse_card(text)
    assert str(caught.value).startswith(repr(text))


def test_decks_with_jokers_and_copies() -> None:
    assert len(deck()) == 52 and len(deck(jokers=2)) == 54
    two = deck(jokers=2, copies=2)
    assert len(two) == 108 and len(set(two)) == 108
    assert sum(is_joker(c) for c in two) == 4
    assert card_str(make_card(7, 2, copy=1)) == "7h" and repr(Card(make_card(7, 2, copy=1))) == "Card(86)"
    with pytest.raises(ValueError, match="0, 1 or 2 jokers"):
        deck(jokers=3)


def test_a_card_with_its_article_elides_in_french() -> None:
    assert the_card("Ks", "en") == "the king of spades" and the_card("Ks", "fr") == "le roi de pique"
    assert the_card("As", "fr") == "l'as de pique" and the_card("Qh", "fr") == "la dame de cœur"
    assert the_card("Jd", "fr") == "le valet de carreau" and the_card(parse_card("10c"), "fr") == "le 10 de trèfle"
    assert the_card("7c", "en") == "the 7 of clubs" and the_card("Jk", "fr") == "le joker"
    assert [suit_name(s, "fr") for s in range(4)] == ["trèfle", "carreau", "cœur", "pique"]
def test_a_card_with_its_article_and_short_with_its_symbol_in_either_language() -> None:
    assert [the_card(c, "en") for c in ("Qh", "Ac", "10s", "Jk")] == [
        "the queen of hearts", "the ace of clubs", "the 10 of spades", "the joker"]
    assert [the_card(c, "fr") for c in ("Qh", "Ac", "Kd", "Jc", "9c", "Jk")] == [
        "la dame de cœur", "l'as de trèfle", "le roi de carreau", "le valet de trèfle", "le 9 de trèfle", "le joker"]
    assert [card_symbol(c, "en") for c in ("Qh", "10s", "Jc", "Ac")] == ["Q♥", "10♠", "J♣", "A♣"]
    assert [card_symbol(c, "fr") for c in ("Qh", "Kd", "Jc", "Jk")] == ["D♥", "R♦", "V♣", "Jk"]
