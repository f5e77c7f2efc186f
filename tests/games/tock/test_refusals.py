"""Every well-formed Tock action text is played or refused by the rules (``tests/refusals.py``)."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import card_str
from parlour.core.game import State
from tests.refusals import assert_refusals, assert_unreadable, positions

LETTERS = "abcdefgh"
KINDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk")
MARKS = ("", ">", ">>", "~", ">~")


def texts(state: State[object, object], rng: random.Random) -> list[str]:
    """Every family of the notation: enter with each card, moves with each card and route mark, pushes and
    swaps of every pawn at the table (one's own too, as ``p1`` and by seat letter), 7s split at random
    (some not adding up to 7, some giving a pawn two parts), discards of every face, the bonus choices."""
    players = state.game.num_players
    own = ["p"] if state.is_terminal else ["p", LETTERS[state.current_player].upper()]
    seats = [*LETTERS[:players], "p"]
    out = [f"{kind} enter" for kind in KINDS] + ["2s enter", "Jk 18 p1", "K 13 p2", "bonus play", "bonus keep"]
    out += [f"{kind} {me}{pawn}{mark}" for kind in KINDS if kind not in ("5", "7", "J")
            for me in own for pawn in range(1, 5) for mark in MARKS]
    out += [f"5 {seat}{pawn}{mark}" for seat in seats for pawn in range(1, 5) for mark in MARKS[:3]]
    out += [f"J {me}{pawn}<>{seat}{other}" for me in own for pawn in range(1, 5)
            for seat in seats for other in range(1, 5)]
    out += [f"7 {me}{pawn}{mark}" for me in own for pawn in range(1, 5) for mark in MARKS]
    for _ in range(40):
        pawns = [rng.randint(1, 4) for _ in range(rng.randint(1, 4))]
        out.append("7 " + " ".join(f"p{pawn}+{rng.randint(1, 7)}{rng.choice(MARKS)}" for pawn in pawns))
    out += [f"discard {card_str(face)}" for face in range(53)]
    return out


@pytest.mark.parametrize("spec", ["tock?players=2", "tock?players=6&home_entry=optional&two_of_spades_enters=true"])
def test_every_well_formed_action_is_played_or_refused_by_the_rules(spec: str) -> None:
    rng = random.Random(spec)
    refused = 0
    for state in positions(spec, [0], stops=40):
        refused += assert_refusals(state, texts(state, rng))
    assert refused > 1000


def test_text_that_is_no_action_is_unreadable() -> None:
    state = next(positions("tock", [0]))
    assert_unreadable(state, ["", "p2 8", "8h p2", "8 9 p2", "8 p9", "8 p2>>>", "J p2", "8 b2", "3 p1+3",
                              "7 p1+0", "bonus later", "discard", "discard 9", "5 enter now"])
