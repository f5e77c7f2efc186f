"""Every game's declared view shape (``view_shape.SHAPE``, see ``parlour.core.shapes``) against what the game and
its browser client do: each view of random games fits it, the client's generated ``view_shape.js`` is current,
and the client reads no key the shape does not declare."""

from __future__ import annotations

import random
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from parlour.core.game import Game, State
from parlour.core.registry import game_classes, load_game
from parlour.core.shapes import CLIENT_SHAPE_FILE, expected_client_shapes, json_schema, mismatches, shape_of

SHAPED = sorted(name for name, cls in game_classes().items() if shape_of(cls) is not None)
STEPS = 40
"""Steps of each random game whose every view is checked; the first game of each game plays on to the end (a
Tock race is thousands of steps), its views checked every ``LATER``-th step and at the end."""
LATER = 50
SEEDS = (0, 1)
READ = re.compile(r"""\b(?:msg\.view|view|v)(?:\.([A-Za-z_]\w*)|\[["']([A-Za-z_]\w*)["']\])""")
"""A view's key read in a client module: ``v.stock``, ``view.pawns``, ``msg.view["trick"]``."""


def test_the_games_with_a_client_declare_their_view_shape() -> None:
    assert {"tonk", "tock", "plonk"} <= set(SHAPED)


def variants(name: str) -> list[Game[Any]]:
    """Game ``name`` under each of its presets at each player count it allows."""
    cls = game_classes()[name]
    return [load_game(name, preset=preset, players=players)
            for preset in list(cls.rules_type.presets) or [None]
            for players in range(cls.spec.min_players, cls.spec.max_players + 1)]


def views_of(state: State[Any, Any]) -> list[dict[str, Any]]:
    """What every seat and a spectator see of ``state``, in full and as a server sends it."""
    seats = [*range(state.game.num_players), None]
    return [view for seat in seats for view in (state.view(seat), state.message_view(seat))]


@pytest.mark.parametrize("name", SHAPED)
def test_every_view_of_random_games_fits_the_declared_shape(name: str) -> None:
    shape = shape_of(game_classes()[name])
    for index, game in enumerate(variants(name)):
        for seed in SEEDS:
            to_the_end = index == 0 and seed == SEEDS[0]
            rng = random.Random(seed)
            state = game.new_state(seed)
            step = 0
            while step < STEPS or to_the_end:
                if step < STEPS or step % LATER == 0 or state.is_terminal:
                    for view in views_of(state):
                        assert mismatches(view, shape) == [], f"{game.name_with_rules()} seed {seed} step {step}"
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
                step += 1
            assert state.is_terminal or not to_the_end


def client_folder(name: str) -> Path:
    cls = game_classes()[name]
    return Path(str(files(cls.__module__.rpartition(".")[0])))


@pytest.mark.parametrize("name", SHAPED)
def test_the_client_shape_module_is_generated_from_the_current_shape(name: str) -> None:
    expected = expected_client_shapes([game_classes()[name]])
    for path, text in expected.items():
        assert path.exists() and path.read_text(encoding="utf-8") == text, \
            f"{path} is stale: run .venv/bin/python tools/view_schema.py"


@pytest.mark.parametrize("name", SHAPED)
def test_the_client_reads_only_declared_keys(name: str) -> None:
    folder = client_folder(name)
    declared = set(json_schema(shape_of(game_classes()[name]))["properties"])
    sources = [p for p in sorted(folder.glob("*.js")) if p.name != CLIENT_SHAPE_FILE]
    reads = {(path.name, a or b) for path in sources
             for a, b in READ.findall(path.read_text(encoding="utf-8"))}
    assert reads, "the pattern finds no view read: has the client's way of reading views changed?"
    assert sorted((where, key) for where, key in reads if key not in declared) == []


def test_the_read_pattern_finds_every_form() -> None:
    text = 'v.stock + view.pawns + msg.view.trick + v["hand_value"] + view[\'log\'] + review.x + v2.y'
    assert sorted(a or b for a, b in READ.findall(text)) == ["hand_value", "log", "pawns", "stock", "trick"]
