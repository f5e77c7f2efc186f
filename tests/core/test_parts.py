"""A game's parts, typed: each registered game's parts are of their kind's type, a missing one is refused by name."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any, ClassVar

import pytest

from parlour.core.advice import Advice
from parlour.core.errors import RulesError
from parlour.core.game import Game
from parlour.core.lesson import Lesson
from parlour.core.parts import (
    CLIENT_FILE,
    KINDS,
    GameOrClass,
    Heuristic,
    Parts,
    Renderer,
    Seeing,
    advice_of,
    candidates_of,
    lesson_of,
    parts_of,
    words_of,
)
from parlour.core.registry import game_classes, load_game
from parlour.core.words import Elided, Words

PARTS = [(name, kind) for name, cls in sorted(game_classes().items()) for kind in sorted(parts_of(cls).names())]


def test_every_game_has_parts_of_known_kinds() -> None:
    assert {name for name, _ in PARTS} == set(game_classes())
    assert {kind for _, kind in PARTS} <= set(KINDS)


@pytest.mark.parametrize(("name", "kind"), PARTS, ids=[f"{n}-{k}" for n, k in PARTS])
def test_each_part_is_of_its_kinds_type(name: str, kind: str) -> None:
    cls = game_classes()[name]
    game = load_game(name)
    parts = parts_of(game)
    state = game.new_state(3)
    view = state.view(state.current_player)
    if kind == "heuristic":
        heuristic = parts.heuristic(game)
        assert isinstance(heuristic, Heuristic)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in heuristic.search.items())
        legal = state.legal_actions()
        assert heuristic.on_view(view, legal, random.Random(0)) in legal
        assert heuristic.on_state(state, legal, random.Random(0)) in legal
    elif kind == "inference":
        weigh = parts.inference(game)(view)
        assert weigh(game.determinize(view, random.Random(0))) >= 0.0
    elif kind == "encoding":
        encoding = parts.encoding(game)
        assert encoding.vocabulary and len(encoding.observe(view)) == encoding.layout.size
    elif kind == "renderer":
        renderer = parts.renderer(cls)
        assert isinstance(renderer, Renderer) and renderer.screen(view, ["A"] * game.num_players) is not None
    elif kind == "words":
        words = parts.words(cls)
        assert isinstance(words, Words) and type(words) is not Words
        assert isinstance(words_of(cls), Elided)
    elif kind == "lesson":
        assert isinstance(parts.lesson(cls), Lesson) and lesson_of(game) is parts.lesson(game)
    elif kind == "layout":
        assert json.dumps(parts.layout(cls)(cls.spec.min_players))
    elif kind == "advice":
        advice = parts.advice(game)
        assert isinstance(advice, Advice) and advice_of(game).worth(0.5, "en")
        assert all(isinstance(fact, str) for a in state.legal_actions() for fact in advice.facts(
            view, str(a), "en", ["A"] * game.num_players))
    elif kind == "candidates":
        legal = state.legal_actions()
        kept = parts.candidates(game)(view, legal)
        assert kept and set(kept) <= set(legal)
    else:
        pytest.fail(f"untested kind {kind}")


def test_a_game_without_candidates_lets_bots_weigh_every_legal_action() -> None:
    game = load_game("plonk")
    state = game.new_state(3)
    assert "candidates" not in parts_of(game)
    assert candidates_of(game)(state.view(state.current_player), state.legal_actions()) == state.legal_actions()


def test_a_missing_part_is_refused_naming_the_parts_the_game_has() -> None:
    game = load_game("plonk")
    have = ", ".join(sorted(parts_of(game).names()))
    assert "layout" not in parts_of(game) and "heuristic" in parts_of(game)
    with pytest.raises(RulesError, match=f"^game 'plonk' has no layout; its parts are: {have}$"):
        parts_of(game).layout(game)


class Bare(Game[Any]):
    """A game class stub: only its spec is read."""

    spec = load_game("plonk").spec


class OnlyWords(Parts):
    def words(self, game: GameOrClass) -> Words:
        return Words()


class Said(Bare):
    parts = OnlyWords()


class Stale(Bare):
    parts: ClassVar[dict[str, str]] = {"words": "somewhere.words:Words"}  # the import-path form of old


def test_a_game_without_parts_has_none_and_says_so() -> None:
    parts = parts_of(Bare)
    assert parts.names() == frozenset() and "words" not in parts and parts.client == CLIENT_FILE
    for kind in KINDS:
        with pytest.raises(RulesError, match=f"^game 'plonk' has no {kind}; its parts are: none$"):
            getattr(parts, kind)(Bare)
    assert lesson_of(Bare) is None and type(words_of(Bare)) is Words


def test_a_game_has_the_parts_it_overrides_only() -> None:
    assert parts_of(Said).names() == {"words"} and "words" in parts_of(Said)
    with pytest.raises(RulesError, match=r"has no renderer; its parts are: words$"):
        parts_of(Said).renderer(Said)
    assert isinstance(words_of(Said), Elided)


def test_parts_that_are_no_parts_object_are_refused_by_name() -> None:
    with pytest.raises(RulesError, match=r"game 'plonk': its parts are a dict, not a parlour\.core\.parts\.Parts"):
        parts_of(Stale)


def test_seeing_decides_on_what_the_view_and_the_state_show_alike() -> None:
    seen: list[object] = []

    def choose(what: str, legal: Any, rng: random.Random) -> Any:
        seen.append(what)
        return legal[rng.randrange(len(legal))]

    heuristic = Seeing({"depth": "3"}, lambda view: f"view {view['seat']}", lambda state: "state", choose)
    assert isinstance(heuristic, Heuristic)
    legal = ["a", "b", "c"]
    game = load_game("plonk")
    assert heuristic.on_view({"seat": 2}, legal, random.Random(5)) == heuristic.on_state(
        game.new_state(0), legal, random.Random(5))
    assert seen == ["view 2", "state"]


def test_loading_the_games_imports_none_of_their_parts() -> None:
    """The parts' modules are imported when a part is first asked for: the server lists games without them."""
    code = ("import sys\nfrom parlour.core.registry import game_classes, load_game\n"
            "for name in game_classes(): load_game(name)\n"
            "print(sorted(m for m in sys.modules if m.startswith('parlour.games.') and m.rsplit('.', 1)[1] in "
            "('heuristic', 'inference', 'encoding', 'render', 'words', 'lesson', 'layout')))\n"
            "print('numpy' in sys.modules, 'rich' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["[]", "False False"]
