"""The policy-gain benchmark finds the moves where a bot leaves the heuristic and judges them from the true hands."""

from __future__ import annotations

import pytest

from benchmarks import policy_gain

SPEC = "tonk:classic?players=3"


def test_the_heuristic_never_departs_from_itself() -> None:
    choices, found = policy_gain.departures(SPEC, "heuristic", range(6), playouts=2)
    assert choices > 0 and found == []


def test_a_random_player_departs_often_and_loses_by_it() -> None:
    choices, found = policy_gain.departures(SPEC, "random", range(6), playouts=20)
    assert len(found) > choices / 3
    assert all(" → " in d.kind for d in found)
    assert sum(d.gain for d in found) < 0


def test_a_run_prints_the_table_and_the_gain_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    found = policy_gain.main([SPEC, "--bot", "random", "--games", "4", "--playouts", "3"])
    out = capsys.readouterr().out
    assert "| heuristic → bot | departures | mean gain [95 % CI] | total |" in out
    assert f"{len(found)} departures" in out and "gain per game:" in out


def test_the_drop_check_compares_belief_with_truth(capsys: pytest.CaptureFixture[str]) -> None:
    pairs = policy_gain.main([SPEC, "--drops", "--games", "2", "--playouts", "3"])
    assert pairs and all(len(p) == 2 for p in pairs)
    assert "moves where dropping was legal" in capsys.readouterr().out


def test_the_drop_check_with_inference_samples_other_deals() -> None:
    uniform = policy_gain.drop_bias(SPEC, range(2), playouts=3)
    inferred = policy_gain.drop_bias(SPEC, range(2), playouts=3, infer=8)
    assert len(uniform) == len(inferred) > 0
    assert [b for b, _ in uniform] != [b for b, _ in inferred]


@pytest.mark.parametrize(("spec", "said"), [("plonk", "judges Tonk only"), ("nonsense", "unknown game 'nonsense'")])
def test_a_spec_it_cannot_judge_is_refused_by_name(spec: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        policy_gain.main([spec, "--games", "1"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and repr(spec) in err
