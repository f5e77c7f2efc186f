"""The operators' settings page lists every server setting, as ``tools/settings_table.py`` makes the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools.settings_table import BEGIN, END, settings_table

from parlour.server.settings import Settings

PAGE = Path(__file__).resolve().parents[2] / "docs" / "operators" / "settings.md"


def documented() -> str:
    text = PAGE.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/operators/settings.md has lost the settings table's marks"
    return text.partition(BEGIN)[2].partition(END)[0]


@pytest.mark.parametrize("name", list(Settings.model_fields))
def test_every_setting_has_a_row_on_the_page(name: str) -> None:
    assert f"| `{name}` | `PARLOUR_{name.upper()}` |" in documented(), \
        f"setting {name} is not in docs/operators/settings.md: run tools/settings_table.py --update"


def test_the_page_table_is_the_one_the_settings_make() -> None:
    assert documented().strip() == settings_table(), "run tools/settings_table.py --update"
