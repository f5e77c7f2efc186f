"""Plonk's plug-in parts (``parlour.core.parts``), each module imported when the part is first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.core.game import Game
from parlour.core.parts import GameOrClass, Parts

if TYPE_CHECKING:
    from parlour.core.advice import Advice
    from parlour.core.encoding import Encoding
    from parlour.core.lesson import Lesson
    from parlour.core.parts import Heuristic, Inference, Renderer
    from parlour.core.words import Words


class PlonkParts(Parts):
    """Plonk's heuristic, inference from play, renderer, encoding, words, lesson and advice."""

    def heuristic(self, game: Game[Any]) -> Heuristic:
        from parlour.games.plonk.heuristic import heuristic

        return heuristic(game)

    def inference(self, game: Game[Any]) -> Inference:
        from parlour.games.plonk.inference import likelihood

        return lambda view: likelihood(game, view)

    def encoding(self, game: Game[Any]) -> Encoding:
        from parlour.games.plonk.encoding import PlonkEncoding

        return PlonkEncoding(game)

    def renderer(self, game: GameOrClass) -> Renderer:
        from parlour.games.plonk.render import PlonkRenderer

        return PlonkRenderer()

    def words(self, game: GameOrClass) -> Words:
        from parlour.games.plonk.words import PlonkWords

        return PlonkWords()

    def lesson(self, game: GameOrClass) -> Lesson:
        from parlour.games.plonk.lesson import LESSON

        return LESSON

    def advice(self, game: Game[Any]) -> Advice:
        from parlour.games.plonk.advice import PlonkAdvice

        return PlonkAdvice()
