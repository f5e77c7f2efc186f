"""benchmarks/jax_api.py runs through the entry point: each spec's env handed to pgx's api_test within the widened
ids, a pass reported as met, a failure with its spec and exit status 1. pgx's test itself is stood in for here (its
compiles cost up to a minute a preset); tests/jax runs the real one through ``jax_api.api_test`` on each game."""

from __future__ import annotations

from typing import Any, get_args

import pytest

pgx = pytest.importorskip("pgx")
pgx_api_test = pytest.importorskip("pgx._src.api_test")

from benchmarks import __main__ as entry  # noqa: E402
from benchmarks import anchors  # noqa: E402


def test_each_spec_is_checked_under_its_own_id_and_a_failure_exits_naming_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seen = []

    def stand_in(env: Any, num: int) -> None:
        seen.append((env.id, get_args(pgx_api_test.EnvId), num))
        if env.id != "plonk":
            raise AssertionError("legal_action_mask at init state cannot be zero.")

    monkeypatch.setattr(pgx, "api_test", stand_in)
    figures = entry.main(["jax_api", "--num", "2", "--specs", "plonk", "plonk?target=100"])
    assert seen == [("plonk", ("plonk",), 2)] * 2 and [f.met for f in figures] == [True, True]
    printed = capsys.readouterr().out
    assert "plonk?target=100: pgx api_test passed (" in printed and anchors.HEADER in printed
    assert get_args(pgx_api_test.EnvId) != ("plonk",)  # pgx's own list again after each spec
    with pytest.raises(SystemExit) as exited:
        entry.main(["jax_api", "--specs", "plonk", "tonk"])
    assert exited.value.code == 1
    failed = capsys.readouterr()
    assert "tonk: pgx api_test FAILED: AssertionError: legal_action_mask at init state cannot be zero." in failed.out
    assert "failed on tonk" in failed.err
