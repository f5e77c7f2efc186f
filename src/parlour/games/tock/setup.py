"""Setting up a Tock position by hand: for tests, puzzles and teaching.

``load_game("tock", players=4).new_state(seed, position)`` with a position
like::

    {"pawns": {"a1": 0, "a2": "h1", "b1": 40},   # unnamed pawns are in their reserve
     "advantaged": ["a1"],               # pawns just entered on their start
     "hands": [["4c", "3d"], [], [], []],   # by seat; short hands are filled from the stock
     "pile": ["5c"],                     # bottom to top
     "stock": ["6s", "Ac"],              # top first
     "to_play": 0,                       # default 0
     "bonuses": [0, 2, 0, 0],            # stored joker bonuses, default none
     "unsettled": []}                    # pawns on intersections that may not take a shortcut

A pawn's place is a track square (``Board.starts`` and friends name them),
``"h1"`` … ``"h4"`` in its home, or ``None`` / ``"reserve"``. Cards the
position does not name go under the given stock cards in an order drawn from
the seed (chance event 0), so every card stays accounted for; short hands
are then filled from the top of the stock. Pawns standing on intersections
are settled (they may take a shortcut: docs/rules/en/tock.md, "Material and board") unless ``unsettled``
names them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from parlour.core.cards import shuffled
from parlour.core.errors import RulesError
from parlour.core.position import check_keys, read_card
from parlour.games.tock.actions import PAWNS, SEAT_LETTERS
from parlour.games.tock.board import HOME, board_for
from parlour.games.tock.deck import HAND_SIZE, card_pool, full_deck
from parlour.games.tock.pawns import Pawns
from parlour.games.tock.position import TockPosition
from parlour.games.tock.rules import TockRules

KEYS = ("pawns", "advantaged", "unsettled", "hands", "pile", "stock", "to_play", "bonuses")


def take(pool: dict[int, list[int]], text: Any, where: str) -> int:
    """The id of a card named ``text`` still in ``pool``; ``RulesError`` if none is left."""
    face = read_card(text, where)
    ids = pool.get(face)
    if not ids:
        raise RulesError(f"position: {where}: no {text!r} left (every copy is named already)")
    return ids.pop(0)


def set_up(rules: TockRules, position: Mapping[str, Any], rng: random.Random) -> TockPosition:
    """The position ``position`` describes; ``RulesError`` quoting what cannot be used."""
    check_keys(position, KEYS)
    n = rules.players
    pos = TockPosition.blank(n)
    _place_pawns(pos.pawns, n, position.get("pawns", {}), position.get("advantaged", []))
    board = board_for(n)
    for seat in range(n):
        pos.pawns.settle(seat, board.crossings)
    for name in _list(position, "unsettled", []):
        pawn = pawn_index(name, n)
        if not pos.pawns.settled >> pawn & 1:
            raise RulesError(f"position: unsettled pawn {name} is not on an intersection")
        pos.pawns.settled &= ~(1 << pawn)
    pool = card_pool(full_deck(n, rules.extra_sevens))
    hands_in = _list(position, "hands", [[] for _ in range(n)])
    if len(hands_in) != n:
        raise RulesError(f"position: 'hands' has {len(hands_in)} hands for {n} players (flag players)")
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, list | tuple) or len(hand) > HAND_SIZE:
            raise RulesError(f"position: hand {seat} should be a list of at most {HAND_SIZE} cards, "
                             f"got {hand!r}")
        pos.hands[seat] = [take(pool, text, f"hand {seat}") for text in hand]
    pos.pile = [take(pool, text, "pile") for text in _list(position, "pile", [])]
    top = [take(pool, text, "stock") for text in _list(position, "stock", [])]
    rest = sorted(c for ids in pool.values() for c in ids)
    pos.stock = shuffled(rest, rng) + top[::-1]
    for hand in pos.hands:
        while len(hand) < HAND_SIZE:
            hand.append(pos.stock.pop())
    bonuses = _list(position, "bonuses", [0] * n)
    if len(bonuses) != n or not all(isinstance(b, int) and 0 <= b <= 2 for b in bonuses):
        raise RulesError(f"position: 'bonuses' should be {n} counts from 0 to 2, got {bonuses!r}")
    pos.stored = list(bonuses)
    to_play = position.get("to_play", 0)
    if isinstance(to_play, bool) or not isinstance(to_play, int) or not 0 <= to_play < n:
        raise RulesError(f"position: 'to_play' should be a seat from 0 to {n - 1}, got {to_play!r}")
    pos.cur = to_play
    pos.spendable = pos.stored[to_play]
    pos.log_board = pos.pawns.snapshot()
    return pos


def _list(position: Mapping[str, Any], key: str, default: list[Any]) -> list[Any]:
    value = position.get(key, default)
    if not isinstance(value, list | tuple):
        raise RulesError(f"position: {key!r} should be a list, got {value!r}")
    return list(value)


def pawn_index(name: Any, players: int) -> int:
    """The pawn id of ``b3``-style ``name``, or ``RulesError``."""
    text = str(name).strip().lower()
    if (len(text) == 2 and text[0] in SEAT_LETTERS[:players] and text[1].isdigit()
            and 1 <= int(text[1]) <= PAWNS):
        return SEAT_LETTERS.index(text[0]) * PAWNS + int(text[1]) - 1
    raise RulesError(f"position: {name!r} is no pawn: write a seat letter (a to "
                     f"{SEAT_LETTERS[players - 1]}) and a number from 1 to {PAWNS}, e.g. b3")


def _place_pawns(pawns: Pawns, players: int, pawns_in: Any, advantaged: Any) -> None:
    if not isinstance(pawns_in, Mapping):
        raise RulesError(f"position: 'pawns' maps pawn names to places, e.g. {{'a1': 0}}, got {pawns_in!r}")
    board = board_for(players)
    length = board.squares
    for name, where in pawns_in.items():
        pawn = pawn_index(name, players)
        if where is None or where == "reserve":
            continue
        if isinstance(where, str) and len(where) == 2 and where[0] == "h" and where[1] in "1234":
            place = board.home(int(where[1]) - 1)
            if pawns.homes[pawn // PAWNS] >> (place - length) & 1:
                raise RulesError(f"position: two pawns on {where} of seat {name[0]}'s home")
        elif isinstance(where, int) and not isinstance(where, bool) and 0 <= where < length:
            place = where
            if pawns.occ[place] >= 0:
                raise RulesError(f"position: two pawns on square {place}")
        else:
            raise RulesError(f"position: {name}: {where!r} is no place: a square from 0 to "
                             f"{length - 1}, h1 to h{HOME}, or reserve")
        pawns.place(pawn, place)
    if not isinstance(advantaged, list | tuple):
        raise RulesError(f"position: 'advantaged' should be a list of pawns, got {advantaged!r}")
    for name in advantaged:
        pawn = pawn_index(name, players)
        if pawns.pos[pawn] != board.starts[pawn // PAWNS]:
            raise RulesError(f"position: {name} has the position advantage only on its own start, "
                             f"square {board.starts[pawn // PAWNS]}")
        pawns.place(pawn, pawns.pos[pawn], advantage=True)
