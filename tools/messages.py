"""Bring the translation catalogs up to date with the code: ``make messages``.

Extracts every message the interface shows: ``_()``/``gettext()`` in the
Python, the help of each rules ``flag()`` and the words marked ``in_words()``
(its title and choices), and ``t()`` in the browser's
JavaScript (page and game clients). Then updates each language's catalog:
new messages are added untranslated, gone ones dropped, the places noted.
``tests/core/test_i18n.py`` fails while a message lacks its translation.
"""

from __future__ import annotations

import io
from pathlib import Path

import typer.main
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from parlour.cli.app import app
from parlour.cli.speech import LIBRARY_WORDS, help_texts
from parlour.core.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE, catalog_path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "parlour"
METHODS = [("**.py", "python"), ("**.js", "javascript")]
KEYWORDS = {**DEFAULT_KEYWORDS, "gettext": (1,), "t": (1,), "tr": (1,), "flag": (2,), "in_words": (1,)}
"""Python's gettext (also called with a language), the browser's t() (tr where a table is named t),
the help text of each rules flag() and its title and choices in words (in_words())."""
OPTIONS = {"**.js": {"parse_template_string": "true"}}
HEADER = ("# parlour's interface in the language {language!r}: one entry per message of the code\n"
          "# (make messages adds new ones untranslated and drops gone ones). Placeholders such as {{name}}\n"
          "# stay as they are.")


def extract() -> Catalog:
    """Every message of the code, with the places it is used (paths relative to the package): the marked
    messages, the command line's help (``parlour.cli.speech``) and the words of its libraries."""
    catalog = Catalog(domain=DOMAIN, project="parlour", charset="utf-8")
    for filename, line, message, comments, context in extract_from_dir(
            PACKAGE, METHODS, OPTIONS, KEYWORDS, strip_comment_tags=True):
        catalog.add(message, None, [(filename, line)], auto_comments=comments, context=context)
    command = typer.main.get_command(app)
    for text in [*help_texts(command), *LIBRARY_WORDS]:
        if text not in catalog:
            catalog.add(text, None, [("cli/speech.py", 0)], flags=("python-brace-format",) if "{" in text else ())
    return catalog


def translated(string: str | tuple[str, ...] | None) -> bool:
    """A translation is there: the text, or every plural form of it."""
    return bool(string) and all(string) if isinstance(string, tuple) else bool(string)


def catalog_file(lang: str) -> Path:
    return PACKAGE / catalog_path(lang)


def read(lang: str) -> Catalog:
    with catalog_file(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update() -> list[str]:
    """Update every language's catalog from the code; returns the messages each still lacks."""
    template = extract()
    missing = []
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        path = catalog_file(lang)
        if path.exists():
            catalog = read(lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain=DOMAIN, project="parlour", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.header_comment = HEADER.format(language=lang)
        catalog.last_translator = catalog.language_team = catalog.project = "parlour"
        catalog.version, catalog.msgid_bugs_address = "", ""
        out = io.BytesIO()
        write_po(out, catalog, width=120, sort_output=False, omit_header=False)
        path.write_bytes(out.getvalue())
        missing += [f"{lang}: {m.id!r}" for m in catalog if m.id and not translated(m.string)]
    return missing


if __name__ == "__main__":
    for line in update():
        print("untranslated", line)
