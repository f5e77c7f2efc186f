"""Tonk in plain words, in English or French: each legal action as an instruction, and what happened as a story.

A single card is named in words with its article ("the 9 of clubs", "le 9 de trèfle"); a group of cards, a
spread, is written short with suit symbols ("6♣ 7♣ 8♣", ranks in the reader's letters: "V♣ D♣ R♣" in French),
a joker as the card it stands for with a note. Spreads are named by their owner and cards, never by the number
the notation uses. Everything is read from the view alone (``Words``): a card drawn from the stock is never
named; the discard pile is followed through the hand's log, so a card taken from it is named when the view
shows which it was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.actions import Discard
from parlour.core.cards import card_symbol, parse_card, rank, the_card
from parlour.core.game import View
from parlour.core.i18n import elide, gettext, ngettext
from parlour.core.words import StoryLine, Words
from parlour.games.tonk.actions import Draw, Drop, Hit, SpadesBet, Spread, TonkAction, parse_tonk_action
from parlour.games.tonk.outcomes import PATTERNS, sentence

STATED = {"drop_wins", "drop_caught", "dealt_tonk"}
"""Outcomes whose sentence gives some seats' totals already (the dropper's, the winners' at the deal)."""


def name_of(names: Sequence[str], seat: int, lang: str) -> str:
    """The name of ``seat``, or "Seat 2" when ``names`` does not hold it."""
    return names[seat] if 0 <= seat < len(names) else gettext("Seat {n}", lang).format(n=seat)


def group(tokens: Sequence[str], lang: str) -> str:
    """Cards as a spread shows them ("5h", "Jk=6h"), short: "5♥ 6♥ 7♥ (a joker as 6♥)"."""
    shown, jokers = [], []
    for token in tokens:
        head, eq, named = token.partition("=")
        shown.append(card_symbol(named if eq else head, lang))
        if eq:
            jokers.append(card_symbol(named, lang))
    text = " ".join(shown)
    if not jokers:
        return text
    return ngettext("{cards} (a joker as {jokers})", "{cards} (jokers as {jokers})", len(jokers), lang).format(
        cards=text, jokers=", ".join(jokers))


def spread_words(tokens: Sequence[str], lang: str, templates: tuple[str, str, str], **fields: str) -> str:
    """The set, four of a kind or run of ``tokens`` in the template of its kind, with ``{cards}`` and
    ``fields``."""
    ranks = {rank(parse_card(token.partition("=")[2] or token)) for token in tokens}
    kind = (templates[1] if len(tokens) == 4 else templates[0]) if len(ranks) == 1 else templates[2]
    return kind.format(cards=group(tokens, lang), **fields)


def hit_card(action: Hit, lang: str) -> str:
    """The card a hit lays: "the 9 of clubs", or "a joker as the 9 of clubs"."""
    card = the_card(int(action.card), lang)
    return gettext("a joker as {card}", lang).format(card=card) if action.joker else card


def hit_token(action: Hit) -> str:
    """The card a hit adds as its spread then shows it: "9c", or "Jk=9c"."""
    return str(action).split()[1]


def payments_line(payments: Sequence[Sequence[int]], names: Sequence[str], lang: str) -> str:
    """Who paid whom: "Ana pays Zoé 1, Bob pays Zoé 2"."""
    return ", ".join(gettext("{payer} pays {payee} {stakes}", lang).format(
        payer=name_of(names, payer, lang), payee=name_of(names, payee, lang), stakes=stakes)
        for payer, payee, stakes in payments)


class TonkWords(Words):
    """Tonk's actions and story in plain words (see the module docstring)."""

    def action(self, text: str, view: View, lang: str, names: Sequence[str] | None = None) -> str:
        """The legal action ``text`` as an instruction to the view's seat; ``names`` name the owners of the
        spreads a hit goes onto (without them: "Seat 1")."""
        return elide(self.instruction(parse_tonk_action(text), view, lang, names or ()), lang)

    def instruction(self, action: TonkAction, view: View, lang: str, names: Sequence[str]) -> str:
        """``action`` as an instruction, before French elision."""
        if isinstance(action, Drop):
            if "hand_value" not in view:
                return gettext("Drop", lang)
            return gettext("Drop with {n} (your hand's total)", lang).format(n=view["hand_value"])
        if isinstance(action, Draw):
            if action.from_stock:
                return gettext("Draw from the stock", lang)
            return gettext("Take {card} from the discard pile", lang).format(card=the_card(view["discard"][-1], lang))
        if isinstance(action, Spread):
            return spread_words(str(action).split()[1:], lang, (
                gettext("Spread the set {cards}", lang), gettext("Spread the four of a kind {cards}", lang),
                gettext("Spread the run {cards}", lang)))
        if isinstance(action, Hit):
            spread = view["spreads"][action.spread - 1]
            cards = group(spread["cards"], lang)
            card = hit_card(action, lang)
            if spread["owner"] == view["seat"]:
                return gettext("Add {card} to your spread {cards}", lang).format(card=card, cards=cards)
            return gettext("Add {card} to {owner}'s spread {cards}", lang).format(
                card=card, owner=name_of(names, spread["owner"], lang), cards=cards)
        if isinstance(action, Discard):
            return gettext("Discard {card}", lang).format(card=the_card(int(action.card), lang))
        assert isinstance(action, SpadesBet)
        if action.join:
            return gettext("Bet one stake that you hold the highest spade", lang)
        return gettext("Do not bet on the highest spade", lang)

    def actions(self, texts: Sequence[str], view: View, names: Sequence[str], lang: str) -> list[str]:
        return [self.action(text, view, lang, names) for text in texts]

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        """The finished hands the view keeps (how each ended, every total, the payments), then the hand in play
        action by action, with its events: the spades bet settled, lock-outs, why a card just taken stays."""
        hand = view["hand_number"]
        results = view["results"]
        lines = [line for r in results if r["hand"] != hand for line in self.result(r, names, lang)]
        lines += HandStory(view, names, lang).lines()
        lines += [line for r in results if r["hand"] == hand for line in self.result(r, names, lang)]
        return [StoryLine(seat, elide(text, lang), index) for seat, text, index in lines]

    def outcome(self, result: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
        """How a finished hand of the view's ``results`` ended, naming the players: "Zoé drops with 21 and wins"
        (the sentence of outcomes.py; front ends show it beside the hand's cards and totals)."""
        return elide(sentence(result["outcome"], names, lang), lang)

    def result(self, r: Mapping[str, Any], names: Sequence[str], lang: str) -> list[StoryLine]:
        """A finished hand: "Hand 2: Zoé drops with 21 and wins: Ana 34, Bob 40", then who paid whom."""
        outcome = self.outcome(r, names, lang)
        stated = set()
        for kind in STATED:
            found = PATTERNS[kind].fullmatch(r["outcome"])
            if found:
                fields = found.groupdict()
                stated = ({int(fields["seat"])} if "seat" in fields
                          else {int(seat) for seat in re.findall(r"seat (\d+)", fields["winners"])})
        totals = ", ".join(f"{name_of(names, q, lang)} {total}" for q, total in enumerate(r["totals"])
                           if q not in stated)
        if totals:
            outcome = gettext("{outcome}: {totals}", lang).format(outcome=outcome, totals=totals)
        if r["payments"]:
            paid = payments_line(r["payments"], names, lang)
        else:
            paid = gettext("Void hand: nobody pays.", lang) if r["void"] else gettext("Nobody pays.", lang)
        return [StoryLine(None, gettext("Hand {n}: {outcome}", lang).format(n=r["hand"], outcome=outcome), None),
                StoryLine(None, paid, None)]


class HandStory:
    """The hand in play told from its log, following what the log changes: the discard pile (to name a card
    taken from it), each spread as it was when hit, and the lock-outs hits cause."""

    def __init__(self, view: View, names: Sequence[str], lang: str) -> None:
        self.view = view
        self.names = names
        self.lang = lang
        self.log = [(seat, parse_tonk_action(text)) for seat, text in view["log"]]

    def name(self, seat: int) -> str:
        return name_of(self.names, seat, self.lang)

    def taken_cards(self) -> dict[int, str | None]:
        """By log index, the card each "draw discard" took. The log shows each card discarded in the hand; a card
        already in the pile when the log began (the card turned up at the deal) is named while the view still
        shows it: as the card taken in the turn in play, or as the one card its taker is known to hold that no
        other take explains (not a spade shown for the side bet). Else None: the view cannot tell."""
        view, log = self.view, self.log
        before = len(view["discard"]) - sum(isinstance(a, Discard) for _, a in log) + sum(
            isinstance(a, Draw) and not a.from_stock for _, a in log)
        pile: list[str | None] = [None] * max(before, 0)
        took: dict[int, str | None] = {}
        for i, (_, action) in enumerate(log):
            if isinstance(action, Discard):
                pile.append(str(action).split()[1])
            elif isinstance(action, Draw) and not action.from_stock:
                took[i] = pile.pop() if pile else None
        if view["phase"] == "over":  # every hand is shown then: what is known no longer tells the takes apart
            return took
        for seat in {log[i][0] for i, card in took.items() if card is None}:
            unknown = [i for i, card in took.items() if card is None and log[i][0] == seat]
            held = list(view["known"][seat])
            for card in [took[i] for i in took if log[i][0] == seat] + [view["spades_shown"][seat]]:
                if card in held:
                    held.remove(card)
            if len(unknown) == 1 and len(held) == 1:
                took[unknown[0]] = held[0]
        return took

    def lines(self) -> list[StoryLine]:
        view, lang = self.view, self.lang
        log = self.log
        first = view["version"] - len(log)
        taken = self.taken_cards()
        lockout = [0] * view["players"]
        bets = 0
        last_draw = max((i for i, (_, a) in enumerate(log) if isinstance(a, Draw)), default=-1)
        out: list[StoryLine] = []
        for i, (seat, action) in enumerate(log):
            name = self.name(seat)
            say = out.append
            if isinstance(action, Draw) and action.from_stock:
                say(StoryLine(seat, gettext("{name} draws from the stock", lang).format(name=name), first + i))
            elif isinstance(action, Draw):
                card = taken[i] if taken[i] is not None or i != last_draw else view["taken"]
                if card is None:
                    text = gettext("{name} takes the top card of the discard pile", lang).format(name=name)
                else:
                    text = gettext("{name} takes {card} from the discard pile", lang).format(
                        name=name, card=the_card(card, lang))
                say(StoryLine(seat, text, first + i))
                if i == last_draw and self.keeps_taken(seat):
                    say(StoryLine(seat, gettext(
                        "{name} may not discard {card} this turn: a card taken from the discard pile cannot go "
                        "back in the same turn", lang).format(name=name, card=the_card(view["taken"], lang)), None))
            elif isinstance(action, Spread):
                kinds = (gettext("{name} spreads the set {cards}", lang),
                         gettext("{name} spreads the four of a kind {cards}", lang),
                         gettext("{name} spreads the run {cards}", lang))
                say(StoryLine(seat, spread_words(str(action).split()[1:], lang, kinds, name=name), first + i))
            elif isinstance(action, Hit):
                out.extend(self.hit(i, seat, action, lockout))
            elif isinstance(action, Discard):
                if lockout[seat]:
                    lockout[seat] -= 1  # a turn the seat could not drop in has ended
                say(StoryLine(seat, gettext("{name} discards {card}", lang).format(
                    name=name, card=the_card(int(action.card), lang)), first + i))
            elif isinstance(action, Drop):
                say(StoryLine(seat, gettext("{name} drops", lang).format(name=name), first + i))
            else:
                assert isinstance(action, SpadesBet)
                say(StoryLine(seat, (gettext("{name} bets on holding the highest spade", lang) if action.join
                                     else gettext("{name} does not bet on the highest spade", lang)).format(name=name),
                              first + i))
                bets += 1
                if bets == view["players"]:
                    out.extend(self.spades())
        return out

    def keeps_taken(self, seat: int) -> bool:
        """Whether ``seat``, which took a card from the discard pile in the turn in play, may not discard it
        now (unless it is all the seat holds)."""
        view = self.view
        return (view["phase"] == "play" and view["to_play"] == seat and view["taken"] is not None
                and not view["may_rediscard_taken"] and view["hand_sizes"][seat] > 1)

    def hit(self, i: int, seat: int, action: Hit, lockout: list[int]) -> list[StoryLine]:
        """The hit of the log's action ``i``, naming the spread as it was then, and the lock-out it causes with
        ``hit_lockout`` (``lockout`` counts each seat's turns without a drop still to come)."""
        view, lang = self.view, self.lang
        first = view["version"] - len(self.log)
        owner = view["spreads"][action.spread - 1]["owner"]
        card = hit_card(action, lang)
        cards = group(self.as_before(i, action.spread), lang)
        if owner == seat:
            text = gettext("{name} adds {card} to their own spread {cards}", lang).format(
                name=self.name(seat), card=card, cards=cards)
        else:
            text = gettext("{name} adds {card} to {owner}'s spread {cards}", lang).format(
                name=self.name(seat), card=card, owner=self.name(owner), cards=cards)
        out = [StoryLine(seat, text, first + i)]
        if view["hit_lockout"] and owner != seat:
            lockout[owner] += 1
            n = lockout[owner]
            out.append(StoryLine(owner, ngettext(
                "{name} cannot drop on their next turn: a hit on a player's spread stops them dropping for a turn",
                "{name} cannot drop for their next {n} turns: each hit on a player's spread stops them dropping "
                "for a turn", n, lang).format(name=self.name(owner), n=n), None))
        return out

    def as_before(self, i: int, number: int) -> list[str]:
        """Spread ``number``'s cards just before the log's action ``i``: its cards now less the later hits."""
        cards = list(self.view["spreads"][number - 1]["cards"])
        for _, action in self.log[i:]:
            if isinstance(action, Hit) and action.spread == number:
                cards.remove(hit_token(action))
        return cards

    def spades(self) -> list[StoryLine]:
        """The spades side bet settled: the spade each bettor shows, and who paid whom."""
        view, lang = self.view, self.lang
        shown = []
        for q, bet in enumerate(view["bets"]):
            if bet:
                card = view["spades_shown"][q]
                shown.append(gettext("{name} shows {card}", lang).format(name=self.name(q), card=the_card(card, lang))
                             if card else gettext("{name} has no spade", lang).format(name=self.name(q)))
        if not shown:
            return []
        out = [StoryLine(None, gettext("Highest spade: {shown}", lang).format(shown=", ".join(shown)), None)]
        paid = [(p, q, s) for p, q, s, h, reason in view["ledger"] if h == view["hand_number"] and reason == "spades"]
        out.append(StoryLine(None, payments_line(paid, self.names, lang) if paid else gettext("Nobody pays.", lang),
                             None))
        return out
