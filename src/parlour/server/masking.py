"""Secrets never printed: the password of any URL (database, Redis) masked in every line the server says.

``mask`` is the one function: a SQLAlchemy URL with a password is rendered with it hidden
(``render_as_string(hide_password=True)``), and any other text has every ``scheme://user:password@``
and ``?password=…`` replaced by ``***``, so a library's error message that quotes a URL is safe too.
``MaskingFilter`` applies it to every record of the server's logger, tracebacks included.
"""

from __future__ import annotations

import logging
import re

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

HIDDEN = "***"
USERINFO = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s:/@?#]*:)[^\s/?#]*@")
"""``scheme://user:password@`` (the user may be empty, as in ``redis://:password@host``)."""
QUERY = re.compile(r"(?P<head>[?&;](?:password|passwd|pass|pwd)=)[^&\s'\"]*", re.IGNORECASE)
"""A password given in the query, as Redis and PostgreSQL URLs allow (``?password=…``)."""


def mask(text: str) -> str:
    """``text`` with the password of every URL in it replaced by ``***``."""
    if "://" in text and not any(ch.isspace() for ch in text):
        try:
            parsed = make_url(text)
        except (ArgumentError, ValueError):
            parsed = None
        if parsed is not None and parsed.password is not None:
            text = parsed.render_as_string(hide_password=True)
    return QUERY.sub(rf"\g<head>{HIDDEN}", USERINFO.sub(rf"\g<head>{HIDDEN}@", text))


class MaskingFilter(logging.Filter):
    """Masks each record's message and traceback before any handler formats it (see ``mask``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = mask(record.getMessage())
        record.args = None
        if record.exc_info:
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info))
        return True


def mask_logs(logger: logging.Logger) -> None:
    """Install ``MaskingFilter`` on ``logger`` (once)."""
    if not any(isinstance(f, MaskingFilter) for f in logger.filters):
        logger.addFilter(MaskingFilter())
