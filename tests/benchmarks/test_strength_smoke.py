"""The strength benchmark plays its tournaments, keeps their raw results and builds the table from them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors, strength


def test_a_short_run_writes_results_and_the_table_and_gives_the_edge_beside_zero(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["strength", "--games", "2", "--only", "tonk-speno-2", "--matchup", "heuristic-v-random",
                     "--out", str(tmp_path)])
    assert [f.figure for f in figures] == ["tonk:speno?players=2: `heuristic` v `random`, 2 games, edge"]
    assert figures[0].anchor.startswith("goal: 95 % interval [") and figures[0].met is not None
    assert anchors.HEADER in capsys.readouterr().out
    text = (tmp_path / "strength.md").read_text()
    summary = json.loads((tmp_path / "strength" / "tonk-speno-2" / "heuristic-v-random" / "results.json").read_text())
    assert summary["games"] == 2 and summary["full_games"] == 1000 and summary["seconds"] >= 0
    assert [b["bot"] for b in summary["bots"]] == ["heuristic", "random"]
    assert "| tonk:speno?players=2 | `heuristic` v `random` | 2 |" in text


def test_every_configuration_has_an_iteration_budget_and_its_own_folder() -> None:
    slugs = [config.slug for config in strength.CONFIGS]
    assert len(set(slugs)) == len(slugs) == 16
    assert all(bots[0].startswith("strong:iters=") for c in strength.CONFIGS
               for name, bots in strength.matchups(c).items() if name == "strong-v-heuristic")


def test_the_notes_written_by_hand_follow_the_table(tmp_path: Path) -> None:
    (tmp_path / "strength").mkdir()
    (tmp_path / "strength" / "NOTES.md").write_text("## What was tried\n")
    text = strength.main(["--table-only", "--out", str(tmp_path)])
    assert text.startswith("# Bot strength") and text.endswith("|\n\n## What was tried\n")
