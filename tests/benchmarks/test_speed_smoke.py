"""The speed benchmark runs end to end on a tiny budget, with OpenSpiel and without it."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors, speed


def test_a_short_run_gives_every_tonk_step_figure_beside_openspiel_and_its_goal(
        capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["speed", "--seconds", "0.05", "--only", "tonk-step"])
    assert [f.figure for f in figures] == [p.label for p in speed.TONK_STEPS]
    assert all(f.value > 0 and f.unit == "µs" and f.anchor.endswith("goal ≤ 0.30×") for f in figures)
    if speed.import_pyspiel() is not None:
        assert all(f.anchor.startswith("OpenSpiel gin_rummy step ") and f.met is not None for f in figures)
    out = capsys.readouterr().out
    assert "| figure | parlour | OpenSpiel | ratio | target |" in out
    assert anchors.HEADER in out and "| Tonk step, 2 players (speno) |" in out


def test_without_openspiel_parlour_figures_are_still_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(speed, "import_pyspiel", lambda: None)
    figures = speed.main(["--seconds", "0.05", "--only", "tonk-clone"])
    assert len(figures) == 1 and figures[0].openspiel is None and figures[0].parlour > 0
    out = capsys.readouterr().out
    assert "not installed" in out and "pip install -e '.[bench]'" in out


def test_the_seven_search_times_positions_with_a_seven_and_pawns_out() -> None:
    timings = speed.seven_search("tock?players=8", 5, seed=1)
    assert len(timings) == 5
    assert all(t.ms > 0 and t.pawns_out >= 3 and t.actions > 0 for t in timings)
    again = speed.seven_search("tock?players=8", 5, seed=1)
    assert [(t.seed, t.version) for t in again] == [(t.seed, t.version) for t in timings]


def test_the_loop_floor_plays_idle_states_to_their_end_beside_hearts() -> None:
    state = speed.IdleState(0)
    timed, steps = speed.random_steps(speed.IdleState)(0.02)
    assert timed > 0 and steps >= speed.IdleState.LENGTH and steps % speed.IdleState.LENGTH == 0
    assert not state.is_terminal and len(state.legal_actions()) == 13
    figures = speed.main(["--seconds", "0.05", "--only", "loop-floor"])
    assert len(figures) == 2 and all(f.parlour > 0 for f in figures)
    assert all((f.openspiel is not None) == (speed.import_pyspiel() is not None) for f in figures)


def test_plonk_through_its_rules_of_play_alone_plays_the_games_the_state_plays() -> None:
    timed, steps = speed.rules_only_play("plonk")(0.001)
    game, rng = speed.load_game("plonk"), speed.random.Random(1)
    played = 0
    for seed in range(100):  # the same deals, one generator across them: the same games, action for action
        state = game.new_state(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        played += state.version
        if played >= steps:
            break
    assert timed > 0 and played == steps


def test_the_search_figures_time_a_strong_move_of_each_game_and_count_its_playouts() -> None:
    figures = speed.main(["--seconds", "0.01", "--only", "search"])
    assert len(figures) == 2 * len(speed.SEARCHES)
    assert all(f.parlour > 0 and f.openspiel is None for f in figures)
    for searched in speed.SEARCHES:
        positions = speed.search_positions(searched)
        assert len(positions) == speed.SEARCH_DEALS and all(legal for _, legal in positions)
