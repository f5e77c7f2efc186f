"""The error family: every refusal parlour gives is a ``ParlourError``.

They are ``ValueError`` subclasses so that callers who only know Python's
conventions still catch them, and their messages quote the offending input
and say what would have been allowed. Each carries a stable ``code`` (the
one the server sends), so a front end never has to read the message to
know what kind of refusal it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Reason(Protocol):
    """What an error carries of a game's refusal (``parlour.core.refusals.Refusal``, which imports this module):
    its code, its public parameters, and its words in a language."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, object]: ...

    def public(self) -> dict[str, Any]: ...

    def text(self, lang: str | None = None) -> str: ...


class ParlourError(ValueError):
    """Base of every error parlour raises on bad input.

    A refusal of an action also carries the game's ``refusal`` (refusals.py): its own code and public
    parameters, which a front end words in its reader's language (``worded``); the message stays English."""

    default_code = "error"

    def __init__(self, message: str, code: str | None = None, refusal: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.refusal = refusal

    @property
    def message(self) -> str:
        return str(self.args[0])

    @property
    def params(self) -> dict[str, Any]:
        """The refusal's public parameters as JSON values (empty without one)."""
        return {} if self.refusal is None else self.refusal.public()

    def worded(self, lang: str | None = None) -> str:
        """The refusal in words for people, in ``lang`` (the current language if None), saying the rule; the
        message itself for an error without a refusal."""
        return self.message if self.refusal is None else self.refusal.text(lang)


class InvalidActionError(ParlourError):
    """The text cannot be read as an action of this game at all."""

    default_code = "action/invalid"


class IllegalActionError(ParlourError):
    """A well-formed action that the rules do not allow in this position."""

    default_code = "action/illegal"


GAME_OVER = "action/game_over"
"""The code of an action refused because the game has ended."""


class RulesError(ParlourError):
    """A rule set that cannot be built: unknown flag, bad value, impossible combination."""

    default_code = "rules/invalid"


class RecordError(ParlourError):
    """A game record that cannot be read or does not replay."""

    default_code = "record/invalid"


REFUSAL_KINDS = {
    "action/invalid": "it is no action of this game",
    "action/illegal": "the rules do not allow it there",
    "action/game_over": "the game was already over",
    "action/not_your_turn": "it is not that seat's turn",
}
"""What each kind of refusal says of an action without a word of the position it was refused in."""


class ActionDoesNotReplay(RecordError):
    """An action of a record, or of a stored table, that the engine refuses when it is played again.

    Its message says only what anyone may know (the action's number, its text, the seat and the kind of
    refusal): the engine's own reason may say what the seat holds or not ("you do not hold Ks"), so it is kept
    apart in ``detail``, for whoever holds the whole record, and never reaches a server's answers or logs.
    """

    def __init__(self, index: int, text: str, seat: int, refusal: ParlourError) -> None:
        kind = REFUSAL_KINDS.get(refusal.code, "the engine refuses it")
        super().__init__(f"action {index} {text!r} by seat {seat} does not replay: {kind} ({refusal.code})")
        self.index = index
        self.detail = refusal.message
        """The engine's own reason, which may name hidden cards."""


class BotSpecError(ParlourError):
    """A bot spec string that names no known bot or gives it bad settings."""

    default_code = "bot/invalid"
