"""How each game draws itself in the terminal: one renderer per game, by name."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Protocol

from rich.console import RenderableType

from parlour.core.game import View


class Renderer(Protocol):
    """Draws a seat's view for the terminal player."""

    def screen(self, view: View, names: Sequence[str]) -> RenderableType:
        """Everything the player needs to choose a move."""

    def news(self, before: View, after: View, names: Sequence[str]) -> RenderableType | None:
        """What changed between two views worth showing at once (a hand ended), if anything."""


def renderer_for(game_name: str) -> Renderer:
    paths = {"tonk": "parlour.games.tonk.render:TonkRenderer", "plonk": "parlour.games.plonk.render:PlonkRenderer",
             "tock": "parlour.games.tock.render:TockRenderer"}
    module, _, name = paths[game_name].partition(":")
    renderer: Renderer = getattr(importlib.import_module(module), name)()
    return renderer
