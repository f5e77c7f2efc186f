"""The schema: made by the migrations on a fresh database, old databases upgraded in place, concurrent starts."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import JSON, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, create_engine

from parlour.server.db.migration import current, head
from parlour.server.storage import Storage
from tests.server.conftest import postgres_schema
from tests.server.services import PostgresServer
from tests.server.serving import Served, call
from tests.server.test_storage import sample


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each backend (a schema of its own on the session's PostgreSQL)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'fresh.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")  # only here: SQLite needs no PostgreSQL
    server.ensure()
    with postgres_schema(server.url) as isolated:
        yield isolated


def differences(storage: Storage) -> list[Any]:
    """What the database's schema lacks or has beyond the tables ``storage`` queries (its prefix only)."""
    ours = set(storage.metadata.tables)
    with storage.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={
            "include_name": lambda name, kind, _parent: kind != "table" or name in ours,
        })
        return list(compare_metadata(context, storage.metadata))


def legacy_schema(prefix: str) -> MetaData:
    """The schema as ``create_all`` made it before there were migrations (frozen: it is history)."""
    metadata = MetaData()
    Table(f"{prefix}tables", metadata,
          Column("id", String(32), primary_key=True), Column("name", String(80), nullable=False),
          Column("game", String(20), nullable=False), Column("rules", JSON, nullable=False),
          Column("seed", String(80), nullable=False), Column("turn_seconds", Float, nullable=True),
          Column("created", Float, nullable=False),
          Column("finished", Boolean, nullable=False, default=False, index=True),
          Column("result", JSON, nullable=True))
    Table(f"{prefix}seats", metadata,
          Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), primary_key=True),
          Column("seat", Integer, primary_key=True), Column("kind", String(10), nullable=False),
          Column("bot", String(80), nullable=True), Column("name", String(40), nullable=True),
          Column("token_hash", String(64), nullable=True))
    Table(f"{prefix}actions", metadata,
          Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), primary_key=True),
          Column("idx", Integer, primary_key=True), Column("seat", Integer, nullable=False),
          Column("text", String(200), nullable=False))
    return metadata


def test_a_fresh_database_gets_the_newest_schema_matching_the_queries(url: str) -> None:
    storage = Storage(url)
    try:
        with storage.engine.connect() as conn:
            assert current(conn, "parlour_") == head()
        assert differences(storage) == []
        table = sample()
        storage.create(table)
    finally:
        storage.close()
    again = Storage(url)  # a second start finds the schema done and keeps the data
    try:
        assert again.load("t1") == table
    finally:
        again.close()


def test_a_database_made_before_migrations_is_upgraded_in_place(url: str) -> None:
    prefix = f"old{secrets.token_hex(3)}_"
    old = legacy_schema(prefix)
    table = sample()
    engine = create_engine(url)
    old.create_all(engine)
    with engine.begin() as conn:
        conn.execute(old.tables[f"{prefix}tables"].insert().values(
            id=table.id, name=table.name, game=table.game, rules=table.rules, seed=str(table.seed),
            turn_seconds=table.turn_seconds, created=table.created, finished=False, result=None))
        conn.execute(old.tables[f"{prefix}seats"].insert(), [
            {"table_id": table.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "token_hash": None}
            for s in table.seats])
        conn.execute(old.tables[f"{prefix}actions"].insert(), [{"table_id": table.id, "idx": 0, "seat": 0,
                                                                 "text": "draw stock"}])
    engine.dispose()
    storage = Storage(url, prefix=prefix)
    try:
        with storage.engine.connect() as conn:
            assert current(conn, prefix) == head()
        assert differences(storage) == []
        table.actions, table.digests = [(0, "draw stock")], [None]  # an old action: no fingerprint, version unknown
        assert storage.load(table.id) == replace(table, engine=None)
    finally:
        storage.drop_all()
        storage.close()


def test_servers_starting_together_on_a_fresh_postgresql_all_come_up(postgres_server: PostgresServer) -> None:
    postgres_server.ensure()
    with postgres_schema(postgres_server.url) as url:
        servers = [Served(url) for _ in range(3)]
        try:
            bases = [s.base() for s in servers]
            made = call(bases[0], "/api/tables", {"game": "tonk", "seats": ["human", "human"]})
            assert all(call(b, f"/api/tables/{made['id']}")["table"]["id"] == made["id"] for b in bases)
        finally:
            for s in servers:
                s.stop()
