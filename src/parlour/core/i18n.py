"""The languages of the interface: gettext catalogs, one per language, read with Babel.

The messages are written in English in the code: Python marks them with
``gettext`` (imported as ``_``), the browser's JavaScript with ``t()``, and a
rules flag's help is a message too. Each other language has one catalog,
``parlour/locale/<lang>/LC_MESSAGES/parlour.po``: the one source of truth,
shipped in the package and compiled in memory by Babel on first use (there
are no ``.mo`` files to build or commit). ``tools/messages.py`` brings the
catalogs up to date with the code; a test fails while a message lacks its
translation.

The terminal uses one language per process (``set_language``, from
``--lang`` or the environment); the server hands the browser its messages
as JSON (``browser_messages``) and the browser translates them itself.
"""

from __future__ import annotations

import gettext as gettext_module
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib.resources import files

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from parlour.core.errors import ParlourError

SOURCE_LANGUAGE = "en"
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français"}
"""Every language of the interface, by code, with its own name for the language switch."""
DOMAIN = "parlour"
BROWSER_PLACES = (".js", "/rules.py")
"""A message is the browser's when one of its places in the code is a JavaScript file, or a game's rules
module: the help of its flags, which the lobby shows beside each flag."""

_language: ContextVar[str] = ContextVar("parlour_language", default=SOURCE_LANGUAGE)


def catalog_path(lang: str) -> str:
    """Where the catalog of ``lang`` lives inside the package (for tools and tests)."""
    return f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po"


def check_language(lang: str) -> str:
    """``lang`` if the interface speaks it (any case), else a ``ParlourError`` listing the languages."""
    if lang in LANGUAGES:  # as written: every call of gettext from the server's words
        return lang
    code = lang.strip().lower()
    if code not in LANGUAGES:
        raise ParlourError(f"language {lang!r} is not available: languages are {', '.join(LANGUAGES)}")
    return code


@lru_cache(maxsize=len(LANGUAGES))
def _catalog(lang: str) -> tuple[gettext_module.NullTranslations, dict[str, str]]:
    """The translations of ``lang`` and the browser's messages, compiled once from its catalog."""
    if lang == SOURCE_LANGUAGE:
        return gettext_module.NullTranslations(), {}
    source = files("parlour").joinpath(catalog_path(lang)).read_text(encoding="utf-8")
    catalog = read_po(io.StringIO(source), locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    browser = {str(m.id): str(m.string) for m in catalog
               if m.id and m.string and not m.fuzzy and isinstance(m.id, str)
               and any(place.endswith(BROWSER_PLACES) for place, _line in m.locations)}
    return gettext_module.GNUTranslations(compiled), browser


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on in this process (or context); ``ParlourError`` if it is not available."""
    _language.set(check_language(lang))


def current_language() -> str:
    return _language.get()


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` or the current language (itself when untranslated); imported as ``_``."""
    return _catalog(_language.get() if lang is None else check_language(lang))[0].gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The singular or plural message for ``n``, in ``lang`` or the current language."""
    return _catalog(_language.get() if lang is None else check_language(lang))[0].ngettext(singular, plural, n)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block only (a server request answering in its client's language)."""
    token = _language.set(check_language(lang))
    try:
        yield
    finally:
        _language.reset(token)


def browser_messages(lang: str) -> dict[str, str]:
    """The browser's messages translated into ``lang`` (English text → translation); empty for English."""
    return dict(_catalog(check_language(lang))[1])


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).

    ``fr_CA.UTF-8`` is French; a language the interface does not speak, or none, is English.
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for choice in value.split(":"):
            code = choice.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
        return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def negotiate(accept_language: str | None, available: Iterable[str] = LANGUAGES) -> str:
    """The language an HTTP ``Accept-Language`` header prefers among ``available`` (English if none)."""
    wanted: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = tag.strip().split("-")[0].split("_")[0].lower()
        if code and quality > 0:
            wanted.append((-quality, order, code))
    offered = set(available)
    for _quality, _order, code in sorted(wanted):
        if code in offered:
            return code
    return SOURCE_LANGUAGE

_ELISION = re.compile(r"\b(de|que|le|la) (?=[aeiouàâäéèêëîïôöùûüæœ])", re.IGNORECASE)


def elide(text: str, lang: str | None = None) -> str:
    """``text`` with French elision made where a word or name follows "de", "que", "le" or "la", in ``lang``
    (the current language if None): "de Ana" becomes "d'Ana", "le as" "l'as". Messages put names and cards
    into sentences, so elision cannot be written in the catalog; nothing changes in another language."""
    if (lang or current_language()) != "fr":
        return text
    return _ELISION.sub(lambda m: m.group(1)[:-1] + "'", text)
