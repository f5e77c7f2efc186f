"""Engine versions: what a record or stored table made under another version of a game's engine must show.

Each game declares the version of its engine (``GameSpec.engine_version``), raised with any change to its
deals, legal moves or outcomes. Every record and stored table carries the version it was made under
(None: made before versions were kept, so unknown) and fingerprints of its positions
(``position_digest``): a record that of its last position, a stored table that of the position after
each action. One made under the running version is trusted. One made under another, or an unknown
one, is replayed action by action (``core.record.replay``): it is kept when every action is legal and
every position matches the fingerprint stored for it, and otherwise refused with ``EngineChanged``,
naming both versions and the first action that failed or diverged.

A fingerprint is built from what every game's ``State`` offers, not from a game's JSON layout: the
seat to play, the text of its legal actions, every seat's cards and the returns so far. Rewriting how
a game stores its position leaves it unchanged; changing a deal, a move or an outcome does not.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from parlour.core.errors import RecordError
from parlour.core.game import State
from parlour.core.i18n import gettext

DIGEST_LENGTH = 32
"""Hex digits kept of a fingerprint's SHA-256 (128 bits: no two positions of any archive share one)."""


def position_digest(state: State[Any, Any]) -> str:
    """The fingerprint of ``state``'s position (module docstring): the same text in every process."""
    players = state.game.num_players
    facts = {
        "to_play": state.current_player,
        "legal": sorted(str(action) for action in state.legal_actions()),
        "hands": [sorted(state.hand(seat)) for seat in range(players)],
        "returns": state.returns(),
    }
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_LENGTH]


def version_text(version: int | None) -> str:
    """``version`` as messages show it: its number, or "unknown" for one made before versions were kept."""
    return gettext("unknown") if version is None else str(version)


class EngineChanged(RecordError):
    """A record or stored table made under another engine version that does not play out as it was stored."""

    default_code = "record/engine_changed"

    def __init__(self, game: str, made: int | None, running: int, why: str) -> None:
        super().__init__(gettext("it was made under {game} engine version {made}, but this is version {running}, "
                                 "and it does not replay the same: {why}").format(
            game=game, made=version_text(made), running=running, why=why))
        self.game = game
        self.made = made
        """The version the record or table was made under (None: unknown)."""
        self.running = running
        self.why = why
        """The first action that failed or diverged, and how."""


def engine_note(game: str, made: int | None, running: int) -> str | None:
    """The warning for a record made under engine version ``made`` that replayed the same under ``running``
    (None when the versions are the same, or ``made`` is unknown: an old record checked without a word)."""
    if made is None or made == running:
        return None
    return gettext("the record was made under {game} engine version {made}; this is version {running}, under "
                   "which it replays the same").format(game=game, made=made, running=running)
