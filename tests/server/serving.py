"""Real ``parlour serve`` processes for tests: started on a port they pick, their output read on a thread."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

SERVING = re.compile(r"serving at http://[^/\s]+:(\d+)/")
START_SECONDS = 60
CALL_SECONDS = 30
"""Longest a test waits for one REST answer: sized for a busy machine, where 10 s was seen to run out."""


def call(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=CALL_SECONDS) as response:
        return json.loads(response.read())


class Served:
    """One ``parlour serve`` process: its output is read on a thread, so a full pipe never blocks it."""

    def __init__(self, db_url: str, *args: str, env: dict[str, str] | None = None) -> None:
        full_env = {**os.environ, "PARLOUR_BOT_DELAY": "0", "PYTHONUNBUFFERED": "1", **(env or {})}
        cmd = [str(Path(sys.executable).with_name("parlour")), "serve", "--host", "127.0.0.1", "--port", "0",
               "--db", db_url, "--no-browser", *args]
        self.process = subprocess.Popen(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)  # the output ended: the server is gone

    def base(self) -> str:
        """The base URL, once the server says it serves (the port it bound itself: nothing to race for)."""
        deadline = time.monotonic() + START_SECONDS
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            self.said.append(line)
            found = SERVING.search(line)
            if found:
                return f"http://127.0.0.1:{found.group(1)}"
        self.stop()
        raise AssertionError(f"parlour serve did not say it was serving: {''.join(self.said)!r}")

    def output(self) -> str:
        """Everything it printed, once it has ended."""
        self.process.wait(timeout=START_SECONDS)
        while (line := self.lines.get(timeout=START_SECONDS)) is not None:
            self.said.append(line)
        return "".join(self.said)

    def kill(self) -> None:
        """``kill -9``: no shutdown at all."""
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    """``parlour serve`` on a fresh or existing SQLite file; the process and its base URL, once it serves."""
    served = Served(f"sqlite:///{db}")
    return served.process, served.base()
