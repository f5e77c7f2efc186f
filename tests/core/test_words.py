"""The default words of a game without its own: the notation, and no story (front ends show the log)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.game import View
from parlour.core.words import Elided, StoryLine, Told, Words


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


def test_told_narrates_a_part_once_for_its_inputs_and_forgets_what_two_rounds_did_not_use() -> None:
    narrated: list[tuple[str, int]] = []

    def line(name: str, n: int) -> StoryLine:
        narrated.append((name, n))
        return StoryLine(0, f"{name} plays {n}", n)

    told = Told()
    assert told.said(line, "Ana", 1) == told.said(line, "Ana", 1) == StoryLine(0, "Ana plays 1", 1)
    told.said(line, "Bob", 1)
    assert narrated == [("Ana", 1), ("Bob", 1)]
    told.turn()
    told.said(line, "Ana", 1)  # used again in the next round: kept
    told.turn()
    told.turn()
    told.said(line, "Ana", 1)
    told.said(line, "Bob", 1)
    assert narrated == [("Ana", 1), ("Bob", 1), ("Ana", 1), ("Bob", 1)]


def test_told_compares_inputs_too_large_to_hash_and_keeps_what_a_telling_grows() -> None:
    told = Told()
    calls: list[list[int]] = []

    def total(values: list[int]) -> int:
        calls.append(values)
        return sum(values)

    assert told.same("sum", total, [1, 2]) == told.same("sum", total, [1, 2]) == 3
    assert told.same("sum", total, [1, 2, 3]) == 6
    assert calls == [[1, 2], [1, 2, 3]]
    grown = told.kept("log", list)
    grown.append("draw stock")
    assert told.kept("log", list) == ["draw stock"]
    told.turn()
    told.turn()
    assert told.kept("log", list) == []
