"""The team benchmark plays 2-v-2 Tock on the fair schedule, counts the strong team's wins and writes the figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors


def test_a_short_run_seats_each_team_first_once_a_deal_and_gives_the_wins_beside_the_goal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["teams", "--games", "2", "--iters", "4", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert "game 1/2 (seed 0, strong at a+c)" in out and "game 2/2 (seed 0, strong at b+d)" in out
    assert anchors.HEADER in out
    summary = json.loads((tmp_path / "results.json").read_text())
    assert summary["games"] == 2 and summary["bot_specs"] == ["strong:iters=4", "heuristic"]
    won = round(summary["bots"][0]["mean"] * 2)  # a team's mean return is its share of wins
    assert figures[0].value == pytest.approx(100 * won / 2) and figures[0].met is False  # 2 games: never the goal
    assert figures[1].figure.startswith("low end of its 95 % Wilson interval")
