"""Tock for learning agents: actions as words of their notation, the board and the seat's hand as a vector.

An action is chosen word by word: the card (``7``), then its use
(``enter``, a pawn ``p2>``, a part of a 7 ``p1+3``, a swap ``p2<>c1``). A 7
split into parts is one word per part, in the order the notation writes
them, so the thousands of ways to split a 7 on a crowded 8-player board
fit a vocabulary of a few hundred words and the agent is asked one part at
a time among the parts that still lead to a legal split. Seats and track
squares are counted from the observer (seat 0 is itself; square 0 is its
start), so that a policy learnt in one seat plays in any. See
``core.encoding``.
"""

from __future__ import annotations

import itertools
import re
from array import array
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.core.cards import CARD_TEXT, CARDS, FACES_PER_DECK, JOKER_TEXT
from parlour.core.encoding import END, Layout, put_one_hot, put_values, relative, rotated
from parlour.core.game import Game, State, View
from parlour.games.tock.actions import KIND_TEXT, PAWNS, SEAT_LETTERS, VALUE
from parlour.games.tock.board import HOME, board_for
from parlour.games.tock.deck import HAND_SIZE, KIND, TWO_OF_SPADES
from parlour.games.tock.position import PHASES, TockPosition
from parlour.games.tock.rules import TockRules
from parlour.games.tock.view_shape import tock_view

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from parlour.core.encoding import FloatArray

KINDS = (*(KIND_TEXT[k] for k in range(1, 14)), JOKER_TEXT)
"""Card kinds as the notation names them: A, 2, …, K, then the joker."""
MARKS = tuple(">" * jumps + stay for jumps in range(3) for stay in ("", "~"))
"""What may follow a pawn: shortcuts taken (``>``, ``>>``) and ``~`` (stay out of the home)."""
PAWN_NAME = re.compile(r"([a-h])([1-4])$")
KIND_SLOT = bytes((KIND[c] - 1) % len(KINDS) if c < len(KIND) else 0 for c in range(256))
"""Each card id's slot among ``KINDS`` (A … K, then the joker), as a ``bytes.translate`` table."""
TWOS_OF_SPADES = frozenset(c for c in range(len(CARDS)) if c % FACES_PER_DECK == TWO_OF_SPADES)
"""The ids of every copy of the 2♠ (the hand section's last slot)."""


def words(players: int, teams: bool = False) -> tuple[str, ...]:
    """Every word Tock's notation can write for ``players`` players, in a fixed order; with ``teams``, also
    those of a card played for a teammate (``for c:``), after the others so that the individual game's words
    keep their indices."""
    seats = SEAT_LETTERS[:players]
    own = [f"p{n}" for n in range(1, PAWNS + 1)]
    others = [f"{s}{n}" for s in seats for n in range(1, PAWNS + 1)]
    return (
        *KINDS, "2s", "enter", str(VALUE[0]), "discard", *CARD_TEXT[:52], "bonus", "play", "keep",
        *(p + m for p, m in itertools.product(own + others, MARKS)),
        *(f"{p}+{steps}{m}" for p, steps, m in itertools.product(own, range(1, 8), MARKS)),
        *(f"{p}<>{q}" for p, q in itertools.product(own, own + others)),
        *(("for", *(f"{s}:" for s in seats)) if teams else ()),
    )


class TockEncoding:
    """The ``encoding`` part of Tock (see the module docstring)."""

    def __init__(self, game: Game[TockRules]) -> None:
        n = self.players = game.rules.players
        board = self.board = board_for(n)
        self.places = board.squares + HOME + 1
        self.cards = float(game.rules.deck_size)
        self.vocabulary = (END, *words(n, game.rules.teams != "none"))
        layout = self.layout = Layout()
        self.pawns = [layout.add(f"pawns_{k}", PAWNS * self.places,
                                 f"relative seat {k}'s pawns 1–4, each one-hot over {board.squares} track squares "
                                 f"(from the observer's start), {HOME} home squares and the reserve")
                      for k in range(n)]
        self.advantaged = layout.add("advantaged", n * PAWNS, "pawns on their own start (advantaged), by seat")
        self.settled = layout.add("settled", n * PAWNS, "pawns that may take a shortcut this turn, by seat")
        self.hand = layout.add("hand", len(KINDS) + 1, "the observer's cards by kind (A … K, joker), and the 2♠",
                               0.0, HAND_SIZE)
        sevens = 8 + (n if game.rules.extra_sevens else 0)
        self.pile = layout.add("pile", len(KINDS), "cards played so far by kind / 8 (sevens: up to "
                               f"{sevens}/8)", 0.0, sevens / 8)
        self.top = layout.add("pile_top", len(KINDS), "the kind of the last card played")
        self.sizes = layout.add("hand_sizes", n, "cards in each relative seat's hand / 5")
        self.stock = layout.add("stock", 1, "cards left in the stock / deck size")
        self.bonuses = layout.add("bonuses", n, "joker bonuses stored by each relative seat / 4")
        self.spendable = layout.add("spendable", 1, "bonuses the observer may spend now / 4")
        self.phase = layout.add("phase", len(PHASES), f"the phase, one-hot over {', '.join(PHASES)}")
        self.to_play = layout.add("to_play", n, "the relative seat to play (one-hot)")
        self.teammates = layout.add("teammates", n, "the relative seats on the observer's team, itself left out "
                                    "(flag teams; none without it, nor for a spectator)")
        teams = game.teams()
        self.team_flags = [array("d", [float(k > 0 and (seat + k) % n in team) for k in range(n)])
                           for seat in range(n) for team in teams if seat in team]
        """For each observer seat, its ``teammates`` section: a flag per relative seat (the same for every view
        of the game, teams being fixed)."""
        base = self.advantaged.start
        self.tail = array("d", bytes(8 * (layout.size - base)))
        """Zeros for the slots after the pawns' one-hots, which ``encode`` works out in a copy of this array
        of doubles and writes at once (numpy casts such an array far quicker than a list of floats)."""
        self.tail_at = tuple(section.start - base for section in (
            self.settled, self.hand, self.pile, self.top, self.sizes, self.stock, self.bonuses, self.spendable,
            self.phase, self.to_play, self.teammates))
        """Where each section after ``advantaged`` starts in ``tail``."""
        self.pawn_slots = [self.pawn_table(seat) for seat in range(n)]
        """For each observer seat, the slot of each pawn at each place (``pawn_table``); a spectator's are
        seat 0's (the pawns in seat order, the track from square 0, seat 0's start)."""
        self.pawn_rows = np.arange(n * PAWNS) * (self.places + 1) + 1
        """Where each pawn's places begin in a ``pawn_slots`` table, plus one (place -1 is column 0)."""

    def pawn_table(self, seat: int) -> NDArray[np.intp]:
        """The slot (``place_slot`` in its relative seat's section) of pawn ``p`` at place ``x`` (-1, the
        reserve, to the last home square) as ``seat`` sees it, at ``p * (places + 1) + x + 1``."""
        n, squares, places = self.players, self.board.squares, self.places
        start = self.board.starts[seat]
        slots = np.concatenate(([places - 1], (np.arange(squares) - start) % squares, np.arange(squares, places)))
        sections = (np.arange(n * PAWNS) - seat * PAWNS) % (n * PAWNS) * places
        table: NDArray[np.intp] = (sections[:, None] + slots).astype(np.intp).reshape(-1)
        return table

    def place_slot(self, place: int | str | None, seat: int | None) -> int:
        """A pawn's slot in its one-hot: the track relative to ``seat``'s start, then home, then reserve."""
        board = self.board
        if place is None:
            return self.places - 1
        if isinstance(place, str):
            return board.squares + int(place[1:]) - 1
        start = board.starts[seat] if seat is not None and seat >= 0 else 0
        return (place - start) % board.squares

    def pawn_flags(self, vector: list[float], start: int, names: list[str], seat: int | None) -> None:
        """Mark the pawns ``names`` (``c2``: seat c's pawn 2) at their relative seat's slots."""
        for text in names:
            found = PAWN_NAME.match(text)
            if found:
                k = relative(SEAT_LETTERS.index(found.group(1)), seat, self.players) or 0
                vector[start + k * PAWNS + int(found.group(2)) - 1] = 1.0

    def encode(self, state: State[Any, Any], seat: int | None, out: FloatArray) -> None:
        """``observe(state.view(seat))`` into ``out`` (``core.encoding``), from the position.

        The pawns' one-hots are one lookup in the observer's ``pawn_slots``; the slots after them are
        worked out in a copy of ``tail`` (the advantaged and the settled pawns from the position's bits,
        the hand's cards by kind through ``KIND_SLOT``) and written at once; the pile's counts by kind
        then go over their zeros with one ``bincount``.
        """
        pos: TockPosition = state.pos
        n = self.players
        me = seat or 0
        pawns = pos.pawns
        out[self.pawn_slots[me][np.array(pawns.pos) + self.pawn_rows]] = 1.0
        tail = self.tail[:]
        (at_settled, at_hand, at_pile, at_top, at_sizes, at_stock, at_bonuses, at_spendable, at_phase, at_to_play,
         at_teammates) = self.tail_at
        width = n * PAWNS
        turn = me * PAWNS
        for at, bits in ((0, pawns.adv), (at_settled, pawns.settled)):
            while bits:
                low = bits & -bits
                tail[at + (low.bit_length() - 1 - turn) % width] = 1.0
                bits ^= low
        if seat is not None:
            hand = pos.hands[seat]
            for kind in bytes(hand).translate(KIND_SLOT):
                tail[at_hand + kind] += 1.0
            if not TWOS_OF_SPADES.isdisjoint(hand):
                tail[at_hand + len(KINDS)] = 1.0
            tail[at_teammates:at_teammates + n] = self.team_flags[seat]
        pile = pos.pile
        kinds = bytes(pile).translate(KIND_SLOT)
        if pile:
            tail[at_top + kinds[-1]] = 1.0
        hands, stored = pos.hands, pos.stored
        q = me
        for k in range(n):
            tail[at_sizes + k] = len(hands[q]) / 5
            tail[at_bonuses + k] = stored[q] / 4
            q = q + 1 if q + 1 < n else 0
        tail[at_stock] = len(pos.stock) / self.cards
        tail[at_spendable] = pos.spendable / 4
        tail[at_phase + pos.phase] = 1.0
        if pos.cur >= 0:
            tail[at_to_play + (pos.cur - me) % n] = 1.0
        start = self.advantaged.start
        out[start:self.layout.size] = np.frombuffer(tail)
        start += at_pile
        out[start:start + len(KINDS)] = np.bincount(np.frombuffer(kinds, np.uint8), minlength=len(KINDS)) / 8

    def observe(self, view: View) -> list[float]:
        shown = tock_view(view)
        vector = self.layout.blank()
        n = self.players
        seat = shown["seat"]
        for section, pawns in zip(self.pawns, rotated(shown["pawns"], seat), strict=True):
            for i, place in enumerate(pawns):
                vector[section.start + i * self.places + self.place_slot(place, seat)] = 1.0
        self.pawn_flags(vector, self.advantaged.start, shown["advantaged"], seat)
        self.pawn_flags(vector, self.settled.start, shown["settled"], seat)
        for text in shown.get("hand", ()):
            vector[self.hand.start + kind_slot(text)] += 1.0
            if text == "2s":
                vector[self.hand.start + len(KINDS)] = 1.0
        for text in shown["pile"]:
            vector[self.pile.start + kind_slot(text)] += 1.0 / 8
        if shown["pile"]:
            put_one_hot(vector, self.top, kind_slot(shown["pile"][-1]))
        put_values(vector, self.sizes, [size / 5 for size in rotated(shown["hand_sizes"], seat)])
        put_values(vector, self.stock, (shown["stock"] / self.cards,))
        put_values(vector, self.bonuses, [b / 4 for b in rotated(shown["bonuses"], seat)])
        put_values(vector, self.spendable, (shown["spendable"] / 4,))
        put_one_hot(vector, self.phase, PHASES.index(shown["phase"]))
        put_one_hot(vector, self.to_play, relative(shown["to_play"], seat, n))
        for team in shown.get("teams", ()):
            if seat is not None and seat in team:
                for other in team:
                    if other != seat:
                        vector[self.teammates.start + (other - seat) % n] = 1.0
        return vector


def kind_slot(text: str) -> int:
    """The kind slot of a card's text (``10h`` → the 10's, ``Jk`` → the joker's)."""
    if text == JOKER_TEXT:
        return len(KINDS) - 1
    return KINDS.index(text[:-1])
