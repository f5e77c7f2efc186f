"""Levels a person can choose: ``level:beginner``, ``level:casual``, ``level:expert``, ``level:master``.

Each level is a concrete bot of every game that has a heuristic part, from the weakest to the strongest:

* Beginner: the heuristic, but a quarter of its moves (``NOISE``) are any legal move at random; it makes
  the game's usual moves most of the time and loses to the heuristic.
* Casual: the heuristic itself.
* Expert: ``strong`` at its usual budget (``EXPERT_MS`` a move).
* Master: ``strong`` thinking five times longer (``MASTER_MS`` a move, within the 2 s a person waits).

A search level takes ``ms=`` to think for another time (the levels' round-robin,
``benchmarks/levels.py``, plays long games at a fraction of the budgets), and any
other ``strong`` setting. How strong each level plays is measured by that
round-robin: its ratings are stored beside this module (``levels.json``) and
read by the lobby (``ratings``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from parlour.bots.base import Bot, Option, parse_bot_spec
from parlour.bots.heuristic import make_heuristic
from parlour.bots.ismcts import OPTIONS as SEARCH_OPTIONS
from parlour.bots.strong import DEFAULT_MS, make_strong
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View

LEVELS = ("beginner", "casual", "expert", "master")
"""The levels, weakest first."""
NOISE = 0.25
"""The share of a Beginner's moves that are a random legal move instead of the heuristic's."""
EXPERT_MS = float(DEFAULT_MS)
MASTER_MS = 5 * EXPERT_MS
LEVEL_OPTIONS = (Option("level", "how strongly it plays", "word", words=LEVELS), *SEARCH_OPTIONS)
"""What ``level`` takes: the level, and for a level that searches (Expert, Master) any ``strong`` setting."""
RATINGS = Path(__file__).with_name("levels.json")
"""The levels' ratings by game, written by ``benchmarks/levels.py`` from its round-robin."""


class NoisyBot:
    """A bot that plays ``base``'s move, except with probability ``noise`` any legal move at random."""

    def __init__(self, base: Bot, noise: float, name: str) -> None:
        self.base = base
        self.noise = noise
        self.name = name

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        return self.base.choose(view, legal, rng)


def make_level(game: Game[Any], settings: dict[str, str]) -> Bot:
    """``level:beginner`` … ``level:master`` (``level:expert,ms=50`` thinks 50 ms a move)."""
    rest = dict(settings)
    level = rest.pop("level", "").lower()
    if level not in LEVELS:
        raise BotSpecError(f"level {level!r}: levels are {', '.join(LEVELS)}")
    if level in ("beginner", "casual"):
        if rest:
            raise BotSpecError(f"level:{level} takes no settings, got {', '.join(sorted(rest))}")
        heuristic = make_heuristic(game, {})
        return heuristic if level == "casual" else NoisyBot(heuristic, NOISE, "level:beginner")
    ms = EXPERT_MS if level == "expert" else MASTER_MS
    if "iters" in rest:
        return make_strong(game, rest)
    return make_strong(game, {"ms": f"{ms:g}", **rest})


def level_ms(level: str) -> float | None:
    """The time budget a level thinks for per move, in milliseconds (None for a level that does not search)."""
    return {"expert": EXPERT_MS, "master": MASTER_MS}.get(level)


def level_of(spec: str) -> str | None:
    """The level a bot spec names (``level:expert`` → ``expert``), or None for any other bot."""
    try:
        kind, settings = parse_bot_spec(spec)
    except BotSpecError:
        return None
    level = settings.get("level")
    return level if kind == "level" and level in LEVELS else None


@cache
def stored_ratings() -> dict[str, Any]:
    """The contents of ``levels.json``: by game name, the game spec played and each level's rating."""
    if not RATINGS.exists():
        return {}
    ratings: dict[str, Any] = json.loads(RATINGS.read_text(encoding="utf-8"))
    return ratings


def ratings(game: str) -> dict[str, float]:
    """Each level's rating in ``game`` (Elo scale, from the stored round-robin), empty when not measured."""
    entry = stored_ratings().get(game, {})
    return {level: float(r) for level, r in entry.get("ratings", {}).items() if level in LEVELS}
