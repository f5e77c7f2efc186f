"""Helpers of the fault tests: REST calls that must answer within ``ANSWER_SECONDS``, and a prober that keeps
asking every process for its lobby meanwhile."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

ANSWER_SECONDS = 5.0
"""Longest any REST request may take while Redis or PostgreSQL is away."""
DEADLINE_SECONDS = 60.0
"""Longest a test waits for the service to recover on a busy machine."""


class Answer:
    def __init__(self, status: int, body: Any, headers: dict[str, str]) -> None:
        self.status = status
        self.body = body
        self.headers = headers

    def __repr__(self) -> str:
        return f"Answer({self.status}, {self.body!r})"


def ask(base: str, path: str, body: Any = None) -> Answer:
    """The answer to one request; ``AssertionError`` when none comes within ``ANSWER_SECONDS``, or when it is
    a server error other than the documented JSON 503."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=ANSWER_SECONDS) as response:
            answer = Answer(response.status, json.loads(response.read()), dict(response.headers))
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = raw.decode(errors="replace")
        answer = Answer(e.code, parsed, dict(e.headers))
    except (TimeoutError, urllib.error.URLError) as e:
        raise AssertionError(f"{path} on {base}: no answer within {ANSWER_SECONDS:g} s ({e})") from None
    if answer.status >= 500:
        assert answer.status == 503 and isinstance(answer.body, dict), answer
        assert answer.body["error"]["code"] == "storage_unavailable", answer
        assert int(answer.headers["retry-after"]) >= 1, answer.headers
    return answer


def until(what: str, check: Callable[[], Any]) -> Any:
    """Poll ``check`` until it returns something true (within ``DEADLINE_SECONDS``); that result."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {DEADLINE_SECONDS:g} s (last: {got!r})")
        time.sleep(0.1)


class Prober:
    """Asks every process for its lobby, over and over on a thread, and keeps every failure."""

    def __init__(self, bases: list[str]) -> None:
        self.bases = bases
        self.failures: list[str] = []
        self.answered = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stopping.is_set():
            for base in self.bases:
                try:
                    assert ask(base, "/api/tables").status == 200
                    self.answered += 1
                except AssertionError as e:
                    self.failures.append(str(e))
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop asking; ``AssertionError`` naming the failures, if any."""
        self.stopping.set()
        self.thread.join(timeout=2 * ANSWER_SECONDS + 5)
        assert not self.failures, self.failures[:5]
        assert self.answered > 0
