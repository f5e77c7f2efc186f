"""Plonk's first lesson: the four seats (the learner at seat 0, heuristic bots as partner and opponents), a
short match to 100 points, on a fixed deal where the learner leads the first trick.

``explain`` reads only the learner's view and legal actions: who leads, which suit is dead, who is winning
the trick and what that suggests (the tips of the rules).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import parse_card, rank, suit, the_card
from parlour.core.errors import RulesError
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.core.lesson import Lesson, over
from parlour.games.plonk.view_shape import Play, PlonkView, play_of, plonk_view

SEED = 7


def strength(card: str) -> int:
    """A card's rank within its suit, the ace high: 2 … 14."""
    r = rank(parse_card(card))
    return 14 if r == 1 else r


def suit_of(card: str) -> int:
    return suit(parse_card(card))


def explain(view: View, legal: Sequence[str], lang: str) -> list[str]:
    """What the learner may do now, and why, in ``lang``."""
    shown = plonk_view(view)
    if shown.get("winner") is not None or over(view):
        return [gettext("The match is over: the results show each deal's points. Start another lesson, or a table "
                        "of your own, from the lobby.", lang)]
    if not legal:
        return [gettext("The others are playing. Partners sit opposite: you and your partner against the other "
                        "two. The log tells who wins each trick.", lang)]
    trick = shown["trick"]
    said = leading(lang) if not trick else following(shown, trick, lang)
    seat = shown["seat"]
    if seat is None:
        raise RulesError("a lesson explains a seat's view, and a spectator's has none")
    side = seat % 2
    points = shown["live_points"][side]
    said.append(ngettext("Your side holds {n} point of live cards this deal; the match goes to {target}.",
                         "Your side holds {n} points of live cards this deal; the match goes to {target}.",
                         points, lang).format(n=points, target=shown["target"]))
    return said


def leading(lang: str) -> list[str]:
    return [
        gettext("You lead this trick: play any card. Its suit is the suit led, and the highest card of that suit "
                "wins the trick.", lang),
        gettext("Cards of the suit led are dead: each costs its winners 1 point. Cards of the other suits are live "
                "and score their face value (J, Q and K 10, the ace 15).", lang),
        gettext("If nobody follows your suit, you win the trick alone, and the player on your right leads the "
                "next one.", lang),
    ]


def following(view: PlonkView, trick: list[Play], lang: str) -> list[str]:
    plays = [play_of(play) for play in trick]
    led = plays[0][1]
    led_suit = suit_of(led)
    winner_seat, winning = max(((s, c) for s, c in plays if suit_of(c) == led_suit), key=lambda sc: strength(sc[1]))
    said = [gettext("The card led is {card}: the highest card of its suit wins the trick. You may play any card: "
                    "you never have to follow suit.", lang).format(card=the_card(led, lang))]
    seat = view["seat"]
    if seat is None:
        raise RulesError("a lesson explains a seat's view, and a spectator's has none")
    if winner_seat == (seat + 2) % 4:
        said.append(gettext("Your partner is winning with {card}: give your side points with a high live card "
                            "of another suit.", lang).format(card=the_card(winning, lang)))
    else:
        higher = [c for c in view["hand"] if suit_of(c) == led_suit and strength(c) > strength(winning)]
        if higher:
            said.append(gettext("An opponent is winning with {card}. You can take the trick with a higher card of "
                                "the suit led, such as {mine}; or play a low card of that suit, which costs only 1 "
                                "point.", lang).format(card=the_card(winning, lang),
                                                        mine=the_card(min(higher, key=strength), lang)))
        else:
            said.append(gettext("An opponent is winning with {card} and you hold nothing higher in that suit: a low "
                                "card of the suit led costs only 1 point, where a live card would give them its "
                                "points.", lang).format(card=the_card(winning, lang)))
    if len(trick) == 3:
        said.append(gettext("You play last: you see the whole trick before choosing.", lang))
    return said


def title(lang: str) -> str:
    """The lobby's button for this lesson, in ``lang``."""
    return gettext("Learn Plonk", lang)


LESSON = Lesson(seed=SEED, title=title, players=4, explain=explain, rules={"target": 100})
