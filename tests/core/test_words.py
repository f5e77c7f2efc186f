"""The default words of a game without its own: the notation, and no story (front ends show the log)."""

from __future__ import annotations

from parlour.core.words import Words


def test_without_a_words_part_a_game_speaks_its_notation() -> None:
    view = {"version": 7, "log": [[0, "draw stock"], [1, "discard 5c"]]}
    words = Words()
    assert words.action("draw stock", view, "fr") == "draw stock"
    assert words.actions(["draw stock", "drop"], view, ["Ana", "Bob"], "fr") == ["draw stock", "drop"]
    assert words.story(view, ["Ana", "Bob"], "en") == []

