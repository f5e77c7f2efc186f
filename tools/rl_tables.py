"""The generated tables of the research docs: observation layouts and action ids, Gymnasium's pinned ids.

Run it after changing an encoding, a preset or adding a game: it prints the tables, and with ``--update``
writes them into their pages between their two marks: the layouts and action ids
(``parlour.rl.tables``) into docs/researchers/encodings.md, the pinned Gymnasium ids (``parlour.rl.ids``)
into docs/rl.md (``tests/rl/test_tables.py`` and ``tests/rl/test_ids.py`` fail while a page carries other
tables):

    PYTHONPATH=src .venv/bin/python tools/rl_tables.py --update
"""

from __future__ import annotations

import sys
from pathlib import Path

from parlour.rl.ids import IDS_BEGIN, IDS_END, ids_table
from parlour.rl.tables import BEGIN, END, tables

DOCS = Path(__file__).resolve().parent.parent / "docs"
DOC = DOCS / "researchers" / "encodings.md"
IDS_DOC = DOCS / "rl.md"


def update(doc: Path = DOC, begin: str = BEGIN, end: str = END, made: str | None = None) -> None:
    """Write ``made`` (by default ``tables()``) into ``doc`` between ``begin`` and ``end``."""
    text = doc.read_text(encoding="utf-8")
    head, found_begin, rest = text.partition(begin)
    _, found_end, tail = rest.partition(end)
    if not found_begin or not found_end:
        raise SystemExit(f"{doc}: no {begin!r} … {end!r} marks to write the tables between")
    doc.write_text(f"{head}{begin}\n\n{tables() if made is None else made}\n{end}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if "--update" in sys.argv[1:]:
        update()
        update(IDS_DOC, IDS_BEGIN, IDS_END, ids_table())
    else:
        print(tables(), end="")
        print(ids_table(), end="")
