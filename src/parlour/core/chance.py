"""Chance without a generator in the state: one generator per chance event.

Every random event of a game (a deal, a reshuffle) draws from a
``random.Random`` made for that event alone, from a keyed digest of the
game's seed and the event's index. A state therefore holds no generator:
``clone()`` copies data only, and (rules, seed, actions) replays to the same
game on any machine. Seeds are Python ints of any size (the server deals
from 128-bit secrets); in JSON a seed beyond 2^53 travels as decimal text so
that JavaScript reads it exactly.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from parlour.core.errors import RecordError

_KEY = b"parlour chance v1"
JSON_SAFE = 2**53
"""The largest integer every JSON reader (JavaScript's doubles) holds exactly."""


def chance_rng(seed: int, event: int) -> random.Random:
    """The generator of chance event ``event`` (0, 1, 2, …) of the game dealt from ``seed``.

    BLAKE2b keyed with a fixed key mixes every bit of the seed (of any size)
    and the event index, so events are independent and no event's cards say
    anything about another's.
    """
    text = f"{seed}/{event}".encode()
    digest = hashlib.blake2b(text, key=_KEY, digest_size=32).digest()
    return random.Random(int.from_bytes(digest, "little"))


def seed_commitment(seed: int) -> str:
    """The published pledge to a deal: SHA-256 (hex) of the seed's decimal text in UTF-8.

    A server shows it when a table opens and reveals the seed once the table
    is finished; anyone can then check that the deal was fixed from the start
    (``verify_seed``) and replay it.
    """
    return hashlib.sha256(str(seed).encode("utf-8")).hexdigest()


def verify_seed(seed: int, commitment: str) -> bool:
    """Whether ``seed`` is the one ``commitment`` pledged (case-insensitive hex)."""
    return seed_commitment(seed) == commitment.strip().lower()


def seed_to_json(seed: int) -> int | str:
    """``seed`` as JSON carries it: a number while JavaScript reads it exactly, else decimal text."""
    return seed if -JSON_SAFE <= seed <= JSON_SAFE else str(seed)


def seed_from_json(value: Any, where: str = "seed") -> int:
    """The seed JSON carried (a number or decimal text), or ``RecordError`` quoting it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] == "-" else text
        if digits.isdigit() and digits.isascii() and len(digits) <= 200:
            return int(text)
    raise RecordError(f"{where}: {value!r:.80} is not a seed; a seed is an integer, or its decimal text")
