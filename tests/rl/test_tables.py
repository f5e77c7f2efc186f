"""docs/researchers/encodings.md carries the observation layouts and complete action ids as the encodings make them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tools.rl_tables import update

from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.rl.tables import BEGIN, END, encoded_games, tables

DOC = Path(__file__).resolve().parents[2] / "docs" / "researchers" / "encodings.md"
BLOCK = re.compile(r"<summary><code>(\w+)</code>.*?(\d+)(?:–(\d+))? players: .*?</summary>(.*?)</details>", re.S)


def documented() -> str:
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/researchers/encodings.md has lost the rl-tables marks"
    return text.partition(BEGIN)[2].partition(END)[0]


def test_the_doc_carries_the_tables_the_encodings_make() -> None:
    assert documented().strip() == tables().strip(), "run PYTHONPATH=src .venv/bin/python tools/rl_tables.py --update"


def documented_ids() -> dict[tuple[str, int], list[str]]:
    """Each (game, players)'s words as the doc's id tables list them, read back from the Markdown: id → word."""
    found: dict[tuple[str, int], list[str]] = {}
    for name, low, high, body in BLOCK.findall(documented()):
        words: dict[int, str] = {}
        for row in re.findall(r"^\| (\d+) \|(.*)\|$", body, re.M):
            for column, word in enumerate(re.findall(r"`([^`]*)`", row[1])):
                words[int(row[0]) + column] = word
        assert sorted(words) == list(range(len(words))), f"{name}: ids are not 0 to {len(words) - 1}"
        for players in range(int(low), int(high or low) + 1):
            assert (name, players) not in found, f"{name} with {players} players has two id tables"
            found[name, players] = [words[i] for i in range(len(words))]
    return found


@pytest.mark.parametrize("name", list(encoded_games()))
def test_every_rule_set_finds_its_complete_action_ids_in_the_doc(name: str) -> None:
    """Read back from the doc, the ids of every preset at every player count are its vocabulary's indices."""
    ids = documented_ids()
    game_class = encoded_games()[name]
    presets: list[str | None] = [*game_class.rules_type.presets] or [None]
    for players in range(game_class.spec.min_players, game_class.spec.max_players + 1):
        for preset in presets:
            vocabulary = encoding_of(load_game(name, preset=preset, players=players)).vocabulary
            assert ids[name, players] == list(vocabulary), f"{name}:{preset} with {players} players"


def test_the_tool_writes_between_the_marks_and_refuses_a_file_without_them(tmp_path: Path) -> None:
    doc = tmp_path / "rl.md"
    doc.write_text(f"before\n{BEGIN}\nstale\n{END}\nafter\n", encoding="utf-8")
    update(doc)
    assert doc.read_text(encoding="utf-8") == f"before\n{BEGIN}\n\n{tables()}\n{END}\nafter\n"
    doc.write_text("no marks\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"no .* marks"):
        update(doc)
