"""What a Plonk card does for the seat playing it, in words (the ``advice`` part, ``parlour.core.advice``).

Read from the seat's view alone: the trick in play, every card already played this deal (all public) and the
seat's own hand. A card of the suit led that beats the trick's best takes it, for sure when the seat plays last
(then the points it takes are told: the live cards' face values, less one per dead card) or when no card it has
not seen can beat it, or for now; a card that does not beat it leaves the trick to the partner (adding its
points to a trick the partner holds) or gives it up to the other side; a card laid over the partner's winning
one says so; a lead says whether any unseen card can still beat it. Values are chances to win the match, said
as games won in 100.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.advice import Advice, wins
from parlour.core.cards import card_symbol, parse_card, the_card
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.games.plonk.cards import FACE_VALUE, STRENGTH, SUIT_OF
from parlour.games.plonk.view_shape import play_of, plonk_view

SEATS = 4


def points(cards: Sequence[int], led: int) -> int:
    """What a trick of ``cards`` scores to the side that takes it: the live cards' face values, less one for each
    dead card (of suit ``led``)."""
    return sum(-1 if SUIT_OF[c] == led else FACE_VALUE[c] for c in cards)


def unbeatable(card: int, seen: set[int]) -> bool:
    """Whether every card of ``card``'s suit stronger than it is among ``seen`` (played, or in one's hand)."""
    return all(other in seen for other in range(52)
               if SUIT_OF[other] == SUIT_OF[card] and STRENGTH[other] > STRENGTH[card])


class PlonkAdvice(Advice):
    """Plonk's facts about a card, its values in games won (see the module docstring)."""

    def worth(self, difference: float, lang: str) -> str | None:
        return wins(difference / 2, lang)  # returns are +1 and -1: half the difference is the chance won

    def facts(self, view: View, action: str, lang: str, names: Sequence[str]) -> list[str]:
        shown = plonk_view(view)
        seat = shown["seat"]
        if seat is None or "hand" not in shown:
            return []
        card = parse_card(action)
        trick = [(s, parse_card(c)) for s, c in map(play_of, shown["trick"])]
        seen = {parse_card(c) for c in shown["hand"]} | {c for _, c in trick}
        seen |= {parse_card(play_of(p)[1]) for done in shown["tricks"] for p in done["plays"]}
        name = the_card(card, lang)
        if not trick:
            if unbeatable(card, seen):
                return [gettext("leads {card}, which no card left can beat: the trick is yours", lang).format(
                    card=name)]
            return [gettext("leads {card}; a higher card of its suit may still take the trick", lang).format(
                card=name)]
        led = SUIT_OF[trick[0][1]]
        winner, best = max(((s, c) for s, c in trick if SUIT_OF[c] == led), key=lambda p: STRENGTH[p[1]])
        cards = [c for _, c in trick] + [card]
        last = len(cards) == SEATS
        partner = winner % 2 == seat % 2
        said = []
        if SUIT_OF[card] == led and STRENGTH[card] > STRENGTH[best]:
            if partner:
                said.append(gettext("overtakes your partner's {card}", lang).format(card=card_symbol(best, lang)))
            if last:
                n = points(cards, led)
                said.append(ngettext("takes the trick: {n} point for your side", "takes the trick: {n} points for "
                                     "your side", abs(n), lang).format(n=n))
            elif unbeatable(card, seen):
                said.append(gettext("is sure to take the trick: no card left can beat it", lang))
            else:
                said.append(gettext("wins the trick for now; a higher card may still come", lang))
            return said
        value = -1 if SUIT_OF[card] == led else FACE_VALUE[card]
        if partner:
            if last or unbeatable(best, seen):
                said.append(gettext("leaves the trick to your partner, who is sure to take it", lang))
            else:
                said.append(gettext("leaves the trick to your partner for now", lang))
            if value > 0:
                said.append(ngettext("adds {n} point to your side's trick", "adds {n} points to your side's trick",
                                     value, lang).format(n=value))
            return said
        if not last:
            said.append(gettext("lets the other side's {card} hold the trick for now", lang).format(
                card=card_symbol(best, lang)))
            if value > 0:
                said.append(ngettext("risks {n} point with {card}", "risks {n} points with {card}", value, lang)
                            .format(n=value, card=name))
            return said
        said.append(gettext("gives the trick up to the other side", lang))
        if value > 0:
            said.append(ngettext("gives them {n} point with {card}", "gives them {n} points with {card}", value,
                                 lang).format(n=value, card=name))
        else:
            said.append(gettext("costs them a point: {card} is a dead card", lang).format(card=name))
        return said
