"""Residual policies: the base bot's play unless a correction estimates more, their files, and clear refusals."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.residual import Correction, Residual, ResidualBot, read_residual, save_residual
from parlour.cli.app import app
from parlour.core.errors import BotSpecError
from parlour.core.parts import encoding_of

SPEC = "tonk:speno?players=2"


def residual_file(path: Path, bias: float, spec: str = SPEC, base: str = "heuristic") -> Path:
    """A residual policy for ``spec`` with one correction, 'draw' instead of 'drop', estimating ``bias``
    whatever the observation (zero weights), saved at ``path``."""
    game = load_game(spec)
    encoding = encoding_of(game)
    size = encoding.layout.size + len(encoding.vocabulary)
    words = encoding.vocabulary
    corrections = ()
    if "drop" in words:
        corrections = (Correction(words.index("drop"), words.index("draw"), np.zeros(size, np.float32), bias),)
    save_residual(path, Residual(game.name_with_rules(), tuple(words), size, base, 0.1, corrections,
                                 {"made": "by a test"}))
    return path


def plays(bot_spec: str, deals: int) -> list[tuple[str, str]]:
    """(the base bot's advice, the bot's action) at each of seat 0's decisions over ``deals`` games against
    the heuristic."""
    game = load_game(SPEC)
    bot, base, other = make_bot(bot_spec, game), make_bot("heuristic", game), make_bot("heuristic", game)
    out = []
    for deal in range(deals):
        state, rng = game.new_state(deal), random.Random(deal)
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            if seat == 0:
                advice = base.choose(state.view(seat), legal, random.Random(deal))
                action = bot.choose(state.view(seat), legal, random.Random(deal))
                out.append((str(advice), str(action)))
            else:
                action = other.choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)
    return out


def test_a_file_reads_back_as_saved(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.5)
    residual = read_residual("learned:p.npz", path)
    game = load_game(SPEC)
    assert residual.game == game.name_with_rules() and residual.base == "heuristic" and residual.threshold == 0.1
    assert residual.notes == {"made": "by a test"}
    (correction,) = residual.corrections
    assert (residual.words[correction.default], residual.words[correction.alternative]) == ("drop", "draw")
    assert correction.bias == 0.5 and not correction.weights.any()


def test_below_the_threshold_it_plays_as_its_base(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.05)
    moves = plays(f"learned:{path}", 30)
    assert moves and all(advice == action for advice, action in moves)


def test_a_correction_above_the_threshold_changes_exactly_its_word(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.5)
    moves = plays(f"learned:{path}", 30)
    changed = [(advice, action) for advice, action in moves if advice != action]
    assert changed, "the heuristic never dropped: the test needs deals where it does"
    assert all(advice == "drop" and action.startswith("draw ") for advice, action in changed)
    assert not any(action == "drop" for _, action in moves)


def test_it_plays_the_same_way_each_time(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.5)
    bot = make_bot(f"learned:{path}", load_game(SPEC))
    assert isinstance(bot, ResidualBot)
    assert plays(f"learned:{path}", 10) == plays(f"learned:{path}", 10)


def test_a_damaged_archive_is_refused_quoting_the_spec(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("kind.npy", b"nothing")
    with pytest.raises(BotSpecError, match=r"bot spec 'learned:.*p.npz': '.*p.npz' is not a residual policy"):
        make_bot(f"learned:{path}", load_game(SPEC))


def test_a_policy_for_another_game_is_refused_naming_both(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.5)
    with pytest.raises(BotSpecError, match=r"made for tonk:speno\?players=2 \(132 words, observation 2398\), "
                                           r"not for plonk"):
        make_bot(f"learned:{path}", load_game("plonk"))


def test_a_learned_base_is_refused(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.5, base="learned:other.npz")
    with pytest.raises(BotSpecError, match=r"base must not be another learned bot \('learned:other.npz'\)"):
        make_bot(f"learned:{path}", load_game(SPEC))


def test_the_arena_plays_it_on_two_workers(tmp_path: Path) -> None:
    path = residual_file(tmp_path / "p.npz", 0.5)
    result = CliRunner().invoke(app, ["arena", SPEC, "--bots", f"learned:{path},heuristic", "--games", "8",
                                      "--workers", "2", "--out", str(tmp_path / "arena")])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "arena" / "results.json").read_text(encoding="utf-8"))
    assert summary["games"] == 8 and {b["bot"] for b in summary["bots"]} == {f"learned:{path}", "heuristic"}
