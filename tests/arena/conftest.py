"""Helpers for tests that run an arena in a process of its own and watch its workers (Linux: they read /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

import parlour

SRC = Path(parlour.__file__).resolve().parents[1]
PARLOUR = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
           "from parlour.cli.app import main; sys.argv = ['parlour', *sys.argv[1:]]; main()")
"""``parlour`` run from ``-c``, Ctrl-C raising ``KeyboardInterrupt`` as in a terminal (a shell that starts the
tests in the background has them ignore SIGINT, and a child would inherit that)."""
ENDED_WITHIN = 15.0
"""Seconds the processes of a stopped arena have to end."""


def needs_proc() -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("watching processes reads /proc (Linux)")


def stat(pid: int) -> tuple[str, int] | None:
    """The state letter and the parent of process ``pid``, or None if there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            info = stat(int(entry.name))
            if info is not None and info[1] == pid:
                found.append(int(entry.name))
    return found


def is_running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie has ended)."""
    info = stat(pid)
    return info is not None and info[0] not in "ZX"


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@contextmanager
def started(args: list[str], folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``python args`` in a session of its own, its output in ``folder``; whatever is left of the session
    (the process and any worker of it still in the session) is killed on the way out."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    with (folder / "stdout").open("wb") as out, (folder / "stderr").open("wb") as err:
        process = subprocess.Popen([sys.executable, *args], cwd=folder, env=env, stdout=out, stderr=err,
                                   start_new_session=True)
    try:
        yield process
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, by its children, and so on."""
    found = children(pid)
    return found + [d for child in found for d in descendants(child)]


def playing_workers(pid: int, workers: int, seconds: float = 120.0) -> list[int]:
    """The processes the arena ``pid`` started (its workers, and the fork server and resource tracker of
    multiprocessing), once ``workers`` workers exist (processes with no children of their own, besides the
    resource tracker) and have had a moment to start playing."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = descendants(pid)
        leaves = [p for p in found if not children(p) and "resource_tracker" not in command_line(p)]
        if len(leaves) >= workers:
            time.sleep(3)
            return descendants(pid)
        if not is_running(pid):
            break
        time.sleep(0.2)
    raise AssertionError(f"the arena (process {pid}) did not start {workers} workers within {seconds} s")


def still_running(pids: list[int], seconds: float = ENDED_WITHIN) -> list[str]:
    """The command lines of those of ``pids`` still running after ``seconds`` (sooner if none is left)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(is_running(p) for p in pids):
        time.sleep(0.2)
    return [f"{p}: {command_line(p)}" for p in pids if is_running(p)]
