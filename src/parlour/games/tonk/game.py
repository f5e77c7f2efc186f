"""Tonk as a ``Game``: its spec, action text, and determinization."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.cards import cards_of, parse_card, shuffled
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

    def determinizer(self, view: View) -> Callable[[random.Random], TonkState]:
        """Read ``view`` once; each call then only reshuffles the unseen cards."""
        return _Sampler(self.determinize(view, random.Random(0)), view["seat"])

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
            state.pending49 = _pending49(state)
        return state


class _Sampler:
    """Deals the cards a seat cannot see afresh into a template state, once per call.

    The deal is uniform over the unseen cards, like ``determinize``. Dealing
    opponents low cards more often the longer they have played (they keep low
    cards) was tried for search and made it worse: too cautious to drop.
    """

    def __init__(self, template: TonkState, seat: int | None) -> None:
        self.template = template
        self.slots = [
            (q, template.known[q], template.hands[q].bit_count() - template.known[q].bit_count())
            for q in range(template.n) if q != seat
        ]
        pool = list(template.stock)
        for q, known, _ in self.slots:
            pool.extend(c for c in range(54) if (template.hands[q] & ~known) >> c & 1)
        self.pool = pool

    def __call__(self, rng: random.Random) -> TonkState:
        template = self.template
        state = TonkState.__new__(TonkState)
        state.__dict__.update(template.__dict__)
        state.rng = random.Random(rng.getrandbits(64))
        cards = shuffled(self.pool, rng)
        hands = template.hands[:]
        values = template.values[:]
        table = template.values_table
        for q, known, count in self.slots:
            dealt = cards[len(cards) - count:]
            del cards[len(cards) - count:]
            mask, value = known, 0
            for c in dealt:
                mask |= 1 << c
            for c in cards_of(mask):
                value += table[c]
            hands[q], values[q] = mask, value
        state.hands, state.values, state.stock = hands, values, cards
        state._legal = None
        for name in ("discard", "spreads", "known", "lockout", "bets", "spades_shown", "ledger", "balances",
                     "results"):
            setattr(state, name, getattr(template, name)[:])
        if template.rules.deal_49_wins == "in_turn":
            state.pending49 = _pending49(state)
        return state


def _pending49(state: TonkState) -> int:
    """Seats dealt 49 whose first turn has not come yet (the in-turn house rule)."""
    n = state.n
    had_turn = {(state.dealer + 1 + i) % n for i in range(state.turns)}
    return sum(1 << q for q in range(n) if q not in had_turn and state.values[q] == 49)
