"""A Redis and a PostgreSQL of the test session's own, started from the machine's binaries on free ports.

The cluster and fault tests use these, never a shared server: they may kill, stop and restart them at will.
Each is skipped with its reason when its binaries are missing. PostgreSQL refuses to run as root, so as root
its cluster belongs to the ``postgres`` user and its commands run as that user (``runuser``).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

START_SECONDS = 60.0
"""Longest a server may take to start on a busy machine."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def answers(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class RedisServer:
    """``redis-server`` on a port of its own, nothing saved to disk; killed and started again on the same port."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder), "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_SECONDS
        while not answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def kill(self) -> None:
        """``kill -9``: every connection drops at once."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def ensure(self) -> None:
        """Running again, should a test have left it killed."""
        if self.process is None or self.process.poll() is not None:
            self.start()


class PostgresServer:
    """A PostgreSQL cluster in a temporary folder (``initdb``), served on a port of its own (``pg_ctl``)."""

    def __init__(self, bindir: Path, folder: Path) -> None:
        self.bindir = bindir
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user is not None:
            shutil.chown(folder, self.user, self.user)
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        self.start()

    def run(self, command: str, *args: str) -> None:
        runas = ["runuser", "-u", self.user, "--"] if self.user is not None else []
        done = subprocess.run([*runas, str(self.bindir / command), *args], capture_output=True, text=True,
                              timeout=START_SECONDS, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{command} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w",
                 "-t", str(int(START_SECONDS)), "start")

    def stop(self) -> None:
        """Stop at once (``-m fast``): every session ends, with its advisory locks."""
        self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def ensure(self) -> None:
        if not self.running():
            self.start()


def postgres_bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``pg_config --bindir``, else the newest Debian install."""
    candidates: list[str] = []
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=False)
        candidates.append(found.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    binary = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists()
                                               else None)
    if binary is None:
        pytest.skip("several processes need Redis: no redis-server here (apt-get install redis-server)")
    with tempfile.TemporaryDirectory(prefix="parlour-redis-") as folder:
        server = RedisServer(binary, Path(folder))
        try:
            yield server
        finally:
            server.kill()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip("several processes need PostgreSQL: no initdb and pg_ctl here (apt-get install postgresql)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("PostgreSQL will not run as root, and there is no postgres user to run it as")
        if not shutil.which("runuser"):
            pytest.skip("PostgreSQL will not run as root, and there is no runuser to run it as postgres")
    with tempfile.TemporaryDirectory(prefix="parlour-postgres-") as folder:
        server = PostgresServer(bindir, Path(folder))
        try:
            yield server
        finally:
            if server.running():
                server.stop()
