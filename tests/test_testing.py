"""``parlour.testing.check_game``: it passes on sound games and fails, saying where, on broken ones."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.core.game import Game, View
from parlour.core.registry import game_classes, load_game
from parlour.testing import GameCheckError, check_game
from tests.conftest import PLUGIN_GAMES


def built_in() -> Iterator[Game[Any]]:
    """Every preset of every built-in game at its smallest table."""
    for name, game_class in sorted(game_classes().items()):
        for preset in list(game_class.rules_type.presets) or [None]:
            yield load_game(name, preset=preset, players=game_class.spec.min_players)


@pytest.mark.parametrize("game", list(built_in()), ids=lambda g: g.name_with_rules())
def test_it_passes_on_the_built_in_games(game: Game[Any]) -> None:
    check_game(game, games=1, seed=3, samples=6)


def test_a_view_that_departs_from_the_shape_its_game_declares_fails() -> None:
    tonk = load_game("tonk")
    honest = type(tonk.play)

    class OffShape:
        """Tonk's rules of play, but a view's ``version`` written as text."""

        def __init__(self, rules: Any) -> None:
            self.inner = honest(rules)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def view(self, pos: Any, seat: int | None, recent: int | None) -> View:
            out = self.inner.view(pos, seat, recent)
            out["version"] = str(out["version"])
            return out

    game_type = type("OffShapeTonk", (type(tonk),), {"play_type": OffShape, "__module__": type(tonk).__module__})
    with pytest.raises(GameCheckError) as caught:
        check_game(game_type(tonk.rules), games=1, seed=3, samples=2)
    message = str(caught.value)
    assert "seed 3, step 0: views: seat 0's view.version: '0' is no int" in message and "view shape" in message


@pytest.fixture
def highcard_module() -> Iterator[Any]:
    """The plug-in game's module, imported from ``tests/plugin_game`` (no entry point needed to subclass it)."""
    sys.path.insert(0, str(PLUGIN_GAMES))
    try:
        import highcard.game as module

        yield module
    finally:
        sys.path.remove(str(PLUGIN_GAMES))
        for name in [m for m in sys.modules if m == "highcard" or m.startswith("highcard.")]:
            del sys.modules[name]


def broken(module: Any, **replaced: Any) -> Game[Any]:
    """High Card at three seats, the functions of its rules of play named in ``replaced`` swapped for the given
    ones (the honest determinizer's deals are then played by the broken rules: the break is the only difference)."""
    play_type = type("BrokenPlay", (module.HighCardPlay,), replaced)
    game_type = type("BrokenGame", (module.HighCardGame,), {"play_type": play_type})
    return game_type(module.HighCardRules(players=3, rounds=3))


def failure(game: Game[Any]) -> str:
    with pytest.raises(GameCheckError) as caught:
        check_game(game, games=3, seed=7)
    message = str(caught.value)
    assert "highcard" in message and "seed " in message and "step " in message, message
    return message


def test_it_passes_on_the_plugin_game(highcard_module: Any) -> None:
    check_game(broken(highcard_module), games=3, seed=7)


def test_a_view_that_shows_the_next_hand_fails(highcard_module: Any) -> None:
    def view(self: Any, pos: Any, seat: int | None, recent: int | None) -> View:
        out = highcard_module.view_of(pos, seat, self.rules)
        if seat is not None and self.to_play(pos) >= 0:
            neighbour = pos.hands[(seat + 1) % self.rules.players]
            out["peek"] = highcard_module.CARD_TEXT[neighbour]
        return out

    message = failure(broken(highcard_module, view=view))
    assert "views: seat " in message and "dealt again" in message and "peek" in message


def test_a_spectator_view_that_counts_hidden_cards_fails(highcard_module: Any) -> None:
    def view(self: Any, pos: Any, seat: int | None, recent: int | None) -> View:
        out = highcard_module.view_of(pos, seat, self.rules)
        if seat is None:
            out["aces"] = sum(highcard_module.high(c) == 14 for c in pos.hands)
        return out

    message = failure(broken(highcard_module, view=view))
    assert "the spectator's view changes" in message and "aces" in message


def test_a_view_naming_a_card_declared_hidden_fails(highcard_module: Any) -> None:
    """The name scan: the discard pile is shown face up, so declaring it hidden makes every view leak it."""
    def hidden_cards(self: Any, pos: Any, seat: int | None) -> set[int]:
        return highcard_module.HighCardPlay.hidden_cards(self, pos, seat) | set(pos.discard)

    message = failure(broken(highcard_module, hidden_cards=hidden_cards))
    assert "views: seat 0's view names hidden cards (faces [" in message


def test_a_hand_declared_hidden_from_its_holder_fails(highcard_module: Any) -> None:
    def hidden_cards(self: Any, pos: Any, seat: int | None) -> set[int]:
        return set(pos.hands) | set(pos.stock)

    message = failure(broken(highcard_module, hidden_cards=hidden_cards))
    assert "seat 0's own hand is among the cards it cannot see" in message


def test_a_clone_that_shares_the_hands_fails(highcard_module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    honest = highcard_module.HighCardPosition.copy

    def copy(self: Any) -> Any:
        twin = honest(self)
        twin.hands = self.hands
        return twin

    monkeypatch.setattr(highcard_module.HighCardPosition, "copy", copy)
    message = failure(broken(highcard_module))
    assert "clone: playing on a clone changed its original" in message


def test_json_that_loses_the_scores_fails(highcard_module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    honest = highcard_module.HighCardPosition.to_json

    def to_json(self: Any) -> dict[str, Any]:
        return {**honest(self), "scores": [0.0] * len(self.scores)}

    monkeypatch.setattr(highcard_module.HighCardPosition, "to_json", to_json)
    message = failure(broken(highcard_module))
    assert "JSON: " in message and "scores" in message


def test_an_action_written_unreadably_fails(highcard_module: Any) -> None:
    def parse_action(self: Any, text: str, state: Any = None) -> Any:
        move = highcard_module.HighCardGame.parse_action(self, text, state)
        return highcard_module.STAND if text.isupper() else move

    misread = type("Misread", (type(broken(highcard_module)),), {"parse_action": parse_action})
    message = failure(misread(highcard_module.HighCardRules(players=3, rounds=3)))
    assert "action notation: action 'SWAP' reads back as" in message


def test_a_deal_that_is_not_repeatable_fails(highcard_module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = random.Random(0)
    honest = highcard_module.fresh_deal

    def fresh_deal(pos: Any, seed: int, players: int) -> None:
        honest(pos, seed + draws.randrange(1000), players)

    monkeypatch.setattr(highcard_module, "fresh_deal", fresh_deal)
    message = failure(broken(highcard_module))
    assert "determinism: the same seed and actions led elsewhere" in message


def test_a_game_that_never_ends_fails(highcard_module: Any) -> None:
    def apply(self: Any, pos: Any, seed: int, action: Any) -> None:
        pos.to_play = (pos.to_play + 1) % self.rules.players

    with pytest.raises(GameCheckError, match=r"seed 7: not over after 50 steps"):
        check_game(broken(highcard_module, apply=apply), games=1, seed=7, max_steps=50)


def test_the_kit_imports_without_a_test_runner() -> None:
    code = ("import sys; sys.modules['pytest'] = None; sys.modules['_pytest'] = None; "
            "import parlour.testing; print(parlour.testing.check_game.__doc__ is not None)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60)
    assert done.stdout.strip() == "True", done.stderr
