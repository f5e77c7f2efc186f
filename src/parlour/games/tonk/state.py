"""A Tonk match in play: the hands, stock, discard pile, spreads and ledger.

Hands are bit masks of card ids (faces 0..51, jokers 52 and 53) with their
counting values kept up to date, so that each step is a few integer
operations. A state is one match of ``rules.hands`` hands (one by default);
each finished hand is settled into the ledger and, unless the match is over,
the next is dealt at once by the state's own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parlour.core.cards import CARD_TEXT, CARDS, card_str, cards_of, parse_card, rank, shuffled, sort_key, value_of_face
from parlour.core.errors import IllegalActionError
from parlour.core.game import TERMINAL, LedgerEntry, State, View
from parlour.games.tonk import settlement
from parlour.games.tonk.actions import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    DROP,
    SPADES_IN,
    SPADES_OUT,
    Discard,
    Draw,
    Drop,
    Hit,
    SpadesBet,
    Spread,
    TonkAction,
)
from parlour.games.tonk.spreads import REAL, candidate_spreads, shape_of, table_order
from parlour.games.tonk.table import TableSpread

if TYPE_CHECKING:
    from parlour.games.tonk.game import TonkGame

BET, TURN, PLAY, OVER = range(4)
PHASES = ("bet", "turn", "play", "over")
JOKERS = (1 << 52) | (1 << 53)
SPADE_BITS = 0x1FFF << 39

_TURN_ACTIONS = tuple(
    tuple(a for bit, a in ((1, DROP), (2, DRAW_STOCK), (4, DRAW_DISCARD)) if key & bit) for key in range(8)
)
"""The turn-start actions, by (may drop) | (stock left) << 1 | (discard pile left) << 2."""

_DISCARDS_BY_SUIT = tuple(
    tuple(tuple(DISCARDS[s * 13 + r] for r in range(13) if block >> r & 1) for block in range(1 << 13))
    for s in range(4)
)
"""The discard actions of every subset of one suit's 13 cards: a hand's discards are four look-ups."""


def _discards(hand: int) -> tuple[TonkAction, ...]:
    """``discard`` of every card in ``hand`` (a joker once, however many are held)."""
    out = (
        _DISCARDS_BY_SUIT[0][hand & 0x1FFF] + _DISCARDS_BY_SUIT[1][hand >> 13 & 0x1FFF]
        + _DISCARDS_BY_SUIT[2][hand >> 26 & 0x1FFF] + _DISCARDS_BY_SUIT[3][hand >> 39 & 0x1FFF]
    )
    return (*out, DISCARDS[52]) if hand >> 52 else out


_VALUES = {points: tuple(value_of_face(c, points) for c in range(54)) for points in range(51)}

_spread_cache: dict[tuple[int, int], Spread] = {}
_hit_cache: dict[tuple[int, int, bool], Hit] = {}


def _spread_action(named: int, joker_named: int) -> Spread:
    key = (named, joker_named)
    action = _spread_cache.get(key)
    if action is None:
        faces = table_order([f for f in range(52) if named >> f & 1])
        jokers = tuple(CARDS[f] for f in sorted(cards_of(joker_named)))
        action = _spread_cache[key] = Spread(tuple(CARDS[f] for f in faces), jokers)
    return action


def _hit_action(face: int, spread: int, joker: bool) -> Hit:
    key = (face, spread, joker)
    action = _hit_cache.get(key)
    if action is None:
        action = _hit_cache[key] = Hit(CARDS[face], spread, joker)
    return action


def _text(cards: int | Sequence[int]) -> list[str]:
    """Card ids (a mask or a list) as sorted notation."""
    ids = list(cards_of(cards)) if isinstance(cards, int) else list(cards)
    return [CARD_TEXT[c] for c in sorted(ids, key=sort_key)]


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand, kept raw and shown (revealed) in every view under ``results``."""

    hand: int
    dealer: int
    outcome: str
    void: bool
    totals: tuple[int, ...]
    hands: tuple[int, ...]
    """Each seat's hand at the end, as a mask."""
    payments: tuple[settlement.Payment, ...]

    def as_view(self) -> dict[str, Any]:
        return {
            "hand": self.hand, "dealer": self.dealer, "outcome": self.outcome, "void": self.void,
            "totals": list(self.totals), "hands": [_text(h) for h in self.hands],
            "payments": [list(p) for p in self.payments],
        }

    @classmethod
    def from_view(cls, data: Mapping[str, Any]) -> HandResult:
        masks = []
        for cards in data["hands"]:
            mask = 0
            for text in cards:
                card = parse_card(text)
                if card >= 52 and mask >> card & 1:
                    card += 1
                mask |= 1 << card
            masks.append(mask)
        return cls(data["hand"], data["dealer"], data["outcome"], data["void"], tuple(data["totals"]),
                   tuple(masks), tuple((p, q, s) for p, q, s in data["payments"]))


class TonkState(State):
    """One Tonk match; see the module docstring."""

    game: TonkGame

    def _set_up(self, position: Mapping[str, Any]) -> None:
        from parlour.games.tonk.position import set_up

        set_up(self, position)

    def _blank(self, game: TonkGame, seed: int) -> None:  # type: ignore[override]
        """Every field at its start value, nothing dealt."""
        super()._blank(game, seed)
        rules = game.rules
        self.rules = rules
        self.n = rules.players
        self.rng = random.Random(seed)
        self.values_table = _VALUES[rules.joker_points]
        self.ledger: list[LedgerEntry] = []
        self.balances = [0] * self.n
        self.results: list[HandResult] = []
        self.hands_counted = 0
        self.hand_no = 0
        self.dealer = self.n - 1
        self.hands = [0] * self.n
        self.values = [0] * self.n
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.spreads: list[TableSpread] = []
        self.known = [0] * self.n
        self.lockout = [0] * self.n
        self.bets: list[bool | None] = [None] * self.n
        self.spades_shown: list[int | None] = [None] * self.n
        self.pending49 = 0
        self.turns = 0
        self.taken = -1
        self.phase = TURN
        self.cur = 0
        self.hand_start = 0
        self._legal: tuple[TonkAction, ...] | None = None

    # ----------------------------------------------------------------- dealing

    def _deal(self) -> None:
        rules = self.rules
        self.hand_no += 1
        deck = shuffled(range(rules.deck_size), self.rng)
        n = self.n
        hands = [0] * n
        values = [0] * n
        table = self.values_table
        seat = self.dealer
        for _ in range(rules.hand_size * n):
            seat = seat + 1 if seat + 1 < n else 0
            card = deck.pop()
            hands[seat] |= 1 << card
            values[seat] += table[card]
        self.stock = deck
        self.discard = [deck.pop()] if rules.upcard else []
        self._begin_hand(hands, values)

    def _begin_hand(self, hands: list[int], values: list[int] | None = None) -> None:
        """Reset the per-hand fields around freshly dealt ``hands`` and run the deal checks."""
        n = self.n
        self.hands = hands
        self.values = values if values is not None else [self._value(h) for h in hands]
        self.spreads = []
        self.known = [0] * n
        self.lockout = [0] * n
        self.bets = [None] * n
        self.spades_shown = [None] * n
        self.taken = -1
        self.turns = 0
        self.pending49 = 0
        self.hand_start = self.version
        self.cur = (self.dealer + 1) % n
        self._legal = None
        if self.rules.spades_side_bet:
            self.phase = BET
        else:
            self._deal_checks()

    def _value(self, hand: int) -> int:
        table = self.values_table
        return sum(table[c] for c in cards_of(hand))

    def _deal_checks(self) -> None:
        """Deal-time wins (RULES §1.3), then the first turn."""
        rules = self.rules
        winners = {}
        for seat, value in enumerate(self.values):
            stakes = settlement.deal_win_stakes(value, rules)
            if stakes:
                winners[seat] = stakes
        if winners:
            if rules.deal_wins == "pagat" and sum(v in (49, 50) for v in self.values) >= 2:
                self._end_hand("void: two or more dealt 49 or 50", [], void=True)
                return
            names = ", ".join(f"seat {s} ({self.values[s]})" for s in winners)
            self._end_hand(f"dealt TONK: {names}", settlement.pay_winners(winners, self.n))
            return
        if rules.deal_49_wins == "in_turn":
            self.pending49 = sum(1 << s for s, v in enumerate(self.values) if v == 49)
        self.phase = TURN
        self._start_turn()

    # ------------------------------------------------------------------ turns

    def _start_turn(self) -> None:
        seat = self.cur
        self.turns += 1
        self.taken = -1
        self._legal = None
        if self.pending49 >> seat & 1:
            self._end_hand(f"seat {seat} was dealt 49 and wins in turn",
                           settlement.everyone_pays(seat, self.n, 1))
            return
        self.pending49 &= ~(1 << seat)
        if not self.stock and not self.discard:
            self._stock_out()

    def _next_turn(self) -> None:
        seat = self.cur
        if self.lockout[seat]:
            self.lockout[seat] -= 1
        if not self.stock and self.rules.stock_out == "end":
            self._stock_out()
            return
        self.cur = (seat + 1) % self.n
        self.phase = TURN
        self._start_turn()

    def _stock_out(self) -> None:
        payments = settlement.lowest_wins(self.values)
        if payments is None:
            self._end_hand("stock out: a tie for lowest, void hand", [], void=True)
        else:
            self._end_hand(f"stock out: seat {payments[0][1]} is lowest", payments)

    # ------------------------------------------------------------- hand end

    def _end_hand(self, outcome: str, payments: list[settlement.Payment], void: bool = False,
                  reason: str = "hand") -> None:
        rules = self.rules
        self._settle(payments, reason)
        self.results.append(HandResult(self.hand_no, self.dealer, outcome, void, tuple(self.values),
                                       tuple(self.hands), tuple(payments)))
        if not void:
            self.hands_counted += 1
        target = rules.target
        if self.hands_counted >= rules.hands or (
            target is not None and max(self.balances) >= target
        ):
            self.phase = OVER
            self.cur = TERMINAL
            self._legal = None
            return
        if not void:
            self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def _settle(self, payments: list[settlement.Payment], reason: str) -> None:
        stake = self.rules.stake
        for payer, payee, stakes in payments:
            self.ledger.append(LedgerEntry(payer, payee, stakes, stakes * stake, self.hand_no, reason))
            self.balances[payer] -= stakes
            self.balances[payee] += stakes

    # --------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return self.cur

    def returns(self) -> list[float]:
        return [float(b) for b in self.balances]

    def settlement(self) -> list[LedgerEntry]:
        return list(self.ledger)

    def hand(self, seat: int) -> list[int]:
        return sorted(cards_of(self.hands[seat]), key=sort_key)

    def hand_value(self, seat: int) -> int:
        return self.values[seat]

    def hidden_cards(self, seat: int | None) -> set[int]:
        hidden = set(self.stock)
        if self.phase != OVER:
            for q in range(self.n):
                if q != seat:
                    hidden.update(cards_of(self.hands[q] & ~self.known[q]))
        return hidden

    def clone(self) -> TonkState:
        new = TonkState.__new__(TonkState)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.hands = self.hands[:]
        new.values = self.values[:]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.spreads = self.spreads[:]
        new.known = self.known[:]
        new.lockout = self.lockout[:]
        new.bets = self.bets[:]
        new.spades_shown = self.spades_shown[:]
        new.ledger = self.ledger[:]
        new.balances = self.balances[:]
        new.results = self.results[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TonkState):
            return NotImplemented
        return self._key() == other._key() and self.rng.getstate() == other.rng.getstate()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules, self.version, self.phase, self.cur, self.dealer, self.hand_no,
            self.hands, self.stock, self.discard, self.spreads, self.known, self.lockout,
            self.bets, self.spades_shown, self.pending49, self.turns, self.taken,
            self.ledger, self.results, [(s, str(a)) for s, a in self.history()],
        )

    def __repr__(self) -> str:
        return f"<TonkState {self.game.name_with_rules()!r} seed={self.seed} version={self.version}>"

    # ---------------------------------------------------------------- legal

    def legal_actions(self) -> tuple[TonkAction, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> tuple[TonkAction, ...]:
        phase = self.phase
        if phase == TURN:
            return _TURN_ACTIONS[
                (not self.lockout[self.cur]) | (bool(self.stock) << 1) | (bool(self.discard) << 2)
            ]
        if phase == PLAY:
            return self._play_actions()
        if phase == BET:
            return (SPADES_IN, SPADES_OUT)
        return ()

    def _play_actions(self) -> tuple[TonkAction, ...]:
        rules = self.rules
        hand = self.hands[self.cur]
        real = hand & REAL
        jokers = (hand >> 52).bit_count()
        out: list[TonkAction] = []
        if rules.drop_timing == "any" and not self.lockout[self.cur]:
            out.append(DROP)
        if hand.bit_count() >= 3:
            for named, joker_named in candidate_spreads(real, jokers, rules.ace_high):
                out.append(_spread_action(named, joker_named))
        for number, spread in enumerate(self.spreads, start=1):
            fits = spread.accept & real
            while fits:
                low = fits & -fits
                fits ^= low
                out.append(_hit_action(low.bit_length() - 1, number, False))
            if jokers:
                fits = spread.accept & ~real
                while fits:
                    low = fits & -fits
                    fits ^= low
                    out.append(_hit_action(low.bit_length() - 1, number, True))
        taken = self.taken
        discardable = hand
        if taken >= 0 and not rules.may_rediscard_taken and hand != 1 << taken:
            discardable &= ~(1 << taken)
        if out:
            return (*out, *_discards(discardable))
        return _discards(discardable)

    # ---------------------------------------------------------------- apply

    def apply(self, action: TonkAction) -> None:  # type: ignore[override]
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not a Tonk action")
        previous = self._history
        self._history = (self.cur, action, previous)
        self.version += 1
        try:
            handler(self, action)
        except IllegalActionError:
            self._history = previous
            self.version -= 1
            raise

    def _refuse(self, action: TonkAction, why: str) -> IllegalActionError:
        return IllegalActionError(f"'{action}': {why}")

    def _hand_text(self, seat: int | None = None) -> str:
        cards = _text(self.hands[self.cur if seat is None else seat])
        return "your hand is " + (" ".join(cards) if cards else "empty")

    def _need_phase(self, action: TonkAction, *phases: int) -> None:
        if self.phase in phases:
            return
        if self.phase == OVER:
            raise self._refuse(action, "the game is over")
        now = {
            BET: "the spades side bet is being decided: spades in or spades out",
            TURN: "first drop or draw (draw stock, draw discard)",
            PLAY: "you have drawn: spread, hit or discard now",
        }[self.phase]
        raise self._refuse(action, f"not now — {now}")

    def _apply_bet(self, action: SpadesBet) -> None:
        self._need_phase(action, BET)
        self.bets[self.cur] = action.join
        self._legal = None
        self.cur = (self.cur + 1) % self.n
        if self.cur == (self.dealer + 1) % self.n:
            self._settle_spades()

    def _settle_spades(self) -> None:
        highest = {}
        for seat, joined in enumerate(self.bets):
            if joined:
                spades = self.hands[seat] & SPADE_BITS
                best = max((13 if rank(c) == 1 else rank(c) - 1 for c in cards_of(spades)), default=-1)
                card = (39 + (0 if best == 13 else best)) if best >= 0 else None
                self.spades_shown[seat] = card
                if card is not None:
                    self.known[seat] |= 1 << card
                highest[seat] = best + 1
        self._settle(settlement.spades_payments(highest), "spades")
        self._deal_checks()

    def _apply_drop(self, action: Drop) -> None:
        self._need_phase(action, TURN, PLAY)
        if self.phase == PLAY and self.rules.drop_timing != "any":
            raise self._refuse(action, "a drop comes before drawing (flag drop_timing=before_draw)")
        if self.lockout[self.cur]:
            raise self._refuse(
                action, f"you were hit and cannot drop for {self.lockout[self.cur]} more turn(s)"
            )
        seat = self.cur
        payments = settlement.drop_payments(seat, self.values, self.rules.caught)
        won = all(payee == seat for _, payee, _ in payments)
        how = "and wins" if won else "and is caught"
        self._end_hand(f"seat {seat} drops with {self.values[seat]} {how}", payments)

    def _apply_draw(self, action: Draw) -> None:
        self._need_phase(action, TURN)
        seat = self.cur
        if action.from_stock:
            if not self.stock:
                raise self._refuse(action, "the stock is empty; draw discard")
            card = self.stock.pop()
        else:
            if not self.discard:
                raise self._refuse(action, "the discard pile is empty; draw stock")
            card = self.discard.pop()
            self.taken = card
            self.known[seat] |= 1 << card
        self.hands[seat] |= 1 << card
        self.values[seat] += self.values_table[card]
        self.phase = PLAY
        self._legal = None

    def _take_jokers(self, seat: int, count: int) -> tuple[int, ...]:
        ids = tuple(c for c in (52, 53) if self.hands[seat] >> c & 1)[:count]
        return ids

    def _remove(self, seat: int, cards: Sequence[int]) -> None:
        table = self.values_table
        for c in cards:
            self.hands[seat] &= ~(1 << c)
            self.values[seat] -= table[c]
        self.known[seat] &= self.hands[seat]
        self._legal = None

    def _after_lay(self) -> None:
        seat = self.cur
        if not self.hands[seat]:
            pay = self.rules.tonk_out_pay
            self._end_hand(f"seat {seat} tonks out", settlement.everyone_pays(seat, self.n, pay))

    def _apply_spread(self, action: Spread) -> None:
        self._need_phase(action, PLAY)
        seat = self.cur
        rules = self.rules
        hand = self.hands[seat]
        named = 0
        for c in action.cards:
            named |= 1 << (c % 54)
        joker_named = 0
        for c in action.jokers:
            joker_named |= 1 << (c % 54)
        if named.bit_count() != len(action.cards) or joker_named & ~named:
            raise self._refuse(action, "a spread names each card once")
        shape = shape_of(named, rules.ace_high)
        if shape is None:
            kinds = "3 or 4 of a rank, or 3 or more in a row of one suit"
            if not rules.ace_high:
                kinds += " (ace low: A-2-3, never Q-K-A with ace_high=false)"
            raise self._refuse(action, f"not a set or run: a spread is {kinds}")
        real = named & ~joker_named
        missing = real & ~hand
        if missing:
            raise self._refuse(action, f"you have no {' '.join(_text(missing))}; {self._hand_text()}")
        held_jokers = self._take_jokers(seat, 2)
        if len(action.jokers) > len(held_jokers):
            raise self._refuse(action, f"you hold {len(held_jokers)} joker(s); {self._hand_text()}")
        if joker_named & hand:
            raise self._refuse(action, f"you hold {' '.join(_text(joker_named & hand))}: lay it "
                                       "instead of a joker")
        if not real:
            raise self._refuse(action, "a spread needs at least one real card")
        jokers = held_jokers[: len(action.jokers)]
        self._remove(seat, list(cards_of(real)) + list(jokers))
        self.spreads.append(TableSpread.laid(seat, named, joker_named, jokers, shape,
                                             rules.ace_high, rules.hit_sets))
        self._after_lay()

    def _apply_hit(self, action: Hit) -> None:
        self._need_phase(action, PLAY)
        seat = self.cur
        rules = self.rules
        hand = self.hands[seat]
        number = action.spread
        if not 1 <= number <= len(self.spreads):
            there = (f"spreads are numbered 1 to {len(self.spreads)}" if self.spreads
                     else "no spread is on the table")
            raise self._refuse(action, f"there is no spread {number}: {there}")
        spread = self.spreads[number - 1]
        face = action.card % 54
        if face >= 52:
            raise self._refuse(action, "name the card a joker stands for, e.g. hit Jk=8s 2")
        if action.joker:
            jokers = self._take_jokers(seat, 1)
            if not jokers:
                raise self._refuse(action, f"you hold no joker; {self._hand_text()}")
            if hand >> face & 1:
                raise self._refuse(action, f"you hold {card_str(face)}: hit with it instead of a joker")
        elif not hand >> face & 1:
            raise self._refuse(action, f"you have no {card_str(face)}; {self._hand_text()}")
        if not spread.accept >> face & 1:
            shown = " ".join(spread.cards_text())
            if not spread.shape.is_run and not rules.hit_sets:
                why = "sets cannot be hit (flag hit_sets=false): only runs are extended"
            else:
                fits = " ".join(_text(spread.accept)) or "nothing"
                why = f"{card_str(face)} does not fit spread {number} ({shown}); it takes {fits}"
            raise self._refuse(action, why)
        joker = jokers[0] if action.joker else None
        self._remove(seat, [face if joker is None else joker])
        self.spreads[number - 1] = spread.hit(face, joker, rules.ace_high, rules.hit_sets)
        if rules.hit_lockout and spread.owner != seat:
            self.lockout[spread.owner] += 1
        self._after_lay()

    def _apply_discard(self, action: Discard) -> None:
        self._need_phase(action, PLAY)
        seat = self.cur
        hand = self.hands[seat]
        card = action.card % 54
        if card >= 52:
            held = self._take_jokers(seat, 2)
            if self.taken in held and len(held) == 2 and not self.rules.may_rediscard_taken:
                held = tuple(j for j in held if j != self.taken)
            if not held:
                raise self._refuse(action, f"you hold no joker; {self._hand_text()}")
            card = held[0]
        elif not hand >> card & 1:
            raise self._refuse(action, f"you have no {card_str(card)}; {self._hand_text()}")
        if (card == self.taken and not self.rules.may_rediscard_taken and hand != 1 << card):
            raise self._refuse(action, f"you took {card_str(card)} from the discard pile this turn "
                                       "and may not discard it (flag may_rediscard_taken=false)")
        self._remove(seat, [card])
        self.discard.append(card)
        if not self.hands[seat]:
            self._end_hand(f"seat {seat} runs out", settlement.everyone_pays(seat, self.n, 1))
            return
        self._next_turn()

    # ----------------------------------------------------------------- view

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator): see ``TonkView`` keys below."""
        n = self.n
        over = self.phase == OVER
        out: View = {
            "game": "tonk",
            "seat": seat,
            "players": n,
            "version": self.version,
            "hand_number": self.hand_no,
            "dealer": self.dealer,
            "to_play": self.cur,
            "phase": PHASES[self.phase],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [_text(self.hands[q] if over else self.known[q]) for q in range(n)],
            "stock": len(self.stock),
            "discard": [CARD_TEXT[c] for c in self.discard],
            "spreads": [{"owner": s.owner, "cards": s.cards_text()} for s in self.spreads],
            "lockout": list(self.lockout),
            "taken": card_str(self.taken) if self.taken >= 0 else None,
            "turns": self.turns,
            "bets": list(self.bets),
            "spades_shown": [None if c is None else card_str(c) for c in self.spades_shown],
            "balances": list(self.balances),
            "ledger": [[e.payer, e.payee, e.stakes, e.hand, e.reason] for e in self.ledger],
            "results": [r.as_view() for r in self.results],
            "log": [[s, str(a)] for s, a in self._hand_log()],
        }
        if seat is not None:
            out["hand"] = _text(self.hands[seat])
            out["hand_value"] = self.values[seat]
        return out

    def _hand_log(self) -> list[tuple[int, Any]]:
        out = []
        node = self._history
        for _ in range(self.version - self.hand_start):
            if node is None:
                break
            out.append((node[0], node[1]))
            node = node[2]
        out.reverse()
        return out


_HANDLERS: dict[type, Callable[[TonkState, Any], None]] = {
    SpadesBet: TonkState._apply_bet,
    Drop: TonkState._apply_drop,
    Draw: TonkState._apply_draw,
    Spread: TonkState._apply_spread,
    Hit: TonkState._apply_hit,
    Discard: TonkState._apply_discard,
}
