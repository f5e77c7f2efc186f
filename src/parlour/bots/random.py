"""The random bot: a uniformly random legal action, the baseline every bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.bots.base import register_bot
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, View


class RandomBot:
    name = "random"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def _make(game: Game[Any], settings: dict[str, str]) -> RandomBot:
    if settings:
        raise BotSpecError(f"bot 'random' takes no settings, got {', '.join(settings)}")
    return RandomBot()


register_bot("random", _make)
