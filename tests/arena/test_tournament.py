"""A whole tournament in one call: its results, and the files it writes."""

from __future__ import annotations

import json
from pathlib import Path

from parlour.arena.tournament import tournament


def test_a_tournament_writes_its_figures_and_notes_its_settings(tmp_path: Path) -> None:
    results = tournament("tonk:speno?players=2", ["heuristic", "random"], 8, tmp_path / "all", seed=3,
                         settings={"note": "x"})
    assert [r.bot for r in results] == ["heuristic", "random"] and sum(r.games for r in results) == 16
    summary = json.loads((tmp_path / "all" / "results.json").read_text(encoding="utf-8"))
    assert summary["games"] == 8 and summary["seed"] == 3 and summary["note"] == "x"
    assert summary["bot_specs"] == ["heuristic", "random"] and summary["spec"] == "tonk:speno?players=2"
    assert {p.name for p in (tmp_path / "all").iterdir()} == {"records.jsonl", "results.json", "results.md",
                                                              "plot.png"}
    again = tournament("tonk:speno?players=2", ["heuristic", "random"], 8, tmp_path / "figures", seed=3,
                       figures_only=True)
    assert again == results
    assert {p.name for p in (tmp_path / "figures").iterdir()} == {"results.json", "results.md"}
