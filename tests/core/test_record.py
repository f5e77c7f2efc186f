"""Game records: JSON round trip, replay, and clear refusals of broken files."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from parlour import load_game
from parlour.core.errors import RecordError
from parlour.core.record import GameRecord, replay
from parlour.core.versions import EngineChanged, engine_note, position_digest
from parlour.games.tonk.game import TonkGame
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
        (lambda d: d.update(engine="1"), "field 'engine' should be an engine version (1 or more), got '1'"),
        (lambda d: d.update(engine=0), "field 'engine' should be an engine version (1 or more), got 0"),
        (lambda d: d.update(digest=5), "field 'digest' should be a position's fingerprint, got 5"),
        (lambda d: d.update(digest="0" * 32), "ends at another position than the record's"),
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


def test_a_record_names_its_engine_version_and_the_fingerprint_of_its_last_position() -> None:
    record = finished_record()
    data = record.to_dict()
    assert data["engine"] == TonkGame.spec.engine_version == 1
    assert data["digest"] == position_digest(replay(record)) and len(data["digest"]) == 32
    old = {k: v for k, v in data.items() if k not in ("engine", "digest")}  # a record made before versions
    loaded = GameRecord.from_dict(old)
    assert (loaded.engine, loaded.digest) == (None, None)
    assert replay(loaded).returns() == record.result["returns"]  # type: ignore[index]


def test_a_record_of_another_engine_version_that_replays_the_same_loads_with_a_note(
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record()
    monkeypatch.setattr(TonkGame, "spec", replace(TonkGame.spec, engine_version=2))
    assert replay(record).returns() == record.result["returns"]  # type: ignore[index]
    assert engine_note("tonk", 1, 2) == ("the record was made under tonk engine version 1; this is version 2, "
                                         "under which it replays the same")
    assert engine_note("tonk", 2, 2) is None and engine_note("tonk", None, 2) is None


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d.update(seed=d["seed"] + 1), "action 1 .* does not replay|ends at another position|the replay ends"),
    (lambda d: d["result"].update(returns=[9, 9, 9]), "but the record says"),
    (lambda d: d.update(digest="0" * 32), "ends at another position than the record's"),
    (lambda d: d["actions"].insert(0, "fly"), "action 1 'fly' by seat 0 does not replay"),
])
def test_a_record_of_another_engine_version_that_does_not_replay_the_same_is_refused_naming_both_versions(
        monkeypatch: pytest.MonkeyPatch, change: object, why: str) -> None:
    data = finished_record().to_dict()
    change(data)  # type: ignore[operator]
    monkeypatch.setattr(TonkGame, "spec", replace(TonkGame.spec, engine_version=2))
    with pytest.raises(EngineChanged) as caught:
        replay(GameRecord.from_dict(data))
    assert str(caught.value).startswith("it was made under tonk engine version 1, but this is version 2, and it "
                                        "does not replay the same: ")
    assert (caught.value.made, caught.value.running, caught.value.code) == (1, 2, "record/engine_changed")
    assert re.search(why, caught.value.why)


def test_a_stored_fingerprint_is_checked_after_each_action_under_another_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = GameRecord.of(play_randomly(load_game("tonk:classic", players=3, hands=5).new_state(4),
                                         random.Random(4)))
    digests: list[str | None] = []
    replay(record, lambda state, _seat, _action: digests.append(position_digest(state)))
    digests[5] = None  # an action stored before fingerprints: not checked
    assert len(set(digests)) == len(digests)
    replay(record, digests=digests[:3] + digests[4:5] + digests[3:4])  # same version: trusted, not compared
    monkeypatch.setattr(TonkGame, "spec", replace(TonkGame.spec, engine_version=2))
    replay(record, digests=digests)
    with pytest.raises(EngineChanged, match=r"action 4 '.*' by seat \d leads to another position than the one stored"):
        replay(record, digests=digests[:3] + digests[4:5] + digests[3:4])
