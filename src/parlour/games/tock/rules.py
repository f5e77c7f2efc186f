"""Tock's flags and presets (docs/rules/en/tock.md, "Presets")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.errors import RulesError
from parlour.core.rules import Rules, flag, in_words

HOME_ENTRY = ("mandatory", "optional")
TEAMS = ("none", "pairs", "two")
TEAM_PLAYERS = (4, 6, 8)
"""The player counts a team game seats: teams of equal size."""


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

    teams: str = flag(
        "none", "play in teams (4, 6 or 8 players): partners facing each other, or even seats against odd",
        title=in_words("teams"), choices=TEAMS,
        words={"none": in_words("no teams"), "pairs": in_words("partners facing each other (teams of two)"),
               "two": in_words("two teams: even against odd seats (2 v 2, 3 v 3, 4 v 4)")},
    )

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "sevens": {"extra_sevens": True},
    }
    """``sevens``, for shorter games: one more 7 per player (docs/rules/en/tock.md, "Presets")."""
    preset_words: ClassVar[dict[str, tuple[str, str]]] = {
        "standard": (in_words("standard"), in_words("the basic rules: two decks with their jokers")),
        "sevens": (in_words("more sevens"), in_words("one more 7 per player, for shorter games")),
    }
    default_preset: ClassVar[str] = "standard"
    game_name: ClassVar[str] = "tock"

    @property
    def deck_size(self) -> int:
        """Two 54-card decks, plus one 7 per player with ``extra_sevens``."""
        return 108 + (self.players if self.extra_sevens else 0)

    def validate(self) -> None:
        """A team game needs teams of equal size: 4, 6 or 8 players."""
        if self.teams != "none" and self.players not in TEAM_PLAYERS:
            raise RulesError(
                f"flag teams={self.teams} needs 4, 6 or 8 players, not players={self.players}; "
                "use teams=none for other player counts"
            )

    def team_seats(self) -> list[tuple[int, ...]]:
        """The teams as seats: each seat alone (``none``), seat i with seat i + n/2 (``pairs``), or the even
        seats and the odd seats (``two``)."""
        n = self.players
        if self.teams == "pairs":
            return [(seat, seat + n // 2) for seat in range(n // 2)]
        if self.teams == "two":
            return [tuple(range(0, n, 2)), tuple(range(1, n, 2))]
        return [(seat,) for seat in range(n)]

    def to_dict(self) -> dict[str, Any]:
        """Every flag and its value, but ``teams`` only in a team game: records of the individual game stay
        exactly as they were written before the flag existed (reading one, the flag takes its default)."""
        out = Rules.to_dict(self)
        if self.teams == "none":
            del out["teams"]
        return out
