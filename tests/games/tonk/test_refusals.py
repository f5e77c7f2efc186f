"""Every well-formed Tonk action text is played or refused by the rules (``tests/refusals.py``)."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import card_str
from parlour.core.game import State
from tests.refusals import assert_refusals, assert_unreadable, positions

FACES = [card_str(face) for face in range(52)]


def named(card: str) -> str:
    """A card of a hand as a spread or hit names it: a joker stands for some card."""
    return "Jk=5h" if card == "Jk" else card


def texts(state: State[object, object], rng: random.Random) -> list[str]:
    """Every family of the notation: drop, both draws, both side-bet answers, discards of every face,
    spreads of 1 to 6 cards (from the hand and not, jokers standing for cards, a card named twice) and
    hits of cards and jokers on spreads 1 to 7, laid or not."""
    hand = [] if state.is_terminal else [named(card_str(c)) for c in state.hand(state.current_player)]
    out = ["drop", "draw stock", "Draw Discard", "spades in", "spades out", "discard Jk", "spread 3c 3c 3d",
           "spread 3c Jk=3c 3c"]
    out += [f"discard {face}" for face in FACES]
    for size in range(1, 7):
        for pool in (FACES, hand):
            for _ in range(6):
                cards = rng.sample(pool, min(size, len(pool)))
                out.append("spread " + " ".join(f"Jk={c}" if rng.random() < 0.2 and "=" not in c else c
                                                for c in cards))
    for card in [*rng.sample(FACES, 8), *hand]:
        for number in range(1, 8):
            out += [f"hit {card} {number}", f"hit Jk={card.removeprefix('Jk=')} {number}"]
    return [text for text in out if text.strip() != "spread"]


@pytest.mark.parametrize("spec", ["tonk", "tonk?players=4&jokers=2", "tonk?players=2&spades_side_bet=true"])
def test_every_well_formed_action_is_played_or_refused_by_the_rules(spec: str) -> None:
    rng = random.Random(spec)
    refused = 0
    for state in positions(spec, range(3), stops=4):
        refused += assert_refusals(state, texts(state, rng))
    assert refused > 1000


def test_text_that_is_no_action_is_unreadable() -> None:
    state = next(positions("tonk", [0]))
    assert_unreadable(state, ["", "fly", "discard", "hit 8s two", "hit 8s 0", "spread Jk 6h 7h",
                              "spread 5h=6h 6h 7h", "draw pile", "hit Jk=Jk 2", "spades maybe"])
