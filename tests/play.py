"""Helpers the games' own tests share: what a state shows along random play, a screen as text, a lesson said."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Console

from parlour.core.game import State, View


def play_on(state: State[Any, Any], rng: random.Random, steps: int = 60) -> list[Any]:
    """What ``state`` shows along ``steps`` uniformly random actions (fewer where it ends): at each, the legal
    actions, a spectator's and every seat's view, and the returns; two states that should play alike show alike."""
    seen: list[Any] = []
    for _ in range(steps):
        legal = state.legal_actions()
        seen.append(([str(a) for a in legal], [state.view(q) for q in (None, *range(state.game.num_players))],
                     state.returns()))
        if state.is_terminal:
            break
        state.apply(legal[rng.randrange(len(legal))])
    return seen


def text_of(renderable: object, width: int = 100) -> str:
    """``renderable`` as a terminal ``width`` columns wide prints it, without colour."""
    console = Console(record=True, width=width, color_system=None)
    console.print(renderable)
    return console.export_text()


def said(explain: Callable[[View, list[str], str], list[str]], state: State[Any, Any], seat: int,
         legal: list[str] | None = None) -> dict[str, list[str]]:
    """A lesson's ``explain`` of ``seat``'s view in English and in French, given ``legal`` (by default the legal
    actions when ``seat`` is to play, else none)."""
    if legal is None:
        mine = state.current_player == seat and not state.is_terminal
        legal = [str(a) for a in state.legal_actions()] if mine else []
    return {lang: explain(state.view(seat), legal, lang) for lang in ("en", "fr")}
