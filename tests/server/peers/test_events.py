"""The peers' events: each kind goes through JSON and comes back the same, told apart by its tag alone."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from parlour.server.peers import (
    ActionAccepted,
    Alive,
    Envelope,
    Goodbye,
    Hello,
    PeerEvent,
    PersonBack,
    Presence,
    SeatTaken,
    StoodIn,
    TableCreated,
    Watching,
)

EVENTS: list[PeerEvent] = [
    TableCreated(table="t1"), SeatTaken(table="t1"), ActionAccepted(table="t1", idx=3, text="draw", stand_in=True),
    PersonBack(table="t1", seat=1), StoodIn(table="t1", seat=0),
    Presence(table="t1", watching=Watching(seats=frozenset({0, 2}), spectators=4)),
    Hello(), Alive(watching={"t1": Watching(seats=frozenset({1})), "t2": Watching(spectators=2)}), Goodbye(),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.kind)
def test_every_event_comes_back_from_json_as_it_went(event: PeerEvent) -> None:
    sent = Envelope(sender="abc123", event=event)
    got = Envelope.from_json(sent.to_json())
    assert got == sent and type(got.event) is type(event)


def test_every_kind_has_its_own_tag() -> None:
    assert len({e.kind for e in EVENTS}) == len(EVENTS)


@pytest.mark.parametrize("raw", [
    '{"sender": "a", "event": {"kind": "explode", "table": "t1"}}',
    '{"sender": "a", "event": {"kind": "action", "table": "t1", "idx": -1, "text": "x"}}',
    '{"sender": "a", "event": {"kind": "seat", "table": "t1", "extra": 1}}',
    '{"event": {"kind": "hello"}}',
    "not json",
])
def test_a_message_that_is_no_event_is_refused(raw: str) -> None:
    with pytest.raises(ValidationError):
        Envelope.from_json(raw)
