"""Hints under way counted for the whole cluster: two real ``parlour serve`` processes on one PostgreSQL and
Redis (``services``; skipped where their binaries are missing), like ``test_cluster_limits``."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.server.conftest import Cluster
from tests.server.serving import call

LIMITS = {"PARLOUR_HINT_MS": "1500", "PARLOUR_MAX_HINTS_PER_CLIENT": "1"}
"""Hints long enough to overlap, and one under way per client."""


def hint(base: str, table: str, token: str, version: int) -> tuple[int, dict[str, Any], str | None]:
    """Ask for a hint: the status, the JSON answer (refusals included) and the Retry-After header."""
    request = urllib.request.Request(f"{base}/api/tables/{table}/hint",
                                     data=json.dumps({"token": token, "version": version}).encode(),
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status), json.loads(response.read()), response.headers.get("Retry-After")
    except urllib.error.HTTPError as e:
        return int(e.code), json.loads(e.read()), e.headers.get("Retry-After")


def test_a_clients_hints_under_way_are_counted_on_every_process(cluster: Cluster) -> None:
    a, b = cluster.start(**LIMITS).base(), cluster.start(**LIMITS).base()
    while True:
        tid = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 3}})["id"]
        tokens = [call(a, f"/api/tables/{tid}/join", {"name": n})["token"] for n in ("Ana", "Bo")]
        state = call(a, f"/api/tables/{tid}")
        if state["table"]["status"] == "playing":  # not decided at the deal
            break
    token, version = tokens[state["table"]["to_play"]], state["view"]["version"]
    with ThreadPoolExecutor(2) as pool:  # both at once, one on each process
        answers = list(pool.map(lambda side: hint(side, tid, token, version), (a, b)))
    assert sorted(status for status, _, _ in answers) == [200, 429], answers
    _, refused, retry = next(answer for answer in answers if answer[0] == 429)
    assert refused["error"]["code"] == "request/too_many"
    assert "max_hints_per_client = 1" in refused["error"]["message"] and retry is not None and int(retry) >= 1
    assert hint(b, tid, token, version)[0] == 200  # the answered hint gave its place back, on every process
