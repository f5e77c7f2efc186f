"""X-Forwarded-For names the client only when it comes from a proxy of ``forwarded_allow_ips``.

A real ``parlour serve`` (uvicorn's own proxy handling is what is tested), one client on loopback
forging a new address on every request.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from tests.server.serving import Served

LIMITED = {"PARLOUR_TABLE_CREATION_BURST": "2", "PARLOUR_TABLE_CREATION_RATE": "0.001"}
BODY = json.dumps({"game": "plonk", "seats": ["human", "random", "random", "random"]}).encode()


def create_as(base: str, address: str) -> int:
    """Create a table claiming to be ``address`` (X-Forwarded-For); the status."""
    request = urllib.request.Request(f"{base}/api/tables", data=BODY, headers={
        "content-type": "application/json", "x-forwarded-for": address})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def statuses(tmp_path: Path, **env: str) -> list[int]:
    served = Served(f"sqlite:///{tmp_path / 'p.db'}", env={**LIMITED, **env})
    try:
        base = served.base()
        return [create_as(base, f"203.0.113.{i}") for i in range(4)]
    finally:
        served.stop()


def test_a_forged_forwarded_for_is_no_new_client_by_default(tmp_path: Path) -> None:
    assert statuses(tmp_path) == [201, 201, 429, 429]


def test_a_trusted_proxy_names_its_clients(tmp_path: Path) -> None:
    assert statuses(tmp_path, PARLOUR_FORWARDED_ALLOW_IPS='["127.0.0.1"]') == [201] * 4
