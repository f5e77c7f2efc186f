"""Plonk for learning agents: an action is one card (52 words), an observation is the seat's view as a vector.

Seats are counted from the observer (0 itself, 1 its left, 2 its partner,
3 its right) and sides from the observer's (0 ours, 1 theirs), so that a
policy learnt in one seat plays in any. See ``core.encoding``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from parlour.core.cards import CARD_TEXT
from parlour.core.encoding import END, FACES, Layout, put_faces, put_one_hot, put_values, relative, rotated
from parlour.core.game import Game, State, View
from parlour.games.plonk.cards import value_of
from parlour.games.plonk.position import SEATS, PlonkPosition
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.view_shape import plonk_view

if TYPE_CHECKING:
    from parlour.core.encoding import FloatArray

POINT_SCALE = 100.0
"""Points are divided by this (a deal is worth 396 points in all)."""
DEAL_MOST = 396
"""The most points a side can score in a deal (every card live); the fewest is -52 (every card dead)."""
DEAL_LEAST = -52


class PlonkEncoding:
    """The ``encoding`` part of Plonk (see the module docstring)."""

    def __init__(self, game: Game[PlonkRules]) -> None:
        self.target = float(game.rules.target)
        self.vocabulary = (END, *CARD_TEXT[:52])
        layout = self.layout = Layout()
        self.hand = layout.add("hand", FACES, "the observer's cards (52 faces, then jokers: always 0 here)")
        self.trick = [layout.add(f"trick_{k}", FACES, f"the card played to this trick by relative seat {k}")
                      for k in range(SEATS)]
        self.live = [layout.add(f"live_{s}", FACES, f"live cards won this deal by side {s} (0: ours)")
                     for s in (0, 1)]
        self.dead = [layout.add(f"dead_{s}", FACES, f"dead cards won this deal by side {s} (0: ours)")
                     for s in (0, 1)]
        self.leader = layout.add("leader", SEATS, "the relative seat that led this trick (one-hot)")
        self.sizes = layout.add("hand_sizes", SEATS, "cards in each relative seat's hand / 13")
        reach = self.reach = self.target + DEAL_MOST
        """Scores are clipped to ±this (target and one deal's most: a match ends soon after a side passes
        the target, and goes that far below zero only in theory), so that the observation is bounded."""
        self.scores = layout.add("scores", 2, f"each side's match score / {POINT_SCALE:g} (ours first; clipped "
                                 "to ± (target + 396))", -reach / POINT_SCALE, reach / POINT_SCALE)
        self.points = layout.add("deal_points", 2, f"each side's points this deal so far / {POINT_SCALE:g}",
                                 DEAL_LEAST / POINT_SCALE, DEAL_MOST / POINT_SCALE)
        self.target_left = layout.add("to_target", 2, "each side's points still needed / target (from the clipped "
                                      "score)", -DEAL_MOST / self.target, 2 + DEAL_MOST / self.target)
        self.flags = self.sizes.start
        """The slots before ``hand_sizes``: cards and the leader, each 0 or 1 (``encode`` writes them as bits)."""
        self.flag_bytes = (self.flags + 7) // 8
        self.bit_starts = (self.hand.start, self.live[0].start, self.live[1].start, self.dead[0].start,
                           self.dead[1].start, self.leader.start)
        """Where ``encode`` shifts the hand's and the piles' masks to, and the leader's one-hot starts."""
        self.trick_starts = tuple(section.start for section in self.trick)

    def hand_progress(self, view: View) -> float:
        """The seat's side's match score lead / target: what ``reward="hand"`` pays as each deal is scored."""
        shown = plonk_view(view)
        side = (shown["seat"] or 0) & 1
        return float(shown["scores"][side] - shown["scores"][1 - side]) / self.target

    def encode(self, state: State[Any, Any], seat: int | None, out: FloatArray) -> None:
        """``observe(state.view(seat))`` into ``out`` (``core.encoding``), from the position's masks: ``parts``'
        flags unpacked in one call, then its numbers."""
        bits, numbers = self.parts(state, seat)
        flags = self.flags
        out[:flags] = np.unpackbits(np.frombuffer(bits.to_bytes(self.flag_bytes, "little"), np.uint8),
                                    count=flags, bitorder="little")
        out[flags:self.layout.size] = numbers

    def encode_rows(self, states: Sequence[State[Any, Any]], seats: Sequence[int | None], out: FloatArray,
                    rows: Sequence[int]) -> None:
        """``encode`` of each ``states[k]`` from ``seats[k]`` into row ``rows[k]`` of ``out`` (``core.encoding.
        encode_rows``): every row's flags unpacked in one call, every row's numbers written in another."""
        parts = [self.parts(state, seat) for state, seat in zip(states, seats, strict=True)]
        flags, width = self.flags, self.flag_bytes
        packed = np.frombuffer(b"".join([bits.to_bytes(width, "little") for bits, _ in parts]), np.uint8)
        out[rows, :flags] = np.unpackbits(packed.reshape(-1, width), axis=1, count=flags, bitorder="little")
        out[rows, flags:self.layout.size] = [numbers for _, numbers in parts]

    def parts(self, state: State[Any, Any], seat: int | None) -> tuple[int, list[float]]:
        """``seat``'s observation of ``state`` as two parts: the ``flags`` slots as one integer, and the numbers
        after them.

        Every slot before ``hand_sizes`` is a 0 or a 1 (no card is in two places), so those ``flags`` slots
        are one integer, bit ``i`` for slot ``i``: each mask shifted to its section's start, a bit per trick
        card and for the leader.
        """
        pos: PlonkPosition = state.pos
        me = seat or 0
        side = me & 1
        live, dead, leader, hands = pos.live, pos.dead, pos.leader, pos.hands
        at_hand, at_live, at_live_theirs, at_dead, at_dead_theirs, at_leader = self.bit_starts
        bits = (live[side] << at_live | live[1 - side] << at_live_theirs
                | dead[side] << at_dead | dead[1 - side] << at_dead_theirs)
        if seat is not None:
            bits |= hands[seat] << at_hand
        if leader >= 0:
            bits |= 1 << at_leader + (leader - me) % SEATS
            at_trick = self.trick_starts
            for i, card in enumerate(pos.trick):
                bits |= 1 << at_trick[(leader + i - me) % SEATS] + card
        reach, target = self.reach, self.target
        scores = pos.scores
        ours: float = max(-reach, min(reach, scores[side]))
        theirs: float = max(-reach, min(reach, scores[1 - side]))
        first, left, partner, right = hands[me:] + hands[:me]
        return bits, [
            first.bit_count() / 13, left.bit_count() / 13, partner.bit_count() / 13, right.bit_count() / 13,
            ours / POINT_SCALE, theirs / POINT_SCALE,
            (value_of(live[side]) - dead[side].bit_count()) / POINT_SCALE,
            (value_of(live[1 - side]) - dead[1 - side].bit_count()) / POINT_SCALE,
            (target - ours) / target, (target - theirs) / target]

    def observe(self, view: View) -> list[float]:
        shown = plonk_view(view)
        vector = self.layout.blank()
        seat = shown["seat"]
        side = 0 if seat is None else seat & 1
        put_faces(vector, self.hand, shown.get("hand", ()))
        for who, card in shown["trick"]:
            put_faces(vector, self.trick[relative(int(who), seat, SEATS) or 0], (str(card),))
        for k, s in enumerate((side, 1 - side)):
            put_faces(vector, self.live[k], shown["live"][s])
            put_faces(vector, self.dead[k], shown["dead"][s])
        put_one_hot(vector, self.leader, relative(shown["leader"], seat, SEATS))
        put_values(vector, self.sizes, [n / 13 for n in rotated(shown["hand_sizes"], seat)])
        ours, theirs = (max(-self.reach, min(self.reach, shown["scores"][s])) for s in (side, 1 - side))
        put_values(vector, self.scores, (ours / POINT_SCALE, theirs / POINT_SCALE))
        put_values(vector, self.points, (shown["points"][side] / POINT_SCALE, shown["points"][1 - side] / POINT_SCALE))
        put_values(vector, self.target_left, ((self.target - ours) / self.target, (self.target - theirs) / self.target))
        return vector
