"""Setting up a Tonk position by hand: for tests, puzzles and teaching.

``load_game("tonk:speno", players=3).new_state(seed, position)`` with a
position like::

    {"hands": [["10s", "8d", "8h", "5s", "4h"], [...], [...]],   # by seat
     "discard": ["5c"],                  # bottom to top
     "stock": ["6s", "Ac", "7s"],        # top first
     "to_play": 0,                       # default: left of the dealer
     "dealer": 2,                        # default: right of to_play
     "spreads": [{"owner": 0, "cards": ["9s", "10s", "Js"]}],  # optional
     "just_dealt": False}                # optional

Cards the position does not name go under the given stock cards in an order
drawn from the seed **[decision]**, so every card stays accounted for. Play
starts at ``to_play``'s turn, before the draw. With ``"just_dealt": true`` the
hands are a fresh deal instead: the spades side bet and the deal-time wins
come first and the player left of the dealer starts (``to_play`` is not
allowed then).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.core.errors import RulesError
from parlour.core.position import check_keys, read_card
from parlour.games.tonk.spreads import REAL, shape_of
from parlour.games.tonk.table import TableSpread

if TYPE_CHECKING:
    from parlour.games.tonk.state import TonkState

KEYS = ("hands", "discard", "stock", "to_play", "dealer", "spreads", "just_dealt")


def set_up(state: TonkState, position: Mapping[str, Any]) -> None:
    """Put ``state`` in ``position``; raise ``RulesError`` quoting what cannot be used."""
    check_keys(position, KEYS)
    rules, n = state.rules, state.n
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
    spreads = [_spread(entry, n, take, rules.ace_high, rules.hit_sets) for entry in cards("spreads")]
    stock_top = [take(t, "stock") for t in cards("stock")]
    rest = [c for c in range(rules.deck_size) if c not in used and c < 52] + jokers
    state.rng.shuffle(rest)
    just_dealt = position.get("just_dealt", False)
    if not isinstance(just_dealt, bool) or (just_dealt and ("to_play" in position or spreads)):
        raise RulesError("position: 'just_dealt' is true or false; a just-dealt position has no "
                         "'to_play' (left of the dealer starts) and no spreads")
    to_play = _seat(position.get("to_play", 0), n, "to_play")
    state.dealer = _seat(position.get("dealer", (to_play - 1) % n), n, "dealer")
    state.stock = rest + stock_top[::-1]
    state.discard = discard
    state.hand_no = 1
    if just_dealt:
        state._begin_hand(hands)
        return
    state.hands = hands
    state.values = [state._value(h) for h in hands]
    state.spreads = spreads
    state.cur = to_play
    from parlour.games.tonk.state import TURN

    state.phase = TURN
    state._start_turn()


def _seat(value: Any, n: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise RulesError(f"position: {key!r} should be a seat from 0 to {n - 1}, got {value!r}")
    return value


def _spread(entry: Any, n: int, take: Any, ace_high: bool, hit_sets: bool) -> TableSpread:
    if not isinstance(entry, Mapping) or set(entry) != {"owner", "cards"}:
        raise RulesError(f"position: a spread is {{'owner': SEAT, 'cards': [...]}}, got {entry!r}")
    owner = _seat(entry["owner"], n, "owner")
    named = joker_named = 0
    joker_ids = []
    for text in entry["cards"]:
        if not isinstance(text, str):
            raise RulesError(f"position: spread card {text!r} is not a card")
        head, eq, shown = text.partition("=")
        if eq:
            joker_ids.append(take(head, "spread"))
            face = read_card(shown, "spread")
            joker_named |= 1 << face
        else:
            face = take(text, "spread")
        named |= 1 << face
    shape = shape_of(named & REAL, ace_high)
    if shape is None or any(j < 52 for j in joker_ids):
        raise RulesError(f"position: {entry['cards']!r} is not a set or run")
    return TableSpread.laid(owner, named, joker_named, tuple(joker_ids), shape, ace_high, hit_sets)
