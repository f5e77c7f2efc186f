"""Tock's ``encode``: the observation written from the position is exactly ``observe`` of the seat's view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour import load_game
from parlour.core.game import State
from parlour.core.parts import encoding_of
from parlour.games.tock.deck import KIND, TWO_OF_SPADES
from parlour.games.tock.game import TockState
from parlour.games.tock.position import OVER, PHASES
from tests.encoding import differences
from tests.games.tock.helpers import position

FLAGS = ("", "&extra_sevens=true", "&two_of_spades_enters=true&home_entry=optional")


@pytest.mark.parametrize("players", range(2, 9))
def test_encode_is_observe_of_the_view_over_random_games(players: int) -> None:
    """Every few positions of whole games and their end, for each seat and the spectator, with each set of
    flags; the sample is shown to hold what the observation has to get right: every phase, reshuffled
    stocks (an empty pile), pawns advantaged, home and (on boards with shortcuts) settled, the 2♠ and
    jokers in hands, the finished game with nobody to play."""
    seen: set[str] = set()
    for k, flags in enumerate(FLAGS):
        game = load_game(f"tock?players={players}{flags}")
        encoding = encoding_of(game)
        seed = 10 * players + k
        state = game.new_state(seed)
        assert isinstance(state, State)
        rng = random.Random(seed)
        every = 2 * players + 1
        while True:
            if state.version % every == 0 or state.is_terminal:
                for seat in [None, *range(players)]:
                    assert differences(state, seat, encoding) == [], f"{flags} seat {seat} at version {state.version}"
                seen |= features(state)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.pos.phase == OVER and state.pos.cur == -1
    shortcuts = {"settled"} if players >= 5 else set()
    assert seen == {*PHASES, "reshuffled", "empty pile", "advantaged", "home", "2s", "joker", *shortcuts}


def features(state: TockState) -> set[str]:
    """What ``state`` shows of the things the observation must encode right."""
    pos = state.pos
    cards = [c for hand in pos.hands for c in hand]
    squares = len(pos.pawns.occ)
    return {name for name, there in [
        (PHASES[pos.phase], True), ("reshuffled", pos.reshuffles > 0), ("empty pile", not pos.pile),
        ("advantaged", pos.pawns.adv != 0), ("settled", pos.pawns.settled != 0),
        ("home", any(place >= squares for place in pos.pawns.pos)),
        ("2s", any(c % 54 == TWO_OF_SPADES for c in cards)), ("joker", any(KIND[c] == 0 for c in cards)),
    ] if there}


@pytest.mark.parametrize("players", [4, 8])
def test_a_set_up_board_with_pawns_on_every_kind_of_place(players: int) -> None:
    """Track, home and reserve, an advantaged pawn, on 8 players a settled one; both 2♠ and a joker in hand."""
    pawns: dict[str, int | str] = {"a1": 0, "a2": "h2", "b1": 17, "c3": 5, "d4": "h4"}
    if players == 8:
        pawns["e2"] = 27  # an intersection
    state = position(players, pawns=pawns, advantaged=["a1"], hand=["2s", "2s", "Jk", "7h", "Ac"],
                     stock=["Kd", "Qd"], bonuses=[2, 1, 0, 1, *[0] * (players - 4)])
    assert (state.pos.pawns.settled != 0) == (players == 8)
    for seat in [None, *range(players)]:
        assert differences(state, seat) == []
    encoding = encoding_of(state.game)
    out = np.zeros(encoding.layout.size, np.float32)
    encoding.encode(state, 0, out)
    hand = encoding.hand.start
    assert list(out[hand:hand + encoding.hand.size]) == [1, 2, *[0] * 4, 1, *[0] * 6, 1, 1]


@pytest.mark.parametrize(("players", "teams", "mates"), [
    (4, "pairs", {0: [2], 1: [3], 2: [0], 3: [1]}),
    (6, "pairs", {0: [3], 4: [1]}),
    (6, "two", {0: [2, 4], 1: [3, 5], 4: [0, 2]}),
    (8, "two", {3: [1, 5, 7]}),
    (4, "none", {0: [], 3: []}),
])
def test_the_teammates_section_marks_exactly_the_observers_teammates(players: int, teams: str,
                                                                     mates: dict[int, list[int]]) -> None:
    game = load_game(f"tock?players={players}&teams={teams}")
    encoding = encoding_of(game)
    alone = encoding_of(load_game(f"tock?players={players}"))
    assert encoding.layout.size == alone.layout.size  # the shape stays fixed per player count, teams or not
    section = next(s for s in encoding.layout.sections if s.name == "teammates")
    state = game.new_state(1)
    for seat, others in mates.items():
        vector = encoding.observe(state.view(seat))
        marked = [k for k in range(players) if vector[section.start + k]]
        assert marked == sorted((other - seat) % players for other in others)
        assert differences(state, seat, encoding) == []
    assert not any(encoding.observe(state.view(None))[section.start:section.start + players])
