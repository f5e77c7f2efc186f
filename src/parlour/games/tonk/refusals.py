"""Why Tonk refuses an action: the reason quoted in an ``IllegalActionError``, in the current language.

``TonkPlay.why_illegal`` (play.py) answers with ``why_illegal`` here. Refusals are rare and all words, so they
live apart from the compiled rules of play.
"""

from __future__ import annotations

from typing import Any

from parlour.core.actions import Discard
from parlour.core.cards import CARD_TEXT
from parlour.core.i18n import gettext as _
from parlour.core.i18n import ngettext
from parlour.games.tonk.actions import Draw, Drop, Hit, SpadesBet, Spread
from parlour.games.tonk.position import BET, PLAY, TURN, TonkPosition, cards_text
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.spreads import spread_shape

ACTION_TYPES = (Drop, Draw, Spread, Hit, Discard, SpadesBet)


def why_illegal(pos: TonkPosition, rules: TonkRules, action: Any) -> str:
    """Why ``action`` is not among the legal actions at ``pos``, in the current language: quoting the hand or
    the spread where that helps."""
    if not isinstance(action, ACTION_TYPES):
        return _("{action} is not a Tonk action").format(action=repr(action))
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
        if phase == PLAY and rules.drop_timing != "any":
            return _("a drop comes before drawing (flag drop_timing=before_draw)")
        turns = pos.lockout[pos.cur]
        return ngettext("you were hit and cannot drop for {n} more turn",
                        "you were hit and cannot drop for {n} more turns", turns).format(n=turns)
    if isinstance(action, Draw):
        if action.from_stock:
            return _("the stock is empty; draw discard")
        return _("the discard pile is empty; draw stock")
    if isinstance(action, Spread):
        return _why_not_spread(pos, rules, action)
    if isinstance(action, Hit):
        return _why_not_hit(pos, rules, action)
    if isinstance(action, Discard):
        return _why_not_discard(pos, action)
    return _("it is not a legal action here")


def _hand_text(pos: TonkPosition) -> str:
    """The hand of the seat to play, in words."""
    cards = cards_text(pos.hands[pos.cur])
    return _("your hand is {cards}").format(cards=" ".join(cards)) if cards else _("your hand is empty")


def _no_cards(pos: TonkPosition, cards: list[str]) -> str:
    """The seat to play does not hold ``cards``."""
    return _("you have no {cards}; {hand}").format(cards=" ".join(cards), hand=_hand_text(pos))


def _why_not_spread(pos: TonkPosition, rules: TonkRules, action: Spread) -> str:
    """Why a spread is refused: not one of the legal shapes, or not in hand."""
    hand = pos.hands[pos.cur]
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
        return _no_cards(pos, cards_text(missing))
    held = (hand >> 52).bit_count()
    if len(joker_faces) > held:
        return ngettext("you hold {n} joker; {hand}", "you hold {n} jokers; {hand}", held).format(
            n=held, hand=_hand_text(pos))
    if not real:
        return _("a spread needs at least one real card")
    return _("it is not a legal spread here")


def _why_not_hit(pos: TonkPosition, rules: TonkRules, action: Hit) -> str:
    """Why a hit is refused: no such spread, no such card, or it does not fit."""
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
            return _("you hold no joker; {hand}").format(hand=_hand_text(pos))
    elif not hand >> face & 1:
        return _no_cards(pos, [CARD_TEXT[face]])
    shown = " ".join(spread.cards_text())
    if not spread.shape.is_run and not rules.hit_sets:
        return _("sets cannot be hit (flag hit_sets=false): only runs are extended")
    if not spread.shape.is_run and spread.size >= 4:
        return _("spread {number} ({cards}) is a full set of 4").format(number=number, cards=shown)
    fits = " ".join(cards_text(spread.accept)) or _("nothing")
    return _("{card} does not fit spread {number} ({cards}); it takes {fits}").format(
        card=CARD_TEXT[face], number=number, cards=shown, fits=fits)


def _why_not_discard(pos: TonkPosition, action: Discard) -> str:
    """Why a discard is refused: not in hand, or just taken from the discard pile."""
    hand = pos.hands[pos.cur]
    card = action.card % 54
    if card >= 52:
        if not hand >> 52:
            return _("you hold no joker; {hand}").format(hand=_hand_text(pos))
    elif not hand >> card & 1:
        return _no_cards(pos, [CARD_TEXT[card]])
    return _("you took {card} from the discard pile this turn and may not discard it "
             "(flag may_rediscard_taken=false)").format(card=CARD_TEXT[pos.taken])
