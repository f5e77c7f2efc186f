"""Tonk as a ``Game``: its spec, rules of play (play.py), parts, action text, return range and determinization."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeAlias

from parlour.core.game import Game, GameSpec, State, View
from parlour.games.tonk import settlement
from parlour.games.tonk.actions import TonkAction, parse_tonk_action
from parlour.games.tonk.moves import VALUES
from parlour.games.tonk.parts import TonkParts
from parlour.games.tonk.play import TonkPlay
from parlour.games.tonk.position import TonkPosition
from parlour.games.tonk.refusals import REFUSALS
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.views import Sampler, determinize

TonkState: TypeAlias = State[TonkAction, TonkPosition]
"""A state of a Tonk game, for annotations: every game's states are the core's one ``State`` class."""


class TonkGame(Game[TonkRules]):
    """American knock rummy with its house rules (docs/rules/en/tonk.md)."""

    spec = GameSpec(
        name="tonk",
        title="Tonk",
        min_players=2,
        max_players=6,
        information="imperfect",
        description="Knock rummy: spread sets and runs, hit, drop with the lowest hand.",
        returns_sum=0.0,
        engine_version=1,
    )
    rules_type = TonkRules
    play_type = TonkPlay
    refusals = REFUSALS
    position_type = TonkPosition
    parts = TonkParts()

    def parse_action(self, text: str, state: State[Any, Any] | None = None) -> TonkAction:
        return parse_tonk_action(text)

    @property
    def utility(self) -> tuple[float, float]:
        """A bound on any seat's balance, in stakes, from the rules.

        One hand moves at most ``m × (players - 1)`` stakes to or from a seat,
        ``m`` the largest stake any one payment of a hand can be (a deal-time
        win, ``tonk_out_pay``, a caught drop's 2), plus ``players - 1`` for the
        spades side bet. A match counts ``hands`` hands; with a ``target`` no
        balance passes ``target - 1`` before its last hand, and a loss is at
        most what the others won. (A void hand is redealt and does not count:
        with the side bet on, each void hand can move up to ``players - 1``
        more stakes, a case the bound leaves out.)
        """
        rules = self.rules
        others = rules.players - 1
        deal = max(settlement.deal_win_stakes(v, rules) for v in range(0, 151))
        per_hand = max(deal, rules.tonk_out_pay, 2) * others + (others if rules.spades_side_bet else 0)
        high = low = per_hand * rules.hands
        if rules.target is not None:
            high = min(high, rules.target - 1 + per_hand)
            low = min(low, others * (rules.target - 1) + per_hand)
        return (-float(low), float(high))

    def determinize(self, view: View, rng: random.Random) -> TonkState:
        """A state consistent with ``view``: unseen cards dealt to the hidden hands and stock (views.py)."""
        pos = determinize(view, self.rules, rng, VALUES[self.rules.joker_points])
        return State(self, rng.getrandbits(64), pos)

    def determinizer(self, view: View) -> Callable[[random.Random], State[Any, TonkPosition]]:
        """Read ``view`` once; each call then only reshuffles the unseen cards."""
        rules = self.rules
        return Sampler(self.determinize(view, random.Random(0)), view["seat"], VALUES[rules.joker_points], rules)
