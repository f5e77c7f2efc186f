"""How likely the heuristic, as each opponent, was to play its turns of this hand as that opponent did.

Policy-based inference (Rebstock, Solinas, Buro & Sturtevant 2019) weighs a
determinization by the chance that the opponents' model would have taken the
actions they actually took. Here the model is the heuristic and the actions
are each opponent's turns of this hand in the view's public log, read from
the last back to the first (or to the last turn on which it laid cards).
The hand before its last discard is the hand it holds now plus that card;
before that turn's draw, that hand less the card drawn: the card taken from
the pile, or, from the stock, one of the hand's cards (which one, only the
deal knows). So each weight follows ``PATHS`` walks back through the turns,
each drawing the stock cards at random (from a generator seeded by the view,
so that the weight of a determinization never changes), and averages them.

At each turn, with the hand it then held, the heuristic would not have
dropped (when it could), would have laid any spread it held, and throws its
highest-scoring card (a softmax over ``discard_score``, as play is not
perfectly predictable). Before that, when it drew from the stock rather
than take the card on the pile, it neither dropped nor saw that card
complete a spread. Every factor is mixed with ``EPSILON`` so that no deal is
ruled out because a player is not the heuristic.
"""

from __future__ import annotations

import math
import random
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
from parlour.games.tonk.view_shape import TonkView, tonk_view

MAX_DROP = 50
"""No total above this is tried as a drop threshold."""
EPSILON = 0.1
"""Each factor's floor: the chance given to a move the heuristic would not have made."""
TEMPERATURE = 3.0
"""The softmax temperature over discard scores (in points): how loosely a player is taken to throw its worst card."""


PATHS = 4
"""Walks back through an opponent's turns per weight, each with its own guess of the stock cards drawn."""


@dataclass(frozen=True)
class Turn:
    """One turn of an opponent, from the public log: what it threw, and what it took or passed up before."""

    seat: int
    thrown: int
    passed: int | None
    """The card on the pile it left when it drew from the stock (``None``: it took the pile, or unknown)."""
    taken: int | None
    """The card it took from the pile this turn (``None``: it drew from the stock)."""
    laid: bool
    """Whether it laid spreads or hits this turn (the hand it drew to is then not followed)."""


def turns_of(view: TonkView) -> list[list[Turn]]:
    """Each opponent's turns of this hand that ended with a discard of a plain card, oldest first, from its
    last turn on which it laid cards (the cards it held before laying are not followed further back); an
    opponent with no such turn is left out."""
    log: Sequence[tuple[int, str]] = [(int(s), str(t)) for s, t in view["log"]]
    out = []
    for q in range(view["players"]):
        if q == view["seat"]:
            continue
        mine = [i for i, (s, _) in enumerate(log) if s == q]
        draws = [i for i in mine if log[i][1].startswith("draw ")]
        turns: list[Turn] = []
        for k, start in enumerate(draws):
            end = draws[k + 1] if k + 1 < len(draws) else len(log)
            acts = [i for i in mine if start < i < end]
            if not acts or not log[acts[-1]][1].startswith("discard "):
                turns = []  # a turn that ended otherwise (a drop, or still going): nothing to follow before it
                continue
            thrown = parse_card(log[acts[-1]][1].split()[1])
            if thrown >= 52:
                turns = []
                continue
            laid = any(not log[i][1].startswith("discard ") for i in acts)
            before = log[start - 1][1] if start else ""
            pile_top = parse_card(before.split()[1]) if before.startswith("discard ") else None
            from_stock = log[start][1] == "draw stock"
            if laid:
                turns = []
            turns.append(Turn(q, thrown, pile_top if from_stock else None, None if from_stock else pile_top, laid))
        if turns:
            out.append(turns)
    return out


def likelihood(game: Game[Any], view: View) -> Callable[[State[Any, TonkPosition]], float]:
    """The chance, up to a constant, that the heuristic in each opponent's seat played its turns of this hand
    as the view's log shows, given the hands of a determinization of ``view`` (the module docstring)."""
    shown = tonk_view(view)
    histories = turns_of(shown)
    values = card_values(game.rules)
    drop_in_play = game.rules.drop_timing == "any"
    seed = shown["version"] * 16 + (shown["seat"] or 0)

    highest: dict[int, int] = {}

    def weight(state: State[Any, TonkPosition]) -> float:
        pos = state.pos
        rng = random.Random(seed)
        total = 1.0
        for turns in histories:
            q = turns[0].seat
            if q not in highest:
                highest[q] = highest_drop(state, q)
            free = not pos.lockout[q]
            wanted = 0
            for other, cards in enumerate(pos.known):
                if other != q:
                    wanted |= cards
            total *= sum(_walk_back(turns, pos.hands[q], values, wanted, highest[q] if free and drop_in_play else -1,
                                    highest[q] if free else -1, rng) for _ in range(PATHS)) / PATHS
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


def _walk_back(turns: Sequence[Turn], hand: int, values: Sequence[int], wanted: int, drop_in_play: int,
               drop_first: int, rng: random.Random) -> float:
    """The chance of ``turns`` (oldest first) for a seat holding ``hand`` after the last of them, along one
    walk back with the stock cards it drew guessed at random: ``drop_in_play`` is the highest total at which
    it would have dropped instead of discarding, ``drop_first`` instead of drawing (-1: it could not)."""
    p = 1.0
    for turn in reversed(turns):
        before = hand | 1 << turn.thrown
        p *= _discard_chance(turn, before, values, wanted, drop_in_play)
        if turn.laid:
            break
        if turn.taken is not None:
            if not before >> turn.taken & 1:
                break
            start = before & ~(1 << turn.taken)
        else:
            cards = list(cards_of(before))
            start = before & ~(1 << cards[rng.randrange(len(cards))])
            total = sum(values[c] for c in cards_of(start))
            ok = total > drop_first and not (turn.passed is not None and turn.passed < 52
                                              and helps_spread(turn.passed, start))
            p *= 1.0 if ok else EPSILON
        hand = start
    return p


def _discard_chance(turn: Turn, before: int, values: Sequence[int], wanted: int, drop_in_play: int) -> float:
    """The chance that the heuristic holding ``before`` (after its draw) neither dropped nor laid a spread, and
    threw ``turn.thrown``."""
    p = 1.0
    if sum(values[c] for c in cards_of(before)) <= drop_in_play:
        p *= EPSILON
    if not turn.laid and any(helps_spread(c, before & ~(1 << c)) for c in cards_of(before)):
        p *= EPSILON
    scores = [discard_score(c, before, wanted, values) for c in cards_of(before)]
    top = max(scores)
    odds = sum(math.exp((score - top) / TEMPERATURE) for score in scores)
    thrown = discard_score(turn.thrown, before, wanted, values)
    return p * (EPSILON + (1 - EPSILON) * math.exp((thrown - top) / TEMPERATURE) / odds)
