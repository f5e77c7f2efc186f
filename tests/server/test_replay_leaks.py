"""A stored table that no longer replays is reported from its public record only: no answer, probe or log line
names a card the refused seat held (the engine's own reason, kept for whoever holds the whole record, names the
action's cards)."""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable

import pytest
from fastapi import FastAPI
from sqlalchemy import update

from parlour.core.cards import cards_str
from parlour.core.errors import ActionDoesNotReplay
from parlour.core.record import GameRecord, replay
from parlour.core.registry import load_game
from tests.server.conftest import TestClient, join, new_table, ops
from tests.server.test_play import lobby_of
from tests.server.test_restore import play_some


def damage(client: TestClient, tid: str) -> tuple[int, list[str]]:
    """Store, in place of the table's last discard, the discard of a card its seat does not hold (what an engine
    change could make of a stored action); the seat and the cards it held then."""
    lobby = lobby_of(client)
    table = lobby.tables[tid]
    history = table.state.history()
    index = max(i for i, (_, action) in enumerate(history) if str(action).startswith("discard "))
    before = table.game.new_state(table.state.seed)
    for _, action in history[:index]:
        before.apply(action)
    seat = before.current_player
    held = cards_str(before.hand(seat)).split()
    other = next(c for c in cards_str(range(52)).split() if c not in held)
    storage = lobby.storage
    with storage.engine.begin() as conn:
        conn.execute(update(storage.actions).where(storage.actions.c.table_id == tid, storage.actions.c.idx == index)
                     .values(text=f"discard {other}"))
    return seat, held


def test_a_damaged_table_names_no_card_of_the_seat_anywhere(
        app_factory: Callable[..., FastAPI], caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(app_factory()) as client:
        tid = new_table(client, "tonk", ["human", "human"], rules={"hands": 20})["id"]
        tokens = [join(client, tid, name)["token"] for name in ("Ana", "Bo")]
        play_some(client, tid, tokens, 10, random.Random(6))
        seat, held = damage(client, tid)
    caplog.set_level(logging.DEBUG)
    with TestClient(app_factory()) as client:
        assert tid in lobby_of(client).unrestored
        answers = [client.get(f"/api/tables/{tid}"), client.get(f"/api/tables/{tid}?token={tokens[seat]}"),
                   client.get("/api/tables"), client.get(f"/api/tables/{tid}/record"),
                   client.post(f"/api/tables/{tid}/actions", json={"token": tokens[seat], "version": 0,
                                                                    "action": "drop"}),
                   client.get("/healthz"), ops(client).get("/readyz"), ops(client).get("/metrics")]
        assert answers[0].status_code == 404 and "does not replay" in answers[0].text
        report = lobby_of(client).unrestored[tid]
        texts = [a.text for a in answers] + [report.why, report.error]
    texts += [record.getMessage() + (caplog.text if record.exc_info else "") for record in caplog.records]
    assert any("does not replay: the rules do not allow it there (action/illegal)" in t for t in texts)
    for text in texts:
        for token in tokens:
            text = text.replace(token, "")
        assert "hand" not in text.lower(), text
        named = [card for card in held if re.search(rf"(?<![\w]){re.escape(card)}(?![\w])", text)]
        assert not named, f"{named} of seat {seat}'s hand in: {text}"


def test_the_whole_record_still_says_the_engines_reason_to_whoever_holds_it() -> None:
    game = load_game("tonk")
    state = game.new_state(3)
    held = cards_str(state.hand(state.current_player)).split()
    other = next(c for c in cards_str(range(52)).split() if c not in held)
    record = GameRecord(game="tonk", rules=game.rules.to_dict(), seed=3, players=["A", "B"],
                        engine=game.spec.engine_version, actions=["draw stock", f"discard {other}"])
    with pytest.raises(ActionDoesNotReplay) as caught:
        replay(record)
    assert held[0] not in str(caught.value) and "does not replay" in str(caught.value)
    assert caught.value.detail == f"'discard {other}': You play only cards from your own hand: you do not hold {other}"
