"""What one server process tells the others: typed events, one pydantic tagged union, sent as JSON.

Each event names its kind in ``kind`` (the tag); an ``Envelope`` adds the sending process. Events only say
what changed: PostgreSQL holds the truth, so a lost event costs time, never correctness (each process
catches up from storage every ``sync_seconds``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class Event(BaseModel):
    """Fields every event shares: none but its kind; events are values (frozen, nothing extra accepted)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class TableEvent(Event):
    """An event about one table."""

    table: str = Field(max_length=32)


class TableCreated(TableEvent):
    """A table was created (its creator plays its bots)."""

    kind: Literal["table"] = "table"


class SeatTaken(TableEvent):
    """A person took a seat: the others load the table's seats from storage."""

    kind: Literal["seat"] = "seat"


class ActionAccepted(TableEvent):
    """Action ``idx`` (0-based) was stored: ``text`` in canonical form, played by a stand-in when ``stand_in``."""

    kind: Literal["action"] = "action"
    idx: int = Field(ge=0)
    text: str
    stand_in: bool = False


class PersonBack(TableEvent):
    """A person connected to their seat again: their stand-in stops everywhere."""

    kind: Literal["back"] = "back"
    seat: int = Field(ge=0)


class StoodIn(TableEvent):
    """A stand-in bot now plays for an absent person's seat."""

    kind: Literal["stand_in"] = "stand_in"
    seat: int = Field(ge=0)


class Watching(BaseModel):
    """Who is connected to one table on one process: the seats with a connection, and the spectators."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: frozenset[int] = frozenset()
    spectators: int = Field(default=0, ge=0)


class Presence(TableEvent):
    """Who is connected to ``table`` on the sending process now (replacing what it said before)."""

    kind: Literal["presence"] = "presence"
    watching: Watching = Watching()


class Hello(Event):
    """A process started, or reached Redis again after losing it: the others answer with an ``Alive``."""

    kind: Literal["hello"] = "hello"


class Alive(Event):
    """Sent every ``sync_seconds``: the sender lives, and this is everyone connected to it, per table.

    It replaces all the sender's presence the receiver knew, so a lost ``Presence`` is mended within a sweep.
    """

    kind: Literal["alive"] = "alive"
    watching: dict[str, Watching] = Field(default_factory=dict)


class Goodbye(Event):
    """The sender stops: the people connected to it are gone."""

    kind: Literal["goodbye"] = "goodbye"


PeerEvent = Annotated[
    TableCreated | SeatTaken | ActionAccepted | PersonBack | StoodIn | Presence | Hello | Alive | Goodbye,
    Field(discriminator="kind"),
]
"""Any event, told apart by its ``kind``."""


class Envelope(BaseModel):
    """An event as published: who sent it (a process id, random per start) and the event."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sender: str = Field(max_length=32)
    event: PeerEvent

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, data: str | bytes) -> Envelope:
        """The envelope in ``data``; ``pydantic.ValidationError`` when it is none."""
        return cls.model_validate_json(data)
