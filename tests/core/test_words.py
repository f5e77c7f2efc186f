"""The default words of a game without its own: the notation, and no story (front ends show the log)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.game import View
from parlour.core.words import Elided, StoryLine, Words


def test_without_a_words_part_a_game_speaks_its_notation() -> None:
    view = {"version": 7, "log": [[0, "draw stock"], [1, "discard 5c"]]}
    words = Words()
    assert words.action("draw stock", view, "fr") == "draw stock"
    assert words.actions(["draw stock", "drop"], view, ["Ana", "Bob"], "fr") == ["draw stock", "drop"]
    assert words.story(view, ["Ana", "Bob"], "en") == []



def test_french_words_are_elided_once_the_names_are_in() -> None:
    class Said(Words):
        def action(self, text: str, view: View, lang: str) -> str:
            return f"Jouer le {text}" if lang == "fr" else f"Play the {text}"

        def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
            return [StoryLine(0, f"Au tour de {names[0]}", None)]

    said = Elided(Said())
    assert said.action("as de pique", {}, "fr") == "Jouer l'as de pique"
    assert said.action("ace", {}, "en") == "Play the ace"
    assert said.story({}, ["Ana"], "fr") == [StoryLine(0, "Au tour d'Ana", None)]
    assert said.story({}, ["Bob"], "fr") == [StoryLine(0, "Au tour de Bob", None)]
