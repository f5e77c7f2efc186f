"""The rules pages: each game's own text in English and French, the flags in force appended."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.errors import ParlourError, RulesError
from parlour.core.manual import game_with_rules, page_text, rules_page
from parlour.core.registry import game_classes, load_game
from parlour.games.plonk.game import PlonkGame

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["tonk", "tock", "plonk"])
def test_every_game_has_its_page_in_each_language_and_docs_point_at_it(name: str, lang: str) -> None:
    text = page_text(game_classes()[name], lang)
    assert text is not None and text.startswith(f"# {game_classes()[name].spec.title}\n")
    assert (ROOT / "docs" / "rules" / lang / f"{name}.md").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("name", ["tonk", "tock", "plonk"])
def test_every_preset_and_flag_is_named_on_the_page(name: str) -> None:
    cls = game_classes()[name]
    for lang in ("en", "fr"):
        text = page_text(cls, lang) or ""
        for preset in cls.rules_type.presets:
            marks = (("**", "**"), ("`", "`"), ("| ", " |"))
            assert any(f"{mark}{preset}{end}" in text for mark, end in marks), (lang, preset)


def test_the_page_ends_with_the_flags_in_force_translated() -> None:
    page = rules_page(load_game("tonk:classic?jokers=2", players=3), "fr")
    assert "Un rami américain" in page
    assert "## Règles en vigueur\u00a0: `tonk:classic?players=3&jokers=2`" in page
    assert "| `jokers` | `2` | jokers dans le paquet, qui remplacent n'importe quelle carte dans une combinaison |" \
        in page
    assert "| `hit_lockout` | `true` |" in page
    english = rules_page(load_game("tonk:speno"), "en")
    assert "## Rules in force: `tonk:speno?players=2`" in english and "| `hit_lockout` | `false` |" in english


class PagelessPlonk(PlonkGame):
    """Plonk as a game from a package that ships no rules pages (this test module's)."""


def test_a_game_without_pages_gets_its_title_and_description() -> None:
    page = rules_page(PagelessPlonk(load_game("plonk").rules), "fr")
    assert page.startswith("# Plonk\n\nPartnership tricks, no obligation to follow")
    assert "| `target` | `500` |" in page


@pytest.mark.parametrize(("rules", "spec"), [
    (None, "tonk:speno?players=2"), ("classic", "tonk:classic?players=2"),
    ("classic?jokers=2", "tonk:classic?players=2&jokers=2"), ("tonk:texas?players=3", "tonk:texas?players=3"),
    ("?players=4", "tonk:speno?players=4"),
])
def test_the_rules_read_as_a_preset_with_flags_or_a_whole_spec(rules: str | None, spec: str) -> None:
    assert game_with_rules("tonk", rules).name_with_rules() == spec


def test_bad_rules_are_refused_quoting_them() -> None:
    with pytest.raises(RulesError, match="unknown preset 'vegas'"):
        game_with_rules("tonk", "vegas")
    with pytest.raises(ParlourError, match="language 'de' is not available"):
        rules_page(load_game("tonk"), "de")


def test_a_flag_that_records_leave_out_at_its_default_is_still_listed_in_force() -> None:
    assert "| `teams` | `none` |" in rules_page(load_game("tock"), "en")
    assert "| `teams` | `pairs` |" in rules_page(load_game("tock?teams=pairs", players=4), "fr")
