"""No password of a database or Redis URL in any line the server prints or logs."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.server.masking import mask
from tests.server.conftest import postgres_schema, settings_for
from tests.server.services import PostgresServer
from tests.server.serving import Served

PARLOUR = Path(sys.executable).with_name("parlour")
SECRET = "hunter2secret"


@pytest.mark.parametrize("url", [
    f"postgresql+psycopg://someone:{SECRET}@127.0.0.1:5432/db", f"redis://:{SECRET}@127.0.0.1:6379/0",
    f"redis://user:{SECRET}@h", f"rediss://h:6380?password={SECRET}", f"redis://:{SECRET}@h@ost:1",
    f"error near 'postgresql://a:{SECRET}@h/db' and redis://:{SECRET}@x",
])
def test_mask_hides_the_password_of_every_url(url: str) -> None:
    shown = mask(url)
    assert SECRET not in shown and "***" in shown
    assert mask("sqlite:///parlour.db") == "sqlite:///parlour.db"


def test_the_servers_log_lines_and_tracebacks_are_masked(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    from parlour.server import create_app

    create_app(settings_for(db_url))
    log = logging.getLogger("parlour.server")
    with caplog.at_level(logging.WARNING, logger="parlour.server"):
        log.warning("lost Redis at %s", f"redis://:{SECRET}@127.0.0.1:6379")
        try:
            raise OSError(f"cannot connect to postgresql://u:{SECRET}@h/db")
        except OSError:
            log.exception("sweep failed")
    text = caplog.text
    assert "lost Redis at redis://:***@127.0.0.1:6379" in text and "cannot connect to" in text
    assert SECRET not in text


def serve_once(*args: str, env: dict[str, str] | None = None) -> str:
    ran = subprocess.run([str(PARLOUR), "serve", "--port", "0", "--no-browser", *args], capture_output=True,
                         text=True, timeout=120, check=False, env={**os.environ, "COLUMNS": "300", **(env or {})})
    assert ran.returncode == 2, ran.stdout + ran.stderr
    return ran.stdout + ran.stderr


def test_refusals_at_start_never_print_a_password(tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'p.db'}"
    said = [
        serve_once("--db", f"postgresql+psycopg://someone:{SECRET}@127.0.0.1:1/nowhere"),
        serve_once("--db", f"postgresql+psycopg://someone:{SECRET}@", ),
        serve_once("--workers", "2", "--db", sqlite, "--redis-url", f"redis://:{SECRET}@127.0.0.1:1"),
        serve_once("--db", sqlite, env={"PARLOUR_REDIS_URL": f"http://:{SECRET}@127.0.0.1:1"}),
    ]
    for text in said:
        assert text.strip() and SECRET not in text, text


def test_a_start_on_postgresql_and_a_bad_redis_never_print_a_password(postgres_server: PostgresServer) -> None:
    from sqlalchemy.engine import make_url

    postgres_server.ensure()
    with postgres_schema(postgres_server.url) as url:
        secret_url = make_url(url).set(password=SECRET).render_as_string(hide_password=False)  # trust: accepted
        served = Served(secret_url)
        try:
            served.base()
        finally:
            served.stop()
        started = "".join(served.said)
        assert "serving at" in started and SECRET not in started and "***" in started
        refused = serve_once("--db", secret_url, "--redis-url", f"redis://:{SECRET}@127.0.0.1:1")
        assert "Redis" in refused and SECRET not in refused, refused


def test_a_sqlite_start_line_shows_the_database() -> None:
    served = Served("sqlite:///:memory:")
    try:
        served.base()
    finally:
        served.stop()
    assert "tables in sqlite:///:memory:" in "".join(served.said)


def test_mask_hides_only_the_password_of_a_url() -> None:
    assert mask("postgresql+psycopg://ana:s3cret@db:5432/parlour") == "postgresql+psycopg://ana:***@db:5432/parlour"
    assert mask("redis://:pw@127.0.0.1:6379/0") == "redis://:***@127.0.0.1:6379/0"
    assert mask("redis://127.0.0.1:6379") == "redis://127.0.0.1:6379"
    assert mask("sqlite:///parlour.db") == "sqlite:///parlour.db"


def test_mask_leaves_urls_without_a_password_alone_in_text() -> None:
    assert mask("redis://:pw@127.0.0.1:6379/0 and http://localhost:8000/x") == \
        "redis://:***@127.0.0.1:6379/0 and http://localhost:8000/x"
