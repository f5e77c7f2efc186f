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


def test_a_team_tournament_seats_partners_as_one_bot_and_counts_each_team_once(tmp_path: Path) -> None:
    results = tournament("tock?teams=pairs", ["heuristic", "random"], 12, tmp_path, seed=1)
    summary = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert summary["games"] == 12 and summary["teams"] == [[0, 2], [1, 3]]
    assert "| bot | team-games |" in (tmp_path / "results.md").read_text(encoding="utf-8")
    records = [json.loads(line) for line in (tmp_path / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    assert all(r["players"][0] == r["players"][2] and r["players"][1] == r["players"][3] for r in records)
    heuristic, rand = results
    assert heuristic.games == rand.games == 12  # one team each per game, not one result per member
    assert heuristic.wins + rand.wins == 12  # one winning team per game, its win counted once
    assert heuristic.wins >= 9 and heuristic.mean == heuristic.wins / 12  # 12 of 12 over seeds 0 to 4
