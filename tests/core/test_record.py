"""Game records: JSON round trip, replay, and clear refusals of broken files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from parlour import load_game
from parlour.core.errors import RecordError
from parlour.core.record import GameRecord, replay
from tests.conftest import play_randomly


def finished_record() -> GameRecord:
    state = play_randomly(load_game("tonk:classic", players=3).new_state(4), random.Random(4))
    return GameRecord.of(state, ["Ana", "Bo", "Cy"])


def test_round_trip_and_replay(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert replay(loaded).returns() == record.result["returns"]  # type: ignore[index]


def test_records_keep_the_full_rules_and_the_position() -> None:
    game = load_game("tonk:speno", players=2)
    state = game.new_state(1, {"hands": [["2c"], ["3c"]], "stock": ["Kd"]})
    state.apply("draw stock")
    record = GameRecord.of(state)
    assert record.rules["caught"] == "speno" and record.position == {"hands": [["2c"], ["3c"]], "stock": ["Kd"]}
    assert replay(GameRecord.from_json(record.to_json())).view(None) == state.view(None)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.pop("seed"), "missing field 'seed'"),
        (lambda d: d.update(seed="x"), "field 'seed': 'x' is not a seed"),
        (lambda d: d.update(actions=[1]), "action 1 should be text"),
        (lambda d: d["actions"].insert(0, "fly"), "action 1 'fly' by seat 0 does not replay"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["rules"].update(jokers=3), "flag 'jokers' cannot be 3"),
        (lambda d: d["result"].update(returns=[9, 9, 9]), "but the record says"),
        (lambda d: d.update(format=7), "unknown record format 7"),
        (lambda d: d.update(dealer="north"), "field 'dealer' should be a seat number, got 'north'"),
        (lambda d: d.update(dealer=3), "dealer 3 is not a seat: allowed are 0 to 2"),
    ],
)
def test_broken_records_are_refused_with_the_reason(change: object, fragment: str) -> None:
    data = finished_record().to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError) as caught:
        replay(GameRecord.from_json(json.dumps(data)))
    assert fragment in str(caught.value)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        GameRecord.load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(RecordError, match="a record is a JSON object"):
        GameRecord.load(bad)
