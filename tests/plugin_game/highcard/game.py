"""High Card: each player holds one hidden card and may swap it once; the highest card takes the stakes.

A deal: every seat is dealt one card from a shuffled 52-card deck. In turn,
from the seat after the dealer, each player either ``stand``s or ``swap``s
(discards the card face up and draws the top of the stock). Then the cards
are shown: aces are high, the highest rank wins and every other seat pays the
winners ``stake`` (split between tied winners). ``rounds`` deals are played,
the dealer moving left each time; a seat's return is its total winnings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.cards import CARD_TEXT, card_str, deck, parse_card, rank, shuffled
from parlour.core.chance import chance_rng
from parlour.core.errors import InvalidActionError, RulesError
from parlour.core.game import TERMINAL, Game, GameSpec, LedgerEntry, State, View
from parlour.core.parts import GameOrClass, Parts
from parlour.core.position import Position, check_keys, history_items, history_of, read_card
from parlour.core.rules import Rules, flag
from parlour.core.words import Words


@dataclass(frozen=True)
class HighCardRules(Rules):
    game_name: ClassVar[str] = "highcard"

    players: int = flag(2, "number of players", minimum=2, maximum=4)
    rounds: int = flag(1, "deals in a game", minimum=1, maximum=50)
    stake: int = flag(1, "what each losing seat pays the winners of a deal", minimum=1, maximum=1000)


@dataclass(frozen=True)
class Move:
    """``stand`` or ``swap``."""

    word: str

    def __str__(self) -> str:
        return self.word


STAND, SWAP = Move("stand"), Move("swap")
MOVES = {"stand": STAND, "swap": SWAP}


def high(card: int) -> int:
    r = rank(card)
    return 14 if r == 1 else r


@dataclass(kw_only=True, eq=False)  # no slots=True: they would hide the compiled base's version and history
class HighCardPosition(Position):
    deal: int = 0
    hands: list[int]
    stock: list[int]
    discard: list[int]
    to_play: int = 0
    acted: int = 0
    scores: list[float]
    results: list[dict[str, Any]]

    def copy(self) -> HighCardPosition:
        return HighCardPosition(version=self.version, history=self.history, deal=self.deal,
                                hands=self.hands[:], stock=self.stock[:], discard=self.discard[:],
                                to_play=self.to_play, acted=self.acted, scores=self.scores[:],
                                results=self.results[:])

    def to_json(self) -> dict[str, Any]:
        return {**Position.to_json(self), "deal": self.deal, "hands": self.hands[:], "stock": self.stock[:],
                "discard": self.discard[:], "to_play": self.to_play, "acted": self.acted,
                "scores": self.scores[:], "results": [dict(r) for r in self.results]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Any) -> HighCardPosition:
        return cls(**Position.shared_from_json(data, game.parse_action), deal=data["deal"],
                   hands=list(data["hands"]), stock=list(data["stock"]), discard=list(data["discard"]),
                   to_play=data["to_play"], acted=data["acted"], scores=[float(s) for s in data["scores"]],
                   results=[dict(r) for r in data["results"]])


def fresh_deal(pos: HighCardPosition, seed: int, players: int) -> None:
    """Deal ``pos.deal``'s cards from its own chance event."""
    cards = shuffled(deck(), chance_rng(seed, pos.deal))
    pos.hands, pos.stock, pos.discard = cards[:players], cards[players:], []
    pos.to_play, pos.acted = (pos.deal + 1) % players, 0


class HighCardPlay:
    """High Card's rules of play (``parlour.core.game.RulesOfPlay``): pure functions over a ``HighCardPosition``,
    which the core's one ``State`` class calls."""

    def __init__(self, rules: HighCardRules) -> None:
        self.rules = rules

    def deal(self, seed: int, dealer: int) -> HighCardPosition:
        """The first deal; High Card's deals rotate with their number, so the first dealer is always the last seat."""
        n = self.rules.players
        pos = HighCardPosition(hands=[], stock=[], discard=[], scores=[0.0] * n, results=[])
        fresh_deal(pos, seed, n)
        return pos

    def set_up(self, position: Mapping[str, Any], seed: int) -> HighCardPosition:
        """``{"hands": ["Ah", "2c"], "stock": ["Kd", ...]}``; the rest of the deck follows in a seeded order."""
        check_keys(position, ("hands", "stock"))
        n = self.rules.players
        hands = [read_card(c, f"hand {i}") for i, c in enumerate(position.get("hands", []))]
        if len(hands) != n:
            raise RulesError(f"position: hands: give one card for each of the {n} seats, got {len(hands)}")
        named = [read_card(c, f"stock {i}") for i, c in enumerate(position.get("stock", []))]
        rest = shuffled([c for c in deck() if c not in hands and c not in named], chance_rng(seed, 0))
        pos = HighCardPosition(hands=hands, stock=named + rest, discard=[], scores=[0.0] * n, results=[])
        pos.to_play = 1 % n
        return pos

    def to_play(self, pos: HighCardPosition) -> int:
        return TERMINAL if pos.deal >= self.rules.rounds else pos.to_play

    def legal(self, pos: HighCardPosition) -> tuple[Move, ...]:
        return () if pos.deal >= self.rules.rounds else (STAND, SWAP)

    def why_illegal(self, pos: HighCardPosition, action: Any) -> str:
        return f"{action!r} is not a High Card action; the actions are stand and swap"

    def apply(self, pos: HighCardPosition, seed: int, action: Move) -> None:
        n = self.rules.players
        if action is SWAP or action == SWAP:
            pos.discard.append(pos.hands[pos.to_play])
            pos.hands[pos.to_play] = pos.stock.pop(0)
        pos.acted += 1
        pos.to_play = (pos.to_play + 1) % n
        if pos.acted == n:
            self.show_down(pos, seed)

    def show_down(self, pos: HighCardPosition, seed: int) -> None:
        """The highest card wins the deal; then the next deal, unless that was the last."""
        rules = self.rules
        best = max(high(c) for c in pos.hands)
        winners = [s for s, c in enumerate(pos.hands) if high(c) == best]
        losers = len(pos.hands) - len(winners)
        won = [0.0] * len(pos.hands)
        if losers:
            for s in range(len(pos.hands)):
                won[s] = rules.stake * losers / len(winners) if s in winners else -float(rules.stake)
        for s, w in enumerate(won):
            pos.scores[s] += w
        pos.results.append({"deal": pos.deal + 1, "hands": [[card_str(c)] for c in pos.hands], "returns": won,
                            "outcome": "seat " + " and ".join(map(str, winners)) + " won"})
        pos.deal += 1
        if pos.deal < rules.rounds:
            fresh_deal(pos, seed, rules.players)

    def returns(self, pos: HighCardPosition) -> list[float]:
        return pos.scores[:]

    def estimate(self, pos: HighCardPosition) -> list[float]:
        return pos.scores[:]

    def settlement(self, pos: HighCardPosition) -> list[LedgerEntry]:
        return []

    def view(self, pos: HighCardPosition, seat: int | None, recent: int | None) -> View:
        return view_of(pos, seat, self.rules)

    def hand(self, pos: HighCardPosition, seat: int) -> list[int]:
        return [pos.hands[seat]]

    def hidden_cards(self, pos: HighCardPosition, seat: int | None) -> set[int]:
        return {c for s, c in enumerate(pos.hands) if s != seat} | set(pos.stock)

    def interned_actions(self) -> type[Any] | None:
        return None


def view_of(pos: HighCardPosition, seat: int | None, rules: HighCardRules) -> View:
    over = pos.deal >= rules.rounds
    return {
        "game": "highcard", "seat": seat, "version": pos.version, "deal": pos.deal + (0 if over else 1),
        "rounds": rules.rounds, "to_play": None if over else pos.to_play,
        "hand": [CARD_TEXT[pos.hands[seat]]] if seat is not None and not over else None,
        "hand_sizes": [1] * rules.players, "stock": len(pos.stock),
        "discard": [CARD_TEXT[c] for c in pos.discard], "acted": pos.acted,
        "scores": pos.scores[:], "results": [dict(r) for r in pos.results],
        "log": [[s, str(a)] for s, a in history_items(pos.history, 60)],
    }


def determinize(game: HighCardGame, view: View, rng: random.Random) -> State[Move, HighCardPosition]:
    """A state consistent with ``view``: the cards the seat cannot see dealt at random by ``rng``."""
    seat = view["seat"]
    n = game.rules.players
    discard = [parse_card(c) for c in view["discard"]]
    mine = parse_card(view["hand"][0]) if view["hand"] else None
    known = set(discard) | ({mine} if mine is not None else set())
    unknown = shuffled([c for c in deck() if c not in known], rng)
    hands = [mine if s == seat and mine is not None else unknown.pop() for s in range(n)]
    deal = view["deal"] - 1 if view["to_play"] is not None else view["rounds"]
    pos = HighCardPosition(
        version=view["version"], history=history_of((s, MOVES[t]) for s, t in view["log"]), deal=deal,
        hands=hands, stock=unknown[: view["stock"]], discard=discard, to_play=view["to_play"] or 0,
        acted=view["acted"], scores=list(view["scores"]), results=[dict(r) for r in view["results"]],
    )
    return State(game, rng.getrandbits(64), pos)


class HighCardParts(Parts):
    """High Card's one part, its words; the generic renderer, bots and browser client do the rest."""

    def words(self, game: GameOrClass) -> Words:
        from highcard.words import HighCardWords

        return HighCardWords()


class HighCardGame(Game[HighCardRules]):
    spec = GameSpec(name="highcard", title="High Card", min_players=2, max_players=4,
                    information="imperfect", description="one hidden card each; swap it once or stand; high wins")
    rules_type = HighCardRules
    play_type = HighCardPlay
    position_type = HighCardPosition
    parts = HighCardParts()

    @property
    def utility(self) -> tuple[float, float]:
        r = self.rules
        return (-float(r.stake * r.rounds), float(r.stake * (r.players - 1) * r.rounds))

    def parse_action(self, text: str, state: State[Any, Any] | None = None) -> Move:
        move = MOVES.get(text.strip().lower())
        if move is None:
            raise InvalidActionError(f"{text!r} is not a High Card action: write stand or swap")
        return move

    def determinize(self, view: View, rng: random.Random) -> State[Move, HighCardPosition]:
        return determinize(self, view, rng)
