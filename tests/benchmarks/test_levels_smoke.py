"""The levels' round-robin plays every pair of levels, fits one rating each and stores what the lobby reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors, levels
from parlour.bots.levels import LEVELS


def test_a_short_round_robin_at_a_chosen_scale_writes_each_pair_the_fit_the_table_and_the_ratings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(levels, "CONFIGS", (levels.Config("tonk:classic?players=2", 2, 0.02),))
    ratings = tmp_path / "levels.json"
    figures = entry.main(["levels", "--seed", "5", "--scale", "0.03", "--docs", str(tmp_path),
                          "--ratings", str(ratings)])
    assert [f.figure for f in figures] == [f"tonk:classic?players=2: {level.capitalize()}" for level in LEVELS]
    assert all(f.unit == "Elo" and f.anchor.startswith("not rated before the run") for f in figures)
    assert figures[0].met is None and all(f.met is not None for f in figures[1:])
    assert "; goal: above Beginner " in figures[1].anchor
    text = (tmp_path / "LEVELS.md").read_text()
    assert anchors.HEADER in capsys.readouterr().out
    folder = tmp_path / "levels" / "tonk-classic-2"
    assert sorted(p.name for p in folder.iterdir() if p.is_dir()) == [
        "beginner-casual", "beginner-expert", "beginner-master", "casual-expert", "casual-master", "expert-master"]
    pair = json.loads((folder / "expert-master" / "results.json").read_text())
    assert pair["bot_specs"] == ["level:expert,ms=6", "level:master,ms=30"] and pair["seed"] == 5
    fit = json.loads((folder / "ratings.json").read_text())
    assert list(fit["ratings"]) == list(LEVELS) and fit["scale"] == 0.03
    assert sum(r["games"] for r in fit["levels"].values()) == 6 * 2 * 2  # six pairs, two games, two seats
    stored = json.loads(ratings.read_text())["tonk"]
    assert stored["ratings"] == fit["ratings"] and stored["games"] == 12 and stored["seed"] == 5
    assert "| tonk:classic?players=2 | Master | `level:master,ms=30` |" in text
    assert (tmp_path / "LEVELS.md").read_text() == text
    assert list(fit["ratings_by_games"]) == list(LEVELS)


def test_a_refit_reads_the_stored_records_again_and_finds_the_same_ratings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "CONFIGS", (levels.Config("tonk:classic?players=2", 4, 0.02),))
    ratings = tmp_path / "levels.json"
    levels.main(["--seed", "7", "--docs", str(tmp_path), "--ratings", str(ratings)])
    path = tmp_path / "levels" / "tonk-classic-2" / "ratings.json"
    played = json.loads(path.read_text())
    changed = {**played, "ratings": dict.fromkeys(LEVELS, 1500), "ratings_by_games": dict.fromkeys(LEVELS, 1500)}
    path.write_text(json.dumps(changed))
    ratings.write_text("{}")
    text = levels.main(["--refit", "--docs", str(tmp_path), "--ratings", str(ratings)])
    again = json.loads(path.read_text())
    assert again == played
    assert json.loads(ratings.read_text())["tonk"]["ratings"] == played["ratings"]
    assert f"| Master | `level:master,ms=20` | {played['ratings']['master']} |" in text


def test_playing_without_a_seed_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        levels.main(["--only", "tonk"])
    assert "--seed is required" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        levels.main(["--seed", "1", "--scale", "-0.5"])
    assert "--scale -0.5: a share of the time budgets is above 0" in capsys.readouterr().err


def test_every_pair_of_levels_meets_in_its_own_tournament_whatever_the_seats() -> None:
    pairs = [("beginner", "casual"), ("beginner", "expert"), ("beginner", "master"), ("casual", "expert"),
             ("casual", "master"), ("expert", "master")]
    assert levels.pairings(levels.Config("plonk", 4)) == levels.pairings(levels.Config("tonk", 4)) == pairs


def test_a_refit_refuses_records_of_bots_that_are_no_level(tmp_path: Path) -> None:
    pair = tmp_path / "beginner-casual"
    pair.mkdir()
    record = {"players": ["level:beginner", "heuristic"], "seed": 1, "result": {"returns": [1.0, -1.0]}}
    (pair / "records.jsonl").write_text(json.dumps(record) + "\n")
    with pytest.raises(SystemExit, match=r"\['level:beginner', 'heuristic'\] are not all levels"):
        levels.recorded(tmp_path)
