"""Refusals as values: why the rules refuse an action, as a stable code and its public parameters.

A game says why it refuses an action with a ``Refusal``: a code of its own (``tock/four_own_pawn``,
``tonk/not_in_hand``) and the values that sentence needs (the action's text, a pawn as the board names it,
a card, a count). Each game declares its codes with ``declare``: code → the English sentence, marked for the
catalogs, with ``{name}`` placeholders for the parameters. So the engine never writes a language: Python's
exceptions word a refusal in English (``str(exc)``), the server in its reader's language, the terminal in its
``--lang``, all from the same code and parameters, and a test can list every code a game may give.

A parameter is public: what the seat refused already knows (its own action, the board). A refusal never
names a seat's hidden cards, so it may go wherever the refusal itself goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Union

from parlour.core.errors import InvalidActionError
from parlour.core.i18n import SOURCE_LANGUAGE, elide, gettext

Param = Union[str, int, "Refusal"]
"""A refusal's parameter: a word of notation or a number, or a refusal worded inside it (a reason's reason)."""


def N_(message: str) -> str:  # noqa: N802 -- the name gettext tools look for
    """``message`` unchanged, marked for the catalogs: a refusal's sentence, translated when it is worded."""
    return message


UNDECLARED = N_("the rules do not allow it here")
"""What a refusal says whose code no game declared (a plug-in game's plain reason keeps its own text)."""

ILLEGAL = "action/illegal"
"""Core's refusal of an action the rules refuse without a reason of their own to give."""

NOT_A_CARD = "card/unreadable"
"""Core's refusal of text that names no card (``parse_card``)."""

TEMPLATES: dict[str, str] = {
    "action/game_over": N_("the game is over"),
    ILLEGAL: UNDECLARED,
    NOT_A_CARD: N_("{text} is not a card: write a rank ({ranks}) then a suit ({suits}), e.g. {example}, or {joker} "
                   "for a joker"),
}
"""Every declared code, of every game loaded (``Game`` declares its ``refusals``), with its English sentence;
core's own refusals first."""


def declare(table: Mapping[str, str]) -> Mapping[str, str]:
    """Add a game's codes (code → English sentence) to those every refusal may use, and return them: the game's
    own list (``Game.refusals``), which its tests go through. A code declared twice with another sentence is a
    mistake."""
    for code, template in table.items():
        known = TEMPLATES.setdefault(code, template)
        if known != template:
            raise ValueError(f"refusal code {code!r} is declared twice, as {known!r} and {template!r}")
    return table


class Refusal:
    """Why an action is refused: a declared ``code`` and the ``params`` its sentence names."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params: Param) -> None:
        self.code = code
        self.params: dict[str, Param] = params

    def text(self, lang: str | None = None) -> str:
        """The refusal in words, in ``lang`` (the current language if None): its code's sentence, translated,
        with its parameters put in."""
        template = TEMPLATES.get(self.code)
        if template is None:
            return gettext(UNDECLARED, lang)
        values = {name: value.text(lang) if isinstance(value, Refusal) else value
                  for name, value in self.params.items()}
        return elide(gettext(template, lang).format(**values), lang)

    def public(self) -> dict[str, Any]:
        """The parameters as JSON values: a refusal inside is ``{"code", "params"}``."""
        return {name: {"code": value.code, "params": value.public()} if isinstance(value, Refusal) else value
                for name, value in self.params.items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Refusal) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.params!r})"

    def __str__(self) -> str:
        return self.text("en")




def unreadable(table: Mapping[str, str], text: str, code: str, **params: Param) -> InvalidActionError:
    """The error for ``text``, which is no action of the game whose ``table`` declares ``code``: it quotes the text,
    then says why in English; the refusal (the text among its parameters) travels with it, to be worded in any
    language."""
    if code not in table:
        raise KeyError(f"refusal code {code!r} is not declared")
    declare(table)
    refusal = Refusal(code, action=text, **params)
    return InvalidActionError(f"{text!r}: {refusal.text(SOURCE_LANGUAGE)}", refusal=refusal)
