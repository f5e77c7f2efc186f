"""Plonk's flags (docs/rules/en/plonk.md, "Winning"): four players in two partnerships, a match to ``target``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlour.core.rules import Rules, flag, in_words


@dataclass(frozen=True)
class PlonkRules(Rules):
    """Plonk has one rule that varies between tables: the score that ends the match."""

    players: int = flag(4, "number of players: always four, seats 0 & 2 against 1 & 3",
                        title=in_words("players"), minimum=4, maximum=4)
    target: int = flag(500, "the match ends when a side reaches this score at the end of a deal",
                       title=in_words("target score"), minimum=1, maximum=100_000, capped_by="max_target_score")

    game_name: ClassVar[str] = "plonk"
