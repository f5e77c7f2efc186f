"""How likely the heuristic, as each opponent, was to play its last turn as that opponent did.

Policy-based inference (Rebstock, Solinas, Buro & Sturtevant 2019) weighs a
determinization by the chance that the opponents' model would have taken the
actions they actually took. Here the model is the heuristic and the actions
are each opponent's last turn in the view's public log, the only turn whose
hand a determinization fixes without guessing which stock card came when: the
hand before its last discard is the hand it holds now plus that card.

With that hand the heuristic would not have dropped (when it could), would
have laid any spread it held, and throws its highest-scoring card (a softmax
over ``discard_score``, as play is not perfectly predictable). Before that,
when it drew from the stock rather than take the card on the pile, it neither
dropped nor saw that card complete a spread, judged over each card of the hand
being the one it drew. Every factor is mixed with ``EPSILON`` so that no deal
is ruled out because a player is not the heuristic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from parlour.core.cards import cards_of, parse_card
from parlour.core.game import Game, State, View
from parlour.games.tonk.heuristic import (
    DROP_CONFIDENCE,
    card_values,
    discard_score,
    helps_spread,
    seen_from_state,
    win_chance,
)
from parlour.games.tonk.position import TonkPosition

MAX_DROP = 50
"""No total above this is tried as a drop threshold."""
EPSILON = 0.1
"""Each factor's floor: the chance given to a move the heuristic would not have made."""
TEMPERATURE = 3.0
"""The softmax temperature over discard scores (in points): how loosely a player is taken to throw its worst card."""


@dataclass(frozen=True)
class LastTurn:
    """One opponent's last turn, from the public log: what it threw, and what it passed up before."""

    seat: int
    thrown: int
    passed: int | None
    """The card on the pile it left when it drew from the stock (``None``: it took the pile, or unknown)."""
    taken: int | None
    """The card it took from the pile this turn (``None``: it drew from the stock)."""
    laid: bool
    """Whether it laid spreads or hits this turn (the hand it drew to is then not followed)."""


def last_turns(view: View) -> list[LastTurn]:
    """Each opponent's last turn in the view's log that ended with a discard of a plain card."""
    log: Sequence[tuple[int, str]] = [(int(s), str(t)) for s, t in view["log"]]
    out = []
    for q in range(view["players"]):
        if q == view["seat"]:
            continue
        mine = [i for i, (s, _) in enumerate(log) if s == q]
        if not mine or not log[mine[-1]][1].startswith("discard "):
            continue
        thrown = parse_card(log[mine[-1]][1].split()[1])
        draws = [i for i in mine if log[i][1].startswith("draw ")]
        if thrown >= 52 or not draws:
            continue
        start = draws[-1]
        laid = any(not log[i][1].startswith(("draw ", "discard ")) for i in mine if i > start)
        before = log[start - 1][1] if start else ""
        pile_top = parse_card(before.split()[1]) if before.startswith("discard ") else None
        from_stock = log[start][1] == "draw stock"
        out.append(LastTurn(q, thrown, pile_top if from_stock else None,
                            None if from_stock else pile_top, laid))
    return out


def likelihood(game: Game[Any], view: View) -> Callable[[State[Any, TonkPosition]], float]:
    """The chance, up to a constant, that the heuristic in each opponent's seat played its last turn as
    the view's log shows, given the hands of a determinization of ``view``."""
    turns = last_turns(view)
    values = card_values(game.rules)
    drop_in_play = game.rules.drop_timing == "any"

    highest: dict[int, int] = {}

    def weight(state: State[Any, TonkPosition]) -> float:
        pos = state.pos
        total = 1.0
        for turn in turns:
            q = turn.seat
            if q not in highest:
                highest[q] = highest_drop(state, q)
            before = pos.hands[q] | 1 << turn.thrown
            free = not pos.lockout[q]
            total *= _discard_turn(state, turn, before, values, highest[q] if free and drop_in_play else -1,
                                   highest[q] if free else -1)
        return total

    return weight


def highest_drop(state: State[Any, TonkPosition], seat: int) -> int:
    """The highest total at which the heuristic in ``seat`` drops (-1: none), judged once per view.

    The chance of holding the lowest total falls as the total rises, and what else the seat sees changes
    little between determinizations; so one threshold stands in for the heuristic's drop test.
    """
    seen = seen_from_state(state, seat)
    value = -1
    while value < MAX_DROP and win_chance(replace(seen, value=value + 1)) >= DROP_CONFIDENCE:
        value += 1
    return value


def _discard_turn(state: State[Any, TonkPosition], turn: LastTurn, before: int, values: Sequence[int],
                  drop_in_play: int, drop_first: int) -> float:
    """The chance of ``turn`` when the hand before the discard was ``before``: ``drop_in_play`` is the
    highest total at which it would have dropped instead of discarding, ``drop_first`` instead of drawing
    (-1: it could not)."""
    total = sum(values[c] for c in cards_of(before))
    p = 1.0
    if total <= drop_in_play:
        p *= EPSILON
    if any(helps_spread(c, before & ~(1 << c)) for c in cards_of(before)):
        p *= EPSILON
    known = state.pos.known
    wanted = 0
    for q, cards in enumerate(known):
        if q != turn.seat:
            wanted |= cards
    scores = {c: discard_score(c, before, wanted, values) for c in cards_of(before)}
    top = max(scores.values())
    odds = sum(math.exp((s - top) / TEMPERATURE) for s in scores.values())
    p *= EPSILON + (1 - EPSILON) * math.exp((scores[turn.thrown] - top) / TEMPERATURE) / odds
    if turn.laid:
        return p
    if turn.taken is not None:
        starts = [before & ~(1 << turn.taken)] if before >> turn.taken & 1 else []
    else:
        starts = [before & ~(1 << c) for c in cards_of(before)]
    if not starts:
        return p
    kept = 0
    for start in starts:
        ok = total - sum(values[c] for c in cards_of(before & ~start)) > drop_first
        if ok and turn.passed is not None and turn.passed < 52 and helps_spread(turn.passed, start):
            ok = False
        kept += ok
    return p * (EPSILON + (1 - EPSILON) * kept / len(starts))
