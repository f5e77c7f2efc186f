"""A Tonk player written from the game's strategy.

Keep low cards and those that build toward spreads; lay every spread and hit
as soon as it can (each sheds points and a hit may lock an opponent out);
take the discard only when it builds something; throw the card that costs
most and helps least, avoiding cards that connect with what opponents have
been seen picking up; drop when its total is very likely the lowest, judged
from the unseen cards and how long each opponent has had to shed high cards.

The same decisions run on a view (the heuristic bot) and, for search
rollouts, directly on a determinized state, through the ``Seen`` summary of
what the acting seat knows (``heuristic``, the game's ``heuristic`` part).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.core.actions import Discard
from parlour.core.cards import cards_of, parse_card, value_of_face
from parlour.core.errors import RulesError
from parlour.core.game import Action, Game, State
from parlour.core.parts import Seeing
from parlour.games.tonk.actions import DRAW_DISCARD, DRAW_STOCK, DROP, SPADES_IN, SPADES_OUT, Hit, Spread, TonkAction
from parlour.games.tonk.position import BET, PLAY, TURN, TonkPosition
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.spreads import RANK_BITS, REAL, SUIT_BITS, accept_mask, spread_shape
from parlour.games.tonk.view_shape import TonkView, tonk_view

SEARCH = {"root": "paired", "anchor": "1"}
"""The ISMCTS settings, beyond heuristic rollouts, that beat this heuristic most clearly in the arena."""

DROP_CONFIDENCE: Final = 0.62
"""Drop when the estimated chance of holding the strictly lowest total is at least this."""
SHED_PER_TURN: Final = 0.05
"""How much lower, per turn played, an opponent's unseen cards are taken to be than the average."""
HIGH_SPADES: Final = (39, 51)  # As, Ks


@dataclass
class Seen:
    """What the acting seat knows, from a view or a state."""

    rules: TonkRules
    hand: int
    value: int
    phase: int
    discard_top: int
    spreads_accept: list[int]
    known: list[int]
    hand_sizes: list[int]
    turns_each: list[int]
    unseen: int
    """Mask of the cards this seat has not seen (in other hands unknown, or in the stock)."""
    locked: bool
    seat: int


def _values(rules: TonkRules) -> list[int]:
    return [value_of_face(c, rules.joker_points) for c in range(54)]


def seen_from_state(state: State[TonkAction, TonkPosition], seat: int | None = None, hand: int | None = None
                    ) -> Seen:
    """What the seat to play knows; or ``seat``, had it held ``hand`` (inference asks what a seat
    would have done with the hand it is dealt in a determinization, before its last moves)."""
    pos = state.pos
    rules: TonkRules = state.game.rules
    n = rules.players
    if seat is None:
        seat = pos.cur
    if hand is None:
        hand = pos.hands[seat]
        value = pos.values[seat]
    else:
        values = card_values(rules)
        value = sum(values[c] for c in cards_of(hand))
    public = 0
    for c in pos.discard:
        public |= 1 << c
    for s in pos.spreads:
        public |= s.real
        for j in s.jokers:
            public |= 1 << j
    known_all = 0
    for q in range(n):
        if q != seat:
            known_all |= pos.known[q]
    hidden = ((1 << rules.deck_size) - 1) & ~(public | hand | known_all)
    turns = pos.turns
    return Seen(
        rules=rules, hand=hand, value=value, phase=pos.phase,
        discard_top=pos.discard[-1] if pos.discard else -1,
        spreads_accept=[s.accept for s in pos.spreads],
        known=pos.known, hand_sizes=[h.bit_count() for h in pos.hands],
        turns_each=[(turns - 1 - ((q - pos.dealer - 1) % n)) // n + 1 if turns else 0 for q in range(n)],
        unseen=hidden, locked=bool(pos.lockout[seat]), seat=seat,
    )


def seen_from_view(view: TonkView, rules: TonkRules) -> Seen:
    seat, n = view["seat"], view["players"]
    if seat is None:
        raise RulesError("the heuristic decides for a seat, and a spectator's view has none")

    def mask(texts: Sequence[str]) -> int:
        out = 0
        for t in texts:
            card = parse_card(t.partition("=")[2] or t) if "=" not in t else parse_card("Jk")
            if card >= 52 and out >> card & 1:
                card += 1
            out |= 1 << card
        return out

    hand = mask(view["hand"])
    known = [mask(k) for k in view["known"]]
    public = mask(view["discard"])
    jokers_out = 0
    for spread in view["spreads"]:
        for text in spread["cards"]:
            if text.startswith("Jk="):
                jokers_out += 1
            else:
                public |= 1 << parse_card(text)
    jokers_out += (public >> 52 & 1) + (public >> 53 & 1)
    others = 0  # the cards known to be in the other seats' hands (this seat's own known cards are in its hand)
    seen_jokers = jokers_out + (hand >> 52).bit_count()
    for q, k in enumerate(known):
        if q != seat:
            others |= k
            seen_jokers += (k >> 52).bit_count()  # each seat's jokers count from bit 52: counted seat by seat
    hidden = REAL & ~(public | hand | others)  # the faces (not jokers) this seat has not seen anywhere
    for j in range(rules.jokers - seen_jokers):
        hidden |= 1 << (52 + j)
    turns = view["turns"]
    dealer = view["dealer"]
    top = view["discard"][-1] if view["discard"] else None
    return Seen(
        rules=rules, hand=hand, value=view["hand_value"], phase={"bet": BET, "turn": TURN, "play": PLAY}.get(
            view["phase"], -1),
        discard_top=parse_card(top) if top else -1,
        spreads_accept=[_accept(s["cards"], rules) for s in view["spreads"]],
        known=known, hand_sizes=view["hand_sizes"],
        turns_each=[(turns - 1 - ((q - dealer - 1) % n)) // n + 1 if turns else 0 for q in range(n)],
        unseen=hidden, locked=bool(view["lockout"][seat]), seat=seat,
    )


def _accept(cards: Sequence[str], rules: TonkRules) -> int:
    real = 0
    joker_faces = []
    named = 0
    for text in cards:
        _, eq, shown = text.partition("=")
        face = parse_card(shown if eq else text)
        named |= 1 << face
        if eq:
            joker_faces.append(face)
        else:
            real |= 1 << face
    shape = spread_shape(real, tuple(joker_faces), rules.ace_high)
    return accept_mask(shape, named, len(cards), rules.ace_high, rules.hit_sets) if shape else 0


# ------------------------------------------------------------------ decisions

def win_chance(seen: Seen) -> float:
    """Estimated chance that our total is strictly below every opponent's."""
    values = card_values(seen.rules)
    unseen = seen.unseen
    count = unseen.bit_count()
    if count:
        jokers = (unseen >> 52).bit_count()
        by_rank = [(unseen & bits).bit_count() for bits in RANK_BITS]
        total = sum(n * v for n, v in zip(by_rank, _RANK_VALUES, strict=True)) + jokers * values[52]
        squares = sum(n * v * v for n, v in zip(by_rank, _RANK_VALUES, strict=True)) + jokers * values[52] ** 2
        mean = total / count
        var = squares / count - mean * mean
    else:
        mean, var = 5.0, 0.0
    chance = 1.0
    for q, size in enumerate(seen.hand_sizes):
        if q == seen.seat:
            continue
        known_value = sum(values[c] for c in cards_of(seen.known[q]))
        unknown = size - seen.known[q].bit_count()
        shrink = max(0.55, 1.0 - SHED_PER_TURN * seen.turns_each[q])
        mu = known_value + unknown * mean * shrink
        sigma = math.sqrt(max(unknown * var * shrink, 1.0))
        chance *= 0.5 * math.erfc((seen.value + 0.5 - mu) / (sigma * math.sqrt(2)))
    return chance


def _builds(card: int, hand: int) -> int:
    """How many cards of ``hand`` this card connects with (same rank, or within two in its suit)."""
    if card >= 52:
        return 3
    rank = card % 13
    return (hand & RANK_BITS[rank] & ~(1 << card)).bit_count() + (hand & _NEAR[card]).bit_count()


def helps_spread(card: int, hand: int) -> bool:
    """Would ``card`` complete a set or a run of three with two cards of ``hand``?"""
    if card >= 52:
        return True
    rank, suit = card % 13, card // 13
    if sum(1 for s in range(4) if s != suit and hand >> (s * 13 + rank) & 1) >= 2:
        return True
    block = (hand >> (suit * 13) & SUIT_BITS) | (1 << rank)
    return any(block >> start & 7 == 7 for start in range(max(0, rank - 2), min(rank, 10) + 1))


def choose(seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's action among ``legal``."""
    if seen.phase == BET:
        return SPADES_IN if any(seen.hand >> c & 1 for c in HIGH_SPADES) else SPADES_OUT
    if seen.phase == TURN:
        if DROP in legal and win_chance(seen) >= DROP_CONFIDENCE:
            return DROP
        top = seen.discard_top
        if DRAW_DISCARD in legal and (
            DRAW_STOCK not in legal or helps_spread(top, seen.hand)
            or any(a >> top & 1 for a in seen.spreads_accept)
        ):
            return DRAW_DISCARD
        return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
    values = card_values(seen.rules)
    best_lay, best_gain = None, 0
    for action in legal:
        if isinstance(action, Spread):
            gain = sum(values[c] for c in action.real) + 100
        elif isinstance(action, Hit):
            gain = 50 + (0 if action.joker else values[action.card])
        else:
            continue
        if gain > best_gain:
            best_lay, best_gain = action, gain
    if best_lay is not None:
        return best_lay
    if DROP in legal and win_chance(seen) >= DROP_CONFIDENCE:
        return DROP
    wanted = 0
    for q, known in enumerate(seen.known):
        if q != seen.seat:
            wanted |= known
    best: Action | None = None
    best_score = -math.inf
    for action in legal:
        if not isinstance(action, Discard):
            continue
        score = float(discard_score(int(action.card), seen.hand, wanted, values))
        if score > best_score:
            best, best_score = action, score
    return best if best is not None else legal[rng.randrange(len(legal))]


def discard_score(card: int, hand: int, wanted: int, values: Sequence[int]) -> int:
    """How much we want to throw ``card`` from ``hand``: its points, less what it builds or feeds."""
    score = values[card] - 4 * _builds(card, hand & ~(1 << card))
    if card < 52 and _builds(card, wanted & REAL):
        score -= 3
    if card >= 52:
        score -= 40
    return score


def card_values(rules: TonkRules) -> list[int]:
    """Each card id's points under ``rules``."""
    return _VALUES.get(rules.joker_points) or _values(rules)


_VALUES: dict[int, list[int]] = {}
_RANK_VALUES: Final = tuple(min(r + 1, 10) for r in range(13))
_NEAR: Final = tuple(
    sum(1 << (f // 13 * 13 + r) for r in range(max(0, f % 13 - 2), min(13, f % 13 + 3)) if r != f % 13)
    for f in range(52)
)
"""For each face, the faces of its suit within two ranks of it."""


def heuristic(game: Game[Any]) -> Seeing[Seen]:
    """The heuristic under ``game``'s rules, on a view or on a state, through ``Seen``."""
    rules: TonkRules = game.rules
    _VALUES.setdefault(rules.joker_points, _values(rules))
    return Seeing(SEARCH, lambda view: seen_from_view(tonk_view(view), rules), seen_from_state, choose)
