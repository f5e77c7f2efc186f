"""What a table's readers are sent: each one's state message (its view, legal actions and their words, the story,
the table's summary) and who is connected.

A state message is built for one reader at a time, from that reader's view only, in the reader's language;
what every reader of one publication shares (the summary and the seats' names, by language) is built once.
``Messages.publish`` hands each client connected here its own message (``Hub.publish``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from parlour.bots.names import readable_name
from parlour.core.chance import seed_commitment
from parlour.core.i18n import SOURCE_LANGUAGE, gettext
from parlour.core.parts import lesson_of, words_of
from parlour.core.words import StoryLine
from parlour.server.api_schemas import PresenceOut
from parlour.server.authority import Seat, TableAuthority
from parlour.server.hub import Hub
from parlour.server.peers import Peer
from parlour.server.profiles import variant_words
from parlour.server.storage import FORFEIT
from parlour.server.stories import Stories

STAND_IN_WINDOW = 1000
"""How many of the latest actions a state message says were a stand-in's (the log shows fewer)."""
STORY_LINES = 80
"""The latest lines of the story (what happened, in words) a state message carries; the log shows as many."""
STORY_BYTES = 16_384
"""The most bytes of story text a state message carries: lines name players, whose names may be long."""

Shared = dict[str, tuple[dict[str, Any], list[str]]]
"""What the state messages of one publication share, by language: the table's summary and names."""


def latest_story(lines: list[StoryLine]) -> list[list[Any]]:
    """The latest lines of a story, at most ``STORY_LINES`` of them and ``STORY_BYTES`` of text, as JSON lists.
    The text of the last ``STORY_LINES`` is measured at once (it is under ``STORY_BYTES`` but for long names),
    line by line only when it is over."""
    tail = lines[-STORY_LINES:]
    text = "".join([line.text for line in tail])
    if len(text) <= STORY_BYTES and (text.isascii() or len(text.encode()) <= STORY_BYTES):
        return [list(line) for line in tail]
    kept: list[list[Any]] = []
    size = 0
    for line in reversed(tail):
        size += len(line.text.encode())
        if size > STORY_BYTES:
            break
        kept.append(list(line))
    return kept[::-1]


def seat_name(seat: Seat, lang: str) -> str | None:
    """The name a seat is shown by: a bot named by the server after its place ("Heuristic bot 2" at seat 1,
    places counted from 1) is named in ``lang`` ("Bot heuristique 2"); any other name as it was given."""
    if seat.bot_spec:
        for number in (seat.seat + 1, seat.seat):  # tables stored before places were counted from 1 say seat.seat
            if seat.name == f"{readable_name(seat.bot_spec)} {number}":
                return f"{readable_name(seat.bot_spec, lang)} {seat.seat + 1}"
    return seat.name


def seat_names(table: TableAuthority, lang: str) -> list[str]:
    """Each seat's name as the table shows it; "Seat 3" (in ``lang``, places counted from 1) for seat 2 while
    nobody has taken it."""
    return [seat_name(s, lang) or gettext("Seat {n}", lang).format(n=s.seat + 1) for s in table.seats]


def action_words(table: TableAuthority, seat: int, action: str, lang: str) -> str:
    """``action`` (canonical text) in words, in ``lang``, as ``seat`` would read it in its state message."""
    return words_of(table.game).actions([action], table.state.view(seat), seat_names(table, lang), lang)[0]


def lesson_lines(table: TableAuthority, seat: int | None, view: dict[str, Any], legal: list[str],
                 lang: str) -> list[str]:
    """At a lesson, what its learner may do now and why, in ``lang``; nothing for anyone else."""
    lesson = lesson_of(table.game) if table.lesson and seat is not None else None
    return [] if lesson is None else lesson.explain(view, legal, lang)


class Messages:
    """The messages of every table of one server process, and the stories they have told so far."""

    def __init__(self, hub: Hub, peer: Peer, clock: Callable[[], float],
                 deadline: Callable[[TableAuthority], float | None]) -> None:
        self.hub = hub
        self.peer = peer
        """Who is connected on the other processes."""
        self.clock = clock
        """The time a summary says it is (the lobby's: move clocks are read on it)."""
        self.deadline = deadline
        """Seconds left on the turn timer of a table, if one runs (the bot driver's)."""
        self.stories = Stories()
        """Each table's story told so far, by language: a state message narrates only what is new."""

    def presence(self, table: TableAuthority) -> tuple[set[int], int]:
        """The seats shown connected (bots always; people with a connection on any process), and the spectators."""
        elsewhere = self.peer.elsewhere(table.id)
        people = self.hub.connected_seats(table.id) | elsewhere.seats
        connected = {s.seat for s in table.seats if s.kind == "bot" or s.seat in people}
        return connected, self.hub.spectators(table.id) + elsewhere.spectators

    def summary(self, table: TableAuthority, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """The table as the lobby shows it (the ``TableOut`` schema), a bot's own name in ``lang``."""
        connected, spectators = self.presence(table)
        now = time.time()
        spec = table.game.name_with_rules()
        return {
            "id": table.id, "name": table.name, "game": table.game.spec.name,
            "spec": spec, "spec_words": variant_words(spec, lang),  # worked out once a spec and language
            "status": table.status, "version": table.version,
            "seed_commitment": seed_commitment(table.state.seed),
            "to_play": table.to_play, "turn_seconds": table.turn_seconds,
            "spectators": spectators, "created": table.created, "lesson": table.lesson,
            "spectator_chat": table.spectator_chat, "rated": table.rated, "move_clock": table.move_clock,
            "deadline": table.deadline, "now": self.clock(),
            "forfeit": None if table.forfeit is None else table.forfeit[FORFEIT],
            "seats": [
                {"seat": s.seat, "kind": s.kind, "name": seat_name(s, lang), "bot": s.bot_spec, "taken": s.taken,
                 "reserved": s.kept(now), "connected": s.seat in connected, "stand_in": s.stand_in}
                for s in table.seats
            ],
        }

    def state_message(self, table: TableAuthority, seat: int | None, lang: str = SOURCE_LANGUAGE,
                      shared: Shared | None = None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent: the ``StateOut`` schema, built from its view only,
        bounded (``State.message_view``) so that its size does not grow with the match; its words (each legal
        action's, and the story of what happened) in ``lang``, the story narrating only what the table's
        story had not told (``stories``). ``shared``: what the messages of one publication share
        (``shared_parts``)."""
        to_play = table.to_play
        view = table.state.message_view(seat)
        legal = table.legal(seat)
        words = words_of(table.game)
        summary, names = self.shared_parts(table, lang, shared)
        told = self.stories.told(table, lang)
        return {
            "type": "state", "table": summary, "seat": seat,
            "view": view,
            "legal": legal,
            "words": words.actions(legal, view, names, lang),
            "story": told.same("latest", latest_story, words.tell(view, names, lang, told)),
            "outcomes": [words.outcome(result, names, lang) for result in view.get("results") or ()],
            "deadline": self.deadline(table) if to_play is not None and to_play == seat else None,
            "stand_in_moves": sorted(i for i in table.stand_in_moves if i >= table.version - STAND_IN_WINDOW),
            "lesson": lesson_lines(table, seat, view, legal, lang),
        }

    def shared_parts(self, table: TableAuthority, lang: str, shared: Shared | None) -> tuple[dict[str, Any], list[str]]:
        """The table's summary and names in ``lang``: built once per language for all the messages of one
        publication (kept in ``shared``), not once per reader; built afresh without ``shared``."""
        found = None if shared is None else shared.get(lang)
        if found is None:
            found = (self.summary(table, lang), seat_names(table, lang))
            if shared is not None:
                shared[lang] = found
        return found

    def publish(self, table: TableAuthority) -> None:
        """Send every client of ``table`` connected here its own state message."""
        shared: Shared = {}
        self.hub.publish(table.id, lambda seat, lang: self.state_message(table, seat, lang, shared))

    def presence_message(self, table: TableAuthority) -> dict[str, Any]:
        """Who is connected to ``table`` now, on every process (``PresenceOut``)."""
        connected, spectators = self.presence(table)
        return PresenceOut(table=table.id, seats=sorted(connected), spectators=spectators).model_dump()
