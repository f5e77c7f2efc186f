"""Tricks and finished deals: who wins a trick, who leads next, what a deal scores.

The lead-passing rule (docs/rules/en/plonk.md, "Tricks"), made precise: play always goes to the
left (seat + 1). Normally the trick's winner leads the next one. When nobody
followed the suit led, the leader won alone, and the next trick is led by the
leader's right-hand opponent, the seat *before* the leader (seat + 3); play
then goes on to the left as always, so the previous leader, who won, plays
second, and the order of the next trick is ``L+3, L, L+1, L+2``. The rules'
"the winner plays second" is this order, not a separate rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from parlour.core.cards import card_str, parse_card
from parlour.core.errors import RulesError
from parlour.games.plonk.cards import CARD_BITS, SUIT_BITS, SUIT_OF, mask_text, value_of
from parlour.games.plonk.view_shape import PlonkDeal, PlonkPiles, PlonkTrick

Trick = tuple[int, tuple[int, ...], int]
"""A finished trick: its leader, the four cards in play order (leader first), its winner."""

TRICKS_PER_DEAL: Final = 13


def resolve(leader: int, cards: list[int] | tuple[int, ...]) -> tuple[int, int, int, int]:
    """``(winner, next_leader, live, dead)`` of a full trick led by ``leader``.

    ``dead`` is the mask of the cards of the suit led (the winner's is the
    highest of them, ace high), ``live`` the mask of the others.
    """
    first, second, third, fourth = cards
    return resolve_cards(leader, first, second, third, fourth)


_TOP: Final = tuple(0 if bits & 1 else bits.bit_length() - 1 for bits in range(1 << 13))
"""The offset in its suit of the highest card of a suit's 13-bit set, ace high (the ace is offset 0)."""


def resolve_cards(leader: int, first: int, second: int, third: int, fourth: int) -> tuple[int, int, int, int]:
    """``resolve`` of the trick of the cards ``first`` (led by ``leader``) to ``fourth``, in play order:
    table look-ups and integer operations only, as it runs at every fourth step of a playout."""
    mask = CARD_BITS[first] | CARD_BITS[second] | CARD_BITS[third] | CARD_BITS[fourth]
    base = 13 * SUIT_OF[first]
    dead = mask & SUIT_BITS << base
    top = base + _TOP[dead >> base]
    winner = (leader + (0 if top == first else 1 if top == second else 2 if top == third else 3)) & 3
    followed = dead & (dead - 1)
    return winner, (winner if followed else (leader + 3) & 3), mask ^ dead, dead


def piles(tricks: list[Trick] | tuple[Trick, ...]) -> tuple[list[int], list[int]]:
    """Each side's live and dead masks after ``tricks`` (side = seat % 2)."""
    live, dead = [0, 0], [0, 0]
    for leader, cards, _ in tricks:
        winner, _, won_live, won_dead = resolve(leader, cards)
        live[winner & 1] |= won_live
        dead[winner & 1] |= won_dead
    return live, dead


def deal_points(live: list[int], dead: list[int]) -> list[int]:
    """Each side's score for a deal: its live cards' face values minus one per dead card."""
    return [value_of(live[s]) - dead[s].bit_count() for s in (0, 1)]


def trick_view(trick: Trick) -> PlonkTrick:
    """A trick as JSON: ``{"leader": 0, "plays": [[0, "Ah"], [1, "2h"], …], "winner": 0}``."""
    leader, cards, winner = trick
    return {
        "leader": leader,
        "plays": [[(leader + i) & 3, card_str(c)] for i, c in enumerate(cards)],
        "winner": winner,
    }


def trick_from_view(data: PlonkTrick) -> Trick:
    """The trick ``trick_view`` wrote; the winner is recomputed and checked."""
    leader = data["leader"]
    cards = tuple(parse_card(str(card)) for _, card in data["plays"])
    winner = resolve(leader, cards)[0]
    if winner != data["winner"]:
        raise RulesError(f"the view's trick {data!r} is won by seat {winner}, not {data['winner']}")
    return leader, cards, winner


def piles_view(live: list[int], dead: list[int]) -> PlonkPiles:
    """Both sides' piles and their worth, as JSON."""
    return {
        "live": [mask_text(m) for m in live],
        "dead": [mask_text(m) for m in dead],
        "live_points": [value_of(m) for m in live],
        "dead_counts": [m.bit_count() for m in dead],
        "points": deal_points(live, dead),
    }


@mypyc_attr(native_class=False)  # pickled: mypyc's frozen classes cannot be unpickled
@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal: its number, dealer, tricks and the match scores after it."""

    deal: int
    dealer: int
    tricks: tuple[Trick, ...]
    scores: tuple[int, int]

    def to_view(self) -> PlonkDeal:
        """The deal as JSON, with both sides' piles and points (all of it public)."""
        live, dead = piles(self.tricks)
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "tricks": [trick_view(t) for t in self.tricks],
            **piles_view(live, dead),
            "scores": list(self.scores),
        }

    @classmethod
    def from_view(cls, data: PlonkDeal) -> DealResult:
        """The deal ``to_view`` wrote."""
        tricks = tuple(trick_from_view(t) for t in data["tricks"])
        first, second = data["scores"]
        return cls(data["deal"], data["dealer"], tricks, (first, second))
