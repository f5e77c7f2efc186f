"""Tonk's state: the contract around a ``TonkPosition``, and why anything illegal is refused.

A state is one match of ``rules.hands`` hands (one by default) around a
``TonkPosition`` (position.py), which holds all its data. Each finished hand
is settled into the ledger and, unless the match is over, the next is dealt
at once from chance event ``hand_no`` of the seed. The rules of play
themselves (dealing, turns, the legal-move generator and each move's effect)
are ``TonkPlay``'s (play.py), the state's ``play``, which the core's
``legal_actions`` and ``apply`` call directly (``core.game.RulesOfPlay``);
``why_illegal`` only explains a refusal. What a seat sees, and states
sampled from that, are in views.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.actions import Discard
from parlour.core.cards import CARD_TEXT, cards_of, sort_key
from parlour.core.game import RECENT_RESULTS, TERMINAL, Game, LedgerEntry, State, View
from parlour.core.i18n import gettext as _
from parlour.core.i18n import ngettext
from parlour.games.tonk.actions import Draw, Drop, Hit, SpadesBet, Spread, TonkAction
from parlour.games.tonk.play import TonkPlay
from parlour.games.tonk.position import BET, OVER, PLAY, TURN, TonkPosition, cards_text
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.setup import read_position
from parlour.games.tonk.spreads import spread_shape
from parlour.games.tonk.views import view_of

ACTION_TYPES = (Drop, Draw, Spread, Hit, Discard, SpadesBet)


@mypyc_attr(native_class=False)  # a regular class when compiled: State.clone copies its __dict__
class TonkState(State[TonkAction, TonkPosition]):
    """One Tonk match; see the module docstring."""

    game: Game[TonkRules]
    rules: TonkRules
    play: TonkPlay
    """The rules of play (play.py), shared by the state's clones."""

    def _bind(self) -> None:
        self.rules = self.game.rules
        self.play = TonkPlay(self.rules)

    # ----------------------------------------------------------------- dealing

    def _deal(self) -> TonkPosition:
        return self.play.deal(self.first_dealer, self.seed)

    def _set_up(self, position: Mapping[str, Any]) -> TonkPosition:
        pos, just_dealt = read_position(position, self.rules, self.seed, self.play.values_table)
        if just_dealt:
            self.play.begin_hand(pos, self.seed, pos.hands, pos.values)
        else:
            self.play.start_turn(pos, self.seed)
        return pos

    # --------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return self.pos.cur

    @property
    def is_terminal(self) -> bool:
        """``current_player == TERMINAL``, read straight from the position (asked at every step of a playout)."""
        return self.pos.cur == TERMINAL

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
            for q in range(self.rules.players):
                if q != seat:
                    hidden.update(cards_of(pos.hands[q] & ~pos.known[q]))
        return hidden

    def view(self, seat: int | None) -> View:
        return view_of(self.pos, seat, self.rules)

    def message_view(self, seat: int | None) -> View:
        """The view with the latest hands in full, the earlier ones counted with each seat's net stakes."""
        return view_of(self.pos, seat, self.rules, RECENT_RESULTS)

    # ---------------------------------------------------------------- legal

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
            if phase == PLAY and not self.play.drop_any:
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
