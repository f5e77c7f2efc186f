"""Tonk for learning agents: actions as words of their notation, the seat's view as a vector.

An action is chosen word by word (``discard`` then ``Qh``; ``spread`` then
``8c`` ``8d`` ``8h`` and ``END`` when a longer spread would also be legal;
``hit`` ``Jk=8s`` ``2``), so every spread fits one fixed vocabulary. Seats
are counted from the observer (0 itself, 1 its left, …). See
``core.encoding``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.core.cards import CARD_TEXT, JOKER_TEXT
from parlour.core.encoding import END, FACES, Layout, face_slot, put_faces, put_one_hot, put_values, relative, rotated
from parlour.core.game import Game, State, View
from parlour.games.tonk.position import OVER, PHASES, TonkPosition
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.view_shape import tonk_view

if TYPE_CHECKING:
    from parlour.core.encoding import FloatArray

VALUE_SCALE = 50.0
"""Hand values are divided by this."""
NAMED = "Jk="
"""How a joker in a spread or a hit shows the card it stands for (``Jk=5h``)."""


def count_cards(counts: bytearray, mask: int, start: int) -> None:
    """Count the cards of ``mask`` into the section of ``counts`` from ``start``: a face at its own slot, any
    joker (ids 52, 53) at slot 52."""
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        counts[start + card if card < 52 else start + 52] += 1
        mask ^= low


def spread_slots(jokers: int) -> int:
    """The most spreads a hand can see on the table: one per three cards of the deck."""
    return (52 + jokers) // 3


class TonkEncoding:
    """The ``encoding`` part of Tonk (see the module docstring)."""

    def __init__(self, game: Game[TonkRules]) -> None:
        rules = game.rules
        n = self.players = rules.players
        self.hand_size = float(rules.hand_size)
        self.stake = float(rules.stake)
        slots = spread_slots(rules.jokers)
        self.jokers = rules.jokers
        faces = CARD_TEXT[:52]
        self.vocabulary = (END, "drop", "draw", "stock", "discard", "spread", "hit", "spades", "in", "out",
                           *faces, JOKER_TEXT, *(NAMED + f for f in faces), *(str(k) for k in range(slots)))
        layout = self.layout = Layout()
        copies = max(1, rules.jokers)  # the joker slot counts the jokers; every other face is there once
        held = rules.hand_size + 1  # a hand holds one card more between its draw and its discard
        self.hand = layout.add("hand", FACES, "the observer's cards by face (52, then jokers)", 0.0, copies)
        self.value = layout.add("hand_value", 1, f"the observer's hand value / {VALUE_SCALE:g}",
                                0.0, held * max(10, rules.joker_points) / VALUE_SCALE)
        self.known = [layout.add(f"known_{k}", FACES, f"cards known to be in relative seat {k}'s hand", 0.0, copies)
                      for k in range(n)]
        self.sizes = layout.add("hand_sizes", n, "cards in each relative seat's hand / hand size",
                                0.0, held / rules.hand_size)
        self.stock = layout.add("stock", 1, "cards left in the stock / 52", 0.0, rules.deck_size / 52)
        self.top = layout.add("discard_top", FACES, "the top card of the discard pile")
        self.pile = layout.add("discard_pile", FACES, "every card in the discard pile", 0.0, copies)
        self.taken = layout.add("taken", FACES, "the card taken from the discard pile this turn")
        self.spreads = [layout.add(f"spread_{k}", FACES + 52 + n,
                                   f"spread {k}: its real cards (53), the cards its jokers stand for (52), "
                                   "its owner's relative seat (one-hot)", 0.0, copies) for k in range(slots)]
        self.phase = layout.add("phase", len(PHASES), f"the phase, one-hot over {', '.join(PHASES)}")
        self.to_play = layout.add("to_play", n, "the relative seat to play (one-hot)")
        self.dealer = layout.add("dealer", n, "the dealer's relative seat (one-hot)")
        self.lockout = layout.add("lockout", n, "relative seats that may not drop next turn (hit lock-out)")
        self.out_seat = layout.add("stock_out_seat", n, "the relative seat that emptied the stock (one-hot)")
        self.bets = layout.add("bets", 2 * n, "per relative seat: in the spades bet, out of it")
        self.spades = layout.add("spades_shown", n * FACES, "per relative seat: the spade it showed")
        # A seat gains or loses at most, per hand and per other seat, the largest settlement (a dealt 9: 3 stakes,
        # or a tonk out) and the spades bet's stake.
        most = rules.hands * (n - 1) * (max(3, rules.tonk_out_pay) + 1) / self.stake / 10
        self.balances = layout.add("balances", n, "each relative seat's balance / stake / 10 (at most hands × "
                                   "(players − 1) × (max(3, tonk_out_pay) + 1) stakes either way)", -most, most)
        self.turns = layout.add("turns", 1, "turns taken this hand / 100 (at most 1: more turns count as 100)")
        self.order = [[(seat + k) % n for k in range(n)] for seat in range(n)]
        """Per observer, the seats in relative order (the spectator's is seat 0's: seats as they are)."""
        self.fraction_slots = np.array([self.value.start, self.stock.start, self.turns.start,
                                        *range(self.sizes.start, self.sizes.start + n),
                                        *range(self.balances.start, self.balances.start + n)], np.intp)
        """The slots ``encode`` writes fractions into: hand value, stock, turns, hand sizes, balances."""

    def hand_progress(self, view: View) -> float:
        """Nothing to add for ``reward="hand"``: Tonk's returns are the balances, paid as each hand settles."""
        return 0.0

    def encode(self, state: State[Any, Any], seat: int | None, out: FloatArray) -> None:
        """``observe(state.view(seat))`` into ``out`` (``core.encoding``), read from the ``TonkPosition``:
        ``counted``'s counts written in one call, then its fractions at their slots."""
        counts, fractions = self.counted(state, seat)
        out[:self.layout.size] = np.frombuffer(counts, np.uint8)
        out[self.fraction_slots] = fractions

    def encode_rows(self, states: Sequence[State[Any, Any]], seats: Sequence[int | None], out: FloatArray,
                    rows: Sequence[int]) -> None:
        """``encode`` of each ``states[k]`` from ``seats[k]`` into row ``rows[k]`` of ``out`` (``core.encoding.
        encode_rows``): every row's counts in one call, every row's fractions in another."""
        parts = [self.counted(state, seat) for state, seat in zip(states, seats, strict=True)]
        size = self.layout.size
        out[rows, :size] = np.frombuffer(b"".join([counts for counts, _ in parts]), np.uint8).reshape(-1, size)
        out[np.array(rows, np.intp)[:, None], self.fraction_slots] = [fractions for _, fractions in parts]

    def counted(self, state: State[Any, Any], seat: int | None) -> tuple[bytearray, list[float]]:
        """``seat``'s observation of ``state`` as two parts: every slot that counts cards or is set to 1, counted
        in a ``bytearray`` the size of the layout (a joker at slot 52 of its section, as ``face_slot`` places it,
        two jokers counting 2), and the fractions of ``fraction_slots`` in order. Cards are ids here: faces 0–51
        are their own slot. (Listing the slots and writing them by numpy's fancy indexing cost twice as much: a
        list of Python ints is converted on every call.)"""
        pos: TonkPosition = state.pos  # typed: the compiled build reads its fields natively
        n = self.players
        over = pos.phase == OVER
        me = 0 if seat is None else seat
        order = self.order[me]
        hands = pos.hands
        size = self.layout.size
        counts = bytearray(size)
        if seat is not None:
            count_cards(counts, hands[seat], self.hand.start)
        stake = self.stake
        balances = pos.balances
        fractions = [0.0 if seat is None else pos.values[seat] / VALUE_SCALE, len(pos.stock) / 52,
                     min(pos.turns / 100, 1.0), *[hands[q].bit_count() / self.hand_size for q in order],
                     *[balances[q] / stake / 10 for q in order]]
        seen = hands if over else pos.known
        for section, q in zip(self.known, order, strict=True):
            if seen[q]:
                count_cards(counts, seen[q], section.start)
        discard = pos.discard
        if discard:
            top = discard[-1]
            counts[self.top.start + (top if top < 52 else 52)] = 1
            start = self.pile.start
            for c in discard:
                counts[start + c if c < 52 else start + 52] += 1
        if pos.taken >= 0:
            counts[self.taken.start + (pos.taken if pos.taken < 52 else 52)] = 1
        for section, spread in zip(self.spreads, pos.spreads, strict=False):
            start = section.start
            count_cards(counts, spread.real, start)
            named = start + FACES
            for face in spread.joker_faces:
                counts[start + 52] += 1
                counts[named + face] += 1
            counts[named + 52 + (spread.owner - me) % n] = 1
        counts[self.phase.start + pos.phase] = 1
        if pos.cur >= 0:
            counts[self.to_play.start + (pos.cur - me) % n] = 1
        counts[self.dealer.start + (pos.dealer - me) % n] = 1
        lockout = pos.lockout
        for k, q in enumerate(order):
            if lockout[q]:
                counts[self.lockout.start + k] = 1
        bets = pos.bets
        spades = pos.spades_shown
        for k, q in enumerate(order):
            bet = bets[q]
            if bet is not None:
                counts[self.bets.start + 2 * k + (0 if bet else 1)] = 1
            spade = spades[q]
            if spade is not None:
                counts[self.spades.start + k * FACES + spade] = 1
        if pos.stock_out_seat >= 0:
            counts[self.out_seat.start + (pos.stock_out_seat - me) % n] = 1
        return counts, fractions

    def observe(self, view: View) -> list[float]:
        shown = tonk_view(view)
        vector = self.layout.blank()
        n = self.players
        seat = shown["seat"]
        put_faces(vector, self.hand, shown.get("hand", ()))
        put_values(vector, self.value, (shown.get("hand_value", 0) / VALUE_SCALE,))
        for k, cards in enumerate(rotated(shown["known"], seat)):
            put_faces(vector, self.known[k], cards)
        put_values(vector, self.sizes, [size / self.hand_size for size in rotated(shown["hand_sizes"], seat)])
        put_values(vector, self.stock, (shown["stock"] / 52,))
        discard = shown["discard"]
        put_faces(vector, self.top, discard[-1:])
        put_faces(vector, self.pile, discard)
        if shown["taken"] is not None:
            put_faces(vector, self.taken, (shown["taken"],))
        for section, spread in zip(self.spreads, shown["spreads"], strict=False):
            start = section.start
            for text in spread["cards"]:
                if text.startswith(NAMED):
                    vector[start + FACES - 1] += 1.0
                    vector[start + FACES + face_slot(text[len(NAMED):])] += 1.0
                else:
                    vector[start + face_slot(text)] += 1.0
            owner = relative(spread["owner"], seat, n)
            if owner is not None:
                vector[start + FACES + 52 + owner] = 1.0
        put_one_hot(vector, self.phase, PHASES.index(shown["phase"]))
        put_one_hot(vector, self.to_play, relative(shown["to_play"], seat, n))
        put_one_hot(vector, self.dealer, relative(shown["dealer"], seat, n))
        put_values(vector, self.lockout, [float(bool(x)) for x in rotated(shown["lockout"], seat)])
        put_one_hot(vector, self.out_seat, relative(shown["stock_out_seat"], seat, n))
        for k, bet in enumerate(rotated(shown["bets"], seat)):
            if bet is not None:
                vector[self.bets.start + 2 * k + (0 if bet else 1)] = 1.0
        for k, spade in enumerate(rotated(shown["spades_shown"], seat)):
            if spade is not None:
                vector[self.spades.start + k * FACES + face_slot(spade)] = 1.0
        put_values(vector, self.balances, [b / self.stake / 10 for b in rotated(shown["balances"], seat)])
        put_values(vector, self.turns, (min(shown["turns"] / 100, 1.0),))
        return vector
