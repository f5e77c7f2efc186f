"""``parlour arena`` in the terminal: one final table, the reports written."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from parlour.cli.app import app


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
