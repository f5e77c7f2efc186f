"""The observation layouts and action ids of docs/researchers/encodings.md, made from the games' encodings.

Run it after changing an encoding or adding a game: it prints the tables (``parlour.rl.tables``), and with
``--update`` writes them into that page between its two ``rl-tables`` marks (``tests/rl/test_tables.py``
fails while the page carries other tables):

    PYTHONPATH=src .venv/bin/python tools/rl_tables.py --update
"""

from __future__ import annotations

import sys
from pathlib import Path

from parlour.rl.tables import BEGIN, END, tables

DOC = Path(__file__).resolve().parent.parent / "docs" / "researchers" / "encodings.md"


def update(doc: Path = DOC) -> None:
    """Write ``tables()`` into ``doc`` between ``BEGIN`` and ``END``."""
    text = doc.read_text(encoding="utf-8")
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{doc}: no {BEGIN!r} … {END!r} marks to write the tables between")
    doc.write_text(f"{head}{BEGIN}\n\n{tables()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if "--update" in sys.argv[1:]:
        update()
    else:
        print(tables(), end="")
