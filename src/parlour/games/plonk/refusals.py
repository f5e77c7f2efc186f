"""Why Plonk refuses an action: its refusal codes, each with its sentence in English (core/refusals.py).

Plonk has no rule of play beyond holding the card, so a card is refused only when it is not in the hand.
"""

from __future__ import annotations

from parlour.core.refusals import N_, declare

NOT_AN_ACTION = "plonk/not_an_action"
NOT_IN_HAND = "plonk/not_in_hand"
UNKNOWN = "plonk/unknown"
NO_JOKERS = "plonk/no_jokers"

REFUSALS = declare({
    NOT_AN_ACTION: N_("Plonk is played one card at a time: {action} is no card to play"),
    NOT_IN_HAND: N_("You play a card from your own hand: you do not hold {card}"),
    UNKNOWN: N_("A card is played by its rank (A K Q J 10 … 2) and suit (c d h s), as in Ah or 10s"),
    NO_JOKERS: N_("Plonk is played without jokers: play a card, as in Ah"),
})
"""Every refusal Plonk gives: code → sentence."""
