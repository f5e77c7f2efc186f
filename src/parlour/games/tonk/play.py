"""Tonk's rules of play on a position: dealing, turns, the end of a hand, the legal moves and each move's effect.

``TonkPlay`` is Tonk's ``core.game.RulesOfPlay``: it holds one rule set's
constants and every step that reads or changes a ``TonkPosition``, and the
core's one ``State`` class calls it for everything (``why_illegal`` answers
with refusals.py's words, ``view`` with views.py's). A game is one match of
``rules.hands`` hands (one by default): each finished hand is settled into
the ledger and, unless the match is over, the next is dealt at once. The
compiled build makes ``TonkPlay`` a native class, so the calls from one step
to another are direct, where in a regular class every ``self.`` look-up goes
through Python's generic attribute machinery.

A state's chance events come from its seed (``chance_rng(seed, hand_no)``
deals hand ``hand_no``), so every step that may end a hand, and so deal the
next, is given the seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, final

from parlour.core.actions import Discard
from parlour.core.cards import cards_of, rank, sort_key
from parlour.core.chance import chance_rng
from parlour.core.game import TERMINAL, LedgerEntry, View
from parlour.core.refusals import Refusal
from parlour.games.tonk import settlement
from parlour.games.tonk.actions import DROP, SPADES_IN, SPADES_OUT, Draw, Drop, Hit, SpadesBet, Spread, TonkAction
from parlour.games.tonk.moves import BITS, TURN_ACTIONS, VALUES, discards, hit_action, spread_actions
from parlour.games.tonk.outcomes import dealt_winners, seated, stored
from parlour.games.tonk.position import BET, OVER, PLAY, TURN, HandResult, TonkPosition
from parlour.games.tonk.refusals import why_illegal
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.setup import read_position
from parlour.games.tonk.spreads import REAL, spread_shape
from parlour.games.tonk.table import TableSpread
from parlour.games.tonk.views import view_of

SPADE_BITS: Final = 0x1FFF << 39
JOKERS_HELD: Final = (0, 1, 1, 2)
"""The jokers in a hand, by its two joker bits (``hand >> 52``): a look-up, where ``int.bit_count`` is a
method call in compiled code."""


@final
class TonkPlay:
    """The rules of play of one rule set (see the module docstring); states of that rule set share one."""

    rules: TonkRules
    n: int
    values_table: tuple[int, ...]
    discard_only: bool
    drop_any: bool
    hands: int
    target: int | None
    stake: int
    caught: str
    ace_high: bool
    may_rediscard_taken: bool

    def __init__(self, rules: TonkRules) -> None:
        self.rules = rules
        self.n = rules.players
        self.values_table = VALUES[rules.joker_points]
        self.discard_only = rules.stock_out == "discard_only"
        self.drop_any = rules.drop_timing == "any"
        # the flags read at every step, as native fields (a look-up in the rules costs more)
        self.hands = rules.hands
        self.target = rules.target
        self.stake = rules.stake
        self.caught = rules.caught
        self.ace_high = rules.ace_high
        self.may_rediscard_taken = rules.may_rediscard_taken

    def __reduce__(self) -> tuple[type[TonkPlay], tuple[TonkRules]]:
        """Pickled as its rules (a state pickles its ``__dict__``, this included)."""
        return (TonkPlay, (self.rules,))

    # ----------------------------------------------------------------- dealing

    def deal(self, seed: int, dealer: int) -> TonkPosition:
        """A match's first position, its first hand dealt by ``dealer``."""
        n = self.n
        # the match's fields; deal_hand and begin_hand set every per-hand one
        pos = TonkPosition.__new__(TonkPosition)
        pos.version = 0
        pos.history = None
        pos.dealer = dealer
        pos.hand_no = 0
        pos.hands_counted = 0
        pos.ledger = ()
        pos.balances = (0,) * n
        pos.results = ()
        self.deal_hand(pos, seed)
        return pos

    def set_up(self, position: Mapping[str, Any], seed: int) -> TonkPosition:
        """The hand-built position (setup.py's keys), play started: the deal checks when it is ``just_dealt``,
        else the turn of the seat to play."""
        pos, just_dealt = read_position(position, self.rules, seed, self.values_table)
        if just_dealt:
            self.begin_hand(pos, seed, pos.hands, pos.values)
        else:
            self.start_turn(pos, seed)
        return pos

    def deal_hand(self, pos: TonkPosition, seed: int) -> None:
        """Deal the next hand from chance event ``hand_no``: one card at a time from the dealer's left."""
        rules = self.rules
        pos.hand_no += 1
        random = chance_rng(seed, pos.hand_no).random
        keys = [random() for _ in range(rules.deck_size)]
        deck = sorted(range(rules.deck_size), key=keys.__getitem__)  # = cards.shuffled(range(deck_size), rng)
        n = self.n
        count = rules.hand_size * n
        dealt = deck[-count:]
        del deck[-count:]
        dealt.reverse()  # in the order dealt: card k goes to the k-th seat from the dealer's left
        hands = [0] * n
        values = [0] * n
        bit = BITS.__getitem__
        value = self.values_table.__getitem__
        first = pos.dealer + 1
        for j in range(n):
            cards = dealt[j::n]
            seat = (first + j) % n
            hands[seat] = sum(map(bit, cards))
            values[seat] = sum(map(value, cards))
        pos.stock = deck
        pos.discard = [deck.pop()] if rules.upcard else []
        self.begin_hand(pos, seed, hands, values)

    def begin_hand(self, pos: TonkPosition, seed: int, hands: list[int], values: list[int]) -> None:
        """Reset the per-hand fields around freshly dealt ``hands`` and run the deal checks."""
        n = self.n
        pos.hands = hands
        pos.values = values
        pos.spreads = ()
        pos.known = [0] * n
        pos.lockout = [0] * n
        pos.bets = (None,) * n
        pos.spades_shown = (None,) * n
        pos.taken = -1
        pos.turns = 0
        pos.pending49 = 0
        pos.stock_out_seat = -1
        pos.hand_start = pos.version
        pos.cur = (pos.dealer + 1) % n
        if self.rules.spades_side_bet:
            pos.phase = BET
        else:
            self.deal_checks(pos, seed)

    def deal_checks(self, pos: TonkPosition, seed: int) -> None:
        """Deal-time wins (docs/rules/en/tonk.md, "Tonk on the deal"), then the first turn."""
        rules = self.rules
        winners = {}
        for seat, value in enumerate(pos.values):
            if value <= settlement.DEAL_WIN_LOW or value >= settlement.DEAL_WIN_HIGH:
                stakes = settlement.deal_win_stakes(value, rules)
                if stakes:
                    winners[seat] = stakes
        if winners:
            if rules.deal_wins == "pagat" and sum(v in (49, 50) for v in pos.values) >= 2:
                self.end_hand(pos, seed, stored("void_deal"), [], True)
                return
            dealt = dealt_winners({s: pos.values[s] for s in winners})
            self.end_hand(pos, seed, stored("dealt_tonk", winners=dealt), settlement.pay_winners(winners, self.n),
                          False)
            return
        if rules.deal_49_wins == "in_turn":
            pos.pending49 = sum(1 << s for s, v in enumerate(pos.values) if v == 49)
        pos.phase = TURN
        self.start_turn(pos, seed)

    # ------------------------------------------------------------------ turns

    def start_turn(self, pos: TonkPosition, seed: int) -> None:
        """The turn of ``pos.cur`` begins: a dealt 49 wins now (deal_49_wins=in_turn), an empty stock may end
        the hand."""
        seat = pos.cur
        pos.turns += 1
        pos.taken = -1
        if pos.pending49 >> seat & 1:
            self.end_hand(pos, seed, seated("dealt_49_in_turn", seat), settlement.everyone_pays(seat, self.n, 1),
                          False)
            return
        pos.pending49 &= ~(1 << seat)
        if not pos.stock:
            if not pos.discard or pos.stock_out_seat == seat:
                self.stock_out(pos, seed)
            elif self.discard_only and pos.stock_out_seat < 0:
                pos.stock_out_seat = seat  # found empty (a hand-built position): one round from here

    def next_turn(self, pos: TonkPosition, seed: int) -> None:
        seat = pos.cur
        if pos.lockout[seat]:
            pos.lockout[seat] -= 1
        if not pos.stock and not self.discard_only:
            self.stock_out(pos, seed)
            return
        pos.cur = seat + 1 if seat + 1 < self.n else 0
        pos.phase = TURN
        self.start_turn(pos, seed)

    def stock_out(self, pos: TonkPosition, seed: int) -> None:
        payments = settlement.lowest_wins(pos.values)
        if payments is None:
            self.end_hand(pos, seed, stored("stock_out_tie"), [], True)
        else:
            self.end_hand(pos, seed, seated("stock_out", payments[0][1]), payments, False)

    # ------------------------------------------------------------- hand end

    def end_hand(self, pos: TonkPosition, seed: int, outcome: str, payments: list[settlement.Payment],
                 void: bool) -> None:
        """Settle the hand, keep its result, then end the match or deal the next hand."""
        self.settle(pos, payments, "hand")
        # tuple.__new__ makes a named tuple in C; its generated __new__ is interpreted, twice the cost here
        result = tuple.__new__(HandResult, (pos.hand_no, pos.dealer, outcome, void, tuple(pos.values),
                                            tuple(pos.hands), tuple(payments)))
        pos.results = (*pos.results, result)
        if not void:
            pos.hands_counted += 1
        target = self.target
        if pos.hands_counted >= self.hands or (target is not None and max(pos.balances) >= target):
            pos.phase = OVER
            pos.cur = TERMINAL
            return
        if not void:
            pos.dealer = (pos.dealer + 1) % self.n
        self.deal_hand(pos, seed)

    def settle(self, pos: TonkPosition, payments: list[settlement.Payment], reason: str) -> None:
        """Enter ``payments`` in the ledger and the balances."""
        if not payments:
            return
        stake = self.stake
        balances = list(pos.balances)
        entries = []
        for payer, payee, stakes in payments:  # a named tuple made in C, as in end_hand
            entries.append(tuple.__new__(LedgerEntry, (payer, payee, stakes, stakes * stake, pos.hand_no, reason)))
            balances[payer] -= stakes
            balances[payee] += stakes
        pos.ledger = (*pos.ledger, *entries)
        pos.balances = tuple(balances)

    # -------------------------------------------------------- what a state reads

    def to_play(self, pos: TonkPosition) -> int:
        return pos.cur

    def returns(self, pos: TonkPosition) -> list[float]:
        """Each seat's balance in stakes."""
        return [float(b) for b in pos.balances]

    def estimate(self, pos: TonkPosition) -> list[float]:
        """The balances: a hand is settled as it ends, so nothing is owed that they do not show."""
        return [float(b) for b in pos.balances]

    def settlement(self, pos: TonkPosition) -> list[LedgerEntry]:
        return list(pos.ledger)

    def view(self, pos: TonkPosition, seat: int | None, recent: int | None) -> View:
        """views.py's; with ``recent``, the latest hands in full, the earlier ones counted with each seat's net
        stakes."""
        return view_of(pos, seat, self.rules, recent)

    def hand(self, pos: TonkPosition, seat: int) -> list[int]:
        return sorted(cards_of(pos.hands[seat]), key=sort_key)

    def hidden_cards(self, pos: TonkPosition, seat: int | None) -> set[int]:
        """The stock, and while the hand is on, the cards of others' hands not seen taken from the discard pile."""
        hidden = set(pos.stock)
        if pos.phase != OVER:
            for q in range(self.n):
                if q != seat:
                    hidden.update(cards_of(pos.hands[q] & ~pos.known[q]))
        return hidden

    def interned_actions(self) -> type[Any] | None:
        """None: Tonk's actions are shared objects (moves.py) but of several types, found by identity."""
        return None

    def why_illegal(self, pos: TonkPosition, action: Any) -> Refusal:
        return why_illegal(pos, self.rules, action)

    # ---------------------------------------------------------------- legal

    def legal(self, pos: TonkPosition) -> tuple[TonkAction, ...]:
        """Every legal action of the seat to play, in the generator's order: the one source of legality."""
        phase = pos.phase
        if phase == TURN:
            return TURN_ACTIONS[(not pos.lockout[pos.cur]) | (bool(pos.stock) << 1) | (bool(pos.discard) << 2)]
        if phase == PLAY:
            return self.play_actions(pos)
        if phase == BET:
            return (SPADES_IN, SPADES_OUT)
        return ()

    def play_actions(self, pos: TonkPosition) -> tuple[TonkAction, ...]:
        """After the draw: drop (drop_timing=any), spreads, hits, then discards."""
        seat = pos.cur
        hand = pos.hands[seat]
        real = hand & REAL
        jokers = JOKERS_HELD[hand >> 52]
        out: list[TonkAction] = []
        if self.drop_any and not pos.lockout[seat]:
            out.append(DROP)
        two_less = hand & (hand - 1)  # the hand without its lowest card; then without its two lowest
        if two_less & (two_less - 1):
            out.extend(spread_actions(real, jokers, self.ace_high))
        for index, spread in enumerate(pos.spreads):  # compiled as a loop (with start=1, a generic call)
            number = index + 1
            fits = spread.accept & real
            while fits:
                low = fits & -fits
                fits ^= low
                out.append(hit_action(low.bit_length() - 1, number, False))
            if jokers:
                fits = spread.accept
                while fits:
                    low = fits & -fits
                    fits ^= low
                    out.append(hit_action(low.bit_length() - 1, number, True))
        taken = pos.taken
        discardable = hand
        if taken >= 0 and not self.may_rediscard_taken and hand != 1 << taken:
            discardable &= ~(1 << taken)
        if out:
            return (*out, *discards(discardable))
        return discards(discardable)

    # ---------------------------------------------------------------- apply

    def apply(self, pos: TonkPosition, seed: int, action: TonkAction) -> None:
        """Play the legal ``action`` on ``pos`` (the core has checked it and recorded it)."""
        kind = type(action)
        if kind is Draw:
            self.draw(pos, action)  # type: ignore[arg-type]
        elif kind is Discard:
            self.discard(pos, seed, action)  # type: ignore[arg-type]
        elif kind is Drop:
            self.drop(pos, seed)
        elif kind is Spread:
            self.spread(pos, seed, action)  # type: ignore[arg-type]
        elif kind is Hit:
            self.hit(pos, seed, action)  # type: ignore[arg-type]
        else:
            self.bet(pos, seed, action)  # type: ignore[arg-type]

    def bet(self, pos: TonkPosition, seed: int, action: SpadesBet) -> None:
        bets = list(pos.bets)
        bets[pos.cur] = action.join
        pos.bets = tuple(bets)
        pos.cur = (pos.cur + 1) % self.n
        if pos.cur == (pos.dealer + 1) % self.n:
            self.settle_spades(pos, seed)

    def settle_spades(self, pos: TonkPosition, seed: int) -> None:
        highest = {}
        shown = list(pos.spades_shown)
        for seat, joined in enumerate(pos.bets):
            if joined:
                spades = pos.hands[seat] & SPADE_BITS
                best = max((13 if rank(c) == 1 else rank(c) - 1 for c in cards_of(spades)), default=-1)
                card = (39 + (0 if best == 13 else best)) if best >= 0 else None
                shown[seat] = card
                if card is not None:
                    pos.known[seat] |= 1 << card
                highest[seat] = best + 1
        pos.spades_shown = tuple(shown)
        self.settle(pos, settlement.spades_payments(highest), "spades")
        self.deal_checks(pos, seed)

    def drop(self, pos: TonkPosition, seed: int) -> None:
        seat = pos.cur
        payments = settlement.drop_payments(seat, pos.values, self.caught)
        won = all(payee == seat for _, payee, _ in payments)
        self.end_hand(pos, seed, seated("drop_wins" if won else "drop_caught", seat, pos.values[seat]), payments,
                      False)

    def draw(self, pos: TonkPosition, action: Draw) -> None:
        seat = pos.cur
        if action.from_stock:
            card = pos.stock.pop()
            if not pos.stock and self.discard_only:
                pos.stock_out_seat = seat
        else:
            card = pos.discard.pop()
            pos.taken = card
            pos.known[seat] |= 1 << card
        pos.hands[seat] |= 1 << card
        pos.values[seat] += self.values_table[card]
        pos.phase = PLAY

    def remove(self, pos: TonkPosition, seat: int, cards: int) -> None:
        """Take the cards of mask ``cards`` out of ``seat``'s hand."""
        table = self.values_table
        hand = pos.hands[seat] & ~cards
        pos.hands[seat] = hand
        pos.values[seat] -= sum(table[c] for c in cards_of(cards))
        pos.known[seat] &= hand

    def after_lay(self, pos: TonkPosition, seed: int) -> None:
        """A hand emptied by a spread or a hit tonks out."""
        seat = pos.cur
        if not pos.hands[seat]:
            pay = self.rules.tonk_out_pay
            self.end_hand(pos, seed, seated("tonk_out", seat), settlement.everyone_pays(seat, self.n, pay), False)

    def spread(self, pos: TonkPosition, seed: int, action: Spread) -> None:
        seat = pos.cur
        rules = self.rules
        hand = pos.hands[seat]
        real = 0
        for c in action.real:
            real |= 1 << c
        joker_faces = tuple(int(c) for c in action.jokers)
        jokers = tuple(c for c in (52, 53) if hand >> c & 1)[:len(joker_faces)]
        shape = spread_shape(real, joker_faces, rules.ace_high)
        assert shape is not None
        taken = real
        for j in jokers:
            taken |= 1 << j
        self.remove(pos, seat, taken)
        pos.spreads = (*pos.spreads, TableSpread.laid(seat, real, joker_faces, jokers, shape, rules.ace_high,
                                                      rules.hit_sets))
        self.after_lay(pos, seed)

    def hit(self, pos: TonkPosition, seed: int, action: Hit) -> None:
        seat = pos.cur
        rules = self.rules
        index = action.spread - 1
        spread = pos.spreads[index]
        face = int(action.card)
        joker = (52 if pos.hands[seat] >> 52 & 1 else 53) if action.joker else None
        self.remove(pos, seat, 1 << (face if joker is None else joker))
        spreads = list(pos.spreads)
        spreads[index] = spread.hit(face, joker, rules.ace_high, rules.hit_sets)
        pos.spreads = tuple(spreads)
        if rules.hit_lockout and spread.owner != seat:
            pos.lockout[spread.owner] += 1
        self.after_lay(pos, seed)

    def discard(self, pos: TonkPosition, seed: int, action: Discard) -> None:
        seat = pos.cur
        card = int(action.card)
        hands = pos.hands
        if card >= 52:
            held = tuple(c for c in (52, 53) if hands[seat] >> c & 1)
            if pos.taken in held and len(held) == 2 and not self.may_rediscard_taken:
                held = tuple(j for j in held if j != pos.taken)
            card = held[0]
        hand = hands[seat] = hands[seat] & ~(1 << card)
        pos.values[seat] -= self.values_table[card]
        pos.known[seat] &= hand
        pos.discard.append(card)
        if not hand:
            self.end_hand(pos, seed, seated("run_out", seat), settlement.everyone_pays(seat, self.n, 1), False)
            return
        self.next_turn(pos, seed)
