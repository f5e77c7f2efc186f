"""``parlour serve`` refuses settings that cannot make several processes one server, saying why (exit 2)."""

from __future__ import annotations

import os
import subprocess
import sys
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


@pytest.mark.parametrize(("env", "names"), [
    ({"PARLOUR_ALLOWED_BOTS": '["random"]'}, ("stand_in_bot", "allowed_bots")),
    ({"PARLOUR_STAND_IN_BOT": "ismcts:c=nan"}, ("stand_in_bot", "'ismcts:c=nan'")),
    ({"PARLOUR_FORWARDED_ALLOW_IPS": '["proxy.example"]'}, ("forwarded_allow_ips", "'proxy.example'")),
    ({"PARLOUR_REDIS_URL": "http://127.0.0.1:6379"}, ("redis_url", "no Redis URL")),
])
def test_impossible_settings_are_one_line_and_status_2(tmp_path: Path, env: dict[str, str],
                                                       names: tuple[str, ...]) -> None:
    db = f"sqlite:///{tmp_path / 'p.db'}"
    ran = subprocess.run([str(Path(sys.executable).with_name("parlour")), "serve", "--db", db, "--no-browser",
                          "--port", "0"], capture_output=True, text=True, timeout=60, check=False,
                         env={**os.environ, **env, "COLUMNS": "300"})
    said = (ran.stdout + ran.stderr).strip()
    assert ran.returncode == 2, said
    assert len(said.splitlines()) == 1 and "Traceback" not in said, said
    assert said.startswith("error: ") and all(name in said for name in names), said
    assert not (tmp_path / "p.db").exists()


def test_several_workers_without_a_cluster_name_the_settings(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'p.db'}"
    result = runner.invoke(app, ["serve", "--workers", "3", "--db", db, "--no-browser"], env={"COLUMNS": "300"})
    said = result.output.strip()
    assert result.exit_code == 2 and len(said.splitlines()) == 1, said
    assert all(name in said for name in ("workers", "db_url", "redis_url")), said
