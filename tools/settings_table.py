"""The settings page's table of the server's settings, made from the ``Settings`` class itself.

Run it after adding or changing a setting: it prints the table, and with ``--update`` writes it into
docs/operators/settings.md between its two ``settings-table`` marks (``tests/server/test_settings_doc.py``
fails while a setting is missing there):

    .venv/bin/python tools/settings_table.py --update
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic_core import PydanticUndefined

from parlour.server.settings import Settings

PAGE = Path(__file__).resolve().parent.parent / "docs" / "operators" / "settings.md"
BEGIN = "<!-- settings-table: made by tools/settings_table.py --update -->"
END = "<!-- /settings-table -->"


def shown(value: Any) -> str:
    """A default as the table shows it: as the environment variable would spell it."""
    if value is None:
        return "none"
    if isinstance(value, list):
        return json.dumps(value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return f"{value:g}"
    return str(value)


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def settings_table() -> str:
    """The markdown table: every ``Settings`` field with its environment variable, default and meaning."""
    prefix = str(Settings.model_config.get("env_prefix", ""))
    lines = ["| setting | environment variable | default | meaning |", "|---|---|---|---|"]
    for name, field in Settings.model_fields.items():
        default = "" if field.default is PydanticUndefined else shown(field.default)
        lines.append(f"| `{name}` | `{prefix}{name.upper()}` | `{cell(default)}` | {cell(field.description or '')} |")
    return "\n".join(lines)


def update(page: Path = PAGE) -> None:
    """Write the table into ``page`` between ``BEGIN`` and ``END``."""
    text = page.read_text(encoding="utf-8")
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{page}: no {BEGIN!r} … {END!r} marks to write the table between")
    page.write_text(f"{head}{BEGIN}\n{settings_table()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if "--update" in sys.argv[1:]:
        update()
    else:
        print(settings_table())
