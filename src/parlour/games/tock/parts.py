"""Tock's plug-in parts (``parlour.core.parts``), each module imported when the part is first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.core.game import Game
from parlour.core.parts import GameOrClass, Parts

if TYPE_CHECKING:
    from parlour.core.advice import Advice
    from parlour.core.encoding import Encoding
    from parlour.core.lesson import Lesson
    from parlour.core.parts import Candidates, Heuristic, Inference, Layout, Renderer
    from parlour.core.words import Words


class TockParts(Parts):
    """Tock's heuristic, inference from play, renderer, encoding, words, lesson, board layout (for its
    browser client), candidates (teammates spared) and advice (the tutor's reasons)."""

    def heuristic(self, game: Game[Any]) -> Heuristic:
        from parlour.games.tock.heuristic import heuristic

        return heuristic(game)

    def inference(self, game: Game[Any]) -> Inference:
        from parlour.games.tock.inference import likelihood

        return lambda view: likelihood(game, view)

    def encoding(self, game: Game[Any]) -> Encoding:
        from parlour.games.tock.encoding import TockEncoding

        return TockEncoding(game)

    def renderer(self, game: GameOrClass) -> Renderer:
        from parlour.games.tock.render import TockRenderer

        return TockRenderer()

    def words(self, game: GameOrClass) -> Words:
        from parlour.games.tock.words import TockWords

        return TockWords()

    def lesson(self, game: GameOrClass) -> Lesson:
        from parlour.games.tock.lesson import LESSON

        return LESSON

    def candidates(self, game: Game[Any]) -> Candidates:
        from parlour.games.tock.teammates import spares_teammates

        return spares_teammates(game)

    def advice(self, game: Game[Any]) -> Advice:
        from parlour.games.tock.advice import TockAdvice

        return TockAdvice()

    def layout(self, game: GameOrClass) -> Layout:
        from parlour.games.tock.layout import board_layout

        return board_layout
