"""Setting up a Tonk position by hand: for tests, puzzles and teaching.

``load_game("tonk:speno", players=3).new_state(seed, position)`` with a
position like::

    {"hands": [["10s", "8d", "8h", "5s", "4h"], [...], [...]],   # by seat
     "discard": ["5c"],                  # bottom to top
     "stock": ["6s", "Ac", "7s"],        # top first
     "to_play": 0,                       # default: left of the dealer
     "dealer": 2,                        # default: right of to_play
     "spreads": [{"owner": 0, "cards": ["9s", "10s", "Js"]}],  # optional; "Jk=8s" for a joker
     "just_dealt": False}                # optional

Cards the position does not name go under the given stock cards in an order
drawn from the seed's chance event 0 **[decision]** (deal ``k`` of the match
uses event ``k`` ≥ 1), so every card stays accounted for. Play starts at
``to_play``'s turn, before the draw. With ``"just_dealt": true`` the hands
are a fresh deal instead: the spades side bet and the deal-time wins come
first and the player left of the dealer starts (``to_play`` is not allowed
then).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.cards import shuffled
from parlour.core.chance import chance_rng
from parlour.core.errors import RulesError
from parlour.core.position import check_keys, read_card
from parlour.games.tonk.position import TURN, TonkPosition
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.spreads import spread_shape
from parlour.games.tonk.table import TableSpread

KEYS = ("hands", "discard", "stock", "to_play", "dealer", "spreads", "just_dealt")
SET_UP_EVENT = 0
"""The chance event that orders the cards a hand-built position does not name."""


def read_position(position: Mapping[str, Any], rules: TonkRules, seed: int,
                  values: tuple[int, ...]) -> tuple[TonkPosition, bool]:
    """The position described by ``position`` and whether it is ``just_dealt``; ``RulesError`` quotes
    what cannot be used. The caller starts play (deal checks or the first turn)."""
    check_keys(position, KEYS)
    n = rules.players
    used: set[int] = set()
    jokers = [52 + j for j in range(rules.jokers)]

    def take(text: Any, where: str) -> int:
        face = read_card(text, where)
        if face >= 52:
            if not jokers:
                raise RulesError(f"position: {where}: no joker left (flag jokers={rules.jokers})")
            face = jokers.pop(0)
        elif face in used:
            raise RulesError(f"position: {where}: {text!r} is named twice")
        used.add(face)
        return face

    def cards(key: str, default: Any = ()) -> list[Any]:
        value = position.get(key, default)
        if not isinstance(value, list | tuple):
            raise RulesError(f"position: {key!r} should be a list, got {value!r}")
        return list(value)

    hands_in = cards("hands", None)
    if len(hands_in) != n:
        raise RulesError(f"position: 'hands' has {len(hands_in)} hands for {n} players (flag players)")
    hands = []
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, list | tuple):
            raise RulesError(f"position: hand {seat} should be a list of cards, got {hand!r}")
        mask = 0
        for text in hand:
            mask |= 1 << take(text, f"hand {seat}")
        hands.append(mask)
    discard = [take(t, "discard") for t in cards("discard")]
    spreads = tuple(_spread(entry, n, take, rules) for entry in cards("spreads"))
    stock_top = [take(t, "stock") for t in cards("stock")]
    rest = [c for c in range(52) if c not in used] + jokers
    rest = shuffled(rest, chance_rng(seed, SET_UP_EVENT))
    just_dealt = position.get("just_dealt", False)
    if not isinstance(just_dealt, bool) or (just_dealt and ("to_play" in position or spreads)):
        raise RulesError("position: 'just_dealt' is true or false; a just-dealt position has no "
                         "'to_play' (left of the dealer starts) and no spreads")
    to_play = _seat(position.get("to_play", 0), n, "to_play")
    dealer = _seat(position.get("dealer", (to_play - 1) % n), n, "dealer")
    pos = TonkPosition(
        hands=hands, values=[sum(values[c] for c in _ids(h)) for h in hands], stock=rest + stock_top[::-1],
        discard=discard, known=[0] * n, lockout=[0] * n, spreads=spreads, bets=(None,) * n,
        spades_shown=(None,) * n, phase=TURN, cur=to_play, dealer=dealer, hand_no=1, balances=(0,) * n,
    )
    return pos, just_dealt


def _ids(mask: int) -> list[int]:
    return [c for c in range(54) if mask >> c & 1]


def _seat(value: Any, n: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise RulesError(f"position: {key!r} should be a seat from 0 to {n - 1}, got {value!r}")
    return value


def _spread(entry: Any, n: int, take: Callable[[Any, str], int], rules: TonkRules) -> TableSpread:
    if not isinstance(entry, Mapping) or set(entry) != {"owner", "cards"}:
        raise RulesError(f"position: a spread is {{'owner': SEAT, 'cards': [...]}}, got {entry!r}")
    owner = _seat(entry["owner"], n, "owner")
    real = 0
    joker_faces: list[int] = []
    joker_ids = []
    for text in entry["cards"]:
        if not isinstance(text, str):
            raise RulesError(f"position: spread card {text!r} is not a card")
        head, eq, shown = text.partition("=")
        if eq:
            joker_ids.append(take(head, "spread"))
            joker_faces.append(read_card(shown, "spread"))
        else:
            real |= 1 << take(text, "spread")
    shape = spread_shape(real, tuple(joker_faces), rules.ace_high)
    if shape is None or not real or any(j < 52 for j in joker_ids) or any(f >= 52 for f in joker_faces):
        raise RulesError(f"position: {entry['cards']!r} is not a set or run")
    return TableSpread.laid(owner, real, tuple(joker_faces), tuple(joker_ids), shape, rules.ace_high,
                            rules.hit_sets)
