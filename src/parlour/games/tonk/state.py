"""Tonk's rules of play: the one legal-move generator, why anything else is refused, and ``_apply``.

A state is one match of ``rules.hands`` hands (one by default) around a
``TonkPosition`` (position.py), which holds all its data. Each finished
hand is settled into the ledger and, unless the match is over, the next is
dealt at once from chance event ``hand_no`` of the seed. Legality has one
source, ``_legal_actions``; ``why_illegal`` only explains a refusal, and the
``_apply_*`` handlers trust that the core checked the action against the
generator. What a seat sees, and states sampled from that, are in views.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.actions import Discard
from parlour.core.cards import CARD_TEXT, cards_of, rank, sort_key
from parlour.core.chance import chance_rng
from parlour.core.game import RECENT_RESULTS, TERMINAL, Game, LedgerEntry, State, View
from parlour.core.i18n import gettext as _
from parlour.core.i18n import ngettext
from parlour.games.tonk import settlement
from parlour.games.tonk.actions import DROP, SPADES_IN, SPADES_OUT, Draw, Drop, Hit, SpadesBet, Spread, TonkAction
from parlour.games.tonk.moves import BITS, TURN_ACTIONS, VALUES, discards, hit_action, spread_action
from parlour.games.tonk.outcomes import dealt_winners, stored
from parlour.games.tonk.position import BET, OVER, PLAY, TURN, HandResult, TonkPosition, cards_text
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.setup import read_position
from parlour.games.tonk.spreads import REAL, candidate_spreads, spread_shape
from parlour.games.tonk.table import TableSpread
from parlour.games.tonk.views import view_of

SPADE_BITS = 0x1FFF << 39
ACTION_TYPES = (Drop, Draw, Spread, Hit, Discard, SpadesBet)


@mypyc_attr(native_class=False)  # a regular class when compiled: State.clone copies its __dict__
class TonkState(State[TonkAction, TonkPosition]):
    """One Tonk match; see the module docstring."""

    game: Game[TonkRules]
    rules: TonkRules
    n: int
    values_table: tuple[int, ...]
    discard_only: bool
    drop_any: bool

    def _bind(self) -> None:
        rules = self.rules = self.game.rules
        self.n = rules.players
        self.values_table = VALUES[rules.joker_points]
        self.discard_only = rules.stock_out == "discard_only"
        self.drop_any = rules.drop_timing == "any"

    # ----------------------------------------------------------------- dealing

    def _deal(self) -> TonkPosition:
        n = self.n
        # the match's fields; _deal_hand and _begin_hand set every per-hand one
        pos = self.pos = TonkPosition.__new__(TonkPosition)
        pos.version = 0
        pos.history = None
        pos.dealer = self.first_dealer
        pos.hand_no = 0
        pos.hands_counted = 0
        pos.ledger = ()
        pos.balances = (0,) * n
        pos.results = ()
        self._deal_hand()
        return pos

    def _set_up(self, position: Mapping[str, Any]) -> TonkPosition:
        pos, just_dealt = read_position(position, self.rules, self.seed, self.values_table)
        self.pos = pos
        if just_dealt:
            self._begin_hand(pos.hands, pos.values)
        else:
            self._start_turn()
        return pos

    def _deal_hand(self) -> None:
        """Deal the next hand from chance event ``hand_no``: one card at a time from the dealer's left."""
        pos = self.pos
        rules = self.rules
        pos.hand_no += 1
        random = chance_rng(self.seed, pos.hand_no).random
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
        self._begin_hand(hands, values)

    def _begin_hand(self, hands: list[int], values: list[int]) -> None:
        """Reset the per-hand fields around freshly dealt ``hands`` and run the deal checks."""
        pos = self.pos
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
            self._deal_checks()

    def _deal_checks(self) -> None:
        """Deal-time wins (docs/rules/en/tonk.md, "Tonk on the deal"), then the first turn."""
        pos = self.pos
        rules = self.rules
        winners = {}
        for seat, value in enumerate(pos.values):
            if value <= settlement.DEAL_WIN_LOW or value >= settlement.DEAL_WIN_HIGH:
                stakes = settlement.deal_win_stakes(value, rules)
                if stakes:
                    winners[seat] = stakes
        if winners:
            if rules.deal_wins == "pagat" and sum(v in (49, 50) for v in pos.values) >= 2:
                self._end_hand(stored("void_deal"), [], void=True)
                return
            dealt = dealt_winners({s: pos.values[s] for s in winners})
            self._end_hand(stored("dealt_tonk", winners=dealt), settlement.pay_winners(winners, self.n))
            return
        if rules.deal_49_wins == "in_turn":
            pos.pending49 = sum(1 << s for s, v in enumerate(pos.values) if v == 49)
        pos.phase = TURN
        self._start_turn()

    # ------------------------------------------------------------------ turns

    def _start_turn(self) -> None:
        pos = self.pos
        seat = pos.cur
        pos.turns += 1
        pos.taken = -1
        if pos.pending49 >> seat & 1:
            self._end_hand(stored("dealt_49_in_turn", seat=seat), settlement.everyone_pays(seat, self.n, 1))
            return
        pos.pending49 &= ~(1 << seat)
        if not pos.stock:
            if not pos.discard or pos.stock_out_seat == seat:
                self._stock_out()
            elif self.discard_only and pos.stock_out_seat < 0:
                pos.stock_out_seat = seat  # found empty (a hand-built position): one round from here

    def _next_turn(self) -> None:
        pos = self.pos
        seat = pos.cur
        if pos.lockout[seat]:
            pos.lockout[seat] -= 1
        if not pos.stock and not self.discard_only:
            self._stock_out()
            return
        pos.cur = seat + 1 if seat + 1 < self.n else 0
        pos.phase = TURN
        self._start_turn()

    def _stock_out(self) -> None:
        payments = settlement.lowest_wins(self.pos.values)
        if payments is None:
            self._end_hand(stored("stock_out_tie"), [], void=True)
        else:
            self._end_hand(stored("stock_out", seat=payments[0][1]), payments)

    # ------------------------------------------------------------- hand end

    def _end_hand(self, outcome: str, payments: list[settlement.Payment], void: bool = False) -> None:
        pos = self.pos
        rules = self.rules
        self._settle(payments, "hand")
        pos.results = (*pos.results, HandResult(pos.hand_no, pos.dealer, outcome, void, tuple(pos.values),
                                                tuple(pos.hands), tuple(payments)))
        if not void:
            pos.hands_counted += 1
        target = rules.target
        if pos.hands_counted >= rules.hands or (target is not None and max(pos.balances) >= target):
            pos.phase = OVER
            pos.cur = TERMINAL
            return
        if not void:
            pos.dealer = (pos.dealer + 1) % self.n
        self._deal_hand()

    def _settle(self, payments: list[settlement.Payment], reason: str) -> None:
        if not payments:
            return
        pos = self.pos
        stake = self.rules.stake
        balances = list(pos.balances)
        entries = []
        for payer, payee, stakes in payments:
            entries.append(LedgerEntry(payer, payee, stakes, stakes * stake, pos.hand_no, reason))
            balances[payer] -= stakes
            balances[payee] += stakes
        pos.ledger = (*pos.ledger, *entries)
        pos.balances = tuple(balances)

    # --------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return self.pos.cur

    def returns(self) -> list[float]:
        return [float(b) for b in self.pos.balances]

    def settlement(self) -> list[LedgerEntry]:
        return list(self.pos.ledger)

    def hand(self, seat: int) -> list[int]:
        return sorted(cards_of(self.pos.hands[seat]), key=sort_key)

    def hand_value(self, seat: int) -> int:
        return self.pos.values[seat]

    def hidden_cards(self, seat: int | None) -> set[int]:
        pos = self.pos
        hidden = set(pos.stock)
        if pos.phase != OVER:
            for q in range(self.n):
                if q != seat:
                    hidden.update(cards_of(pos.hands[q] & ~pos.known[q]))
        return hidden

    def view(self, seat: int | None) -> View:
        return view_of(self.pos, seat, self.rules)

    def message_view(self, seat: int | None) -> View:
        """The view with the latest hands in full, the earlier ones counted with each seat's net stakes."""
        return view_of(self.pos, seat, self.rules, RECENT_RESULTS)

    # ---------------------------------------------------------------- legal

    def _legal_actions(self) -> tuple[TonkAction, ...]:
        pos = self.pos
        phase = pos.phase
        if phase == TURN:
            return TURN_ACTIONS[(not pos.lockout[pos.cur]) | (bool(pos.stock) << 1) | (bool(pos.discard) << 2)]
        if phase == PLAY:
            return self._play_actions()
        if phase == BET:
            return (SPADES_IN, SPADES_OUT)
        return ()

    def _play_actions(self) -> tuple[TonkAction, ...]:
        pos = self.pos
        seat = pos.cur
        hand = pos.hands[seat]
        real = hand & REAL
        jokers = (hand >> 52).bit_count()
        out: list[TonkAction] = []
        if self.drop_any and not pos.lockout[seat]:
            out.append(DROP)
        if hand.bit_count() >= 3:
            for named, joker_faces in candidate_spreads(real, jokers, self.rules.ace_high):
                out.append(spread_action(named, joker_faces))
        for number, spread in enumerate(pos.spreads, start=1):
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
        if taken >= 0 and not self.rules.may_rediscard_taken and hand != 1 << taken:
            discardable &= ~(1 << taken)
        if out:
            return (*out, *discards(discardable))
        return discards(discardable)

    def why_illegal(self, action: Any) -> str:
        """Why ``action`` is not among the legal actions, in the current language: quoting the hand or the
        spread where that helps."""
        if not isinstance(action, ACTION_TYPES):
            return _("{action} is not a Tonk action").format(action=repr(action))
        pos = self.pos
        phase = pos.phase
        allowed = {SpadesBet: (BET,), Drop: (TURN, PLAY), Draw: (TURN,)}.get(type(action), (PLAY,))
        if phase not in allowed:
            now = {
                BET: _("the spades side bet is being decided: spades in or spades out"),
                TURN: _("first drop or draw (draw stock, draw discard)"),
                PLAY: _("you have drawn: spread, hit or discard now"),
            }[phase]
            return _("not now — {now}").format(now=now)
        if isinstance(action, Drop):
            if phase == PLAY and not self.drop_any:
                return _("a drop comes before drawing (flag drop_timing=before_draw)")
            turns = pos.lockout[pos.cur]
            return ngettext("you were hit and cannot drop for {n} more turn",
                            "you were hit and cannot drop for {n} more turns", turns).format(n=turns)
        if isinstance(action, Draw):
            if action.from_stock:
                return _("the stock is empty; draw discard")
            return _("the discard pile is empty; draw stock")
        if isinstance(action, Spread):
            return self._why_not_spread(action)
        if isinstance(action, Hit):
            return self._why_not_hit(action)
        if isinstance(action, Discard):
            return self._why_not_discard(action)
        return _("it is not a legal action here")

    def _hand_text(self) -> str:
        cards = cards_text(self.pos.hands[self.pos.cur])
        return _("your hand is {cards}").format(cards=" ".join(cards)) if cards else _("your hand is empty")

    def _no_cards(self, cards: list[str]) -> str:
        return _("you have no {cards}; {hand}").format(cards=" ".join(cards), hand=self._hand_text())

    def _why_not_spread(self, action: Spread) -> str:
        rules = self.rules
        hand = self.pos.hands[self.pos.cur]
        real = 0
        for c in action.real:
            real |= 1 << (c % 54)
        joker_faces = tuple(c % 54 for c in action.jokers)
        if real.bit_count() != len(action.real):
            return _("a spread names each card once")
        kinds = _("3 or 4 of a rank, or 3 or more in a row of one suit")
        if len(action.cards) < 3:
            return _("a spread needs at least three cards, not {n}: {kinds}").format(n=len(action.cards), kinds=kinds)
        if spread_shape(real, joker_faces, rules.ace_high) is None:
            if not rules.ace_high:
                kinds += " " + _("(ace low: A-2-3, never Q-K-A with ace_high=false)")
            return _("not a set or run: a spread is {kinds}").format(kinds=kinds)
        missing = real & ~hand
        if missing:
            return self._no_cards(cards_text(missing))
        held = (hand >> 52).bit_count()
        if len(joker_faces) > held:
            return ngettext("you hold {n} joker; {hand}", "you hold {n} jokers; {hand}", held).format(
                n=held, hand=self._hand_text())
        if not real:
            return _("a spread needs at least one real card")
        return _("it is not a legal spread here")

    def _why_not_hit(self, action: Hit) -> str:
        pos = self.pos
        hand = pos.hands[pos.cur]
        number = action.spread
        if not 1 <= number <= len(pos.spreads):
            there = (_("spreads are numbered 1 to {n}").format(n=len(pos.spreads)) if pos.spreads
                     else _("no spread is on the table"))
            return _("there is no spread {number}: {there}").format(number=number, there=there)
        spread = pos.spreads[number - 1]
        face = action.card % 54
        if face >= 52:
            return _("name the card a joker stands for, e.g. hit Jk=8s 2")
        if action.joker:
            if not hand >> 52:
                return _("you hold no joker; {hand}").format(hand=self._hand_text())
        elif not hand >> face & 1:
            return self._no_cards([CARD_TEXT[face]])
        shown = " ".join(spread.cards_text())
        if not spread.shape.is_run and not self.rules.hit_sets:
            return _("sets cannot be hit (flag hit_sets=false): only runs are extended")
        if not spread.shape.is_run and spread.size >= 4:
            return _("spread {number} ({cards}) is a full set of 4").format(number=number, cards=shown)
        fits = " ".join(cards_text(spread.accept)) or _("nothing")
        return _("{card} does not fit spread {number} ({cards}); it takes {fits}").format(
            card=CARD_TEXT[face], number=number, cards=shown, fits=fits)

    def _why_not_discard(self, action: Discard) -> str:
        pos = self.pos
        hand = pos.hands[pos.cur]
        card = action.card % 54
        if card >= 52:
            if not hand >> 52:
                return _("you hold no joker; {hand}").format(hand=self._hand_text())
        elif not hand >> card & 1:
            return self._no_cards([CARD_TEXT[card]])
        return _("you took {card} from the discard pile this turn and may not discard it "
                 "(flag may_rediscard_taken=false)").format(card=CARD_TEXT[pos.taken])

    # ---------------------------------------------------------------- apply

    def _apply(self, action: TonkAction) -> None:
        _HANDLERS[type(action)](self, action)

    def _apply_bet(self, action: SpadesBet) -> None:
        pos = self.pos
        bets = list(pos.bets)
        bets[pos.cur] = action.join
        pos.bets = tuple(bets)
        pos.cur = (pos.cur + 1) % self.n
        if pos.cur == (pos.dealer + 1) % self.n:
            self._settle_spades()

    def _settle_spades(self) -> None:
        pos = self.pos
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
        self._settle(settlement.spades_payments(highest), "spades")
        self._deal_checks()

    def _apply_drop(self, action: Drop) -> None:
        pos = self.pos
        seat = pos.cur
        payments = settlement.drop_payments(seat, pos.values, self.rules.caught)
        won = all(payee == seat for _, payee, _ in payments)
        self._end_hand(stored("drop_wins" if won else "drop_caught", seat=seat, value=pos.values[seat]), payments)

    def _apply_draw(self, action: Draw) -> None:
        pos = self.pos
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

    def _remove(self, seat: int, cards: int) -> None:
        """Take the cards of mask ``cards`` out of ``seat``'s hand."""
        pos = self.pos
        table = self.values_table
        hand = pos.hands[seat] & ~cards
        pos.hands[seat] = hand
        pos.values[seat] -= sum(table[c] for c in cards_of(cards))
        pos.known[seat] &= hand

    def _after_lay(self) -> None:
        seat = self.pos.cur
        if not self.pos.hands[seat]:
            pay = self.rules.tonk_out_pay
            self._end_hand(stored("tonk_out", seat=seat), settlement.everyone_pays(seat, self.n, pay))

    def _apply_spread(self, action: Spread) -> None:
        pos = self.pos
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
        self._remove(seat, taken)
        pos.spreads = (*pos.spreads, TableSpread.laid(seat, real, joker_faces, jokers, shape, rules.ace_high,
                                                      rules.hit_sets))
        self._after_lay()

    def _apply_hit(self, action: Hit) -> None:
        pos = self.pos
        seat = pos.cur
        rules = self.rules
        index = action.spread - 1
        spread = pos.spreads[index]
        face = int(action.card)
        joker = (52 if pos.hands[seat] >> 52 & 1 else 53) if action.joker else None
        self._remove(seat, 1 << (face if joker is None else joker))
        spreads = list(pos.spreads)
        spreads[index] = spread.hit(face, joker, rules.ace_high, rules.hit_sets)
        pos.spreads = tuple(spreads)
        if rules.hit_lockout and spread.owner != seat:
            pos.lockout[spread.owner] += 1
        self._after_lay()

    def _apply_discard(self, action: Discard) -> None:
        pos = self.pos
        seat = pos.cur
        card = int(action.card)
        hands = pos.hands
        if card >= 52:
            held = tuple(c for c in (52, 53) if hands[seat] >> c & 1)
            if pos.taken in held and len(held) == 2 and not self.rules.may_rediscard_taken:
                held = tuple(j for j in held if j != pos.taken)
            card = held[0]
        hand = hands[seat] = hands[seat] & ~(1 << card)
        pos.values[seat] -= self.values_table[card]
        pos.known[seat] &= hand
        pos.discard.append(card)
        if not hand:
            self._end_hand(stored("run_out", seat=seat), settlement.everyone_pays(seat, self.n, 1))
            return
        self._next_turn()


_HANDLERS: dict[type, Callable[[TonkState, Any], None]] = {
    SpadesBet: TonkState._apply_bet,
    Drop: TonkState._apply_drop,
    Draw: TonkState._apply_draw,
    Spread: TonkState._apply_spread,
    Hit: TonkState._apply_hit,
    Discard: TonkState._apply_discard,
}
