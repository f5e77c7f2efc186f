"""How ``parlour serve`` writes its log lines: uvicorn's plain text, or one JSON object a line.

With ``log_format = json`` every line on standard error (the ``parlour.server`` logger's, uvicorn's,
any library's) is one JSON object: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message`` and,
when an exception is logged, ``exc`` (its traceback). A URL's password is masked in every line, so
a database or Redis URL named in a message or an exception shows ``user:***@host``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

from parlour.server.masking import mask


class JsonFormatter(logging.Formatter):
    """One JSON object per record, passwords masked."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": mask(record.getMessage()),
        }
        if record.exc_info:
            line["exc"] = mask(self.formatException(record.exc_info))
        elif record.exc_text:
            line["exc"] = mask(record.exc_text)
        if record.stack_info:
            line["stack"] = mask(self.formatStack(record.stack_info))
        return json.dumps(line, ensure_ascii=False)


def json_log_config(level: str = "warning") -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of ``log_format = json`` (uvicorn applies it in every worker):
    one JSON handler on standard error for every logger; uvicorn's at ``level``, parlour's at INFO."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"json": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
        "root": {"handlers": ["json"], "level": "WARNING"},
        "loggers": {
            "uvicorn": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.error": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.access": {"handlers": [], "level": level.upper(), "propagate": True},
            "parlour": {"handlers": [], "level": "INFO", "propagate": True},
        },
    }
