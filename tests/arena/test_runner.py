"""Running tournaments: the same seed gives the same results, locally and on Ray."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.arena.runner import run
from parlour.arena.schedule import schedule
from parlour.cli.app import app
from parlour.core.record import GameRecord, replay
from tests.arena.conftest import SRC, needs_proc, playing_workers, started, still_running

SPEC = "tonk:classic?players=2"
BOTS = ("heuristic", "random")
POLICY = SRC.parent / "docs" / "notes" / "rl-agent" / "policy.pt"
"""The learned policy the project ships, for 2-player ``tonk:speno``."""
RESIDUAL = SRC.parent / "docs" / "notes" / "rl-residual" / "policy.npz"
"""The published residual policy (a NumPy archive read as ``learned:PATH`` too)."""


def test_processes_give_the_same_outcomes_as_one_process() -> None:
    tasks = schedule(2, 2, 12, seed=3)
    alone = run(SPEC, BOTS, tasks, workers=1)
    pooled = run(SPEC, BOTS, tasks, workers=2)
    assert [o.returns for o in alone] == [o.returns for o in pooled]
    assert [o.record for o in alone] == [o.record for o in pooled]


def test_records_replay() -> None:
    outcome = run(SPEC, BOTS, schedule(2, 2, 2, seed=4))[0]
    state = replay(GameRecord.from_dict(outcome.record))
    assert tuple(state.returns()) == outcome.returns


def test_ray_backend_gives_the_same_results_as_local() -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'parlour[cluster]')")
    tasks = schedule(2, 2, 8, seed=5)
    local = run(SPEC, BOTS, tasks, workers=1)
    on_ray = run(SPEC, BOTS, tasks, workers=2, backend="ray")
    assert [o.returns for o in local] == [o.returns for o in on_ray]
    assert [o.record for o in local] == [o.record for o in on_ray]


def test_arena_command_writes_the_four_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["arena", SPEC, "--bots", "ismcts:iters=7,random", "--games", "10",
                                      "--seed", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "results.json").read_text())
    assert summary["games"] == 10 and [b["bot"] for b in summary["bots"]] == ["ismcts:iters=7", "random"]
    # the search done per move is reported: exactly the iteration budget, none for random
    assert [b["iterations"] for b in summary["bots"]] == [7.0, None]
    assert len((out / "records.jsonl").read_text().splitlines()) == 10
    assert "| `ismcts:iters=7` |" in (out / "results.md").read_text()
    assert (out / "plot.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["chess", "--bots", "random,random"], "unknown game 'chess'"),
        ([SPEC, "--bots", "random,genius"], "unknown bot 'genius'"),
        ([SPEC, "--bots", "random,genius[red]"], "unknown bot 'genius[red]'"),  # quoted as typed, not as markup
        ([SPEC, "--bots", "random"], "name at least two bots"),
        ([SPEC, "--bots", "random,random", "--games", "0"], "--games 0"),
        ([SPEC, "--bots", "random,random", "--backend", "moon"], "backends are local, ray"),
        ([SPEC, "--bots", "random,random", "--out", "/proc/nope"], "cannot create the folder"),
        ([SPEC, "--bots", "ismcts:iters=-3,random"], "iters='-3' is out of range"),
    ],
)
def test_bad_arena_input_is_one_clear_line(args: list[str], fragment: str) -> None:
    result = CliRunner().invoke(app, ["arena", *args])
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Traceback" not in result.output


def test_batches_keep_order_and_every_game() -> None:
    from parlour.arena.runner import batches

    tasks = schedule(2, 2, 100, seed=1)
    for workers in (1, 2, 7):
        cut = batches(tasks, workers)
        assert [t for batch in cut for t in batch] == tasks
        assert len(cut) >= min(len(tasks), workers)


def test_outcomes_do_not_depend_on_how_games_are_batched(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.arena import runner

    tasks = schedule(2, 2, 24, seed=6)
    whole = run(SPEC, BOTS, tasks, workers=1)
    monkeypatch.setattr(runner, "MAX_BATCH", 1)
    one_by_one = run(SPEC, BOTS, tasks, workers=2)
    assert [(o.returns, o.record) for o in whole] == [(o.returns, o.record) for o in one_by_one]


def test_the_arena_warns_when_a_timed_bot_got_little_of_the_processor(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from parlour.arena import play

    real = time.perf_counter
    monkeypatch.setattr(play.time, "thread_time", lambda: real() / 2)  # the processor runs half the time
    result = CliRunner().invoke(app, ["arena", SPEC, "--bots", "ismcts:ms=2,heuristic", "--games", "2",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "ismcts:ms=2 got 50% of the processor" in " ".join(result.output.split())
    share = json.loads((tmp_path / "out" / "results.json").read_text())["bots"][0]["cpu_share"]
    assert 0.45 < share < 0.55


def test_learned_bots_play_on_ray_as_locally() -> None:
    """Both kinds of policy file: a network, and a residual policy over the heuristic."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'parlour[cluster]')")
    pytest.importorskip("sb3_contrib", reason="the learned bot needs the learn extra (pip install 'parlour[learn]')")
    spec, bots = "tonk:speno?players=2", (f"learned:{POLICY}", f"learned:{RESIDUAL}")
    tasks = schedule(2, 2, 4, seed=8)
    local = run(spec, bots, tasks, workers=1)
    on_ray = run(spec, bots, tasks, workers=2, backend="ray")
    assert [o.record for o in local] == [o.record for o in on_ray]
    assert any(o.record["actions"] for o in local)


def test_a_learned_bot_plays_on_two_workers(tmp_path: Path) -> None:
    """torch starts threads when the arena makes the bot to check its spec; forked workers then hung for good."""
    pytest.importorskip("sb3_contrib", reason="the learned bot needs the learn extra (pip install 'parlour[learn]')")
    spec, bots = "tonk:speno?players=2", (f"learned:{POLICY}", "heuristic")
    tasks = schedule(2, 2, 4, seed=7)
    code = ("import json, sys; from parlour.arena.runner import run; from parlour.arena.schedule import schedule; "
            "from parlour.bots import make_bot; from parlour.core.registry import load_game; "
            f"spec, bots = {spec!r}, {bots!r}; make_bot(bots[0], load_game(spec)); "
            "outcomes = run(spec, bots, schedule(2, 2, 4, seed=7), workers=2); "
            "json.dump([[o.returns, o.record] for o in outcomes], sys.stdout)")
    with started(["-c", code], tmp_path) as arena:
        try:
            arena.wait(timeout=240)
        except subprocess.TimeoutExpired:
            pytest.fail("the arena with a learned bot on two workers did not end within 240 s")
    assert arena.returncode == 0, (tmp_path / "stderr").read_text()
    pooled = json.loads((tmp_path / "stdout").read_text())
    alone = run(spec, bots, tasks, workers=1)
    assert pooled == [[list(o.returns), o.record] for o in alone]


def test_the_workers_of_a_killed_arena_end(tmp_path: Path) -> None:
    """Even SIGKILL, which the arena cannot see coming, ends its workers (forked ones played on for good)."""
    needs_proc()
    code = ("from parlour.arena.runner import run; from parlour.arena.schedule import schedule; "
            "run('tonk:classic?players=2', ('ismcts:iters=200', 'random'), schedule(2, 2, 4000, seed=1), workers=2)")
    with started(["-c", code], tmp_path) as arena:
        workers = playing_workers(arena.pid, 2)
        arena.send_signal(signal.SIGKILL)
        arena.wait(timeout=10)
        assert still_running(workers) == []
