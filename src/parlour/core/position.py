"""Positions as data: the base every game's position dataclass extends, and position reading.

A game's position is a slotted dataclass holding everything that defines a
game in play. The base adds what every game shares: ``version`` (actions
applied so far) and ``history``, a shared immutable linked list of
``(seat, action, previous)`` so that copying a position never copies the
history. ``to_json`` / ``from_json`` round-trip a position exactly.

Hand-built positions (``game.new_state(seed, {...})``) are plain JSON-like
data too; anything wrong in one is a ``RulesError`` that says where
(``position: hand 2: …``) and quotes the offending value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Self

from mypy_extensions import mypyc_attr

from parlour.core.cards import parse_card
from parlour.core.errors import ParlourError, RecordError, RulesError

History = tuple[Any, ...] | None
"""A shared, immutable linked list of ``(seat, action, previous)``; ``None`` is empty."""


class PublicEntry:
    """An action already rendered as text: what a determinized state's history holds."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"PublicEntry({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.text)


def history_items(history: History, limit: int | None = None) -> list[tuple[int, Any]]:
    """The (seat, action) pairs of ``history``, oldest first; only the last ``limit`` when given."""
    out: list[tuple[int, Any]] = []
    node = history
    while node is not None and (limit is None or len(out) < limit):
        out.append((node[0], node[1]))
        node = node[2]
    out.reverse()
    return out


def history_of(items: Iterable[tuple[int, Any]]) -> History:
    """The linked list holding ``items`` (oldest first)."""
    node: History = None
    for seat, action in items:
        node = (seat, action, node)
    return node


@mypyc_attr(allow_interpreted_subclasses=True)  # games from other distributions subclass it
@dataclass(slots=True, kw_only=True, eq=False)
class Position:  # noqa: PLW1641 — unhashable: Python sets __hash__ to None beside __eq__
    """The shared part of every game's position; games add their fields in a subclass."""

    version: int = 0
    """How many actions have been applied: the server rejects actions made on an older one."""
    history: History = None

    def copy(self) -> Self:
        """An independent copy (the history is shared: it is immutable)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Any) -> Self:
        """The position ``to_json`` wrote, for ``game`` (its rules and action notation)."""
        raise NotImplementedError

    def log(self, since: int) -> list[tuple[int, Any]]:
        """The (seat, action) pairs applied since version ``since``, oldest first."""
        return history_items(self.history, self.version - since)

    def _fields(self) -> Iterator[tuple[str, Any]]:
        for f in dataclasses.fields(self):
            if f.name != "history":
                yield f.name, getattr(self, f.name)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Position)
        return (list(self._fields()) == list(other._fields())
                and [(s, str(a)) for s, a in history_items(self.history)]
                == [(s, str(a)) for s, a in history_items(other.history)])


    def to_json(self) -> dict[str, Any]:
        """The shared fields as JSON; games add theirs (``{**super().to_json(), ...}``)."""
        return {"version": self.version, "history": [[s, str(a)] for s, a in history_items(self.history)]}

    @staticmethod
    def shared_from_json(data: Mapping[str, Any], parse: Callable[[str], Any]) -> dict[str, Any]:
        """The shared fields read back from ``data`` as keyword arguments; ``parse`` reads an action."""
        try:
            entries = [(int(s), parse(text)) for s, text in data["history"]]
            version = data["version"]
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"position: cannot read version and history: {e}") from None
        if not isinstance(version, int) or version < len(entries):
            raise RecordError(f"position: version {version!r} is below the {len(entries)} actions of its history")
        return {"version": version, "history": history_of(entries)}


def check_keys(position: Mapping[str, Any], keys: Iterable[str]) -> None:
    """Refuse keys the game does not know, listing those it does."""
    allowed = list(keys)
    unknown = [k for k in position if k not in allowed]
    if unknown:
        raise RulesError(f"position: unknown key(s) {', '.join(map(repr, unknown))}; keys are "
                         + ", ".join(allowed))


def read_card(text: Any, where: str) -> int:
    """The face a position names at ``where`` (a joker reads as face 52)."""
    if not isinstance(text, str):
        raise RulesError(f"position: {where}: {text!r} is not a card")
    try:
        return parse_card(text)
    except ParlourError as e:
        raise RulesError(f"position: {where}: {e}") from None
