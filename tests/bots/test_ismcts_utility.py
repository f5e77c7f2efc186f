"""ISMCTS scales its exploration by the game's utility range (``GameSpec.utility`` / ``Game.utility``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.bots.ismcts import ISMCTSBot
from parlour.core.game import TERMINAL, Game, GameSpec, LedgerEntry, State, View
from parlour.core.position import Position
from parlour.core.rules import Rules, flag


@dataclass(frozen=True)
class BanditRules(Rules):
    game_name: ClassVar[str] = "bandit"
    players: int = flag(1, "one player", minimum=1, maximum=1)


@dataclass(kw_only=True, eq=False)  # no slots=True: they would hide the compiled base's version and history
class BanditPosition(Position):
    lucky: bool = True
    """Hidden: whether ``risky`` pays; a determinization draws it (true four times in five)."""
    pulled: str = ""

    def copy(self) -> BanditPosition:
        return BanditPosition(version=self.version, history=self.history, lucky=self.lucky, pulled=self.pulled)


class BanditPlay:
    """One choice: ``safe`` pays 50, ``risky`` pays 100 or (one time in five) 0."""

    def __init__(self, rules: BanditRules) -> None:
        self.rules = rules

    def deal(self, seed: int, dealer: int) -> BanditPosition:
        return BanditPosition(lucky=random.Random(seed).random() < 0.8)

    def set_up(self, position: Mapping[str, Any], seed: int) -> BanditPosition:
        return self.deal(seed, 0)

    def to_play(self, pos: BanditPosition) -> int:
        return TERMINAL if pos.pulled else 0

    def legal(self, pos: BanditPosition) -> tuple[str, ...]:
        return () if pos.pulled else ("safe", "risky")

    def why_illegal(self, pos: BanditPosition, action: Any) -> str:
        return "safe or risky"

    def apply(self, pos: BanditPosition, seed: int, action: str) -> None:
        pos.pulled = action

    def returns(self, pos: BanditPosition) -> list[float]:
        pulled = pos.pulled
        return [50.0 if pulled == "safe" else 100.0 if pulled == "risky" and pos.lucky else 0.0]

    def estimate(self, pos: BanditPosition) -> list[float]:
        return self.returns(pos)

    def settlement(self, pos: BanditPosition) -> list[LedgerEntry]:
        return []

    def view(self, pos: BanditPosition, seat: int | None, recent: int | None) -> View:
        return {"game": "bandit", "seat": seat, "version": pos.version}

    def hand(self, pos: BanditPosition, seat: int) -> list[int]:
        return []

    def hidden_cards(self, pos: BanditPosition, seat: int | None) -> set[int]:
        return set()

    def interned_actions(self) -> type[Any] | None:
        return None


class BanditGame(Game[BanditRules]):
    spec = GameSpec(name="bandit", title="Bandit", min_players=1, max_players=1, information="imperfect",
                    description="safe 50 or risky 100 (0 one time in five)", utility=(0.0, 100.0))
    rules_type = BanditRules
    play_type = BanditPlay
    position_type = BanditPosition

    def parse_action(self, text: str, state: State[Any, Any] | None = None) -> str:
        return text.strip().lower()

    def determinize(self, view: View, rng: random.Random) -> State[Any, Any]:
        return self.new_state(rng.getrandbits(32))


class UnitBandit(BanditGame):
    spec = GameSpec(name="bandit", title="Bandit", min_players=1, max_players=1, information="imperfect",
                    description="the same game, declared with the default utility (-1, 1)")


def test_exploration_follows_the_utility_range() -> None:
    """Risky is worth 80 against safe's 50; unscaled c = 0.7 on returns of 0..100 is purely greedy.

    A greedy search that first sees risky pay 0 never tries it again (about
    one seed in four here); scaled by the range it keeps exploring and finds it.
    """
    game = BanditGame(BanditRules())
    bot = ISMCTSBot(game, iters=300, c=0.7)
    assert bot.scale == 50.0 and bot.name.startswith("ismcts:iters=300,c=0.7,")
    state = game.new_state(0)
    picks = [str(bot.choose(state.view(0), state.legal_actions(), random.Random(seed))) for seed in range(100)]
    assert picks.count("risky") >= 92

    greedy = ISMCTSBot(game, iters=300, c=0.7 / 50)  # what dropping the scaling amounts to
    picks = [str(greedy.choose(state.view(0), state.legal_actions(), random.Random(seed))) for seed in range(100)]
    assert picks.count("risky") <= 85


def test_a_game_with_returns_in_minus_one_to_one_is_searched_as_before() -> None:
    assert ISMCTSBot(UnitBandit(BanditRules()), iters=10, c=0.7).scale == 1.0
