"""The terminal game loop speaks the game's words: each legal action in words with its notation beside it,
and what happened told once, as the game's story says it."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence

import pytest
from rich.console import Console

from parlour.bots import make_bot
from parlour.cli.play import hint, play_game, told
from parlour.core.game import View
from parlour.core.registry import load_game
from parlour.core.words import StoryLine, Words
from parlour.games.render import renderer_for


class Told(Words):
    def action(self, text: str, view: View, lang: str) -> str:
        return f"say {text}" if text.startswith("draw") else text

    def story(self, view: View, names: Sequence[str], lang: str) -> list[StoryLine]:
        first = view["version"] - len(view["log"])
        return [StoryLine(seat, f"{names[seat]} did {text}", first + i) for i, (seat, text) in enumerate(view["log"])]


def test_the_terminal_lists_words_with_the_notation_and_tells_each_action_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.cli.play.words_of", lambda game: Told())
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    game = load_game("tonk:classic?hands=2", players=2)
    answers = iter(["draw stock", "discard 3h", "quit"])
    play_game(game, 5, ["You", "Bot"], {1: make_bot("random", game)}, 0, renderer_for(game), console,
              lambda prompt: next(answers))
    text = out.getvalue()
    assert "say draw stock  draw stock" in text and "drop" in text
    assert text.count("You did draw stock") == 1 and text.count("You did discard 3h") == 1
    # The bot's drop ends the hand, and this story (no hand ends in it) tells nothing: the notation says it.
    assert "Bot: drop" in text


def test_told_is_what_the_story_adds() -> None:
    a, b, c = StoryLine(0, "a", 0), StoryLine(1, "b", 1), StoryLine(None, "end", None)
    assert told([a], [a, b, c]) == [b, c]
    assert told([a, b], [StoryLine(0, "new hand", 2)]) == [StoryLine(0, "new hand", 2)]
    assert told([c], [c, c]) == [c]


def test_a_tock_hint_names_pawns_as_the_board_does_and_never_the_bots_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.cli.play.HINT_BOT", "strong:iters=60")
    game = load_game("tock", players=4)
    state = game.new_state(5)
    rng = random.Random(2)
    while not any(re.search(r"\bp\d", str(a)) for a in state.legal_actions()):  # until a pawn of its own may move
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player
    out = io.StringIO()
    Console(file=out, width=200).print(hint(state, seat, ["Ana", "Bob", "Cy", "Dee"]))
    said = out.getvalue()
    assert said.startswith("Hint from the strong bot:") and re.search(rf"\b{'abcd'[seat]}\d\b", said), said
    assert not re.search(r"\bp\d", said) and "ismcts" not in said and not re.search(r"\w=\w", said), said
