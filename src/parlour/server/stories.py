"""Each table's story as told so far, kept with the table: every state message tells the story again, for every
reader, and only the events not told before are narrated.

A table keeps one ``Told`` per language its readers speak (``Words.tell``): the readers of one action, seats
and spectators alike, and the next action's readers find there what was told, each part under all it was
told from (so a line told from one seat's view reaches only a view it was told from too). It is turned at
each new version of the table, so that what it keeps stays about one story's size, and it goes with the
table when the table leaves memory.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from parlour.core.words import Told
from parlour.server.authority import TableAuthority


class Stories:
    """The ``Told`` of every table in memory, by language."""

    def __init__(self) -> None:
        self._tables: WeakKeyDictionary[TableAuthority, dict[str, tuple[int, Told]]] = WeakKeyDictionary()

    def told(self, table: TableAuthority, lang: str) -> Told:
        """What ``table``'s story has told in ``lang``, turned (``Told.turn``) if the table has moved on since."""
        kept = self._tables.setdefault(table, {})
        version = table.version
        found = kept.get(lang)
        if found is None:
            told = Told()
        else:
            told = found[1]
            if found[0] != version:
                told.turn()
        kept[lang] = (version, told)
        return told
