"""Who pays whom at the end of a Tonk hand (docs/rules/en/tonk.md, "Tonk on the deal",
"End of a hand" and "The match").

Every function returns payments as (payer, payee, stakes) triples; stakes are
multiplied by the rules' ``stake`` only when they enter the ledger. Each list
sums to zero by construction: a payment moves stakes from one seat to another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.games.tonk.rules import TonkRules

Payment = tuple[int, int, int]


DEAL_WIN_LOW: Final = 15
DEAL_WIN_HIGH: Final = 49
"""Every deal-time win is for a hand of at most ``DEAL_WIN_LOW`` or at least ``DEAL_WIN_HIGH``."""


def deal_win_stakes(value: int, rules: TonkRules) -> int:
    """What a dealt hand worth ``value`` wins at once from each player (0: nothing).

    The preset's rule and the house-rule flags are all checked; a hand that
    meets several takes the largest **[decision]** (so ≤ 9 triple beats ≤ 13 double).
    """
    stakes = 0
    rule = rules.deal_wins
    if rule == "speno" and (value <= 15 or value >= 49):
        stakes = 2
    elif rule == "texas" and value in (49, 50):
        stakes = 2 if value == 50 else 1
    elif rule == "pagat" and value in (49, 50):
        stakes = 2
    if rules.deal_50_wins and value == 50:
        stakes = max(stakes, 1)
    if rules.deal_49_wins == "at_once" and value == 49:
        stakes = max(stakes, 1)
    if rules.deal_13_double and value <= 13:
        stakes = max(stakes, 2)
    if rules.deal_9_triple and value <= 9:
        stakes = max(stakes, 3)
    return stakes


def pay_winners(winners: dict[int, int], players: int) -> list[Payment]:
    """Every non-winner pays every winner that winner's stakes; winners pay nobody."""
    return [
        (payer, winner, stakes)
        for winner, stakes in winners.items()
        for payer in range(players)
        if payer not in winners
    ]


def drop_payments(dropper: int, totals: Sequence[int], caught_rule: str) -> list[Payment]:
    """The payments after ``dropper`` drops, under the preset's caught rule (docs/rules/en/tonk.md, "End of a hand").

    Caught (another total is at or below D): the winners are the lowest
    others. speno and pagat: the dropper pays 2 to each other player at or
    below D; classic: 2 to each winner and 1 to each other player strictly
    below D; texas: 2 to each winner. Always, every non-winner but the
    dropper pays 1 to each winner.
    """
    n = len(totals)
    others = [q for q in range(n) if q != dropper]
    d = totals[dropper]
    low = min(totals[q] for q in others)
    if d < low:
        return [(q, dropper, 1) for q in others]
    winners = [q for q in others if totals[q] == low]
    losers = [q for q in others if q not in winners]
    out: list[Payment] = []
    if caught_rule == "texas":
        out += [(dropper, w, 2) for w in winners]
    elif caught_rule == "classic":
        # 2 to each winner, 1 to each other player strictly below D; an equal non-winner gets nothing
        out += [(dropper, q, 2 if q in winners else 1) for q in others if q in winners or totals[q] < d]
    else:
        out += [(dropper, q, 2) for q in others if totals[q] <= d]
    out += [(q, w, 1) for q in losers for w in winners]
    return out


def lowest_wins(totals: Sequence[int]) -> list[Payment] | None:
    """Stock out: the lowest total is paid 1 by each; ``None`` for a tie (a void hand)."""
    low = min(totals)
    holders = [q for q, t in enumerate(totals) if t == low]
    if len(holders) > 1:
        return None
    return [(q, holders[0], 1) for q in range(len(totals)) if q != holders[0]]


def everyone_pays(winner: int, players: int, stakes: int) -> list[Payment]:
    """Tonk out, run out, or a dealt 49 in turn: each other player pays ``stakes``."""
    return [(q, winner, stakes) for q in range(players) if q != winner]


def spades_payments(highest: dict[int, int]) -> list[Payment]:
    """The side bet: ``highest`` maps each opted-in seat to its best spade rank (0: none).

    The holder of the highest spade takes the pot: each other bettor pays it
    one stake. With no spade among the bettors the pot goes back (no payments).
    """
    best = max(highest.values(), default=0)
    if best == 0:
        return []
    winner = next(seat for seat, r in highest.items() if r == best)
    return [(seat, winner, 1) for seat in highest if seat != winner]
