"""Plonk in the terminal: a whole game through ``parlour play``, and bad input answered."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour import load_game
from parlour.cli.app import app
from parlour.core.cards import card_str


def test_a_whole_game_by_numbers_is_saved_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "plonk.json"
    result = CliRunner().invoke(app, ["play", "plonk", "--seed", "3", "--save", str(save)],
                                input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output and "Match over:" in result.output
    assert "'Zz'" not in result.output and "Traceback" not in result.output
    record = json.loads(save.read_text())
    assert record["game"] == "plonk" and record["result"]["returns"] in ([1, -1, 1, -1], [-1, 1, -1, 1])
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "finished" in replayed.output


def test_bad_input_is_answered_and_nothing_changes() -> None:
    mine = load_game("plonk").new_state(3).hand(0)
    missing = card_str(next(c for c in range(52) if c not in mine))
    result = CliRunner().invoke(app, ["play", "plonk", "--seed", "3"], input=f"Zz\n{missing}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'Zz': A card is played by its rank" in result.output
    assert f"'{missing}': You play a card from your own hand: you do not hold {missing}" in result.output
    assert "You left the game." in result.output
