"""Tonk as a ``Game``: its spec, action text, and determinization."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from parlour.core.cards import parse_card
from parlour.core.errors import RulesError
from parlour.core.game import Game, GameSpec, History, LedgerEntry, PublicEntry, State, View
from parlour.core.registry import register
from parlour.games.tonk.actions import TonkAction, parse_tonk_action
from parlour.games.tonk.rules import TonkRules
from parlour.games.tonk.spreads import REAL, shape_of
from parlour.games.tonk.state import PHASES, HandResult, TonkState
from parlour.games.tonk.table import TableSpread


@register
class TonkGame(Game[TonkRules]):
    """American knock rummy with its house rules (RULES.md §1)."""

    spec = GameSpec(
        name="tonk",
        title="Tonk",
        min_players=2,
        max_players=6,
        information="imperfect",
        description="Knock rummy: spread sets and runs, hit, drop with the lowest hand.",
    )
    rules_type = TonkRules

    def new_state(self, seed: int, position: Mapping[str, Any] | None = None) -> TonkState:
        return TonkState(self, seed, position)

    def parse_action(self, text: str, state: State | None = None) -> TonkAction:
        return parse_tonk_action(text)

    def determinize(self, view: View, rng: random.Random) -> TonkState:
        """A state consistent with ``view``: unseen cards dealt to the hidden hands and stock.

        Cards known to be in a hand (taken from the discard pile, a shown
        spade) stay in that hand; everything else unseen is shuffled.
        """
        if view.get("game") != "tonk":
            raise RulesError(f"not a Tonk view: game is {view.get('game')!r}")
        seat = view["seat"]
        rules = self.rules
        n = rules.players
        state = TonkState.__new__(TonkState)
        state._blank(self, rng.getrandbits(64))
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
            for text in view["hand"]:
                hands[seat] |= 1 << fresh(text)
        for q in range(n):
            for text in view["known"][q]:
                card = within(text, hands[q] & ~known[q]) if q == seat else fresh(text)
                known[q] |= 1 << card
            hands[q] |= known[q]
        discard = [fresh(t) for t in view["discard"]]
        spreads = []
        for entry in view["spreads"]:
            named = joker_named = 0
            joker_ids = []
            for text in entry["cards"]:
                _, eq, shown = text.partition("=")
                face = parse_card(shown if eq else text)
                named |= 1 << face
                if eq:
                    joker_named |= 1 << face
                    joker_ids.append(free_jokers.pop(0))
            shape = shape_of(named & REAL, rules.ace_high)
            if shape is None:
                raise RulesError(f"the view shows a spread that is no set or run: {entry['cards']}")
            spreads.append(TableSpread.laid(entry["owner"], named, joker_named, tuple(joker_ids),
                                            shape, rules.ace_high, rules.hit_sets))
        seen = set(discard)
        for spread in spreads:
            seen.update(spread.real_cards())
        for h in hands:
            seen.update(c for c in range(54) if h >> c & 1)
        unseen = [c for c in range(52) if c not in seen] + free_jokers
        rng.shuffle(unseen)
        for q in range(n):
            for _ in range(view["hand_sizes"][q] - hands[q].bit_count()):
                hands[q] |= 1 << unseen.pop()
        if len(unseen) != view["stock"]:
            raise RulesError(f"the view's card counts do not add up: {len(unseen)} unseen cards "
                             f"for a stock of {view['stock']}")
        state.stock = unseen
        state.discard = discard
        state.hands = hands
        state.values = [state._value(h) for h in hands]
        state.known = known
        state.spreads = spreads
        state.phase = PHASES.index(view["phase"])
        state.cur = view["to_play"]
        state.dealer = view["dealer"]
        state.hand_no = view["hand_number"]
        state.version = view["version"]
        state.hand_start = view["version"] - len(view["log"])
        state.lockout = list(view["lockout"])
        state.taken = within(view["taken"], known[state.cur]) if view["taken"] else -1
        state.turns = view["turns"]
        state.bets = list(view["bets"])
        state.spades_shown = [None if t is None else parse_card(t) for t in view["spades_shown"]]
        state.ledger = [LedgerEntry(p, q, s, s * rules.stake, h, r) for p, q, s, h, r in view["ledger"]]
        state.balances = list(view["balances"])
        state.results = [HandResult.from_view(r) for r in view["results"]]
        state.hands_counted = sum(not r.void for r in state.results)
        history: History = None
        for s, text in view["log"]:
            history = (s, PublicEntry(text), history)
        state._history = history
        if rules.deal_49_wins == "in_turn":
            had_turn = {(state.dealer + 1 + i) % n for i in range(state.turns)}
            state.pending49 = sum(1 << q for q in range(n) if q not in had_turn and state.values[q] == 49)
        return state
