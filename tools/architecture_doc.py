"""The architecture page's list of import contracts, made from ``pyproject.toml``'s ``[tool.importlinter]``.

The contracts there are what ``tests/test_architecture.py`` enforces; the page shows them as they stand.
Run it after changing a contract: it prints the list, and with ``--update`` writes it into
docs/contributors/architecture.md between its two ``import-contracts`` marks
(``tests/test_docs_site.py`` fails while the page carries another list):

    .venv/bin/python tools/architecture_doc.py --update
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "contributors" / "architecture.md"
BEGIN = "<!-- import-contracts: made by tools/architecture_doc.py --update -->"
END = "<!-- /import-contracts -->"


def modules(names: list[str]) -> str:
    """Module names as code spans, ``" : "``-joined names (one layer of independent parts) split apart."""
    return ", ".join(f"`{part.strip()}`" for name in names for part in name.split(":"))


def contract(entry: dict[str, Any]) -> str:
    """One contract in words: its name, then what it asks of which modules."""
    kind = entry["type"]
    if kind == "layers":
        body = "".join(f"\n    {i}. {modules([layer])}" for i, layer in enumerate(entry["layers"], 1))
        return (f"- **{entry['name']}** (layers, top to bottom: a module imports only from its own layer and "
                f"those below; the modules of one layer sit side by side):{body}")
    if kind == "independence":
        return f"- **{entry['name']}** (independent: none imports another): {modules(entry['modules'])}"
    if kind == "forbidden":
        return (f"- **{entry['name']}**: {modules(entry['source_modules'])} may import none of "
                f"{modules(entry['forbidden_modules'])}")
    return f"- **{entry['name']}** ({kind})"


def contracts(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """Every import contract of ``pyproject``, as a Markdown list."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return "\n".join(contract(entry) for entry in config["contracts"])


def update(page: Path = PAGE) -> None:
    """Write ``contracts()`` into ``page`` between ``BEGIN`` and ``END``."""
    text = page.read_text(encoding="utf-8")
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{page}: no {BEGIN!r} … {END!r} marks to write the contracts between")
    page.write_text(f"{head}{BEGIN}\n{contracts()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    if "--update" in sys.argv[1:]:
        update()
    else:
        print(contracts())
