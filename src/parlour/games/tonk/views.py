"""Tonk's hidden-information contract in one place: what a seat sees, and positions consistent with it.

``view_of`` is what one seat (or a spectator) may know: its own hand, the
other hands' sizes and the cards known to be in them (taken from the discard
pile, a shown spade), the table, counts, the ledger and the finished hands
(revealed). ``determinize`` builds a position consistent with a view, the
unseen cards dealt at random; ``Sampler`` reads the view once and then only
re-deals the unseen cards, for search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.cards import CARD_TEXT, cards_of, parse_card, shuffled
from parlour.core.errors import RulesError
from parlour.core.game import LedgerEntry, State, View
from parlour.core.position import PublicEntry, history_of
from parlour.core.shapes import Earlier, log_entry
from parlour.games.tonk.position import BET, OVER, PHASES, HandResult, TonkPosition, cards_text
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.settlement import deal_win_stakes
from parlour.games.tonk.spreads import spread_shape
from parlour.games.tonk.table import TableSpread
from parlour.games.tonk.view_shape import TonkView, ledger_row, plain_view, tonk_view


def view_of(pos: TonkPosition, seat: int | None, rules: TonkRules, recent: int | None = None) -> View:
    """``shaped_view`` as the generic ``View`` of the game's contracts."""
    return plain_view(shaped_view(pos, seat, rules, recent))


def shaped_view(pos: TonkPosition, seat: int | None, rules: TonkRules, recent: int | None = None) -> TonkView:
    """What ``seat`` may know (``None``: a spectator); with ``recent``, only the latest hands' results and
    ledger entries, the earlier hands summed up under ``earlier`` (``State.message_view``).

    Besides the play, the view carries the table's flags its words explain (``hit_lockout``,
    ``may_rediscard_taken``): public, and read by words that may read only a view (words.py)."""
    n = rules.players
    over = pos.phase == OVER
    results, ledger, earlier = history(pos, n, recent)
    hands = pos.hands
    out: TonkView = {
        "game": "tonk",
        "seat": seat,
        "players": n,
        "version": pos.version,
        "hand_number": pos.hand_no,
        "dealer": pos.dealer,
        "to_play": pos.cur,
        "phase": PHASES[pos.phase],
        "hand_sizes": [h.bit_count() for h in hands],
        "known": [cards_text(hands[q] if over else pos.known[q]) for q in range(n)],
        "stock": len(pos.stock),
        "discard": [CARD_TEXT[c] for c in pos.discard],
        "spreads": [{"owner": s.owner, "cards": s.cards_text()} for s in pos.spreads],
        "lockout": list(pos.lockout),
        "taken": CARD_TEXT[pos.taken] if pos.taken >= 0 else None,
        "turns": pos.turns,
        "stock_out_seat": pos.stock_out_seat if pos.stock_out_seat >= 0 else None,
        "bets": list(pos.bets),
        "spades_shown": [None if c is None else CARD_TEXT[c] for c in pos.spades_shown],
        "balances": list(pos.balances),
        "ledger": [[e.payer, e.payee, e.stakes, e.hand, e.reason] for e in ledger],
        "results": [r.as_view() for r in results],
        "log": [[s, str(a)] for s, a in pos.log(pos.hand_start)],
        "hit_lockout": rules.hit_lockout,
        "may_rediscard_taken": rules.may_rediscard_taken,
    }
    if earlier is not None:
        out["earlier"] = earlier
    if seat is not None:
        out["hand"] = cards_text(hands[seat])
        out["hand_value"] = pos.values[seat]
    return out


def history(pos: TonkPosition, n: int, recent: int | None
            ) -> tuple[Sequence[HandResult], list[LedgerEntry], Earlier | None]:
    """The results and ledger entries a view shows, and the summary of the hands it leaves out.

    Every hand, or with ``recent`` the latest ``recent`` hands (and the one in play); the hands left
    out are summed up as ``{"count": how many, "totals": each seat's net stakes in them}`` (the
    balances still count every hand).
    """
    results = pos.results
    if recent is None or len(results) <= recent:
        return results, list(pos.ledger), None
    first = results[-recent].hand
    totals = [0] * n
    ledger = []
    for entry in pos.ledger:
        if entry.hand >= first:
            ledger.append(entry)
        else:
            totals[entry.payer] -= entry.stakes
            totals[entry.payee] += entry.stakes
    return results[-recent:], ledger, {"count": len(results) - recent, "totals": totals}


def determinize(view: View, rules: TonkRules, rng: random.Random, values: tuple[int, ...]) -> TonkPosition:
    """A position consistent with ``view``: unseen cards dealt to the hidden hands and the stock.

    Cards known to be in a hand (taken from the discard pile, a shown
    spade) stay in that hand; everything else unseen is shuffled (for search,
    ``Sampler`` also uses what play revealed).
    """
    if view.get("game") != "tonk":
        raise RulesError(f"not a Tonk view: game is {view.get('game')!r}")
    given = tonk_view(view)
    seat = given["seat"]
    n = rules.players
    free_jokers = [52 + j for j in range(rules.jokers)]

    def fresh(text: str) -> int:
        """The id of a card seen for the first time (a joker takes the next free id)."""
        face = parse_card(text)
        return free_jokers.pop(0) if face >= 52 else face

    def within(text: str, mask: int) -> int:
        """The id of a card already placed in ``mask`` (jokers: the first not yet used)."""
        face = parse_card(text)
        if face < 52:
            return face
        return next(j for j in (52, 53) if mask >> j & 1)

    hands = [0] * n
    known = [0] * n
    if seat is not None:
        for text in given["hand"]:
            hands[seat] |= 1 << fresh(text)
    for q in range(n):
        for text in given["known"][q]:
            card = within(text, hands[q] & ~known[q]) if q == seat else fresh(text)
            known[q] |= 1 << card
        hands[q] |= known[q]
    discard = [fresh(t) for t in given["discard"]]
    spreads = []
    for entry in given["spreads"]:
        real = 0
        joker_faces = []
        joker_ids = []
        for text in entry["cards"]:
            _, eq, shown = text.partition("=")
            if eq:
                joker_faces.append(parse_card(shown))
                joker_ids.append(free_jokers.pop(0))
            else:
                real |= 1 << parse_card(text)
        shape = spread_shape(real, tuple(joker_faces), rules.ace_high)
        if shape is None:
            raise RulesError(f"the view shows a spread that is no set or run: {entry['cards']}")
        spreads.append(TableSpread.laid(entry["owner"], real, tuple(joker_faces), tuple(joker_ids), shape,
                                        rules.ace_high, rules.hit_sets))
    seen = set(discard)
    for spread in spreads:
        seen.update(spread.real_cards())
    for h in hands:
        seen.update(cards_of(h))
    unseen = shuffled([c for c in range(52) if c not in seen] + free_jokers, rng)
    for q in range(n):
        for _ in range(given["hand_sizes"][q] - hands[q].bit_count()):
            hands[q] |= 1 << unseen.pop()
    if len(unseen) != given["stock"]:
        raise RulesError(f"the view's card counts do not add up: {len(unseen)} unseen cards "
                         f"for a stock of {given['stock']}")
    cur = given["to_play"]
    results = tuple(HandResult.from_view(r) for r in given["results"])
    pos = TonkPosition(
        version=given["version"],
        history=history_of((s, PublicEntry(text)) for s, text in map(log_entry, given["log"])),
        hands=hands,
        values=[sum(values[c] for c in cards_of(h)) for h in hands],
        stock=unseen,
        discard=discard,
        known=known,
        lockout=list(given["lockout"]),
        spreads=tuple(spreads),
        bets=tuple(given["bets"]),
        spades_shown=tuple(None if t is None else parse_card(t) for t in given["spades_shown"]),
        turns=given["turns"],
        taken=within(given["taken"], known[cur]) if given["taken"] else -1,
        stock_out_seat=-1 if given["stock_out_seat"] is None else given["stock_out_seat"],
        phase=PHASES.index(given["phase"]),
        cur=cur,
        dealer=given["dealer"],
        hand_no=given["hand_number"],
        hand_start=given["version"] - len(given["log"]),
        hands_counted=sum(not r.void for r in results),
        ledger=tuple(LedgerEntry(p, q, s, s * rules.stake, h, r) for p, q, s, h, r in map(ledger_row, given["ledger"])),
        balances=tuple(given["balances"]),
        results=results,
    )
    if rules.deal_49_wins == "in_turn":
        pos.pending49 = pending49_of(pos, n)
    return pos


def pending49_of(pos: TonkPosition, n: int) -> int:
    """Seats dealt 49 whose first turn has not come yet (the in-turn house rule)."""
    had_turn = {(pos.dealer + 1 + i) % n for i in range(pos.turns)}
    return sum(1 << q for q in range(n) if q not in had_turn and pos.values[q] == 49)


class Sampler:
    """Deals the cards a seat cannot see afresh into a template state, once per call.

    The deal is uniform over the unseen cards consistent with what play
    revealed: once the deal-time wins were checked and the hand went on, no
    hand still as dealt (its holder has not drawn yet) is one that would have
    won, or voided the hand, at the deal (speno: nobody's first five total
    15 or less, or 49 or more); such deals are redrawn. Dealing opponents low
    cards more often the longer they have played (they keep low cards) was
    tried for search and made it worse: too cautious to drop. Each sample
    gets a fresh seed for the chance events after this hand.
    """

    REDRAWS = 100
    """Deals tried for one sample before the last is kept whatever the deal-time check says."""

    def __init__(self, template: State[Any, TonkPosition], seat: int | None, values: tuple[int, ...],
                 rules: TonkRules) -> None:
        self.template = template
        pos = template.pos
        n = len(pos.hands)
        self.n = n
        self.values = values
        self.in_turn_49 = rules.deal_49_wins == "in_turn"
        self.slots = [
            (q, pos.known[q], pos.hands[q].bit_count() - pos.known[q].bit_count()) for q in range(n) if q != seat
        ]
        drew = {q for q, action in pos.log(pos.hand_start) if str(action).startswith("draw")}
        checked = pos.phase not in (BET, OVER)
        self.as_dealt = [i for i, (q, _, count) in enumerate(self.slots) if checked and count and q not in drew]
        """Indexes in ``slots`` of the hands, partly unseen, that are still as dealt after the deal-time check."""
        self.deal_won = [deal_win_stakes(v, rules) > 0 for v in range(max(values) * len(values) + 1)]
        """By hand total: would a dealt hand of this total have ended the deal?"""
        pool = list(pos.stock)
        for q, known, _ in self.slots:
            pool.extend(cards_of(pos.hands[q] & ~known))
        self.pool = pool

    def __call__(self, rng: random.Random) -> State[Any, TonkPosition]:
        template = self.template
        pos = template.pos.copy()
        for _ in range(self.REDRAWS):
            cards, dealt = self.deal(rng)
            if not any(self.deal_won[dealt[i][1]] for i in self.as_dealt):
                break
        hands = pos.hands
        values = pos.values
        for (q, _, _), (mask, value) in zip(self.slots, dealt, strict=True):
            hands[q], values[q] = mask, value
        pos.stock = cards
        if self.in_turn_49:
            pos.pending49 = pending49_of(pos, self.n)
        return type(template).of(template.game, rng.getrandbits(64), pos)

    def deal(self, rng: random.Random) -> tuple[list[int], list[tuple[int, int]]]:
        """The unseen cards shuffled: the stock left, and each hidden hand's cards (a mask) and total."""
        cards = shuffled(self.pool, rng)
        table = self.values
        dealt = []
        for _, known, count in self.slots:
            mask = known
            if count:
                for c in cards[-count:]:
                    mask |= 1 << c
                del cards[-count:]
            value = 0
            for c in cards_of(mask):
                value += table[c]
            dealt.append((mask, value))
        return cards, dealt

