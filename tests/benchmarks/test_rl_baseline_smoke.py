"""The learned baseline trains a little, saves a policy that loads as a bot, and measures it in the arena."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from benchmarks import rl_baseline
from parlour import load_game
from parlour.bots import make_bot


def test_a_short_run_saves_a_policy_that_plays_legal_games(tmp_path: Path) -> None:
    summary = rl_baseline.main(["--smoke", "--out", str(tmp_path)])
    policy = tmp_path / "policy.pt"
    assert summary["steps"] == 4096 and summary["episodes"] > 100
    assert {opponent for _, opponent, _ in summary["curve"]} == {"random", "heuristic"}
    assert policy.stat().st_size < 1_000_000 and (tmp_path / "learning_curve.png").stat().st_size > 0
    for opponent in rl_baseline.OPPONENTS:
        played = json.loads((tmp_path / f"arena-{opponent}" / "results.json").read_text(encoding="utf-8"))
        assert played["games"] == 20 and [b["games"] for b in played["bots"]] == [20, 20]
        assert {b["bot"] for b in played["bots"]} == {f"learned:{policy}", opponent}
    table = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "| `random` | 20 |" in table and "| `heuristic` | 20 |" in table
    game = load_game(rl_baseline.SPEC)
    bots = [make_bot(f"learned:{policy}", game), make_bot("heuristic", game)]
    for deal in range(10):
        state, rng = game.new_state(deal), random.Random(deal)
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            action = bots[(seat + deal) % 2].choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)
