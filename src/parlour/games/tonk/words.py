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
from parlour.core.shapes import LogEntry, log_entry
from parlour.core.words import StoryLine, Told, Words
from parlour.games.tonk.actions import Draw, Drop, Hit, SpadesBet, Spread, TonkAction, parse_tonk_action
from parlour.games.tonk.outcomes import PATTERNS, sentence
from parlour.games.tonk.view_shape import TonkResult, TonkSpread, TonkView, ledger_row, tonk_view

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
        shown = tonk_view(view)
        return elide(self.instruction(parse_tonk_action(text), shown, lang, names or ()), lang)

    def instruction(self, action: TonkAction, view: TonkView, lang: str, names: Sequence[str]) -> str:
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
        return self.tell(view, names, lang, Told())

    def tell(self, view: View, names: Sequence[str], lang: str, told: Told) -> list[StoryLine]:
        """``story``, each line narrated once for what it tells (its action, the names, the cards it names)."""
        shown = tonk_view(view)
        hand = shown["hand_number"]
        results = shown["results"]
        named = tuple(names)
        lines = [line for r in results if r["hand"] != hand for line in self.result(r, named, lang, told)]
        lines += told.kept(("hand", hand, shown["version"] - len(shown["log"]), named, lang), HandTelling).tell(
            shown, named, lang, told)
        lines += [line for r in results if r["hand"] == hand for line in self.result(r, named, lang, told)]
        return lines

    def outcome(self, result: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
        """How a finished hand of the view's ``results`` ended, naming the players: "Zoé drops with 21 and wins"
        (the sentence of outcomes.py; front ends show it beside the hand's cards and totals)."""
        return elide(sentence(result["outcome"], names, lang), lang)

    def result(self, r: TonkResult, names: tuple[str, ...], lang: str, told: Told) -> tuple[StoryLine, ...]:
        """A finished hand: "Hand 2: Zoé drops with 21 and wins: Ana 34, Bob 40", then who paid whom."""
        return told.same(("result", r["hand"]), result_lines, r, names, lang)


def result_lines(r: TonkResult, names: tuple[str, ...], lang: str) -> tuple[StoryLine, ...]:
    """The lines of a finished hand (``TonkWords.result``)."""
    hand, outcome_text, all_totals, payments, void = r["hand"], r["outcome"], r["totals"], r["payments"], r["void"]
    outcome = elide(sentence(outcome_text, names, lang), lang)
    stated = set()
    for kind in STATED:
        found = PATTERNS[kind].fullmatch(outcome_text)
        if found:
            fields = found.groupdict()
            stated = ({int(fields["seat"])} if "seat" in fields
                      else {int(seat) for seat in re.findall(r"seat (\d+)", fields["winners"])})
    totals = ", ".join(f"{name_of(names, q, lang)} {total}" for q, total in enumerate(all_totals) if q not in stated)
    if totals:
        outcome = gettext("{outcome}: {totals}", lang).format(outcome=outcome, totals=totals)
    if payments:
        paid = payments_line(payments, names, lang)
    else:
        paid = gettext("Void hand: nobody pays.", lang) if void else gettext("Nobody pays.", lang)
    return (StoryLine(None, elide(gettext("Hand {n}: {outcome}", lang).format(n=hand, outcome=outcome), lang), None),
            StoryLine(None, elide(paid, lang), None))


class HandTelling:
    """The hand in play as told so far, kept in ``Told`` from one telling to the next (``TonkWords.tell``): each
    telling narrates only the actions the last had not told.

    It follows what the log changes, as the story needs it: the discard pile (to name a card taken from it),
    the lock-outs hits cause, the spades bets. An action's lines come from the log up to it, except where the
    view tells more later; those entries (``volatile``) are worked out again at each telling: a card taken
    from the pile that the log cannot name (the card turned up at the deal) while the view still shows it
    as the one card its taker is known to hold that no other take explains (not a spade shown for the side
    bet); the last draw (the card just taken, and whether it must stay); the spades bet settled. A hit names
    the spread as it was, its cards now less the later hits: each telling checks that the spreads changed only
    by the new hits. The hand is told again from its start whenever what was told does not hold for the
    view (its log does not begin with the log told, a spread or the pile changed otherwise).
    """

    def __init__(self) -> None:
        self.start()

    def start(self) -> None:
        """Nothing told yet."""
        self.log: list[LogEntry] = []
        """The log entries told, ``[seat, action]`` as the view shows them."""
        self.actions: list[TonkAction] = []
        self.rules: tuple[Any, ...] = ()
        """The view's players and ``hit_lockout`` the entries were told with."""
        self.before = 0
        """How many cards the discard pile held when the log began (the card turned up at the deal)."""
        self.discards = 0
        self.pile: list[str | None] = []
        """The discard pile as the log tells it (None: a card it held before the log)."""
        self.took: dict[int, str | None] = {}
        """By log index, the card each "draw discard" took, as the pile tells it (None: the log cannot tell)."""
        self.taken_by: list[list[str | None]] = []
        """By seat, the cards it took (``took``), in log order."""
        self.lockout: list[int] = []
        self.bets = 0
        self.last_draw = -1
        self.spreads: list[TonkSpread] = []
        """The view's spreads at the last telling."""
        self.parts: list[tuple[StoryLine, ...]] = []
        """Each log entry's lines."""
        self.volatile: set[int] = set()
        """The entries whose lines each telling works out again (see the class docstring)."""
        self.lines: list[StoryLine] = []
        """Every entry's lines in turn."""
        self.starts: list[int] = []
        """Where each entry's lines begin in ``lines``."""

    def tell(self, view: TonkView, names: tuple[str, ...], lang: str, told: Told) -> list[StoryLine]:
        """The hand's lines for ``view``, the actions its log holds beyond those told narrated now."""
        log = view["log"]
        told_count = len(self.log)
        new = [parse_tonk_action(log_entry(entry)[1]) for entry in log[told_count:]]
        rules = (view["players"], view["hit_lockout"])
        before = len(view["discard"]) - self.discards - sum(isinstance(a, Discard) for a in new) + len(self.took) + sum(
            isinstance(a, Draw) and not a.from_stock for a in new)
        if (told_count > len(log) or log[:told_count] != self.log or rules != self.rules or before != self.before
                or not self.spreads_hold(view["spreads"], new)):
            self.start()
            return self.tell_from_start(view, names, lang, told, rules)
        last_draw = self.last_draw
        retold = set(self.volatile)
        self.log += log[told_count:]
        self.actions += new  # all of them before any is told: a hit names its spread less the later hits
        for i, action in enumerate(new, told_count):
            retold.update(self.narrate(i, action, view, names, lang, told))
        self.spreads = view["spreads"]
        retold.update(i for i in (last_draw, self.last_draw) if i in self.took)
        changed = told_count
        taken = self.inferred(view)
        for i in sorted(retold):
            part = self.volatile_part(i, view, taken, names, lang, told)
            if i >= told_count or part != self.parts[i]:
                self.parts[i] = part
                changed = min(changed, i)
        del self.lines[self.starts[changed] if changed < len(self.starts) else len(self.lines):]
        del self.starts[changed:]
        for part in self.parts[changed:]:
            self.starts.append(len(self.lines))
            self.lines.extend(part)
        return self.lines

    def tell_from_start(self, view: TonkView, names: tuple[str, ...], lang: str, told: Told,
                        rules: tuple[Any, ...]) -> list[StoryLine]:
        """The hand told afresh: the pile as it was when the log began, then every entry of the log."""
        log = view["log"]
        actions = [parse_tonk_action(log_entry(entry)[1]) for entry in log]
        self.rules = rules
        self.before = len(view["discard"]) - sum(isinstance(a, Discard) for a in actions) + sum(
            isinstance(a, Draw) and not a.from_stock for a in actions)
        self.pile = [None] * max(self.before, 0)
        self.taken_by = [[] for _ in range(view["players"])]
        self.lockout = [0] * view["players"]
        return self.tell(view, names, lang, told)

    def spreads_hold(self, spreads: list[TonkSpread], new: list[TonkAction]) -> bool:
        """Whether the view's ``spreads`` are those of the last telling with the ``new`` actions' hits added
        (and new spreads laid), so that each hit told still names the spread as it was."""
        seen = self.spreads
        if len(spreads) < len(seen):
            return False
        for number, (now, was) in enumerate(zip(spreads, seen, strict=False), 1):
            if now == was:
                continue
            if now["owner"] != was["owner"]:
                return False
            cards = list(now["cards"])
            for action in new:
                if isinstance(action, Hit) and action.spread == number:
                    if hit_token(action) not in cards:
                        return False
                    cards.remove(hit_token(action))
            if cards != was["cards"]:
                return False
        return True

    def narrate(self, i: int, action: TonkAction, view: TonkView, names: tuple[str, ...], lang: str,
                told: Told) -> list[int]:
        """Follow the log's action ``i`` and tell it; the entries to work out again now (``volatile_part``): this
        one when its lines depend on more than the log up to it."""
        seat = log_entry(self.log[i])[0]
        name = name_of(names, seat, lang)
        index = view["version"] - len(view["log"]) + i
        said = told.said
        part: tuple[StoryLine, ...] = ()
        if isinstance(action, Draw):
            self.last_draw = i
            if not action.from_stock:
                card = self.pile.pop() if self.pile else None
                self.took[i] = card
                self.taken_by[seat].append(card)
                if card is None:
                    self.volatile.add(i)
                self.parts.append(part)
                return [i]
            part = (said(draws_line, seat, name, index, lang),)
        elif isinstance(action, Spread):
            part = (said(spread_line, seat, name, action, index, lang),)
        elif isinstance(action, Hit):
            part = self.hit(i, seat, action, view, names, lang, told)
        elif isinstance(action, Discard):
            self.discards += 1
            self.pile.append(str(action).split()[1])
            if self.lockout[seat]:
                self.lockout[seat] -= 1  # a turn the seat could not drop in has ended
            part = (said(discards_line, seat, name, action, index, lang),)
        elif isinstance(action, Drop):
            part = (said(drops_line, seat, name, index, lang),)
        else:
            assert isinstance(action, SpadesBet)
            part = (said(bets_line, seat, name, action.join, index, lang),)
            self.bets += 1
            if self.bets == view["players"]:
                self.volatile.add(i)
                self.parts.append(part)
                return [i]
        self.parts.append(part)
        return []

    def inferred(self, view: TonkView) -> dict[int, str]:
        """The cards the view names for takes the log cannot name (see the class docstring), by log index."""
        unknown = [i for i, card in self.took.items() if card is None]
        if view["phase"] == "over" or not unknown:  # every hand is shown then: what is known no longer tells
            return {}
        found = {}
        for seat in {log_entry(self.log[i])[0] for i in unknown}:
            mine = [i for i in unknown if log_entry(self.log[i])[0] == seat]
            held = list(view["known"][seat])
            for card in [*self.taken_by[seat], view["spades_shown"][seat]]:
                if card in held:
                    held.remove(card)
            if len(mine) == 1 and len(held) == 1:
                found[mine[0]] = held[0]
        return found

    def volatile_part(self, i: int, view: TonkView, taken: dict[int, str], names: tuple[str, ...], lang: str,
                      told: Told) -> tuple[StoryLine, ...]:
        """The lines of entry ``i`` as the view tells them now: a take (the card, and why it stays when it was
        just taken), or the bet that settles the spades side bet."""
        seat = log_entry(self.log[i])[0]
        name = name_of(names, seat, lang)
        index = view["version"] - len(view["log"]) + i
        action = self.actions[i]
        if isinstance(action, SpadesBet):
            return (told.said(bets_line, seat, name, action.join, index, lang), *self.spades(view, names, lang, told))
        card = self.took[i] or taken.get(i)
        if card is None and i == self.last_draw:
            card = view["taken"]
        part = (told.said(takes_line, seat, name, card, index, lang),)
        if i == self.last_draw and self.keeps_taken(view, seat):
            return (*part, told.said(keeps_line, seat, name, view["taken"], lang))
        return part

    @staticmethod
    def keeps_taken(view: TonkView, seat: int) -> bool:
        """Whether ``seat``, which took a card from the discard pile in the turn in play, may not discard it
        now (unless it is all the seat holds)."""
        return (view["phase"] == "play" and view["to_play"] == seat and view["taken"] is not None
                and not view["may_rediscard_taken"] and view["hand_sizes"][seat] > 1)

    def hit(self, i: int, seat: int, action: Hit, view: TonkView, names: tuple[str, ...], lang: str,
            told: Told) -> tuple[StoryLine, ...]:
        """The hit of the log's action ``i``, naming the spread as it was then, and the lock-out it causes with
        ``hit_lockout`` (``lockout`` counts each seat's turns without a drop still to come)."""
        owner = view["spreads"][action.spread - 1]["owner"]
        locked = 0
        if view["hit_lockout"] and owner != seat:
            self.lockout[owner] += 1
            locked = self.lockout[owner]
        return told.said(hit_lines, seat, name_of(names, seat, lang), owner, name_of(names, owner, lang), action,
                         tuple(self.as_before(view, i, action.spread)), locked, view["version"] - len(view["log"]) + i,
                         lang)

    def as_before(self, view: TonkView, i: int, number: int) -> list[str]:
        """Spread ``number``'s cards just before the log's action ``i``: its cards now less the later hits."""
        cards = list(view["spreads"][number - 1]["cards"])
        for action in self.actions[i:]:
            if isinstance(action, Hit) and action.spread == number:
                cards.remove(hit_token(action))
        return cards

    @staticmethod
    def spades(view: TonkView, names: tuple[str, ...], lang: str, told: Told) -> tuple[StoryLine, ...]:
        """The spades side bet settled: the spade each bettor shows, and who paid whom."""
        shown = tuple((q, view["spades_shown"][q]) for q, bet in enumerate(view["bets"]) if bet)
        paid = tuple((p, q, s) for p, q, s, h, reason in map(ledger_row, view["ledger"])
                     if h == view["hand_number"] and reason == "spades")
        return told.said(spades_lines, shown, paid, names, lang)


def draws_line(seat: int, name: str, index: int, lang: str) -> StoryLine:
    """"Ana draws from the stock"."""
    return StoryLine(seat, elide(gettext("{name} draws from the stock", lang).format(name=name), lang), index)


def takes_line(seat: int, name: str, card: str | None, index: int, lang: str) -> StoryLine:
    """"Ana takes the 9 of clubs from the discard pile", or its top card when the view cannot tell which."""
    if card is None:
        text = gettext("{name} takes the top card of the discard pile", lang).format(name=name)
    else:
        text = gettext("{name} takes {card} from the discard pile", lang).format(name=name, card=the_card(card, lang))
    return StoryLine(seat, elide(text, lang), index)


def keeps_line(seat: int, name: str, taken: str, lang: str) -> StoryLine:
    """Why the card ``taken`` from the discard pile in the turn in play stays in the hand."""
    return StoryLine(seat, elide(gettext(
        "{name} may not discard {card} this turn: a card taken from the discard pile cannot go "
        "back in the same turn", lang).format(name=name, card=the_card(taken, lang)), lang), None)


def spread_line(seat: int, name: str, action: Spread, index: int, lang: str) -> StoryLine:
    """"Ana spreads the run 5♥ 6♥ 7♥"."""
    kinds = (gettext("{name} spreads the set {cards}", lang),
             gettext("{name} spreads the four of a kind {cards}", lang),
             gettext("{name} spreads the run {cards}", lang))
    return StoryLine(seat, elide(spread_words(str(action).split()[1:], lang, kinds, name=name), lang), index)


def discards_line(seat: int, name: str, action: Discard, index: int, lang: str) -> StoryLine:
    """"Ana discards the 9 of clubs"."""
    return StoryLine(seat, elide(gettext("{name} discards {card}", lang).format(
        name=name, card=the_card(int(action.card), lang)), lang), index)


def drops_line(seat: int, name: str, index: int, lang: str) -> StoryLine:
    """"Ana drops"."""
    return StoryLine(seat, elide(gettext("{name} drops", lang).format(name=name), lang), index)


def bets_line(seat: int, name: str, join: bool, index: int, lang: str) -> StoryLine:
    """Whether ``name`` bets on holding the highest spade."""
    text = (gettext("{name} bets on holding the highest spade", lang) if join
            else gettext("{name} does not bet on the highest spade", lang)).format(name=name)
    return StoryLine(seat, elide(text, lang), index)


def hit_lines(seat: int, name: str, owner: int, owner_name: str, action: Hit, cards: tuple[str, ...], locked: int,
              index: int, lang: str) -> tuple[StoryLine, ...]:
    """The hit ``action`` by ``name`` on ``owner``'s spread of ``cards`` (as it was before), and, when it locks
    its owner out (``locked``: the owner's turns without a drop now to come, else 0), why the owner cannot drop."""
    card = hit_card(action, lang)
    shown = group(cards, lang)
    if owner == seat:
        text = gettext("{name} adds {card} to their own spread {cards}", lang).format(name=name, card=card, cards=shown)
    else:
        text = gettext("{name} adds {card} to {owner}'s spread {cards}", lang).format(
            name=name, card=card, owner=owner_name, cards=shown)
    out = (StoryLine(seat, elide(text, lang), index),)
    if not locked:
        return out
    return (*out, StoryLine(owner, elide(ngettext(
        "{name} cannot drop on their next turn: a hit on a player's spread stops them dropping for a turn",
        "{name} cannot drop for their next {n} turns: each hit on a player's spread stops them dropping "
        "for a turn", locked, lang).format(name=owner_name, n=locked), lang), None))


def spades_lines(shown: tuple[tuple[int, str | None], ...], paid: tuple[tuple[int, int, int], ...],
                 names: tuple[str, ...], lang: str) -> tuple[StoryLine, ...]:
    """The spades side bet settled: the spade each bettor of ``shown`` shows (None: none), and the ``paid``."""
    said = [gettext("{name} shows {card}", lang).format(name=name_of(names, q, lang), card=the_card(card, lang))
            if card else gettext("{name} has no spade", lang).format(name=name_of(names, q, lang))
            for q, card in shown]
    if not said:
        return ()
    return (StoryLine(None, elide(gettext("Highest spade: {shown}", lang).format(shown=", ".join(said)), lang), None),
            StoryLine(None, elide(payments_line(paid, names, lang) if paid else gettext("Nobody pays.", lang), lang),
                      None))
