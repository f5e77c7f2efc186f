"""Why Tonk refuses an action: a ``Refusal`` (core/refusals.py) of one of the codes declared here.

``TonkPlay.why_illegal`` (play.py) answers with ``why_illegal`` here. Refusals are rare, so they live apart
from the compiled rules of play. A refusal names the cards of the action and the table, never the rest of
the hand (the seat sees its hand; a refusal may reach where the hand must not).
"""

from __future__ import annotations

from typing import Any

from parlour.core.actions import Discard
from parlour.core.cards import CARD_TEXT
from parlour.core.refusals import ILLEGAL, N_, Refusal, declare
from parlour.games.tonk.actions import NOTATION, Draw, Drop, Hit, SpadesBet, Spread
from parlour.games.tonk.position import BET, PLAY, TURN, TonkPosition, cards_text
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.spreads import spread_shape

ACTION_TYPES = (Drop, Draw, Spread, Hit, Discard, SpadesBet)

REFUSALS = declare({
    **NOTATION,
    "tonk/not_an_action": N_("{action} is no Tonk action"),
    "tonk/bet_first": N_("The spades side bet is decided first: say spades in or spades out"),
    "tonk/draw_first": N_("A turn begins with a drop or a draw, from the stock or the discard pile"),
    "tonk/drawn_already": N_("You have drawn already: now spread, hit or discard"),
    "tonk/drop_before_draw": N_("At this table a drop comes before drawing"),
    "tonk/hit_lockout": N_("A player who was hit cannot drop for a while: turns left before you may drop: {n}"),
    "tonk/stock_empty": N_("The stock is empty: draw from the discard pile"),
    "tonk/discard_empty": N_("The discard pile is empty: draw from the stock"),
    "tonk/card_twice": N_("A spread names each card once"),
    "tonk/spread_too_short": N_("A spread needs at least three cards, not {n}: 3 or 4 of a rank, "
                                "or 3 or more in a row of one suit"),
    "tonk/not_set_or_run": N_("A spread is 3 or 4 of a rank, or 3 or more in a row of one suit: "
                              "{cards} is neither"),
    "tonk/not_set_or_run_ace_low": N_("A spread is 3 or 4 of a rank, or 3 or more in a row of one suit, the ace "
                                      "low at this table (A-2-3, never Q-K-A): {cards} is neither"),
    "tonk/not_in_hand": N_("You play only cards from your own hand: you do not hold {cards}"),
    "tonk/too_few_jokers": N_("Each joker of a spread is one from your hand: you hold {n}"),
    "tonk/no_such_spread": N_("You hit a spread on the table by its number: spreads are numbered 1 to {n}, "
                              "there is no spread {number}"),
    "tonk/no_spreads": N_("You hit a spread on the table, and none is laid yet"),
    "tonk/joker_face": N_("A joker hits as the card it stands for: name that card"),
    "tonk/no_joker": N_("You play only cards from your own hand: you hold no joker"),
    "tonk/no_hit_sets": N_("At this table only runs are hit, never sets"),
    "tonk/full_set": N_("A set holds at most 4 cards: spread {number} ({cards}) is full"),
    "tonk/does_not_fit": N_("A hit extends a spread: {card} does not fit spread {number} ({cards}), "
                            "which takes {fits}"),
    "tonk/fits_nothing": N_("A hit extends a spread: spread {number} ({cards}) takes no more cards"),
    "tonk/taken_discard": N_("At this table the card taken from the discard pile is not thrown back the same turn: "
                             "{card}"),
})
"""Every refusal Tonk gives: code → sentence."""


def why_illegal(pos: TonkPosition, rules: TonkRules, action: Any) -> Refusal:
    """Why ``action`` is not among the legal actions at ``pos``: naming the spread where that helps."""
    if not isinstance(action, ACTION_TYPES):
        return Refusal("tonk/not_an_action", action=repr(action))
    phase = pos.phase
    allowed = {SpadesBet: (BET,), Drop: (TURN, PLAY), Draw: (TURN,)}.get(type(action), (PLAY,))
    if phase not in allowed:
        return Refusal({BET: "tonk/bet_first", TURN: "tonk/draw_first", PLAY: "tonk/drawn_already"}[phase])
    if isinstance(action, Drop):
        if phase == PLAY and rules.drop_timing != "any":
            return Refusal("tonk/drop_before_draw")
        return Refusal("tonk/hit_lockout", n=pos.lockout[pos.cur])
    if isinstance(action, Draw):
        return Refusal("tonk/stock_empty" if action.from_stock else "tonk/discard_empty")
    if isinstance(action, Spread):
        return _why_not_spread(pos, rules, action)
    if isinstance(action, Hit):
        return _why_not_hit(pos, rules, action)
    if isinstance(action, Discard):
        return _why_not_discard(pos, action)
    return Refusal(ILLEGAL)


def _why_not_spread(pos: TonkPosition, rules: TonkRules, action: Spread) -> Refusal:
    """Why a spread is refused: not one of the legal shapes, or not in hand."""
    hand = pos.hands[pos.cur]
    real = 0
    for c in action.real:
        real |= 1 << (c % 54)
    joker_faces = tuple(c % 54 for c in action.jokers)
    if real.bit_count() != len(action.real):
        return Refusal("tonk/card_twice")
    if len(action.cards) < 3:
        return Refusal("tonk/spread_too_short", n=len(action.cards))
    if spread_shape(real, joker_faces, rules.ace_high) is None:
        shown = " ".join(CARD_TEXT[c % 54] for c in action.cards)
        return Refusal("tonk/not_set_or_run" if rules.ace_high else "tonk/not_set_or_run_ace_low", cards=shown)
    missing = real & ~hand
    if missing:
        return Refusal("tonk/not_in_hand", cards=" ".join(cards_text(missing)))
    held = (hand >> 52).bit_count()
    if len(joker_faces) > held:
        return Refusal("tonk/too_few_jokers", n=held)
    return Refusal(ILLEGAL)


def _why_not_hit(pos: TonkPosition, rules: TonkRules, action: Hit) -> Refusal:
    """Why a hit is refused: no such spread, no such card, or it does not fit."""
    hand = pos.hands[pos.cur]
    number = action.spread
    if not 1 <= number <= len(pos.spreads):
        if pos.spreads:
            return Refusal("tonk/no_such_spread", n=len(pos.spreads), number=number)
        return Refusal("tonk/no_spreads")
    spread = pos.spreads[number - 1]
    face = action.card % 54
    if face >= 52:
        return Refusal("tonk/joker_face")
    if action.joker:
        if not hand >> 52:
            return Refusal("tonk/no_joker")
    elif not hand >> face & 1:
        return Refusal("tonk/not_in_hand", cards=CARD_TEXT[face])
    shown = " ".join(spread.cards_text())
    if not spread.shape.is_run and not rules.hit_sets:
        return Refusal("tonk/no_hit_sets")
    if not spread.shape.is_run and spread.size >= 4:
        return Refusal("tonk/full_set", number=number, cards=shown)
    fits = " ".join(cards_text(spread.accept))
    if not fits:
        return Refusal("tonk/fits_nothing", number=number, cards=shown)
    return Refusal("tonk/does_not_fit", card=CARD_TEXT[face], number=number, cards=shown, fits=fits)


def _why_not_discard(pos: TonkPosition, action: Discard) -> Refusal:
    """Why a discard is refused: not in hand, or just taken from the discard pile."""
    hand = pos.hands[pos.cur]
    card = action.card % 54
    if card >= 52:
        if not hand >> 52:
            return Refusal("tonk/no_joker")
    elif not hand >> card & 1:
        return Refusal("tonk/not_in_hand", cards=CARD_TEXT[card])
    return Refusal("tonk/taken_discard", card=CARD_TEXT[pos.taken])
