"""Accounts at scale runs end to end on a PostgreSQL of the test's own, at a tiny scale, through the entry point."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as entry
from benchmarks import anchors
from tests.server.services import PostgresServer, postgres_server

__all__ = ["postgres_server"]  # the session's PostgreSQL (skipped, saying why, without initdb and pg_ctl)


@pytest.mark.slow
def test_a_tiny_run_gives_every_figure_beside_its_goal(postgres_server: PostgresServer,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    figures = entry.main(["accounts_scale", "--db", postgres_server.url, "--accounts", "30", "--tables", "10",
                          "--requests", "20", "--quick", "4"])
    assert len(figures) == 6
    assert figures[0].figure == "My tables (GET /api/account/tables), 1 at a time: p99"
    assert figures[4].figure == "clock sweep over 10 of 10 tables" and figures[4].anchor.startswith("goal ≤ 1 s")
    assert figures[5].figure == "Play now: 4 clients at once, seated" and figures[5].value == 4 and figures[5].met
    out = capsys.readouterr().out
    assert "| measure | p50 ms | p99 ms | goal |" in out and anchors.HEADER in out
