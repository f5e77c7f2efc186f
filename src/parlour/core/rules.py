"""Declared rule sets: frozen flags with presets, read from text or keywords.

A game's rules are a frozen dataclass deriving from ``Rules`` whose fields are
made with ``flag()``. Each flag says what values it takes, so that a value
given as text (``tonk:classic?jokers=2``) is read, checked and, when wrong,
refused with a ``RulesError`` that names the flag and the allowed values.
Presets are small declared differences from the field defaults.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from parlour.core.errors import RulesError
from parlour.core.i18n import SOURCE_LANGUAGE, gettext

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class FlagInfo:
    """What one flag is and accepts."""

    name: str
    default: Any
    help: str
    kind: str
    """``bool``, ``int``, ``choice`` or ``optional_int``."""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    capped_by: str | None = None
    """For a flag that makes a match longer (hands, a target score): the name of the server setting
    that may lower ``maximum`` (a server decides how long a match it hosts; the rules do not know it)."""
    title: str = ""
    """The flag's name in words ("when to drop" for ``drop_timing``), in English: a message to translate."""
    choice_words: tuple[str, ...] = ()
    """Each of ``choices`` in words, in the same order ("before drawing" for ``before_draw``): messages."""

    def allowed(self, lang: str = SOURCE_LANGUAGE) -> str:
        """The allowed values, in words and in ``lang``, for error messages and help (``only 4`` for a flag
        whose minimum is its maximum)."""
        if self.kind == "bool":
            return gettext("true or false", lang)
        if self.choices:
            return ", ".join(str(c) for c in self.choices)
        lo, hi = self.minimum, self.maximum
        if lo is not None and lo == hi:
            span = gettext("only {value}", lang).format(value=lo)
        elif lo is not None and hi is not None:
            span = gettext("an integer from {low} to {high}", lang).format(low=lo, high=hi)
        elif lo is not None:
            span = gettext("an integer ≥ {low}", lang).format(low=lo)
        else:
            span = gettext("an integer", lang)
        return gettext("{allowed} or none", lang).format(allowed=span) if self.kind == "optional_int" else span

    def value_words(self, value: Any, lang: str = SOURCE_LANGUAGE) -> str:
        """``value`` of this flag as people say it, in ``lang``: "yes" or "no", a choice's words ("must enter" for
        ``mandatory``), "none", or the number; never its identifier (``before_draw``, ``false``)."""
        if self.kind == "bool":
            return gettext("yes", lang) if value else gettext("no", lang)
        if value is None:
            return gettext("none", lang)
        if value in self.choices:
            return gettext(self.choice_words[self.choices.index(value)], lang)
        return str(value)

    def read(self, value: Any) -> Any:
        """Coerce ``value`` (text or Python) to this flag's type, or raise ``RulesError``."""
        try:
            out = self._coerce(value)
        except (TypeError, ValueError):
            out = _BAD
        if out is _BAD or not self._fits(out):
            raise RulesError(
                f"flag {self.name!r} cannot be {value!r}: allowed values are {self.allowed()}"
            )
        return out

    def _coerce(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            return _BAD
        if self.kind == "optional_int" and (
            value is None or (isinstance(value, str) and value.strip().lower() in ("", "none"))
        ):
            return None
        if self.kind in ("int", "optional_int") or (
            self.choices and all(isinstance(c, int) for c in self.choices)
        ):
            if isinstance(value, bool):
                return _BAD
            if isinstance(value, int):
                return value
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                return int(value)
            return _BAD
        return value.strip().lower() if isinstance(value, str) else _BAD

    def _fits(self, value: Any) -> bool:
        if self.choices and value not in self.choices:
            return False
        if value is None or isinstance(value, (bool, str)):
            return True
        if self.minimum is not None and value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum


_BAD = object()


def in_words(text: str) -> str:
    """``text`` as it is, marked as a message of the interface (``tools/messages.py`` extracts it): a flag's
    ``title`` or the words for one of its choices, which the lobby shows translated."""
    return text


def flag(
    default: Any,
    help: str,
    *,
    title: str = "",
    choices: tuple[Any, ...] = (),
    words: Mapping[Any, str] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    optional: bool = False,
    capped_by: str | None = None,
) -> Any:
    """Declare a rules field: its default, a one-line help, its name in words (``title``, marked with
    ``in_words``; the field's name with spaces when not given), what it accepts, the words for some of its
    ``choices`` (the others are shown as they are) and, for a flag that makes a match longer, the server
    setting that caps it (``FlagInfo.capped_by``)."""
    unknown = set(words or {}) - set(choices)
    if unknown:
        raise ValueError(f"words given for {sorted(map(str, unknown))}, which are not among the choices {choices}")
    if isinstance(default, bool):
        kind = "bool"
    elif choices:
        kind = "choice"
    elif optional:
        kind = "optional_int"
    else:
        kind = "int"
    meta = {"help": help, "kind": kind, "choices": choices, "minimum": minimum, "maximum": maximum,
            "capped_by": capped_by, "title": title,
            "choice_words": tuple((words or {}).get(c, str(c)) for c in choices)}
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    """Base of every game's rule set; subclasses declare ``players`` and their flags."""

    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """Preset name → flag values that differ from the field defaults."""
    default_preset: ClassVar[str] = ""
    preset_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """Preset name → its name in words and a one-line description of it, both marked with ``in_words`` (the
    lobby and the rules pages show them translated, never the bare preset name)."""
    game_name: ClassVar[str] = ""

    players: int = flag(2, "number of players", title=in_words("players"), minimum=1)
    """Every game has this flag; each game narrows its range."""

    @classmethod
    def flags(cls) -> dict[str, FlagInfo]:
        """Every flag of this rule set, in declaration order."""
        out = {}
        for f in dataclasses.fields(cls):
            m = f.metadata
            out[f.name] = FlagInfo(
                name=f.name,
                default=f.default,
                help=m.get("help", ""),
                kind=m.get("kind", "int"),
                choices=m.get("choices", ()),
                minimum=m.get("minimum"),
                maximum=m.get("maximum"),
                capped_by=m.get("capped_by"),
                title=m.get("title") or f.name.replace("_", " "),
                choice_words=m.get("choice_words", ()),
            )
        return out

    @classmethod
    def preset_in_words(cls, preset: str, lang: str = SOURCE_LANGUAGE) -> tuple[str, str]:
        """A preset's name in words and its one-line description, in ``lang`` (the name as it is, and no
        description, for a preset the game has not put in words)."""
        title, description = cls.preset_words.get(preset, (preset, ""))
        return gettext(title, lang), gettext(description, lang) if description else ""

    @classmethod
    def build(cls, preset: str | None = None, **overrides: Any) -> Self:
        """The preset (or the default one) with ``overrides`` on top, checked."""
        name = (preset or cls.default_preset).strip().lower()
        if cls.presets and name not in cls.presets:
            raise RulesError(
                f"unknown preset {preset!r} for {cls.game_name}: presets are "
                + ", ".join(cls.presets)
            )
        values: dict[str, Any] = dict(cls.presets.get(name, {}))
        infos = cls.flags()
        for key, value in overrides.items():
            info = infos.get(key)
            if info is None:
                raise RulesError(
                    f"unknown flag {key!r} for {cls.game_name}: flags are " + ", ".join(infos)
                )
            values[key] = info.read(value)
        rules = cls(**values)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Refuse impossible combinations of flags with a ``RulesError``; subclasses extend."""

    def to_dict(self) -> dict[str, Any]:
        """Every flag and its value: what a game record stores."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
