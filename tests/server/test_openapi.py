"""schemathesis against the OpenAPI schema: no operation answers 5xx, and every refusal is in the envelope."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402

from parlour.server import create_app  # noqa: E402
from tests.server.conftest import settings_for  # noqa: E402

DB = Path(tempfile.mkdtemp(prefix="parlour-openapi-")) / "api.db"
APP = create_app(settings_for(f"sqlite:///{DB}", max_bot_iters=50, max_bot_ms=50))
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)


@SCHEMA.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_operation_answers_5xx_and_every_refusal_is_in_the_envelope(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:300])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), response.text[:300]
