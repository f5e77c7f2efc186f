"""Tonk's first lesson: two players, one hand of the speno preset, on a deal chosen to teach.

On deal ``SEED`` the learner (seat 0) plays first holding 2♦ 5♦ 7♣ 7♠ 9♦, with the 7♦ on the discard
pile: taking it makes a set of three 7s to lay down, and the explanation says so. ``explain`` reads only
the learner's view and legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from parlour.core.cards import is_joker, parse_card, rank, suit, the_card
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.core.lesson import Lesson, over
from parlour.games.tonk.view_shape import TonkView, tonk_view

SEED = 147
LOW = 10
"""A hand total at most this low is worth dropping on, the lesson says."""


def value(card: str) -> int:
    """What ``card`` counts in hand: an ace 1, 2 to 10 their pips, a face card 10, a joker 0 (the preset's)."""
    c = parse_card(card)
    return 0 if is_joker(c) else min(rank(c), 10)


def makes_spread(cards: Sequence[str]) -> bool:
    """Whether three cards make a set (one rank) or a run (one suit, ranks in a row, the ace low)."""
    parsed = [parse_card(c) for c in cards]
    if any(is_joker(c) for c in parsed):
        return False
    ranks = sorted(rank(c) for c in parsed)
    if len(set(ranks)) == 1:
        return True
    return len({suit(c) for c in parsed}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def listed(cards: Sequence[str], lang: str) -> str:
    """Cards in words, "the 7 of clubs, the 7 of diamonds and the 7 of spades"."""
    names = [the_card(c, lang) for c in cards]
    if len(names) == 1:
        return names[0]
    return gettext("{some} and {last}", lang).format(some=", ".join(names[:-1]), last=names[-1])


def explain(view: View, legal: Sequence[str], lang: str) -> list[str]:
    """What the learner may do now, and why, in ``lang``."""
    shown = tonk_view(view)
    if over(view):
        return [gettext("The hand is over: the results show every hand and who pays whom. Start another lesson, "
                        "or a table of your own, from the lobby.", lang)]
    if not legal:
        return [gettext("Another player is playing: each turn they draw, may lay down spreads or hit, then "
                        "discard. The log tells what they do.", lang)]
    if shown.get("phase") == "turn":
        return starting(shown, legal, lang)
    return playing(shown, legal, lang)


def starting(view: TonkView, legal: Sequence[str], lang: str) -> list[str]:
    """The start of the turn: draw from the stock or the discard pile, or drop."""
    hand: list[str] = view["hand"]
    said = []
    top = view["discard"][-1] if view["discard"] else None
    stock = ngettext("{n} card", "{n} cards", view["stock"], lang).format(n=view["stock"])
    if top is not None and "draw discard" in legal:
        said.append(gettext("You start your turn by drawing: the stock is face down ({stock}), the discard pile "
                            "shows {card} on top.", lang).format(stock=stock, card=the_card(top, lang)))
        pair = next((p for p in combinations(hand, 2) if makes_spread([*p, top])), None)
        if pair is not None:
            said.append(gettext("With {cards} in your hand, {card} would make a spread of three: take it from the "
                                "discard pile, then lay the three down.", lang).format(
                cards=listed(pair, lang), card=the_card(top, lang)))
        else:
            said.append(gettext("Your cards make no spread with {card}: the stock may bring something better.",
                                lang).format(card=the_card(top, lang)))
    else:
        said.append(gettext("You start your turn by drawing from the stock ({stock}).", lang).format(stock=stock))
    if "drop" in legal:
        total = view["hand_value"]
        said.append(gettext("Your hand totals {n}. Instead of drawing you may drop: the hand ends, and you win if "
                            "nobody holds less; if someone holds as little or less, you are caught and pay them "
                            "2 stakes each.", lang).format(n=total))
        said.append(gettext("That is low: dropping is worth a thought.", lang) if total <= LOW
                    else gettext("That is high: keep playing to bring it down.", lang))
    return said


def playing(view: TonkView, legal: Sequence[str], lang: str) -> list[str]:
    """After the draw: lay down spreads, hit, then discard."""
    hand: list[str] = view["hand"]
    said = []
    spreads = [a.split()[1:] for a in legal if a.startswith("spread ")]
    for cards in spreads[:2]:
        said.append(gettext("You hold a spread: {cards}. Lay it down and those cards no longer count in your "
                            "hand.", lang).format(cards=listed(cards, lang)))
        if len(cards) == len(hand):
            said.append(gettext("That would empty your hand: a tonk out, and everyone pays you.", lang))
    hits = sum(1 for a in legal if a.startswith("hit "))
    if hits:
        said.append(ngettext("You may hit: add a card of yours to a spread on the table ({n} way, among the "
                             "moves).", "You may hit: add a card of yours to a spread on the table ({n} ways, "
                             "among the moves).", hits, lang).format(n=hits))
    discards = [a.split()[1] for a in legal if a.startswith("discard ")]
    taken = view.get("taken")
    if taken and taken in hand and taken not in discards and discards:
        said.append(gettext("You may not discard {card}: you have just taken it from the discard pile.",
                            lang).format(card=the_card(taken, lang)))
    if discards:
        highest = max(discards, key=value)
        said.append(gettext("Then end your turn by discarding one card face up. Your highest, {card}, counts "
                            "{n}: discarding it lowers your total most.", lang).format(
            card=the_card(highest, lang), n=value(highest)))
    said.append(gettext("Your hand totals {n}; when someone drops, the lowest total wins.", lang).format(
        n=view["hand_value"]))
    return said


def title(lang: str) -> str:
    """The lobby's button for this lesson, in ``lang``."""
    return gettext("Learn Tonk", lang)


LESSON = Lesson(seed=SEED, title=title, players=2, explain=explain, preset="speno", rules={"hands": 1})
