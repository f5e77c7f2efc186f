"""What a Tonk move does for the seat playing it, in words (the ``advice`` part, ``parlour.core.advice``).

Read from the seat's view alone: its own hand and total, the discard pile's top card, the spreads on the table.
A discard lowers the hand's total ("from 26 to 21") and keeps or breaks up cards that build toward a spread (a
pair toward a set, two cards of a suit toward a run); a spread or a hit sheds points, may empty the hand (a
win) or lock the spread's owner out of dropping; a drop's chance of holding the lowest total is judged as the
heuristic judges it, from the cards the seat has not seen; a draw from the pile says what the card builds. The
card the stock gives is never named: the seat does not know it yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.actions import Discard
from parlour.core.advice import Advice, stakes
from parlour.core.cards import mask_of, parse_card, rank, suit, the_card
from parlour.core.game import Game, View
from parlour.core.i18n import gettext
from parlour.games.tonk.actions import Draw, Drop, Hit, SpadesBet, Spread, parse_tonk_action
from parlour.games.tonk.heuristic import card_values, helps_spread, seen_from_view, win_chance
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.view_shape import TonkView, tonk_view
from parlour.games.tonk.words import group, name_of

SPADES = 3
"""The suit index of spades (``parlour.core.cards.suit``)."""


def builders(cards: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of ``cards`` that build toward a spread, as (kind, card texts): two of a rank toward a set
    ("set"), two of a suit at most two ranks apart toward a run ("run"); each card in one pair at most."""
    ids = [(text, parse_card(text)) for text in cards if not text.startswith("Jk")]
    found: list[tuple[str, str]] = []
    used: set[str] = set()
    for kind in ("set", "run"):
        for i, (a, x) in enumerate(ids):
            for b, y in ids[i + 1:]:
                if a in used or b in used:
                    continue
                if (rank(x) == rank(y)) if kind == "set" else (suit(x) == suit(y) and 0 < abs(rank(x) - rank(y)) <= 2):
                    found.append((kind, f"{a} {b}"))
                    used |= {a, b}
    return found


def toward(kind: str, cards: str, lang: str) -> str:
    """A pair that builds toward a spread, shown short: "7♥ 7♠ toward a set"."""
    shown = group(cards.split(), lang)
    if kind == "set":
        return gettext("{cards} toward a set", lang).format(cards=shown)
    return gettext("{cards} toward a run", lang).format(cards=shown)


class TonkAdvice(Advice):
    """Tonk's facts about a move, its values in stakes (see the module docstring)."""

    def __init__(self, rules: TonkRules) -> None:
        self.rules = rules
        self.values = card_values(rules)

    def worth(self, difference: float, lang: str) -> str | None:
        return stakes(difference, lang)

    def value(self, text: str) -> int:
        """The points a card of the hand (``7h``, ``Jk``) counts."""
        return self.values[parse_card(text)]

    def facts(self, view: View, action: str, lang: str, names: Sequence[str]) -> list[str]:
        shown = tonk_view(view)
        if shown["seat"] is None or "hand" not in shown:
            return []
        move = parse_tonk_action(action)
        hand, total = shown["hand"], shown["hand_value"]
        if isinstance(move, Drop):
            chance = win_chance(seen_from_view(shown, self.rules))
            return [gettext("ends the hand on your total of {n}", lang).format(n=total),
                    gettext("judged from the cards you have not seen, it is the lowest about {p} times in 10", lang)
                    .format(p=round(10 * chance))]
        if isinstance(move, Draw):
            return self.draw(shown, move, lang)
        if isinstance(move, SpadesBet):
            spades = [c for c in hand if not c.startswith("Jk") and suit(parse_card(c)) == SPADES]
            if not move.join:
                return [gettext("keeps your stake out of the spades bet", lang)]
            if not spades:
                return [gettext("bets one stake on the highest spade", lang)]
            best = max(spades, key=lambda c: (rank(parse_card(c)) + 11) % 13)  # the ace highest, then the king
            return [gettext("bets one stake that {card} is the highest spade", lang).format(card=the_card(best, lang))]
        if isinstance(move, Spread):
            return self.shed(shown, [c.partition("=")[0] for c in str(move).split()[1:]], lang)
        if isinstance(move, Hit):
            card = "Jk" if move.joker else str(move).split()[1]
            said = self.shed(shown, [card], lang)
            owner = shown["spreads"][move.spread - 1]["owner"]
            if owner != shown["seat"] and shown["hit_lockout"]:
                said.append(gettext("{name} may not drop on their next turn", lang).format(
                    name=name_of(names, owner, lang)))
            return said
        assert isinstance(move, Discard)
        card = str(move).split()[1]
        left = list(hand)
        left.remove(card)
        if not left:
            return [gettext("plays your last card: you win the hand", lang)]
        said = [gettext("lowers your hand's total from {before} to {after}", lang).format(
            before=total, after=total - self.value(card))]
        kept = builders(left)
        broken = [pair for pair in builders(hand) if card in pair[1].split() and pair not in kept]
        said += [gettext("breaks up {pair}", lang).format(pair=toward(kind, cards, lang)) for kind, cards in broken]
        if kept:
            said.append(gettext("keeps {pair}", lang).format(pair=toward(*kept[0], lang)))
        return said

    def shed(self, shown: TonkView, cards: Sequence[str], lang: str) -> list[str]:
        """What laying ``cards`` of the hand does: the total lowered, or the hand emptied (a win)."""
        total = shown["hand_value"]
        left = len(shown["hand"]) - len(cards)
        if not left:
            return [gettext("empties your hand: you win the hand", lang)]
        return [gettext("lowers your hand's total from {before} to {after}", lang).format(
            before=total, after=total - sum(self.value(c) for c in cards))]

    def draw(self, shown: TonkView, move: Draw, lang: str) -> list[str]:
        """What a draw does: the pile's card and what it builds with the hand, left or taken (then the hand's
        total it raises until the discard, and that the others now know the card)."""
        if not shown["discard"]:
            return []
        top = shown["discard"][-1]
        card = the_card(top, lang)
        makes = helps_spread(parse_card(top), mask_of(parse_card(c) for c in shown["hand"] if not c.startswith("Jk")))
        builds = [pair for pair in builders([*shown["hand"], top]) if top in pair[1].split()]
        if move.from_stock:
            if makes:
                return [gettext("leaves {card}, which would make a spread with your cards", lang).format(card=card)]
            if builds:
                return [gettext("leaves {card}, which builds {pair}", lang).format(card=card,
                                                                                    pair=toward(*builds[0], lang))]
            return [gettext("leaves {card}, which builds nothing with your hand", lang).format(card=card)]
        total = shown["hand_value"]
        said = [gettext("makes a spread with your cards", lang)] if makes else [
            gettext("builds {pair}", lang).format(pair=toward(*builds[0], lang))] if builds else []
        return [*said, gettext("raises your hand's total from {before} to {after} until you discard", lang).format(
            before=total, after=total + self.value(top)), gettext("shows the others a card you hold", lang)]


def advice(game: Game[Any]) -> TonkAdvice:
    """Tonk's advice under ``game``'s rules."""
    return TonkAdvice(game.rules)
