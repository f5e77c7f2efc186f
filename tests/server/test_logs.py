"""``--log-format json``: every line one JSON object, the server's and uvicorn's, never a password."""

from __future__ import annotations

import json
import logging
import socket
import sys
from pathlib import Path

from parlour.server.logs import JsonFormatter
from tests.server.serving import Served

URL = "postgresql+psycopg://ana:s3cret@db.example:5432/parlour"


def test_a_record_is_one_json_object_with_its_exception_and_no_password() -> None:
    try:
        raise RuntimeError(f"cannot reach {URL}")
    except RuntimeError:
        record = logging.getLogger("parlour.server").makeRecord(
            "parlour.server", logging.ERROR, __file__, 1, "database %s is unavailable", (URL,), sys.exc_info())
    line = JsonFormatter().format(record)
    assert "\n" not in line and "s3cret" not in line
    parsed = json.loads(line)
    assert parsed["level"] == "ERROR" and parsed["logger"] == "parlour.server"
    assert parsed["message"] == "database postgresql+psycopg://ana:***@db.example:5432/parlour is unavailable"
    assert "RuntimeError" in parsed["exc"] and "ana:***@db.example" in parsed["exc"]
    assert parsed["time"].endswith("+00:00")



def test_serve_with_json_logs_writes_only_json_lines(tmp_path: Path) -> None:
    served = Served(f"sqlite:///{tmp_path / 'p.db'}", "--log-format", "json")
    base = served.base()
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:  # uvicorn warns of a request it cannot read
        sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        sock.recv(1024)
    served.stop()
    lines = [line for line in served.output().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]
    assert any(p["logger"] == "parlour.server" and "serving at" in p["message"] for p in parsed), lines
    assert any(p["logger"].startswith("uvicorn") and p["level"] == "WARNING" for p in parsed), lines
    assert all({"time", "level", "logger", "message"} <= set(p) for p in parsed)
