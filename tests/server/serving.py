"""Real ``parlour serve`` processes for tests: started on a port they pick, their output read on a thread;
WebSocket clients of them that keep every message."""

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

SERVING = re.compile(r"serving at http://[^/\s]+:(\d+)/")
OPS = re.compile(r"endpoints \(/metrics, /readyz\) are at http://[^/\s]+:(\d+)/")
START_SECONDS = 60
CALL_SECONDS = 30
"""Longest a test waits for one REST answer: sized for a busy machine, where 10 s was seen to run out."""
RECEIVE_SECONDS = 30.0
"""Longest a test waits for one WebSocket message: a server that never sends fails the test, not hangs it."""


def call(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=CALL_SECONDS) as response:
        return json.loads(response.read())


class Served:
    """One ``parlour serve`` process: its output is read on a thread, so a full pipe never blocks it. Its operator's
    endpoints listen on a free port of their own (``ops_base``) unless ``env`` says otherwise."""

    def __init__(self, db_url: str, *args: str, env: dict[str, str] | None = None) -> None:
        full_env = {**os.environ, "PARLOUR_BOT_DELAY": "0", "PARLOUR_OPS_PORT": "0", "PYTHONUNBUFFERED": "1",
                    **(env or {})}
        cmd = [str(Path(sys.executable).with_name("parlour")), "serve", "--host", "127.0.0.1", "--port", "0",
               "--db", db_url, "--no-browser", *args]
        self.process = subprocess.Popen(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.said: list[str] = []
        self.url: str | None = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)  # the output ended: the server is gone

    def base(self) -> str:
        """The base URL, once the server says it serves (the port it bound itself: nothing to race for)."""
        if self.url is not None:
            return self.url
        found = self.read_until(SERVING)
        if found:
            self.url = f"http://127.0.0.1:{found.group(1)}"
            return self.url
        self.stop()
        raise AssertionError(f"parlour serve did not say it was serving: {''.join(self.said)!r}")

    def ops_base(self) -> str:
        """The base URL of its operator's endpoints, as it says on the line after the one ``base`` reads."""
        self.base()
        found = next((m for line in self.said if (m := OPS.search(line))), None) or self.read_until(OPS)
        assert found, f"parlour serve did not say where its operator's endpoints are: {''.join(self.said)!r}"
        return f"http://127.0.0.1:{found.group(1)}"

    def read_until(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """Read its output (kept in ``said``) until a line matches ``pattern``: the match, or None when the output
        ends or ``START_SECONDS`` pass first."""
        deadline = time.monotonic() + START_SECONDS
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            self.said.append(line)
            if found := pattern.search(line):
                return found
        return None

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


class Watcher:
    """A WebSocket client of one process: every message it got, read on its own thread."""

    def __init__(self, base: str, table_id: str, token: str | None = None) -> None:
        query = f"?token={token}" if token else ""
        self.ws: ClientConnection = connect(f"{base.replace('http', 'ws', 1)}/api/tables/{table_id}/ws{query}",
                                            legacy=True)
        self.messages: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.ws:
                with self.changed:
                    self.messages.append(json.loads(raw))
                    self.changed.notify_all()
        except Exception:  # the server went away: the test sees no more messages
            pass

    def until(self, predicate: Callable[[dict[str, Any]], bool], after: int = 0) -> dict[str, Any]:
        """The first message from index ``after`` on that satisfies ``predicate`` (waiting up to the deadline)."""
        deadline = time.monotonic() + RECEIVE_SECONDS
        with self.changed:
            while True:
                for message in self.messages[after:]:
                    if predicate(message):
                        return message
                if not self.changed.wait(deadline - time.monotonic()):
                    raise TimeoutError(f"no such message in {RECEIVE_SECONDS:g} s; got {self.messages[-3:]!r}")

    def state_at(self, version: int) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and m["view"]["version"] >= version)

    def finished(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and m["table"]["status"] == "finished")

    def act(self, version: int, action: str) -> dict[str, Any]:
        """Send an action; the ``accepted`` or ``error`` answer to it."""
        after = len(self.messages)
        self.ws.send(json.dumps({"type": "action", "version": version, "action": action}))
        return self.until(lambda m: m["type"] in ("accepted", "error"), after)

    def close(self) -> None:
        self.ws.close()
