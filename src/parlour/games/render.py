"""How a game draws itself in the terminal: its ``renderer`` part, or a plain view of the JSON.

A game with a renderer overrides ``Parts.renderer`` (``parlour.core.parts``),
which returns a ``Renderer``: what it draws is printed by the rich console. A
game without one is shown by ``PlainRenderer``: its view pretty-printed (the legal actions
are listed by the game loop), so every installed game can be played.

It sits with the games, below the front ends, because two of them draw views: the terminal game
(``parlour.cli``) in colour, and the learning environments (``parlour.rl``) as plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from parlour.core.game import Game, View
from parlour.core.i18n import gettext as _
from parlour.core.parts import Renderer, parts_of
from parlour.core.registry import game_class

PART = "renderer"


class PlainRenderer:
    """Any game's view pretty-printed; the newest entry of ``results`` is news when one is added."""

    def screen(self, view: View, names: Sequence[str]) -> RenderableType:
        seat = view.get("seat")
        title = _("{game} · version {version}").format(game=view.get("game", "game"), version=view.get("version", 0))
        if seat is not None and 0 <= seat < len(names):
            title += " · " + _("{name} (seat {seat})").format(name=names[seat], seat=seat)
        return Panel(Pretty(view), title=title, title_align="left")

    def news(self, before: View, after: View, names: Sequence[str]) -> RenderableType | None:
        old, new = before.get("results") or [], after.get("results") or []
        if not isinstance(new, list) or len(new) <= len(old):
            return None
        return Group(Text(_("Result:"), style="bold"), Pretty(new[-1]))


def renderer_for(game: Game[Any] | type[Game[Any]] | str) -> Renderer:
    """The renderer of ``game`` (a game, its class or its name): its own part, else ``PlainRenderer``."""
    cls = game_class(game) if isinstance(game, str) else game if isinstance(game, type) else type(game)
    parts = parts_of(cls)
    return parts.renderer(cls) if PART in parts else PlainRenderer()
