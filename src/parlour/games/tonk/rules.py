"""Tonk's flags and presets (docs/rules/en/tonk.md, "Presets")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.errors import RulesError
from parlour.core.rules import Rules, flag, in_words

SETTLEMENTS = ("speno", "classic", "texas", "pagat")
DEAL_WINS = ("none", "speno", "texas", "pagat")


@dataclass(frozen=True)
class TonkRules(Rules):
    players: int = flag(2, "number of players", title=in_words("players"), minimum=2, maximum=6)
    jokers: int = flag(0, "jokers in the deck, wild in spreads", title=in_words("jokers"), choices=(0, 2))
    joker_points: int = flag(0, "what a joker in hand counts", title=in_words("joker points"), minimum=0, maximum=50)
    hand_size: int = flag(5, "cards dealt to each player", title=in_words("hand size"), choices=(5, 7, 9))
    upcard: bool = flag(True, "turn the card after the deal face up to start the discard pile",
                        title=in_words("upcard"))
    drop_timing: str = flag(
        "before_draw", "when a drop is allowed: before drawing, or any time before the discard",
        title=in_words("when to drop"), choices=("before_draw", "any"),
        words={"before_draw": in_words("before drawing"), "any": in_words("any time before the discard")},
    )
    may_rediscard_taken: bool = flag(
        False, "may discard the card taken from the discard pile in the same turn",
        title=in_words("discard the card taken"),
    )
    ace_high: bool = flag(False, "Q-K-A is a run too (never K-A-2)", title=in_words("ace high"))
    hit_sets: bool = flag(False, "hits may go onto sets, not only runs", title=in_words("hits on sets"))
    hit_lockout: bool = flag(False, "a hit on another player's spread stops them dropping next turn",
                             title=in_words("hit lock-out"))
    tonk_out_pay: int = flag(1, "stakes each player pays for a tonk out", title=in_words("tonk out pays"),
                             minimum=1, maximum=10)
    deal_wins: str = flag(
        "speno", "the preset's deal-time win: speno ≤15 or ≥49 (2 each), texas 50 (2) / 49 (1), "
        "pagat 49 or 50 (2; two make a void hand), none", title=in_words("deal-time win"), choices=DEAL_WINS,
        words={"none": in_words("no deal-time win"), "speno": in_words("Speno: 15 or less, or 49 or more"),
               "texas": in_words("Texas: 50, or 49"), "pagat": in_words("Pagat: 49 or 50")},
    )
    deal_50_wins: bool = flag(False, "house rule: a dealt 50 wins at once, 1 stake from each",
                              title=in_words("a dealt 50 wins"))
    deal_49_wins: str = flag(
        "off", "house rule: a dealt 49 wins (1 stake each) at once or at the holder's first turn",
        title=in_words("a dealt 49 wins"), choices=("off", "at_once", "in_turn"),
        words={"off": in_words("no"), "at_once": in_words("at once"),
               "in_turn": in_words("at the holder's first turn")},
    )
    deal_13_double: bool = flag(False, "house rule: a dealt hand of 13 or less wins, 2 stakes each",
                                title=in_words("a dealt 13 or less wins double"))
    deal_9_triple: bool = flag(False, "house rule: a dealt hand of 9 or less wins, 3 stakes each",
                               title=in_words("a dealt 9 or less wins triple"))
    caught: str = flag(
        "speno", "how a caught dropper and the others pay", title=in_words("caught drop"), choices=SETTLEMENTS,
        words={"speno": in_words("Speno"), "classic": in_words("classic"), "texas": in_words("Texas"),
               "pagat": in_words("Pagat")},
    )
    stock_out: str = flag(
        "end", "empty stock: end the hand, or one more round drawing from the discard pile only",
        title=in_words("empty stock"), choices=("end", "discard_only"),
        words={"end": in_words("end the hand"), "discard_only": in_words("one more round from the discard pile")},
    )
    spades_side_bet: bool = flag(False, "after the deal, bet one stake on the highest spade",
                                 title=in_words("spades side bet"))
    hands: int = flag(1, "hands in the match", title=in_words("hands"), minimum=1, maximum=1000,
                      capped_by="max_hands")
    target: int | None = flag(
        None, "end the match when a balance reaches this many stakes", title=in_words("target balance"),
        minimum=1, optional=True
    )
    stake: int = flag(1, "units per stake", title=in_words("stake"), minimum=1, maximum=1_000_000)

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "speno": {},
        "classic": {
            "drop_timing": "any", "ace_high": True, "hit_sets": True, "hit_lockout": True, "tonk_out_pay": 2,
            "deal_wins": "none", "caught": "classic",
        },
        "texas": {
            "ace_high": True, "hit_sets": True, "hit_lockout": True, "tonk_out_pay": 2,
            "deal_wins": "texas", "caught": "texas",
        },
        "pagat": {
            "hit_sets": True, "tonk_out_pay": 2, "deal_wins": "pagat", "caught": "pagat",
            "stock_out": "discard_only",
        },
    }
    preset_words: ClassVar[dict[str, tuple[str, str]]] = {
        "speno": (in_words("Speno"), in_words("the usual rules: a dealt 15 or less, or 49 or more, wins at once")),
        "classic": (in_words("classic"), in_words("drop any time before the discard, Q-K-A runs, hits on sets")),
        "texas": (in_words("Texas"), in_words("like classic, but drop before drawing; a dealt 50 or 49 wins")),
        "pagat": (in_words("Pagat"), in_words("a dealt 49 or 50 wins; an empty stock gives one more round")),
    }
    default_preset: ClassVar[str] = "speno"
    game_name: ClassVar[str] = "tonk"

    @property
    def deck_size(self) -> int:
        return 52 + self.jokers

    def validate(self) -> None:
        needed = self.players * self.hand_size + 1
        if needed > self.deck_size:
            raise RulesError(
                f"flags players={self.players} and hand_size={self.hand_size} need "
                f"{self.players} × {self.hand_size} + 1 = {needed} cards, but the deck has "
                f"{self.deck_size} (jokers={self.jokers}); use fewer players or a smaller hand_size"
            )
