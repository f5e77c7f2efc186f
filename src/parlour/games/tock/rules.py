"""Tock's flags and presets (docs/rules/en/tock.md, "Presets")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.rules import Rules, flag, in_words

HOME_ENTRY = ("mandatory", "optional")


@dataclass(frozen=True)
class TockRules(Rules):
    players: int = flag(4, "number of players", title=in_words("players"), minimum=2, maximum=8)
    extra_sevens: bool = flag(False, "add one 7 per player to the two decks, for shorter games",
                              title=in_words("extra sevens"))
    two_of_spades_enters: bool = flag(False, "the 2♠ may also enter a pawn (the 'Deux de Pique' variant)",
                                      title=in_words("the 2♠ enters"))
    home_entry: str = flag(
        "mandatory", "a move whose count ends inside the home lane must enter it, or may go round",
        title=in_words("home entry"), choices=HOME_ENTRY,
        words={"mandatory": in_words("must enter"), "optional": in_words("may go round")},
    )

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "sevens": {"extra_sevens": True},
    }
    """``sevens``, for shorter games: one more 7 per player (docs/rules/en/tock.md, "Presets")."""
    default_preset: ClassVar[str] = "standard"
    game_name: ClassVar[str] = "tock"

    @property
    def deck_size(self) -> int:
        """Two 54-card decks, plus one 7 per player with ``extra_sevens``."""
        return 108 + (self.players if self.extra_sevens else 0)
