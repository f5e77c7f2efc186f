"""The interface in French: every message of the code has its translation, and the language is chosen well."""

from __future__ import annotations

import re

import pytest
from tools.messages import extract, read
from tools.messages import translated as is_translated

from parlour.core.errors import ParlourError
from parlour.core.i18n import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    browser_messages,
    current_language,
    elide,
    gettext,
    language_from_environment,
    negotiate,
    set_language,
)

PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != SOURCE_LANGUAGE])
def test_every_message_of_the_code_has_its_translation(lang: str) -> None:
    """Extract (as ``make messages`` does) and compare: a new message without its translation fails here."""
    catalog = read(lang)
    missing, broken = [], []
    for message in extract():
        if not message.id:
            continue
        translated = catalog.get(message.id)
        if translated is None or not is_translated(translated.string) or translated.fuzzy:
            missing.append(message.id)
        elif sorted(PLACEHOLDER.findall(str(message.id))) != sorted(PLACEHOLDER.findall(str(translated.string))):
            broken.append(message.id)
    assert not missing, f"untranslated into {lang} (run make messages, then translate): {missing}"
    assert not broken, f"placeholders differ in the {lang} translation of: {broken}"


def test_the_catalog_holds_only_messages_the_code_uses() -> None:
    used = {m.id for m in extract() if m.id}
    for lang in LANGUAGES:
        if lang != SOURCE_LANGUAGE:
            assert {m.id for m in read(lang) if m.id} <= used, "run make messages to drop gone messages"


def test_gettext_follows_the_language_set() -> None:
    before = current_language()
    try:
        set_language("FR")
        assert gettext("hands in the match") == "manches dans la partie"
        assert gettext("a message nobody translated") == "a message nobody translated"
        set_language("en")
        assert gettext("hands in the match") == "hands in the match"
        assert gettext("hands in the match", "fr") == "manches dans la partie"
        with pytest.raises(ParlourError, match="language 'de' is not available: languages are en, fr"):
            set_language("de")
        assert current_language() == "en"
    finally:
        set_language(before)


def test_the_browser_gets_only_its_own_messages() -> None:
    french = browser_messages("fr")
    assert french and all(isinstance(v, str) and v for v in french.values())
    assert french["Create table"] == "Créer la table" and french["hands in the match"] == "manches dans la partie"
    assert "Hint:" not in french  # the terminal's only
    assert browser_messages("en") == {}


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "fr_CA.UTF-8"}, "fr"), ({"LANG": "en_US.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
    ({"LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"}, "fr"), ({"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_terminal_language_comes_from_the_environment(environ: dict[str, str], lang: str) -> None:
    assert language_from_environment(environ) == lang


@pytest.mark.parametrize(("header", "lang"), [
    ("fr-CA,fr;q=0.9,en;q=0.8", "fr"), ("en-US,en;q=0.9,fr;q=0.8", "en"), ("de-DE,fr;q=0.5", "fr"),
    ("de", "en"), ("", "en"), (None, "en"), ("fr;q=0, en;q=0.1", "en"), ("fr;q=bad", "en"), ("*", "en"),
])
def test_the_browser_language_follows_accept_language(header: str | None, lang: str) -> None:
    assert negotiate(header) == lang


def test_french_elision_after_de_que_le_la_before_a_vowel_only() -> None:
    assert elide("Au tour de Ana", "fr") == "Au tour d'Ana"
    assert elide("le as de pique, la équipe, que il", "fr") == "l'as de pique, l'équipe, qu'il"
    assert elide("de Bob, le 8, la donne, de Ana", "en") == "de Bob, le 8, la donne, de Ana"
    assert elide("Au tour de Zoé", "fr") == "Au tour de Zoé"
def test_french_elides_de_and_que_before_a_vowel_and_other_languages_are_left_alone() -> None:
    assert elide("la combinaison de Ana, de Bob et de Éric ; que Ursula voit", "fr") == (
        "la combinaison d'Ana, de Bob et d'Éric ; qu'Ursula voit")
    assert elide("De Anne", "fr") == "D'Anne" and elide("modèle de test", "fr") == "modèle de test"
    assert elide("de Ana", "en") == "de Ana"


def test_the_french_catalog_says_one_verb_for_a_click_and_a_tap() -> None:
    """A click with a mouse and a tap on a phone are one gesture in French, in every game: "Appuyez sur …",
    never "Cliquez" here and "Touchez" there."""
    device_words = re.compile(r"\b(?:[Cc]liqu\w*|[Tt]ouch(?:ez|er|ant)\b)")
    said = [str(m.string) for m in read("fr") if isinstance(m.string, str) and device_words.search(m.string)]
    assert said == []
    clicks = [m for m in read("fr") if isinstance(m.id, str) and re.search(r"\b(?:[Cc]lick|[Tt]ap)\b", m.id)]
    assert clicks and all("ppuy" in str(m.string) or "Sélectionnez" in str(m.string) for m in clicks), [
        (m.id, m.string) for m in clicks if "ppuy" not in str(m.string)]
