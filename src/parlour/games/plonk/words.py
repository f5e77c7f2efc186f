"""Plonk in plain words (issue 23): each play as an instruction, and the story of the deals as sentences.

A newcomer does not know Plonk's one surprising rule, so the story says after every trick why its
winner won (the highest card of the suit led: Plonk has no trumps and no obligation to follow) and
who leads next and why: the winner, except when nobody followed the suit led, when the player on
the leader's right leads and the winner plays second (``tricks.resolve``; docs/rules/en/plonk.md, "Tricks"). Everything
said comes from the view's public part: the tricks of this deal, the current trick, the finished
deals' results; never a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.cards import parse_card, suit, suit_name, the_card
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.core.words import StoryLine, Words
from parlour.games.plonk.cards import value_of
from parlour.games.plonk.tricks import TRICKS_PER_DEAL, resolve


def suit_word(card: int, lang: str) -> str:
    """The name of the card's suit, as "not following spades" / "sans fournir à pique" need it."""
    return suit_name(suit(card), lang)


def side_names(names: Sequence[str], side: int, lang: str) -> str:
    """The two players of ``side`` (seat % 2): "Ana & Cleo" / "Ana et Cleo"."""
    return gettext("{first} & {second}", lang).format(first=names[side], second=names[side + 2])


def points(n: int, lang: str) -> str:
    """``n`` points, singular or plural as the language wants it for a score that may be negative (−4)."""
    return ngettext("{n} point", "{n} points", abs(n), lang).format(n=f"{n}".replace("-", "−"))


class PlonkWords(Words):
    """Plonk's words; see the module docstring."""

    def action(self, text: str, view: View, lang: str) -> str:
        """"Play the king of spades", and, once a trick is led, whether the card follows the suit led."""
        card = parse_card(text)
        name = the_card(card, lang)
        trick = view["trick"]
        if not trick:
            return gettext("Play {card}", lang).format(card=name)
        led = parse_card(trick[0][1])
        if suit(card) == suit(led):
            return gettext("Play {card}, following suit", lang).format(card=name)
        return gettext("Play {card}, not following {suit}", lang).format(card=name, suit=suit_word(led, lang))

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        """The finished deals the view holds, then this deal: each card played, each trick's winner and
        worth, who leads next and why, each deal's points and the match score, and the match's end."""
        results = view["results"]
        over = view["winner"] is not None
        shown = [done for r in results for done in r["tricks"]] + ([] if over else view["tricks"])
        index = view["version"] - sum(len(done["plays"]) for done in shown) - (0 if over else len(view["trick"]))
        lines: list[StoryLine] = []
        earlier = view.get("earlier")
        if earlier:
            lines.append(StoryLine(None, ngettext(
                "{n} earlier deal is not told here (the replay has it); after it: {a} {sa}, {b} {sb}.",
                "{n} earlier deals are not told here (the replay has them); after them: {a} {sa}, {b} {sb}.",
                earlier["count"], lang).format(
                    n=earlier["count"], a=side_names(names, 0, lang), sa=earlier["totals"][0],
                    b=side_names(names, 1, lang), sb=earlier["totals"][1]), None))
        for result in results:
            index = self._deal(lines, result["deal"], result["dealer"], result["tricks"], [], index, names, lang)
            lines.append(StoryLine(None, gettext(
                "End of deal {n}: {a} make {pa} this deal, {b} {pb}. Match: {a} {sa}, {b} {sb} (target {target}).",
                lang).format(n=result["deal"], a=side_names(names, 0, lang), b=side_names(names, 1, lang),
                             pa=result["points"][0], pb=result["points"][1], sa=result["scores"][0],
                             sb=result["scores"][1], target=view["target"]), None))
        if over:
            side = view["winner"]
            lines.append(StoryLine(None, gettext("{names} win the match, {score} to {other}.", lang).format(
                names=side_names(names, side, lang), score=view["scores"][side], other=view["scores"][1 - side]),
                None))
        else:
            self._deal(lines, view["deal"], view["dealer"], view["tricks"], view["trick"], index, names, lang)
        return lines

    def _deal(self, lines: list[StoryLine], number: int, dealer: int, tricks: list[dict[str, Any]],
              trick: list[list[Any]], index: int, names: Sequence[str], lang: str) -> int:
        """Tell deal ``number``'s start, its finished ``tricks`` and the ``trick`` in play, the first play
        being action ``index``; returns the index after them."""
        first = (dealer + 1) & 3
        lines.append(StoryLine(None, gettext(
            "Deal {n}: {dealer} deals; {leader}, on the dealer's left, leads the first trick.", lang).format(
                n=number, dealer=names[dealer], leader=names[first]), None))
        for number_in_deal, done in enumerate(tricks, 1):
            index = self._plays(lines, done["plays"], index, names, lang)
            last = number_in_deal == TRICKS_PER_DEAL
            lines += self._won(done["leader"], done["plays"], last, names, lang)
        return self._plays(lines, trick, index, names, lang)

    @staticmethod
    def _plays(lines: list[StoryLine], plays: list[list[Any]], index: int, names: Sequence[str],
               lang: str) -> int:
        """One line per card of a trick: led, followed suit or not; returns the index after them."""
        led = parse_card(plays[0][1]) if plays else -1
        for i, (seat, text) in enumerate(plays):
            card = parse_card(text)
            name, what = names[seat], the_card(card, lang)
            if i == 0:
                sentence = gettext("{name} leads {card}.", lang).format(name=name, card=what)
            elif suit(card) == suit(led):
                sentence = gettext("{name} follows suit with {card}.", lang).format(name=name, card=what)
            else:
                sentence = gettext("{name} plays {card}, not following {suit}.", lang).format(
                    name=name, card=what, suit=suit_word(led, lang))
            lines.append(StoryLine(seat, sentence, index))
            index += 1
        return index

    @staticmethod
    def _won(leader: int, plays: list[list[Any]], last: bool, names: Sequence[str],
             lang: str) -> list[StoryLine]:
        """Who won the finished trick and why, what it is worth to which side, and (unless it ends the
        deal) who leads next and why: the engine's own ``resolve`` decides, these lines only say it."""
        cards = [parse_card(text) for _seat, text in plays]
        winner, next_leader, live, dead = resolve(leader, cards)
        top = the_card(cards[(winner - leader) & 3], lang)
        worth = points(value_of(live) - dead.bit_count(), lang)
        side = side_names(names, winner & 1, lang)
        followed = dead.bit_count() > 1
        if followed:
            won = gettext("{winner} wins the trick with {card}, the highest card of the suit led; "
                          "it is worth {points} to {side}.", lang)
        else:
            won = gettext("Nobody followed {suit}: {winner}, who led, wins the trick with {card}; "
                          "it is worth {points} to {side}.", lang)
        out = [StoryLine(winner, won.format(winner=names[winner], card=top, points=worth, side=side,
                                            suit=suit_word(cards[0], lang)), None)]
        if last:
            return out
        if followed:
            reason = gettext("{name} leads next: the winner of a trick leads the next one.", lang).format(
                name=names[next_leader])
        else:
            reason = gettext("{name} leads next: when nobody follows the suit led, the player on the leader's "
                             "right leads, and {winner} plays second.", lang).format(
                                 name=names[next_leader], winner=names[winner])
        out.append(StoryLine(next_leader, reason, None))
        return out
