"""A spread lying on the table, as Tonk's position keeps it, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.cards import CARD_TEXT, cards_of
from parlour.games.tonk.spreads import Shape, accept_mask, extend, table_order


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class TableSpread:
    """A laid set or run: who owns it, its real cards, the faces its jokers stand for.

    A joker may name a face that a real card of the same set shows too
    (docs/rules/en/tonk.md, "Spreads and hits"), so the spread is its real faces (a mask: one deck, each
    real card once) plus the named faces of its jokers, in the order laid.
    """

    owner: int
    real: int
    """Mask of the faces of the real cards in the spread."""
    joker_faces: tuple[int, ...]
    """The faces the jokers stand for, parallel to ``jokers``."""
    jokers: tuple[int, ...]
    """The physical joker ids in the spread."""
    shape: Shape
    accept: int
    """Mask of the faces a hit may still add."""

    @classmethod
    def laid(
        cls, owner: int, real: int, joker_faces: tuple[int, ...], jokers: tuple[int, ...], shape: Shape,
        ace_high: bool, hit_sets: bool,
    ) -> TableSpread:
        named = real
        for f in joker_faces:
            named |= 1 << f
        size = real.bit_count() + len(joker_faces)
        return cls(owner, real, joker_faces, jokers, shape, accept_mask(shape, named, size, ace_high, hit_sets))

    @property
    def size(self) -> int:
        """How many cards the spread holds."""
        return self.real.bit_count() + len(self.joker_faces)

    def hit(self, face: int, joker: int | None, ace_high: bool, hit_sets: bool) -> TableSpread:
        """This spread with ``face`` added (played by physical ``joker`` when given)."""
        shape = extend(self.shape, face)
        if joker is None:
            return TableSpread.laid(self.owner, self.real | 1 << face, self.joker_faces, self.jokers, shape,
                                    ace_high, hit_sets)
        return TableSpread.laid(self.owner, self.real, (*self.joker_faces, face), (*self.jokers, joker), shape,
                                ace_high, hit_sets)

    def cards_text(self) -> list[str]:
        """The cards as shown on the table, jokers as ``Jk=5h`` (after the real card of the same face)."""
        real = self.real
        out = []
        for f in table_order([*cards_of(real), *self.joker_faces]):
            if real >> f & 1:
                out.append(CARD_TEXT[f])
                real &= ~(1 << f)
            else:
                out.append("Jk=" + CARD_TEXT[f])
        return out

    def real_cards(self) -> list[int]:
        """Every physical card id in the spread."""
        return [*cards_of(self.real), *self.jokers]

    def to_json(self) -> dict[str, Any]:
        s = self.shape
        return {"owner": self.owner, "real": list(cards_of(self.real)), "joker_faces": list(self.joker_faces),
                "jokers": list(self.jokers), "shape": [s.is_run, s.rank, s.suit, s.lo, s.hi], "accept": self.accept}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSpread:
        real = 0
        for f in data["real"]:
            real |= 1 << int(f)
        is_run, rank, suit, lo, hi = data["shape"]
        return cls(int(data["owner"]), real, tuple(int(f) for f in data["joker_faces"]),
                   tuple(int(j) for j in data["jokers"]), Shape(bool(is_run), rank, suit, lo, hi),
                   int(data["accept"]))
