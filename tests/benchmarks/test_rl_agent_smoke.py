"""The agent's training script imitates, reinforces (with a self-play rollout), saves a policy that loads as a
bot, and measures it in the arena."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from benchmarks import rl_agent
from parlour import load_game
from parlour.bots import make_bot


def test_a_short_run_saves_a_policy_that_plays_legal_games_and_replays(tmp_path: Path) -> None:
    summary = rl_agent.main(["--smoke", "--out", str(tmp_path)])
    again = rl_agent.main(["--smoke", "--out", str(tmp_path / "again")])
    assert again["curve"] == summary["curve"] and again["imitation_accuracy"] == summary["imitation_accuracy"]
    assert again["arena"]["mean"] == summary["arena"]["mean"]
    policy = tmp_path / "policy.pt"
    assert summary["steps"] >= 6144 and summary["episodes"] > 100
    assert len(summary["imitation_accuracy"]) == 1 and summary["imitation_accuracy"][0] > 0.5
    assert (tmp_path / "learning_curve.png").stat().st_size > 0
    played = json.loads((tmp_path / "arena-heuristic" / "results.json").read_text(encoding="utf-8"))
    assert played["games"] == 20 and {b["bot"] for b in played["bots"]} == {f"learned:{policy}", "heuristic"}
    assert "| `heuristic` | 20 |" in (tmp_path / "results.md").read_text(encoding="utf-8")
    game = load_game(rl_agent.SPEC)
    bots = [make_bot(f"learned:{policy}", game), make_bot("heuristic", game)]
    for deal in range(10):
        state, rng = game.new_state(deal), random.Random(deal)
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            action = bots[(seat + deal) % 2].choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)

