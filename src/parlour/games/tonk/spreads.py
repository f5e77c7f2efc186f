"""Sets, runs and hits as bit-mask operations on card faces.

Faces are suit-major (``suit * 13 + rank - 1``), so a run is a stretch of
neighbouring bits inside one suit's 13 bits and a set is one bit in each of
up to four suits. A run's positions go 1 (ace low) .. 13 (king), and 14 for a
high ace where ``ace_high`` allows it; a run never wraps (K-A-2 is never one).
A joker stands for a *named* card: any card its spread needs, even one its
player holds or one in play elsewhere (docs/rules/en/tonk.md, "Spreads and hits"), so a set may show a face
twice (5♥ 5♠ and a joker named 5♥); a set still holds at most 4 cards. A
spread is therefore kept as the mask of its real faces and the tuple of the
faces its jokers stand for.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Final

from mypy_extensions import mypyc_attr

REAL: Final = (1 << 52) - 1
"""The mask of every non-joker face."""
SUIT_BITS: Final = 0x1FFF

RANK_BITS: Final = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
_VALID_RUN3: Final = sum(1 << (s * 13 + r) for s in range(4) for r in range(11))
_QKA: Final = tuple((1 << (s * 13)) | (1 << (s * 13 + 11)) | (1 << (s * 13 + 12)) for s in range(4))


def position_face(suit: int, position: int) -> int:
    """The face at run ``position`` (1..14) of ``suit``."""
    return suit * 13 + (position - 1) % 13


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class Shape:
    """What a group of named faces is: a set of ``rank`` or a run of ``suit`` from lo to hi."""

    is_run: bool
    rank: int
    """The set's rank index (0 = ace), or -1 for a run."""
    suit: int
    """The run's suit, or -1 for a set."""
    lo: int
    hi: int
    """The run's end positions (1..14); 0 for a set."""


def shape_of(named: int, ace_high: bool) -> Shape | None:
    """The shape of the named faces ``named`` (a mask), or ``None`` if it is no spread."""
    n = named.bit_count()
    if n < 3 or named & ~REAL:
        return None
    for r, bits in enumerate(RANK_BITS):
        if named & ~bits == 0:
            return Shape(False, r, -1, 0, 0) if n <= 4 else None
    for s in range(4):
        block = (named >> (s * 13)) & SUIT_BITS
        if block << (s * 13) != named:
            continue
        low, high = (block & -block).bit_length(), block.bit_length()
        if high - low + 1 == n:
            return Shape(True, -1, s, low, high)
        if ace_high and block & 1:
            rest = block & ~1
            low = (rest & -rest).bit_length()
            if high == 13 and 14 - low + 1 == n:
                return Shape(True, -1, s, low, 14)
        return None
    return None


def spread_shape(real: int, joker_faces: tuple[int, ...], ace_high: bool) -> Shape | None:
    """The shape of a spread of the real faces ``real`` (a mask) and jokers standing for ``joker_faces``.

    Faces shown twice (a real card and a joker, or two jokers) can only make a set.
    """
    named = real
    for f in joker_faces:
        named |= 1 << f
    n = real.bit_count() + len(joker_faces)
    if named.bit_count() == n:
        return shape_of(named, ace_high)
    if not 3 <= n <= 4 or named & ~REAL:
        return None
    for r, bits in enumerate(RANK_BITS):
        if named & ~bits == 0:
            return Shape(False, r, -1, 0, 0)
    return None


def accept_mask(shape: Shape, named: int, size: int, ace_high: bool, hit_sets: bool) -> int:
    """The faces a hit may add to a spread of ``shape`` showing the faces ``named`` (``size`` cards).

    A set takes any face of its rank while it holds fewer than 4 cards: a real
    card shown is in nobody's hand, and a joker may name a face shown already.
    """
    if shape.is_run:
        out = 0
        if shape.lo > 1:
            out |= 1 << position_face(shape.suit, shape.lo - 1)
        if shape.hi < 13 or (shape.hi == 13 and ace_high and shape.lo > 1):
            out |= 1 << position_face(shape.suit, shape.hi + 1)
        return out & ~named
    if not hit_sets or size >= 4:
        return 0
    return RANK_BITS[shape.rank]


def extend(shape: Shape, face: int) -> Shape:
    """The shape after a hit of ``face`` (already checked against ``accept_mask``)."""
    if not shape.is_run:
        return shape
    position = face % 13 + 1
    if position == shape.lo - 1:
        return Shape(True, -1, shape.suit, position, shape.hi)
    high = 14 if position == 1 else position
    return Shape(True, -1, shape.suit, shape.lo, high)


def table_order(faces: list[int]) -> list[int]:
    """Faces in the order a spread shows them: a run low to high (a high ace last), a set by suit."""
    out = sorted(faces)
    one_suit = len({f // 13 for f in out}) == 1
    if one_suit and len(out) >= 3 and out[0] % 13 == 0 and out[-1] % 13 == 12 and out[1] % 13 != 1:
        return out[1:] + out[:1]
    return out


def _subsets(mask: int, size: int) -> Iterator[int]:
    bits = [1 << f for f in range(52) if mask >> f & 1] if size else []
    if size == 0:
        yield 0
        return
    for combo in combinations(bits, size):
        yield sum(combo)


def spread_groups(hand: int, jokers: int, ace_high: bool) -> list[tuple[int, int]]:
    """Where the hand may have spreads, as (faces, suit) groups in the order the moves list them: first each rank
    that may make a set, as the hand's faces of that rank with suit -1, lowest rank first; then each suit that may
    hold a run, as the hand's faces of that suit (13 bits) with the suit. ``hand`` is the mask of the real faces
    held, ``jokers`` how many jokers; ``group_spreads`` lists a group's spreads."""
    a, b, c, d = hand & SUIT_BITS, hand >> 13 & SUIT_BITS, hand >> 26 & SUIT_BITS, hand >> 39
    starts = hand & (hand >> 1) & (hand >> 2) & _VALID_RUN3
    if jokers == 0:
        ranks = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
        if not ranks and not starts and not (ace_high and _has_qka(hand)):
            return []
    elif jokers == 1:
        ranks = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    else:
        ranks = a | b | c | d
    groups: list[tuple[int, int]] = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        groups.append((hand & RANK_BITS[low.bit_length() - 1], -1))
    for s, block in enumerate((a, b, c, d)):
        if jokers == 0:
            if not starts >> (13 * s) & SUIT_BITS and not (ace_high and hand & _QKA[s] == _QKA[s]):
                continue
        elif block.bit_count() + jokers < 3:
            continue
        groups.append((block, s))
    return groups


def group_spreads(faces: int, suit: int, jokers: int, ace_high: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The spreads of one group of ``spread_groups``: the sets of a rank (``suit`` -1) or the runs of a suit."""
    return rank_spreads(faces, jokers) if suit < 0 else suit_runs(suit, faces, jokers, ace_high)


def rank_spreads(held: int, jokers: int) -> list[tuple[int, tuple[int, ...]]]:
    """The sets of one rank: ``held`` is the mask of the faces of that rank in the hand (at least one)."""
    r = (held & -held).bit_length() - 1
    r %= 13
    k = held.bit_count()
    rank_faces = (r, 13 + r, 26 + r, 39 + r)
    out: list[tuple[int, tuple[int, ...]]] = []
    for size in (3, 4):
        for j in range(min(jokers, size - 1) + 1):
            if size - j > k:
                continue
            names = list(combinations_with_replacement(rank_faces, j))
            for real in _subsets(held, size - j):
                for named_by_jokers in names:
                    out.append((real, named_by_jokers))
    return out


def _has_qka(hand: int) -> bool:
    return any(hand & qka == qka for qka in _QKA)


def suit_runs(s: int, block: int, jokers: int, ace_high: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The runs of suit ``s`` from the hand's faces of that suit (``block``, 13 bits) and ``jokers`` jokers."""
    ext = block | ((block & 1) << 13 if ace_high else 0)
    top = 14 if ace_high else 13
    base = 13 * s
    out: list[tuple[int, tuple[int, ...]]] = []
    for start in range(1, 13):
        if jokers == 0 and not ext >> (start - 1) & 1:
            continue
        for end in range(start + 2, min(top, start + 12) + 1):
            window = ((1 << (end - start + 1)) - 1) << (start - 1)
            missing = window & ~ext
            spare = jokers - missing.bit_count()
            if spare < 0:
                break
            held = window & ext
            if not held:
                continue
            out.append((_faces(held, base), _face_tuple(missing, base)))
            for e in range(1, min(spare, held.bit_count() - 1) + 1):
                for extra in _subsets(held, e):
                    out.append((_faces(held & ~extra, base), _face_tuple(missing | extra, base)))
    return out


def _faces(positions: int, base: int) -> int:
    """Turn a 14-bit position mask of one suit into a face mask (position 14 is the ace)."""
    low13 = positions & SUIT_BITS
    return (low13 | (positions >> 13 & 1)) << base


def _face_tuple(positions: int, base: int) -> tuple[int, ...]:
    """The faces of a 14-bit position mask of one suit, sorted."""
    mask = _faces(positions, base)
    return tuple(f for f in range(base, base + 13) if mask >> f & 1)
