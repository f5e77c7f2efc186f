"""A spread lying on the table, as Tonk's state keeps it."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core.cards import card_str
from parlour.games.tonk.spreads import Shape, accept_mask, extend, table_order


@dataclass(frozen=True, slots=True)
class TableSpread:
    """A laid set or run: who owns it, the cards it shows, which are jokers."""

    owner: int
    named: int
    """Mask of the faces the spread shows."""
    joker_named: int
    """Mask of the faces jokers stand for."""
    jokers: tuple[int, ...]
    """The physical joker ids in the spread."""
    shape: Shape
    accept: int
    """Mask of the faces a hit may still add."""

    @classmethod
    def laid(
        cls, owner: int, named: int, joker_named: int, jokers: tuple[int, ...], shape: Shape,
        ace_high: bool, hit_sets: bool,
    ) -> TableSpread:
        return cls(owner, named, joker_named, jokers, shape,
                   accept_mask(shape, named, ace_high, hit_sets))

    def hit(self, face: int, joker: int | None, ace_high: bool, hit_sets: bool) -> TableSpread:
        """This spread with ``face`` added (played by physical ``joker`` when given)."""
        named = self.named | 1 << face
        shape = extend(self.shape, face)
        if joker is None:
            return TableSpread.laid(self.owner, named, self.joker_named, self.jokers, shape,
                                    ace_high, hit_sets)
        return TableSpread.laid(self.owner, named, self.joker_named | 1 << face,
                                (*self.jokers, joker), shape, ace_high, hit_sets)

    def faces(self) -> list[int]:
        return table_order([f for f in range(52) if self.named >> f & 1])

    def cards_text(self) -> list[str]:
        """The cards as shown on the table, jokers as ``Jk=5h``."""
        return [
            ("Jk=" if self.joker_named >> f & 1 else "") + card_str(f) for f in self.faces()
        ]

    def real_cards(self) -> list[int]:
        """Every physical card id in the spread."""
        return [f for f in range(52) if (self.named & ~self.joker_named) >> f & 1] + list(self.jokers)
