"""``parlour arena`` in the terminal: one final table, the reports written."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.app import app
from tests.arena.conftest import PARLOUR, needs_proc, playing_workers, started, still_running


def test_the_arena_prints_its_final_table_once(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", "tonk", "--bots", "heuristic,random", "--games", "4",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.count("rating") == 1 and "so far" not in result.output
    assert "tonk:speno?players=2: 4 games" in result.output
    assert (tmp_path / "results.json").is_file()


def test_the_arena_refuses_a_bot_setting_that_is_no_finite_number(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", "tonk", "--bots", "random,ismcts:c=inf", "--games", "2",
                                      "--out", str(tmp_path)], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and "'ismcts:c=inf': c='inf' is not a finite number" in result.output


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stopped_arena_ends_its_workers_and_itself_at_once(tmp_path: Path, stop: signal.Signals) -> None:
    """Ctrl-C and SIGTERM end the arena with the usual status (128 + the signal) and none of its workers plays
    on; before, Ctrl-C waited for every game, and SIGTERM left the workers playing."""
    needs_proc()
    args = ["-c", PARLOUR, "arena", "tonk:classic?players=2", "--bots", "ismcts:iters=200,random", "--games", "4000",
            "--workers", "2", "--out", str(tmp_path / "out")]
    with started(args, tmp_path) as arena:
        workers = playing_workers(arena.pid, 2)
        arena.send_signal(stop)
        assert still_running([arena.pid, *workers]) == []
        assert arena.wait(timeout=10) == 128 + stop
    errors = (tmp_path / "stderr").read_text()
    assert "Traceback" not in errors and "leaked" not in errors, errors
