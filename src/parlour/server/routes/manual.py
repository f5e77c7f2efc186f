"""The rules of each game, for the browser: ``GET /api/games/{name}/rules``, the pages ``/rules/{name}`` and ``/rules``.

Both take ``rules`` (a preset with flags, ``classic?jokers=2``, or a table's
whole spec, ``tonk:classic?players=3``; the defaults when absent) and
``lang`` (``en``, ``fr``; else the browser's ``Accept-Language``), and end
with the flags in force. The API answers the markdown and its HTML; the page
is that HTML on its own, for a "Rules" link beside a table; ``/rules`` lists
every game with a link to its page, for the lobby.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Header, Path, Query
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from pydantic import BaseModel, Field

from parlour.core.errors import ParlourError
from parlour.core.i18n import LANGUAGES, check_language, gettext, negotiate
from parlour.core.manual import game_with_rules, identifiers_in_words, page_text, rules_in_words, rules_page
from parlour.core.registry import game_classes
from parlour.server.authority import Rejected
from parlour.server.routes.games import find

router = APIRouter(tags=["games"])
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
"""Markdown to HTML with raw HTML off: the pages are the project's, the flags' values are the user's."""
GameName = Annotated[str, Path(max_length=40)]
RulesText = Annotated[str | None, Query(max_length=300, description="preset and flags, or a whole spec")]
Lang = Annotated[str | None, Query(max_length=10, description="en or fr; default: Accept-Language")]
AcceptLanguage = Annotated[str | None, Header(max_length=500)]


class RulesOut(BaseModel):
    """A game's rules page for the rules given, in a language."""

    game: str
    lang: str
    spec: str
    spec_words: str = Field(description="the rules in force as people say them, in lang (rules_in_words)")
    markdown: str
    html: str


def page_for(name: str, rules: str | None, lang: str | None, accept_language: str | None) -> RulesOut:
    find(name)
    try:
        code = check_language(lang) if lang else negotiate(accept_language)
        game = game_with_rules(name, rules)
    except ParlourError as e:
        raise Rejected("request/invalid", str(e)) from None
    text = rules_page(game, code)
    return RulesOut(game=game.spec.name, lang=code, spec=game.name_with_rules(),
                    spec_words=rules_in_words(game, code), markdown=text,
                    html=MARKDOWN.render(text))


@router.get("/api/games/{name}/rules", response_model=RulesOut)
async def game_rules(name: GameName, rules: RulesText = None, lang: Lang = None,
                     accept_language: AcceptLanguage = None) -> RulesOut:
    """The game's rules page (markdown and HTML) with the flags in force for ``rules``."""
    return page_for(name, rules, lang, accept_language)


def html_page(lang: str, title: str, body: str, link: Callable[[str], str]) -> HTMLResponse:
    """A page of its own in ``lang`` around ``body`` (HTML), linking itself in the other languages."""
    switch = " · ".join(f'<a href="{escape(link(code), quote=True)}" hreflang="{code}" lang="{code}">{label}</a>'
                        for code, label in LANGUAGES.items() if code != lang)
    return HTMLResponse(
        f'<!doctype html>\n<html lang="{lang}">\n<head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{escape(title)}</title>'
        f'<link rel="icon" href="/favicon.ico" type="image/svg+xml"><link rel="stylesheet" href="/static/style.css">'
        f'</head>\n<body><header><a href="/" class="brand">parlour</a> <nav class="languages">{switch}</nav>'
        f'</header>\n<main class="rules">{body}</main></body></html>\n')


@router.get("/rules", response_class=HTMLResponse, include_in_schema=False)
async def rules_index(lang: Lang = None, accept_language: AcceptLanguage = None) -> HTMLResponse:
    """Every game, with the opening lines of its rules and a link to them: what the lobby links to."""
    try:
        code = check_language(lang) if lang else negotiate(accept_language)
    except ParlourError as e:
        raise Rejected("request/invalid", str(e)) from None
    items = []
    for name, cls in sorted(game_classes().items()):
        text = identifiers_in_words(page_text(cls, code) or cls.spec.description, cls.rules_type, code)
        opening = next((p for p in text.split("\n\n") if p.strip() and not p.startswith("#")), "")
        items.append(f'<li><a href="/rules/{escape(name, quote=True)}?lang={code}"><strong>'
                     f"{escape(cls.spec.title)}</strong></a> — {MARKDOWN.renderInline(opening)}</li>")
    heading = escape(gettext("Rules", code))
    return html_page(code, gettext("Rules", code), f"<h1>{heading}</h1>\n<ul>{''.join(items)}</ul>",
                     lambda other: "/rules?" + urlencode({"lang": other}))


@router.get("/rules/{name}", response_class=HTMLResponse, include_in_schema=False)
async def rules_html(name: GameName, rules: RulesText = None, lang: Lang = None,
                     accept_language: AcceptLanguage = None) -> HTMLResponse:
    """The rules page on its own, with links to the same page in the other languages."""
    page = page_for(name, rules, lang, accept_language)

    def link(code: str) -> str:
        query = urlencode({"rules": page.spec, "lang": code} if rules else {"lang": code})
        return f"/rules/{page.game}?{query}"

    return html_page(page.lang, gettext("Rules", page.lang) + f" — {page.spec_words}", page.html, link)
