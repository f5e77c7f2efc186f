"""Every state message stays under 64 KiB, to the end of the largest match each game allows.

Each game is played by random moves at the largest configuration the default settings let anyone create
(most players, most hands or highest target, every flag that lengthens a hand or adds to the view), with
40-character names of the widest characters and every move counted as a stand-in's. The size is the one sent: the
JSON text's UTF-8 bytes. The message is the
lobby's own (``Messages.state_message``), built for every seat and a spectator at every ``EVERY``-th position
and at the end.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from parlour.core.game import RECENT_RESULTS
from parlour.core.registry import game_classes
from parlour.server.api_schemas import TableIn
from parlour.server.hub import encode, size
from parlour.server.lobby import Lobby
from parlour.server.storage import Storage
from tests.server.conftest import settings_for

LIMIT = 65_536
NAME = "\U0001f0a1" * 40
"""The longest name allowed, each character four bytes in the UTF-8 sent."""
EVERY = 4
"""Positions between two measures (the last position, where the history is longest, is always measured)."""
CAPPED = "capped"
"""A flag set to the server setting that caps it."""

LARGEST: dict[str, list[dict[str, Any]]] = {
    "tonk": [
        {"players": 6, "hand_size": 7, "hands": CAPPED, "jokers": 2, "joker_points": 50, "deal_wins": "none",
         "stock_out": "discard_only", "spades_side_bet": True, "hit_sets": True, "stake": 1_000_000},
        {"players": 5, "hand_size": 9, "hands": CAPPED, "jokers": 2, "deal_wins": "none",
         "stock_out": "discard_only", "spades_side_bet": True, "stake": 1_000_000},
    ],
    "plonk": [{"target": CAPPED}],
    "tock": [{"players": 8, "extra_sevens": True, "two_of_spades_enters": True, "home_entry": "optional"}],
}


def test_every_game_has_a_largest_configuration_here() -> None:
    assert set(LARGEST) == set(game_classes())


@pytest.mark.parametrize(("game", "rules"), [(g, r) for g, configs in LARGEST.items() for r in configs])
def test_every_message_of_the_largest_match_is_under_64_kib(tmp_path: Path, game: str, rules: dict[str, Any]) -> None:
    settings = settings_for(f"sqlite:///{tmp_path / 'parlour.db'}")
    lobby = Lobby(settings, Storage(settings.db_url))
    flags = game_classes()[game].rules_type.flags()
    rules = {k: getattr(settings, str(flags[k].capped_by)) if v == CAPPED else v for k, v in rules.items()}
    players = rules.pop("players", flags["players"].default)
    table = lobby.create(TableIn(game=game, rules=rules, seats=["human"] * players, name=NAME))  # allowed here
    for seat in range(players):
        table.join(NAME, f"token {seat}")
    table.state = state = table.game.new_state(1)
    rng = random.Random(1)
    largest = 0
    while True:
        if state.version % EVERY == 0 or state.is_terminal:
            for seat in [*range(players), None]:
                message = lobby.messages.state_message(table, seat)
                largest = max(largest, size(encode(message)))
        if state.is_terminal:
            break
        table.stand_in_moves.add(state.version)
        state.apply(rng.choice(state.legal_actions()))
    assert largest < LIMIT, f"{table.game.name_with_rules()}: a message of {largest} bytes"
    full = state.view(None)
    if len(full.get("results", ())) > RECENT_RESULTS:  # the history was compacted, not the match short
        assert message["view"]["earlier"]["count"] == len(full["results"]) - RECENT_RESULTS
