"""The strength benchmark plays its tournaments, keeps their raw results and builds the table from them."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks import strength


def test_a_short_run_writes_results_and_the_table(tmp_path: Path) -> None:
    text = strength.main(["--games", "2", "--only", "tonk-speno-2", "--matchup", "heuristic-v-random",
                          "--out", str(tmp_path)])
    summary = json.loads((tmp_path / "strength" / "tonk-speno-2" / "heuristic-v-random" / "results.json").read_text())
    assert summary["games"] == 2 and summary["full_games"] == 1000 and summary["seconds"] >= 0
    assert [b["bot"] for b in summary["bots"]] == ["heuristic", "random"]
    assert "| tonk:speno?players=2 | `heuristic` v `random` | 2 |" in text
    assert (tmp_path / "strength.md").read_text() == text


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
