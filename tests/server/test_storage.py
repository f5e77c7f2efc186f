"""The storage suite, on SQLite and on the test session's own PostgreSQL (``services``; each test in a schema of its
own, skipped where PostgreSQL's binaries are missing)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.core.registry import load_game
from parlour.server.authority import Rejected, TableAuthority
from parlour.server.storage import Storage, StorageError, StoredSeat, StoredTable, hash_token
from parlour.server.writer import Writer
from tests.server.conftest import postgres_schema
from tests.server.services import PostgresServer


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        store = Storage(f"sqlite:///{tmp_path / 's.db'}")
        yield store
        store.close()
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")  # only here: SQLite needs no PostgreSQL
    server.ensure()
    with postgres_schema(server.url) as url:
        store = Storage(url)
        try:
            yield store
        finally:
            store.close()


def sample(table_id: str = "t1") -> StoredTable:
    return StoredTable(id=table_id, name="Test", game="tonk", rules=load_game("tonk").rules.to_dict(), seed=2**31 - 5,
                       seats=[StoredSeat(0, "human"), StoredSeat(1, "bot", bot="random", name="Random 1")],
                       turn_seconds=12.5, engine=1)


def test_a_table_round_trips(storage: Storage) -> None:
    table = sample()
    storage.create(table)
    assert storage.load("t1") == table
    assert storage.load("missing") is None
    assert storage.table_ids() == ["t1"] and storage.table_ids(unfinished_only=True) == ["t1"]


def test_a_seed_of_any_size_round_trips(storage: Storage) -> None:
    for i, seed in enumerate((0, 2**64 + 3, 2**128 - 1)):
        table = sample(f"s{i}")
        table.seed = seed
        storage.create(table)
        assert storage.load(f"s{i}") == table


def test_a_seat_is_taken_once(storage: Storage) -> None:
    storage.create(sample())
    assert storage.take_seat("t1", 0, "Ana", hash_token("a"))
    assert not storage.take_seat("t1", 0, "Bo", hash_token("b"))
    assert not storage.take_seat("t1", 1, "Bo", hash_token("b"))
    loaded = storage.load("t1")
    assert loaded is not None and loaded.seats[0].name == "Ana" and loaded.seats[0].token_hash == hash_token("a")


def test_actions_append_in_order_once_each_and_finish_the_table(storage: Storage) -> None:
    storage.create(sample())
    storage.append_action("t1", 0, 0, "draw stock")
    storage.append_action("t1", 1, 0, "discard 2c")
    with pytest.raises(StorageError, match="already has action 2"):
        storage.append_action("t1", 1, 1, "drop")
    storage.append_action("t1", 2, 1, "drop", result={"returns": [1, -1], "payments": []})
    loaded = storage.load("t1")
    assert loaded is not None
    assert loaded.actions == [(0, "draw stock"), (0, "discard 2c"), (1, "drop")]
    assert loaded.finished and loaded.result == {"returns": [1, -1], "payments": []}
    assert storage.table_ids(unfinished_only=True) == []


class Heard:
    """A fan-out (``authority.Fanout``) that notes what an action's transaction tells it, in order."""

    def __init__(self) -> None:
        self.told: list[tuple[str, int]] = []

    def settle(self, table: TableAuthority) -> None:
        self.told.append(("settle", table.version))

    def announce(self, table: TableAuthority, index: int, action: str, stand_in: bool) -> None:
        self.told.append(("announce", index))

    def publish(self, table: TableAuthority) -> None:
        self.told.append(("publish", table.version))

    def follow(self, table: TableAuthority) -> None:
        self.told.append(("follow", table.version))


def test_an_authority_on_storage_restores_identically(storage: Storage) -> None:
    game = load_game("plonk")
    table = TableAuthority.create(storage, "p1", "Plonk", game, ["human"] * 4, seed=9)
    for seat in range(4):
        table.join(f"P{seat}", f"token{seat}")
    heard, writer = Heard(), Writer(storage)

    async def play() -> str:
        for _ in range(20):
            seat = table.state.current_player
            await table.play(seat, table.version, table.legal(seat)[0], False, writer, heard)
        with pytest.raises(Rejected) as refused:
            await table.play(table.state.current_player, table.version - 1, "2c", False, writer, heard)
        return refused.value.code

    try:
        assert asyncio.run(play()) == "action/stale"
    finally:
        writer.close()
    assert heard.told[:4] == [("settle", 1), ("announce", 0), ("publish", 1), ("follow", 1)]
    assert len(heard.told) == 4 * 20  # a refused action tells nobody
    stored = storage.load("p1")
    assert stored is not None
    again = TableAuthority.restore(stored, storage)
    assert [again.view(s) for s in (None, 0, 1, 2, 3)] == [table.view(s) for s in (None, 0, 1, 2, 3)]
    assert again.seat_of("token2") == 2


def test_a_bad_url_is_refused_with_the_url_quoted() -> None:
    with pytest.raises(StorageError, match="'nonsense://x'"):
        Storage("nonsense://x")
    with pytest.raises(StorageError, match="cannot read database URL"):
        Storage("::::")


def test_a_creators_open_tables_are_capped_as_they_are_stored_even_when_racing(storage: Storage) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from parlour.server.storage import TooManyOpen

    def made(i: int) -> bool:
        table = sample(f"race{i}")
        table.creator_hash = hash_token("address:203.0.113.9")
        try:
            storage.create(table, most_open=3)
        except TooManyOpen:
            return False
        return True

    with ThreadPoolExecutor(8) as pool:
        assert sum(pool.map(made, range(8))) == 3
    assert storage.open_tables_of(hash_token("address:203.0.113.9")) == 3


def test_one_rematch_per_table_is_stored(storage: Storage) -> None:
    from parlour.server.storage import StorageConflict

    storage.create(sample("done"))
    first, second = sample("next1"), sample("next2")
    first.rematch_of = second.rematch_of = "done"
    storage.create(first)
    with pytest.raises(StorageConflict):
        storage.create(second)
    assert storage.rematch_of("done") == "next1" and storage.load("next2") is None


def test_an_appended_action_keeps_its_stand_in_and_fingerprint(storage: Storage) -> None:
    storage.create(sample())
    storage.append_action("t1", 0, 0, "draw stock", stand_in=True, digest="d0")
    storage.append_action("t1", 1, 0, "discard 2c", digest="d1")
    loaded = storage.load("t1")
    assert loaded is not None
    assert loaded.stand_in_moves == {0} and loaded.actions == [(0, "draw stock"), (0, "discard 2c")]
    assert loaded.digests == ["d0", "d1"]


def test_a_failed_append_on_sqlite_is_unavailable_naming_the_database(tmp_path: Path) -> None:
    from parlour.server.storage import StorageUnavailable

    store = Storage(f"sqlite:///{tmp_path / 's.db'}")
    store.create(sample())
    with store.engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE parlour_actions")
    with pytest.raises(StorageUnavailable, match=r"database sqlite:///.*s\.db is unavailable: no such table"):
        store.append_action("t1", 0, 0, "draw stock")
    store.close()
