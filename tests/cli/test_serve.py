"""``parlour serve`` refuses settings that cannot make several processes one server, saying why (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.app import app

runner = CliRunner()


def test_several_workers_need_postgresql_and_redis(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'p.db'}"
    result = runner.invoke(app, ["serve", "--workers", "2", "--db", db, "--no-browser"])
    assert result.exit_code == 2
    assert "--workers 2 needs a PostgreSQL --db" in result.output and repr(db) in result.output
    assert not (tmp_path / "p.db").exists()  # refused before anything was made


def test_redis_needs_a_postgresql_database(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'p.db'}"
    result = runner.invoke(app, ["serve", "--db", db, "--redis-url", "redis://127.0.0.1:6379", "--no-browser"])
    assert result.exit_code == 2
    assert "share their tables through PostgreSQL" in result.output and repr(db) in result.output


def test_workers_read_back_the_settings_they_are_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.cli.serve import settings_environment
    from parlour.server.settings import Settings

    given = Settings(allowed_bots=["random", "heuristic"], bot_delay=0.25, redis_url="redis://127.0.0.1:6379",
                     db_url="postgresql+psycopg://u@h/p")
    for name, value in settings_environment(given).items():
        monkeypatch.setenv(name, value)
    assert Settings() == given
