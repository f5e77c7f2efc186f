"""Table chat: short messages from the seated players and, where the table lets them, its spectators, stored
with the table; nobody posts once the table is finished.

A message is at most ``MAX_CHARS`` characters of plain text (control characters dropped, at most
``MAX_MARKS`` combining marks on a character; the browser shows it as text, never as markup); each author
may send ``chat_burst`` messages per ``chat_window`` seconds at a table, and each client ``chat_client_burst``
over every table together (settings; counted across the cluster with Redis: ``limits.ClientQuota``). Readers
poll for the messages after the last one they have, so every process serves the same chat straight from the
database.
"""

from __future__ import annotations

import time
import unicodedata

from sqlalchemy import Engine, Table, select

from parlour.server.api_schemas import MAX_MARKS, piled_marks
from parlour.server.authority import Rejected, quote
from parlour.server.limits import ClientQuota

MAX_CHARS = 200
KEEP = 100
"""How many of a table's latest messages a reader is sent at most."""


def clean(text: str) -> str:
    """The message as stored: NFC-normalised, control, format and line/paragraph separator characters dropped,
    spaces trimmed; refused when empty, too long or piling marks on a character."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if unicodedata.category(ch)[0] != "C"
                   and unicodedata.category(ch) not in ("Zl", "Zp")).strip()
    if not kept:
        raise Rejected("request/invalid", "a chat message needs some text")
    if len(kept) > MAX_CHARS:
        raise Rejected("request/invalid", f"a chat message is at most {MAX_CHARS} characters; this one has "
                       f"{len(kept)}: {quote(kept, 40)}")
    piled = piled_marks(kept)
    if piled is not None:
        where, marks = piled
        raise Rejected("request/invalid", f"a chat message may put at most {MAX_MARKS} combining marks on one "
                       f"character; this one piles {marks} on character {where + 1}: {quote(kept[:where + 1], 40)}")
    return kept


class Chat:
    """Every table's chat in one database, with each author's rate limit."""

    def __init__(self, engine: Engine, table: Table, burst: int, window: float, quota: ClientQuota,
                 client_burst: int) -> None:
        self.engine = engine
        self.table = table
        self.burst = burst
        self.window = window
        self.quota = quota
        self.client_burst = client_burst

    def say(self, table_id: str, author: str, key: str, client: str, text: str) -> dict[str, object]:
        """Store ``author``'s message and return it; ``key`` tells authors apart at the table, ``client``
        (``limits.client_key``) who sends it, over every table."""
        text = clean(text)
        wait = self.quota.count(f"chat:{table_id}:{key}", self.burst, self.window)
        if wait:
            raise Rejected("chat/too_fast", f"at most {self.burst} messages every {self.window:g} seconds "
                           f"(chat_burst, chat_window); wait {wait:.0f} s", retry_after=wait)
        wait = self.quota.count(f"chat:{client}", self.client_burst, self.window)
        if wait:
            raise Rejected("chat/too_fast", f"at most {self.client_burst} messages every {self.window:g} seconds "
                           f"over all tables (chat_client_burst, chat_window); wait {wait:.0f} s", retry_after=wait)
        at = time.time()
        with self.engine.begin() as conn:
            key_id = conn.execute(self.table.insert().values(table_id=table_id, at=at, author=author, text=text)
                                  ).inserted_primary_key
        return {"id": int(key_id[0]) if key_id else 0, "at": at, "author": author, "text": text}

    def read(self, table_id: str, after: int) -> list[dict[str, object]]:
        """The table's messages after id ``after``, oldest first (the latest ``KEEP`` at most)."""
        c = self.table.c
        query = (select(c.id, c.at, c.author, c.text).where(c.table_id == table_id, c.id > after)
                 .order_by(c.id.desc()).limit(KEEP))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [{"id": r.id, "at": r.at, "author": r.author, "text": r.text} for r in reversed(rows)]
