"""The residual agent's script values the heuristic's alternatives, fits and checks corrections, saves a policy
that loads as a bot, and measures it in the arena, the same way each time."""

from __future__ import annotations

import json
import random
from pathlib import Path

from benchmarks import rl_residual
from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.residual import ResidualBot


def test_a_short_run_saves_corrections_that_play_legal_games_and_replays(tmp_path: Path) -> None:
    summary = rl_residual.main(["--smoke", "--workers", "1", "--out", str(tmp_path)])
    again = rl_residual.main(["--smoke", "--workers", "1", "--out", str(tmp_path / "again")])
    assert again["pairs"] == summary["pairs"] and again["arena"]["mean"] == summary["arena"]["mean"]
    assert summary["alternatives"] > summary["points"] > 1000
    assert {(p["default"], p["alternative"]) for p in summary["pairs"]} >= {("drop", "draw"), ("draw", "drop")}
    assert all(p["kept"] and p["held_out_changed"] > 0 for p in summary["pairs"])
    policy = tmp_path / "policy.npz"
    played = json.loads((tmp_path / "arena-heuristic" / "results.json").read_text(encoding="utf-8"))
    assert played["games"] == 20 and {b["bot"] for b in played["bots"]} == {f"learned:{policy}", "heuristic"}
    assert "| `heuristic` | 20 |" in (tmp_path / "results.md").read_text(encoding="utf-8")
    game = load_game(rl_residual.SPEC)
    bot = make_bot(f"learned:{policy}", game)
    assert isinstance(bot, ResidualBot) and len(bot.by_default) >= 2
    other = make_bot("heuristic", game)
    for deal in range(10):
        state, rng = game.new_state(deal), random.Random(deal)
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            action = (bot if seat == deal % 2 else other).choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)
    assert bot.deviations > 0
