"""The tables of ``docs/researchers/encodings.md``, written from the games' encodings so that the two cannot disagree.

Two kinds: each game's observation layout (at its fewest and most players),
and its complete action ids, the index of every word of its vocabulary (the
``Discrete`` action of ``parlour.rl``, OpenSpiel's action). A vocabulary may
depend on the rules: the id tables are made for every preset at every
number of players, and rule sets with the same vocabulary share one table.
``tools/rl_tables.py --update`` writes them into ``docs/researchers/encodings.md``
between its ``BEGIN`` and ``END`` marks, and ``tests/rl/test_tables.py`` fails
while the page carries other tables.
"""

from __future__ import annotations

import re
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.game import Game
from parlour.core.parts import encoding_of, parts_of
from parlour.core.registry import game_classes, load_game

BEGIN = "<!-- rl-tables: made by tools/rl_tables.py --update -->"
END = "<!-- /rl-tables -->"
CODE = re.compile(r"`([^`]*)`")
"""Markdown's code spans, to be written as HTML where Markdown is not read (a ``summary``)."""
COLUMNS = 10
"""Words per row of an id table: row ``r`` holds ids ``10r`` to ``10r + 9``."""


def encoded_games() -> dict[str, type[Game[Any]]]:
    """Every installed game with an encoding, by name, in name order."""
    return {name: game_class for name, game_class in sorted(game_classes().items())
            if "encoding" in parts_of(game_class)}


def documented() -> list[str]:
    """The rule sets whose layouts the page shows: each game with an encoding, at its fewest and most players."""
    return [
        f"{name}?players={players}"
        for name, game_class in encoded_games().items()
        for players in sorted({game_class.spec.min_players, game_class.spec.max_players})
    ]


def layout_table(spec: str) -> str:
    """The observation layout and the action space of ``spec`` as a Markdown table."""
    game = load_game(spec)
    encoding = encoding_of(game)
    words = encoding.vocabulary
    lines = [
        f"#### `{game.name_with_rules()}`: observation {encoding.layout.size + len(words)} floats, "
        f"`Discrete({len(words)})`",
        "",
        "| section | slots | range | what |",
        "|---|---:|---:|---|",
        *(f"| `{s.name}` | {s.start}–{s.start + s.size - 1} | {s.low:.4g} – {s.high:.4g} | {s.what} |"
          for s in encoding.layout.sections),
        f"| `chosen` | {encoding.layout.size}–{encoding.layout.size + len(words) - 1} | 0 – 1 | "
        "the words of the action chosen so far, one slot per word |",
        "",
        f"Its {len(words)} action ids, `END` (0) to `{words[-1]}` ({len(words) - 1}), are listed under "
        "[Action ids](#action-ids).",
    ]
    return "\n".join(lines)


def vocabularies(name: str) -> list[tuple[str, tuple[str, ...]]]:
    """Game ``name``'s vocabularies, each with the rule sets that have it in words ("every preset, 2–6 players").

    Every preset at every number of players is made; rule sets that cannot be (a preset that does not
    allow that many) are left out. Consecutive player counts with the same vocabulary share an entry.
    """
    game_class = encoded_games()[name]
    presets: list[str | None] = list(game_class.rules_type.presets) or [None]
    entries: list[tuple[str, list[int], tuple[str, ...]]] = []  # (presets in words, player counts, vocabulary)
    for players in range(game_class.spec.min_players, game_class.spec.max_players + 1):
        found: dict[tuple[str, ...], list[str | None]] = {}
        for preset in presets:
            try:
                game = load_game(name, preset=preset, players=players)
            except RulesError:
                continue
            found.setdefault(tuple(encoding_of(game).vocabulary), []).append(preset)
        for words, having in found.items():
            which = ("every preset" if len(presets) > 1 else "") if having == presets else \
                "preset " + ", ".join(f"`{p}`" for p in having)
            last = entries[-1] if entries else None
            if last is not None and last[0] == which and last[2] == words and last[1][-1] == players - 1:
                last[1].append(players)
            else:
                entries.append((which, [players], words))
    return [(", ".join(filter(None, [f"`{name}`", which, players_in_words(counts)])), words)
            for which, counts, words in entries]


def players_in_words(counts: list[int]) -> str:
    """``[2, 3, 4]`` as "2–4 players", ``[4]`` as "4 players"."""
    return f"{counts[0]} players" if len(counts) == 1 else f"{counts[0]}–{counts[-1]} players"


def id_table(label: str, words: tuple[str, ...]) -> str:
    """Every word of ``words`` with its id, ``COLUMNS`` to a row, folded under ``label`` (HTML ``details``).

    ``markdown="1"`` asks the site's Markdown (``md_in_html``) to read the table inside; GitHub ignores it."""
    summary = CODE.sub(r"<code>\1</code>", f"{label}: `Discrete({len(words)})`")
    lines = [
        '<details markdown="1">',
        f"<summary>{summary}</summary>",
        "",
        "| id | " + " | ".join(f"+{c}" for c in range(COLUMNS)) + " |",
        "|---:|" + "---|" * COLUMNS,
    ]
    for start in range(0, len(words), COLUMNS):
        row = [f"`{cell(word)}`" for word in words[start:start + COLUMNS]]
        lines.append(f"| {start} | " + " | ".join(row + [""] * (COLUMNS - len(row))) + " |")
    return "\n".join([*lines, "", "</details>"])


def cell(word: str) -> str:
    """A word as a table cell holds it (a ``|`` would end the cell)."""
    return word.replace("|", "\\|")


def tables() -> str:
    """Every generated table, as ``docs/researchers/encodings.md`` carries them between ``BEGIN`` and ``END``."""
    layouts = [layout_table(spec) for spec in documented()]
    ids = [id_table(label, words) for name in encoded_games() for label, words in vocabularies(name)]
    intro = (
        "### Action ids\n\n"
        f"Each word's id (its index, the `Discrete` action) is its row's id plus its column's: row `{COLUMNS}`, "
        f"column `+3` is id {COLUMNS + 3}. A vocabulary is the same for every rule set listed with it (each "
        "preset at each number of players is made to check)."
    )
    return "\n\n".join([*layouts, intro, *ids]) + "\n"
