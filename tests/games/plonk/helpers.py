"""Setting up Plonk deals for the tests."""

from __future__ import annotations

from typing import Any

from parlour import load_game
from parlour.core.cards import card_str, parse_card
from parlour.core.game import State
from parlour.games.plonk.game import PlonkState

SUIT_HANDS = [
    "Ac Kc Qc Jc 10c 9c 8c 7c 6c 5c 4c 3c 2c",
    "Ad Kd Qd Jd 10d 9d 8d 7d 6d 5d 4d 3d 2d",
    "Ah Kh Qh Jh 10h 9h 8h 7s 6s 5s 4s 3s 2s",
    "As Ks Qs Js 10s 9s 8s 7h 6h 5h 4h 3h 2h",
]
"""Seat 0 holds the clubs, seat 1 the diamonds; seats 2 and 3 share hearts and spades."""


def hands_with(wanted: dict[int, str]) -> list[list[str]]:
    """Four hands of 13: each seat holds the cards ``wanted`` names, the rest dealt in card order."""
    named = {seat: [parse_card(t) for t in text.split()] for seat, text in wanted.items()}
    taken = {c for cards in named.values() for c in cards}
    rest = [c for c in range(52) if c not in taken]
    hands = []
    for seat in range(4):
        cards = named.get(seat, [])
        fill = 13 - len(cards)
        cards, rest = cards + rest[:fill], rest[fill:]
        hands.append([card_str(c) for c in cards])
    return hands


def start(hands: list[list[str]] | list[str], target: int = 500, seed: int = 0,
          **position: Any) -> PlonkState:
    """A match starting with the deal ``hands`` (lists of cards, or one string per seat)."""
    cards = [h.split() if isinstance(h, str) else h for h in hands]
    state = load_game("plonk", target=target).new_state(seed, {"hands": cards, **position})
    assert isinstance(state, State)
    return state


def play_trick(state: PlonkState, text: str) -> None:
    """Play the four cards of ``text`` in turn, from whoever is to play."""
    for card in text.split():
        state.apply(card)
