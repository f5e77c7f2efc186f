"""PostgreSQL restarts under two real processes: every request is answered (503 while it is down, never a 500
or a hang), every connection recovers, the bots' leases are taken again and play goes on everywhere.

On the session's own PostgreSQL and Redis (``services``), stopped and started here, never the machine's.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import create_engine, text

from parlour.server.db.locks import lock_key
from parlour.server.peers.leases import Leases
from parlour.server.storage import Storage, StorageUnavailable
from tests.server.conftest import Cluster
from tests.server.peers.faults import Answer, Prober, ask, until
from tests.server.serving import Watcher, call

LEASE_HELD = text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                  "AND classid::bigint = :high AND objid::bigint = :low")


def table_of(base: str, table_id: str) -> dict[str, Any]:
    shown: dict[str, Any] = call(base, f"/api/tables/{table_id}")["table"]
    return shown


def lease_held(url: str, table_id: str) -> bool:
    """Whether some process holds the lease of ``table_id`` (a session advisory lock) now."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            key = lock_key(f"parlour-bots:parlour_:{table_id}") % (1 << 64)  # the lock's two 32-bit halves
            return bool(conn.execute(LEASE_HELD, {"high": key >> 32, "low": key & 0xFFFFFFFF}).scalar())
    finally:
        engine.dispose()


def try_to_play(base: str, table_id: str, tokens: list[str]) -> Answer | None:
    """Whoever is to play at ``table_id`` tries their first legal action through ``base``: the answer, or None
    when the table could not even be looked at (storage unavailable)."""
    state = ask(base, f"/api/tables/{table_id}")
    if state.status != 200:
        return None
    seat, version = state.body["table"]["to_play"], state.body["view"]["version"]
    mine = ask(base, f"/api/tables/{table_id}?token={tokens[seat]}")
    if mine.status != 200:
        return None
    return ask(base, f"/api/tables/{table_id}/actions",
               {"token": tokens[seat], "version": version, "action": mine.body["legal"][0]})


def test_every_process_recovers_from_a_postgres_restart(cluster: Cluster) -> None:
    env = {"PARLOUR_MAX_HANDS": "1000"}  # the bots' match lasts the whole test
    a = cluster.start(**env).base()
    b = cluster.start(**env).base()
    bots = call(a, "/api/tables", {"game": "tonk", "seats": ["random", "random"], "rules": {"hands": 1000}})["id"]
    people = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 20}})["id"]
    tokens = [call(a, f"/api/tables/{people}/join", {"name": "Ana"})["token"],
              call(b, f"/api/tables/{people}/join", {"name": "Bo"})["token"]]
    until("the bots' lease is held", lambda: lease_held(cluster.db_url, bots))
    on_a = Watcher(a, people)
    prober = Prober([a, b])
    try:
        cluster.postgres.stop()
        for base in (a, b):
            refused = ask(base, "/api/tables", {"game": "tonk", "seats": ["human", "random"]})
            assert refused.status == 503, refused  # the documented JSON (ask checks it), in time
            played = try_to_play(base, people, tokens)
            assert played is None or played.status == 503, played

        cluster.postgres.start()
        for base in (a, b):
            until(f"{base} creates tables again",
                  lambda base=base: ask(base, "/api/tables", {"game": "tonk", "seats": ["human", "random"]}
                                        ).status == 201)
        until("the bots' lease is taken again", lambda: lease_held(cluster.db_url, bots))
        moved = table_of(a, bots)["version"]
        until("the bots play on", lambda: table_of(a, bots)["version"] > moved)
        answer = until("B plays for a person", lambda: (played := try_to_play(b, people, tokens)) is not None
                       and played.status == 200 and played)
        on_a.state_at(answer.body["version"])  # A's client sees B's action
    finally:
        on_a.close()
        prober.stop()


def test_leases_lost_with_their_connection_are_taken_again_on_a_new_one(cluster: Cluster) -> None:
    storage = Storage(cluster.db_url)
    leases, other = Leases(storage), Leases(storage)
    try:
        assert leases.claim(["t1", "t2"]) == ["t1", "t2"]
        assert other.claim(["t1"]) == []  # held: another process cannot take it
        cluster.postgres.stop()
        cluster.postgres.start()
        with pytest.raises(StorageUnavailable):
            leases.check()  # the session, and every lock with it, is gone
        assert not leases.owns("t1") and not leases.owns("t2")
        assert leases.claim(["t1", "t2"]) == ["t1", "t2"]
        assert lease_held(cluster.db_url, "t1") and leases.owns("t1")
        leases.release(["t1"])
        assert not lease_held(cluster.db_url, "t1") and lease_held(cluster.db_url, "t2")
    finally:
        leases.close()
        other.close()
        storage.close()
