"""Shared test helpers: games for the conformance suite, random play."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.core.game import Game, State
from parlour.core.i18n import set_language
from parlour.core.registry import game_classes, load_game, refresh
from tests.server.seeds import pytest_terminal_summary  # noqa: F401 - a hook: replay lines of failed server tests

VARIANTS = (
    "tonk:classic?jokers=2&hand_size=7&players=3",
    "tonk:speno?spades_side_bet=true&hands=3&players=4",
    "tonk:pagat?upcard=false&drop_timing=any&may_rediscard_taken=true&players=3",
    "tonk:classic?deal_49_wins=in_turn&deal_13_double=true&deal_9_triple=true&deal_50_wins=true",
    "tonk:texas?jokers=2&joker_points=15&hand_size=9&players=5&stock_out=discard_only",
    "tock?players=5&extra_sevens=true&two_of_spades_enters=true&home_entry=optional",
    "tock?players=4&teams=pairs",
    "tock?players=6&teams=two",
    "tock?players=8&teams=pairs&extra_sevens=true",
    "plonk?target=100",
)
"""Flag combinations beyond the presets that the conformance suite also plays."""


def conformance_games() -> Iterator[tuple[str, Game]]:
    """Every registered game with every preset at its smallest and largest table, and VARIANTS."""
    registered = game_classes()
    for name, game_class in sorted(registered.items()):
        presets = list(game_class.rules_type.presets) or [None]
        counts = sorted({game_class.spec.min_players, game_class.spec.max_players})
        for preset in presets:
            for players in counts:
                label = f"{name}:{preset or 'default'}:{players}p"
                yield label, load_game(name, preset=preset, players=players)
    for spec in VARIANTS:
        if spec.partition("?")[0].partition(":")[0] in registered:
            yield spec, load_game(spec)


def play_randomly(state: State, rng: random.Random, max_steps: int = 20_000) -> State:
    """Play uniformly random legal actions until the end; fail on a runaway game."""
    for _ in range(max_steps):
        if state.is_terminal:
            return state
        legal = state.legal_actions()
        assert legal, f"no legal action in a live state at version {state.version}"
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"game not over after {max_steps} steps")


def strings(value: Any) -> Iterator[str]:
    """Every string in JSON-like ``value``, dictionary keys included: where a view could name a card."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


# ------------------------------------------------- a game installed as a plug-in

PLUGIN_GAMES = Path(__file__).resolve().parent / "plugin_game"
"""Where the test-only games live (``highcard``): on ``sys.path`` only while a test installs them."""


def install_plugin_games(where: Path) -> list[str]:
    """Make ``where`` a distribution declaring High Card in ``parlour.games``; the paths to put on ``sys.path``.

    This is how a game installed from another package is found: its
    ``entry_points.txt`` names the Game class, nothing in parlour names it.
    """
    info = where / "highcard-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: highcard\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[parlour.games]\nhighcard = highcard.game:HighCardGame\n")
    return [str(where), str(PLUGIN_GAMES)]


@pytest.fixture
def highcard(tmp_path: Path) -> Iterator[list[str]]:
    """High Card installed for this test (the registry refreshed before and after); yields the sys.path entries."""
    paths = install_plugin_games(tmp_path / "site")
    sys.path[:0] = paths
    importlib.invalidate_caches()
    refresh()
    try:
        yield paths
    finally:
        for path in paths:
            sys.path.remove(path)
        for name in [m for m in sys.modules if m == "highcard" or m.startswith("highcard.")]:
            del sys.modules[name]
        importlib.invalidate_caches()
        refresh()


# ------------------------------------------------------------------ the language

@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale; one that switches language is undone."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")
