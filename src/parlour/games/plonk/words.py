"""Plonk in plain words: each play as an instruction, and the story of the deals as sentences.

A newcomer does not know Plonk's one surprising rule, so the story says after every trick why its
winner won (the highest card of the suit led: Plonk has no trumps and no obligation to follow) and
who leads next and why: the winner, except when nobody followed the suit led, when the player on
the leader's right leads and the winner plays second (``tricks.resolve``; docs/rules/en/plonk.md, "Tricks"). Everything
said comes from the view's public part: the tricks of this deal, the current trick, the finished
deals' results; never a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import parse_card, suit, suit_name, the_card
from parlour.core.game import View
from parlour.core.i18n import gettext, ngettext
from parlour.core.words import StoryLine, Told, Words
from parlour.games.plonk.cards import value_of
from parlour.games.plonk.tricks import TRICKS_PER_DEAL, resolve
from parlour.games.plonk.view_shape import Play, PlonkDeal, PlonkTrick, play_of, plonk_view


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
        shown = plonk_view(view)
        card = parse_card(text)
        name = the_card(card, lang)
        trick = shown["trick"]
        if not trick:
            return gettext("Play {card}", lang).format(card=name)
        led = parse_card(play_of(trick[0])[1])
        if suit(card) == suit(led):
            return gettext("Play {card}, following suit", lang).format(card=name)
        return gettext("Play {card}, not following {suit}", lang).format(card=name, suit=suit_word(led, lang))

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        """The finished deals the view holds, then this deal: each card played, each trick's winner and
        worth, who leads next and why, each deal's points and the match score, and the match's end."""
        return self.tell(view, names, lang, Told())

    def tell(self, view: View, names: Sequence[str], lang: str, told: Told) -> list[StoryLine]:
        """``story``, each play narrated once: the deal in play is kept as told so far (``DealTelling``), and a
        finished deal as it was told when it ended, from its tricks told while it was in play."""
        given = plonk_view(view)
        said = told.said
        named = tuple(names)
        results = given["results"]
        winner = given["winner"]
        over = winner is not None
        shown = [done for r in results for done in r["tricks"]] + ([] if over else given["tricks"])
        index = given["version"] - sum(len(done["plays"]) for done in shown) - (0 if over else len(given["trick"]))
        lines: list[StoryLine] = []
        earlier = given.get("earlier")
        if earlier:
            lines.append(said(earlier_line, earlier["count"], tuple(earlier["totals"]), named, lang))
        for result in results:
            lines += told.same(("deal", result["deal"]), finished_deal, told, result, index, given["target"], named,
                               lang)
            index += sum(len(done["plays"]) for done in result["tricks"])
        if winner is not None:
            side = winner
            lines.append(said(match_line, side, given["scores"][side], given["scores"][1 - side], named, lang))
            return lines
        deal = told.kept(("deal", given["deal"], given["dealer"], index, named, lang), DealTelling)
        lines += deal.tell(given["deal"], given["dealer"], given["tricks"], index, named, lang, told)
        index += sum(len(done["plays"]) for done in given["tricks"])
        return lines + plays_lines(told, given["trick"], index, named, lang)


class DealTelling:
    """A deal told so far, kept in ``Told`` while it is in play: its start and the tricks told, each narrated
    once; a trick that ends is told from the plays told while it was in play."""

    def __init__(self) -> None:
        self.tricks: list[PlonkTrick] = []
        """The finished tricks told, as the view shows them."""
        self.lines: list[StoryLine] = []
        self.index = 0
        """The action that follows the tricks told."""

    def tell(self, number: int, dealer: int, tricks: list[PlonkTrick], index: int, names: tuple[str, ...],
             lang: str, told: Told) -> list[StoryLine]:
        """Deal ``number``'s start and its finished ``tricks``, the first play being action ``index``."""
        done = len(self.tricks)
        if not self.lines or tricks[:done] != self.tricks:
            first = (dealer + 1) & 3
            self.lines = [told.said(deal_start_line, number, names[dealer], names[first], lang)]
            self.tricks, self.index, done = [], index, 0
        for number_in_deal, trick in enumerate(tricks[done:], done + 1):
            plays = trick["plays"]
            self.lines += plays_lines(told, plays, self.index, names, lang)
            self.lines += told.said(won_lines, trick["leader"], plays_told(plays), number_in_deal == TRICKS_PER_DEAL,
                                    names, lang)
            self.tricks.append(trick)
            self.index += len(plays)
        return self.lines


Plays = tuple[tuple[int, str], ...]
"""A trick's plays as ``won_lines`` is told them: (seat, card) in play order."""


def plays_told(plays: list[Play]) -> Plays:
    """A trick's plays as a view shows them (``[seat, card]``), as ``Told`` keeps them."""
    return tuple(map(play_of, plays))


def finished_deal(told: Told, result: PlonkDeal, index: int, target: int, names: tuple[str, ...],
                  lang: str) -> tuple[StoryLine, ...]:
    """A finished deal of the view's ``results``, its first play being action ``index``: its tricks as they were
    told while it was in play, then its end."""
    deal = told.kept(("deal", result["deal"], result["dealer"], index, names, lang), DealTelling)
    return (*deal.tell(result["deal"], result["dealer"], result["tricks"], index, names, lang, told),
            told.said(deal_end_line, result["deal"], tuple(result["points"]), tuple(result["scores"]), target, names,
                      lang))


def earlier_line(count: int, totals: tuple[int, ...], names: tuple[str, ...], lang: str) -> StoryLine:
    """The ``count`` deals a bounded view leaves out, and the score after them."""
    return StoryLine(None, ngettext(
        "{n} earlier deal is not told here (the replay has it); after it: {a} {sa}, {b} {sb}.",
        "{n} earlier deals are not told here (the replay has them); after them: {a} {sa}, {b} {sb}.",
        count, lang).format(n=count, a=side_names(names, 0, lang), sa=totals[0], b=side_names(names, 1, lang),
                            sb=totals[1]), None)


def deal_end_line(number: int, made: tuple[int, ...], scores: tuple[int, ...], target: int, names: tuple[str, ...],
                  lang: str) -> StoryLine:
    """The end of deal ``number``: what each side ``made`` and the match ``scores``."""
    return StoryLine(None, gettext(
        "End of deal {n}: {a} make {pa} this deal, {b} {pb}. Match: {a} {sa}, {b} {sb} (target {target}).",
        lang).format(n=number, a=side_names(names, 0, lang), b=side_names(names, 1, lang), pa=made[0], pb=made[1],
                     sa=scores[0], sb=scores[1], target=target), None)


def match_line(side: int, score: int, other: int, names: tuple[str, ...], lang: str) -> StoryLine:
    """The match won by ``side``."""
    return StoryLine(None, gettext("{names} win the match, {score} to {other}.", lang).format(
        names=side_names(names, side, lang), score=score, other=other), None)


def deal_start_line(number: int, dealer: str, leader: str, lang: str) -> StoryLine:
    """Who deals deal ``number`` and who leads its first trick."""
    return StoryLine(None, gettext(
        "Deal {n}: {dealer} deals; {leader}, on the dealer's left, leads the first trick.", lang).format(
            n=number, dealer=dealer, leader=leader), None)


def plays_lines(told: Told, plays: list[Play], index: int, names: tuple[str, ...], lang: str) -> list[StoryLine]:
    """One line per card of a trick (``play_line``), the first being action ``index``."""
    typed = [play_of(play) for play in plays]
    led = typed[0][1] if typed else ""
    return [told.said(play_line, seat, names[seat], text, i == 0, led, index + i, lang)
            for i, (seat, text) in enumerate(typed)]


def play_line(seat: int, name: str, text: str, leads: bool, led: str, index: int, lang: str) -> StoryLine:
    """The card ``text`` played by ``name``: led (``leads``), following the suit of ``led``, or not."""
    card = parse_card(text)
    what = the_card(card, lang)
    led_card = parse_card(led)
    if leads:
        sentence = gettext("{name} leads {card}.", lang).format(name=name, card=what)
    elif suit(card) == suit(led_card):
        sentence = gettext("{name} follows suit with {card}.", lang).format(name=name, card=what)
    else:
        sentence = gettext("{name} plays {card}, not following {suit}.", lang).format(
            name=name, card=what, suit=suit_word(led_card, lang))
    return StoryLine(seat, sentence, index)


def won_lines(leader: int, plays: Plays, last: bool, names: tuple[str, ...], lang: str) -> tuple[StoryLine, ...]:
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
    out = StoryLine(winner, won.format(winner=names[winner], card=top, points=worth, side=side,
                                       suit=suit_word(cards[0], lang)), None)
    if last:
        return (out,)
    if followed:
        reason = gettext("{name} leads next: the winner of a trick leads the next one.", lang).format(
            name=names[next_leader])
    else:
        reason = gettext("{name} leads next: when nobody follows the suit led, the player on the leader's "
                         "right leads, and {winner} plays second.", lang).format(
                             name=names[next_leader], winner=names[winner])
    return out, StoryLine(next_leader, reason, None)
