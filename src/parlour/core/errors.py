"""The error family: every refusal parlour gives is a ``ParlourError``.

They are ``ValueError`` subclasses so that callers who only know Python's
conventions still catch them, and their messages quote the offending input
and say what would have been allowed.
"""

from __future__ import annotations


class ParlourError(ValueError):
    """Base of every error parlour raises on bad input."""


class InvalidActionError(ParlourError):
    """The text cannot be read as an action of this game at all."""


class IllegalActionError(ParlourError):
    """A well-formed action that the rules do not allow in this position."""


class RulesError(ParlourError):
    """A rule set that cannot be built: unknown flag, bad value, impossible combination."""


class RecordError(ParlourError):
    """A game record that cannot be read or does not replay."""


class BotSpecError(ParlourError):
    """A bot spec string that names no known bot or gives it bad settings."""
