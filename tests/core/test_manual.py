"""The rules pages: each game's own text in English and French, the flags in force appended."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.errors import ParlourError, RulesError
from parlour.core.manual import game_with_rules, page_text, rules_in_words, rules_page
from parlour.core.registry import game_classes, load_game
from parlour.games.plonk.game import PlonkGame
from parlour.games.tock.rules import TockRules

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


def test_the_page_ends_with_the_flags_in_force_in_words() -> None:
    page = rules_page(load_game("tonk:classic?jokers=2", players=3), "fr")
    assert "Un rami américain" in page
    assert "## Règles en vigueur\u00a0: Tonk · 3 joueurs · classique (on descend" in page
    assert "| jokers | 2 | jokers dans le paquet, qui remplacent n'importe quelle carte dans une combinaison |" in page
    assert "| ajouts sur les brelans | oui |" in page
    assert "| quand descendre | à tout moment avant de se défausser |" in page
    assert "tonk:classic" not in page and "hit_lockout" not in page and "`" not in page.split("## Règles en vigueur")[1]
    english = rules_page(load_game("tonk:speno"), "en")
    assert "## Rules in force: Tonk · 2 players · Speno (the usual rules" in english
    assert "| hit lock-out | no |" in english


def test_the_terminal_page_keeps_what_is_typed_beside_the_words() -> None:
    page = rules_page(load_game("tonk:classic?jokers=2", players=3), "en", written=True)
    assert "Written: `tonk:classic?players=3&jokers=2`" in page
    assert "| hit lock-out (`hit_lockout`) | yes (`true`) |" in page
    assert "with `ace_high` (classic, texas)" in page


def test_a_page_in_words_names_no_flag_preset_or_value_by_its_identifier() -> None:
    """The page's own text writes flags as code (`drop_timing`, `stock_out=end`, `classic`): in the browser each
    is put in words of the page's language."""
    page = rules_page(load_game("tonk"), "fr")
    assert "`drop_timing`" not in page and "«\u00a0quand descendre\u00a0»" in page
    assert "«\u00a0pioche épuisée\u00a0: fin de la manche\u00a0»" in page
    tock = rules_page(load_game("tock"), "fr")
    assert "`optional`" not in tock and "home_entry" not in tock and "«\u00a0entrée dans la maison" in tock


@pytest.mark.parametrize(("spec", "lang", "words"), [
    ("tock", "fr", "Tock · 4 joueurs · standard (les règles de base\u00a0: deux jeux avec leurs jokers)"),
    ("tock?teams=pairs", "en", "Tock · 4 players · standard (the basic rules: two decks with their jokers) · "
                               "teams: " + TockRules.flags()["teams"].value_words("pairs")),
    ("plonk?target=100", "fr", "Plonk · 4 joueurs · marque visée\u00a0: 100"),
    ("tonk:pagat?upcard=false", "en", "Tonk · 2 players · Pagat (a dealt 49 or 50 wins; an empty stock gives one "
                                      "more round) · upcard: no"),
])
def test_the_rules_played_read_in_words(spec: str, lang: str, words: str) -> None:
    assert rules_in_words(load_game(spec), lang) == words


@pytest.mark.parametrize("name", ["tonk", "tock", "plonk"])
def test_every_preset_has_its_words_and_description(name: str) -> None:
    rules_type = game_classes()[name].rules_type
    for preset in rules_type.presets:
        title, description = rules_type.preset_in_words(preset, "fr")
        assert title and description and description != rules_type.preset_words[preset][1], preset


class PagelessPlonk(PlonkGame):
    """Plonk as a game from a package that ships no rules pages (this test module's)."""


def test_a_game_without_pages_gets_its_title_and_description() -> None:
    page = rules_page(PagelessPlonk(load_game("plonk").rules), "fr")
    assert page.startswith("# Plonk\n\nPartnership tricks, no obligation to follow")
    assert "| marque visée | 500 |" in page


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
    teams = TockRules.flags()["teams"]
    assert f"| teams | {teams.value_words('none')} |" in rules_page(load_game("tock"), "en")
    paired = rules_page(load_game("tock?teams=pairs", players=4), "fr")
    assert f"| équipes | {teams.value_words('pairs', 'fr')} |" in paired
