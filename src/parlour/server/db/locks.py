"""The keys of the PostgreSQL advisory locks the server's processes share: the migration's, a creator's open
tables being counted, and each table's bot lease."""

from __future__ import annotations

import hashlib


def lock_key(name: str) -> int:
    """A signed 64-bit key for a PostgreSQL advisory lock, taken from ``name``."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)
