"""Tonk's actions as the legal-move generator hands them out: built once, looked up after.

The generator (``TonkPlay.legal``, play.py) returns shared action objects:
turn starts by a three-bit key, discards by one look-up per suit, spreads and
hits from caches keyed by their masks, so that listing the moves of a hand
allocates almost nothing.
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import CARDS, cards_of, value_of_face
from parlour.games.tonk.actions import DISCARDS, DRAW_DISCARD, DRAW_STOCK, DROP, Hit, Spread, TonkAction
from parlour.games.tonk.spreads import group_spreads, spread_groups, table_order

TURN_ACTIONS: Final = tuple(
    tuple(a for bit, a in ((1, DROP), (2, DRAW_STOCK), (4, DRAW_DISCARD)) if key & bit) for key in range(8)
)
"""The turn-start actions, by (may drop) | (stock left) << 1 | (discard pile left) << 2."""

_DISCARDS_BY_SUIT: Final = tuple(
    tuple(tuple(DISCARDS[s * 13 + r] for r in range(13) if block >> r & 1) for block in range(1 << 13))
    for s in range(4)
)
"""The discard actions of every subset of one suit's 13 cards: a hand's discards are four look-ups."""

BITS: Final = tuple(1 << c for c in range(54))
"""Card id → its bit in a hand mask."""

VALUES: Final = {points: tuple(value_of_face(c, points) for c in range(54)) for points in range(51)}
"""Card id → counting value, by ``joker_points``."""


def discards(hand: int) -> tuple[TonkAction, ...]:
    """``discard`` of every card in ``hand`` (a joker once, however many are held)."""
    out = (
        _DISCARDS_BY_SUIT[0][hand & 0x1FFF] + _DISCARDS_BY_SUIT[1][hand >> 13 & 0x1FFF]
        + _DISCARDS_BY_SUIT[2][hand >> 26 & 0x1FFF] + _DISCARDS_BY_SUIT[3][hand >> 39 & 0x1FFF]
    )
    return (*out, DISCARDS[52]) if hand >> 52 else out


_spread_cache: Final[dict[tuple[int, tuple[int, ...]], Spread]] = {}
_hit_cache: Final[dict[tuple[int, int, bool], Hit]] = {}
_groups_cache: Final[dict[int, tuple[Spread, ...]]] = {}
"""The spreads of one ``spreads.spread_groups`` group by (((faces << 3 | suit + 1) << 2 | jokers) << 1 | ace_high):
at most 13 × 16 sets' and 4 × 8192 runs' groups, each by jokers and ace_high, and far fewer met."""


def spread_action(real: int, joker_faces: tuple[int, ...]) -> Spread:
    """The spread of the real faces ``real`` (a mask) and jokers named ``joker_faces`` (sorted)."""
    key = (real, joker_faces)
    action = _spread_cache.get(key)
    if action is None:
        faces = table_order([*cards_of(real), *joker_faces])
        action = _spread_cache[key] = Spread(tuple(CARDS[f] for f in faces), tuple(CARDS[f] for f in joker_faces))
    return action


def hit_action(face: int, spread: int, joker: bool) -> Hit:
    key = (face, spread, joker)
    action = _hit_cache.get(key)
    if action is None:
        action = _hit_cache[key] = Hit(CARDS[face], spread, joker)
    return action


def spread_actions(hand: int, jokers: int, ace_high: bool) -> list[Spread]:
    """Every spread the hand can lay: ``hand`` is the mask of the real faces held, ``jokers`` how many jokers.

    A joker may name any face its spread needs, held or not (docs/rules/en/tonk.md, "Spreads and hits"); every
    spread keeps at least one real card. The sets come first, by rank, then the runs, by suit: ``group_spreads``
    of each of ``spreads.spread_groups``, each group's (a rank's sets, a suit's runs) listed once and looked up
    after: with jokers a hand has dozens of spreads, and building them was most of the time a step took."""
    out: list[Spread] = []
    for faces, suit in spread_groups(hand, jokers, ace_high):
        key = ((faces << 3 | suit + 1) << 2 | jokers) << 1 | ace_high
        spreads = _groups_cache.get(key)
        if spreads is None:
            spreads = _groups_cache[key] = tuple(spread_action(real, named)
                                                 for real, named in group_spreads(faces, suit, jokers, ace_high))
        out.extend(spreads)
    return out
