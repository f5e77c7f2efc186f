"""``GET /api/i18n/{lang}``: the browser's messages in a language, from the same catalogs as the terminal's.

``GET /api/i18n`` answers the language the browser's ``Accept-Language``
prefers. The browser translates with these (its ``t()``): the English text is
the key, and a message missing from the answer stays in English.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Path
from pydantic import BaseModel

from parlour.core.errors import ParlourError
from parlour.core.i18n import LANGUAGES, browser_messages, check_language, negotiate
from parlour.server.authority import Rejected

router = APIRouter(prefix="/api/i18n", tags=["i18n"])


class MessagesOut(BaseModel):
    """The language chosen, every language offered (code → its own name), and the translated messages."""

    lang: str
    languages: dict[str, str]
    messages: dict[str, str]


def answer(lang: str) -> MessagesOut:
    return MessagesOut(lang=lang, languages=dict(LANGUAGES), messages=browser_messages(lang))


@router.get("", response_model=MessagesOut)
async def negotiated(accept_language: Annotated[str | None, Header(max_length=500)] = None) -> MessagesOut:
    """The messages in the language ``Accept-Language`` prefers (English when it names none offered)."""
    return answer(negotiate(accept_language))


@router.get("/{lang}", response_model=MessagesOut)
async def messages(lang: Annotated[str, Path(max_length=10)]) -> MessagesOut:
    """The messages in ``lang``; an unknown language is refused with the list of those offered."""
    try:
        return answer(check_language(lang))
    except ParlourError as e:
        raise Rejected("request/invalid", str(e)) from None
