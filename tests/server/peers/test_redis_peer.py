"""Redis goes away under two real processes and comes back: service goes on, and fan-out resumes by itself.

On the session's own Redis and PostgreSQL (``services``), killed and restarted here, never the machine's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Coroutine
from typing import Any

import pytest
from redis.asyncio.client import PubSub

from parlour.server.lobby import Lobby
from parlour.server.peers import Hello
from parlour.server.peers.redis_peer import OUTBOX_LIMIT, RedisPeer
from parlour.server.storage import Storage
from tests.server.conftest import Cluster, settings_for
from tests.server.peers.faults import DEADLINE_SECONDS, Prober, ask, until
from tests.server.serving import Watcher, call


def table_of(base: str, table_id: str) -> dict[str, Any]:
    shown: dict[str, Any] = call(base, f"/api/tables/{table_id}")["table"]
    return shown


def play_one(base: str, table_id: str, tokens: list[str]) -> int:
    """Whoever is to play at ``table_id`` plays their first legal action through ``base``; the version after."""
    state = call(base, f"/api/tables/{table_id}")
    seat, version = state["table"]["to_play"], state["view"]["version"]
    legal = call(base, f"/api/tables/{table_id}?token={tokens[seat]}")["legal"]
    answer = ask(base, f"/api/tables/{table_id}/actions", {"token": tokens[seat], "version": version,
                                                            "action": legal[0]})
    assert answer.status == 200, answer
    return version + 1


def test_every_process_serves_on_while_redis_is_away_and_fans_out_again_once_it_is_back(cluster: Cluster) -> None:
    env = {"PARLOUR_REDIS_RETRY_MAX": "1", "PARLOUR_MAX_HANDS": "1000"}  # the bots' match lasts the whole test
    a = cluster.start(**env).base()
    b = cluster.start(**env).base()
    bots = call(a, "/api/tables", {"game": "tonk", "seats": ["random", "random"], "rules": {"hands": 1000}})["id"]
    people = call(a, "/api/tables", {"game": "tonk", "seats": ["human", "human"], "rules": {"hands": 20}})["id"]
    tokens = [call(a, f"/api/tables/{people}/join", {"name": "Ana"})["token"],
              call(b, f"/api/tables/{people}/join", {"name": "Bo"})["token"]]
    on_a = Watcher(a, people)
    leaving = Watcher(b, people)
    watchers = [on_a, leaving]
    prober = Prober([a, b])
    try:
        on_a.state_at(play_one(b, people, tokens))  # fanned out through Redis
        until("A hears of B's spectator", lambda: table_of(a, people)["spectators"] == 2)

        cluster.redis.kill()
        leaving.close()  # nobody hears of it now
        made = ask(b, "/api/tables", {"game": "tonk", "seats": ["human", "random"]})
        assert made.status == 201, made
        on_a.state_at(play_one(b, people, tokens))  # from storage, on A's next sweep
        moved = table_of(b, bots)["version"]
        until("the bots of A play on, seen from B through storage", lambda: table_of(b, bots)["version"] > moved)

        cluster.redis.start()
        until("A learns the spectator on B left", lambda: table_of(a, people)["spectators"] == 1)
        watchers.append(Watcher(b, people))  # only Redis tells A of a spectator on B
        until("A hears of B's new spectator", lambda: table_of(a, people)["spectators"] == 2)
        on_a.state_at(play_one(b, people, tokens))
        moved = table_of(a, bots)["version"]
        until("the bots play on", lambda: table_of(a, bots)["version"] > moved)
    finally:
        for w in watchers:
            w.close()
        prober.stop()
    for served in cluster.started:
        served.stop()
        said = served.output()
        assert said.count("Redis unavailable") == 1, said  # one warning for the outage, not one per attempt
        assert said.count("Redis available again") == 1, said


def run_starvable(scenario: Coroutine[Any, Any, None]) -> None:
    """Run ``scenario`` on an event loop of its own thread: a task that spins without yielding starves that
    loop for good, and the test fails after ``DEADLINE_SECONDS`` instead of hanging."""
    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario)
        except BaseException as e:
            failures.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(2 * DEADLINE_SECONDS)
    assert not thread.is_alive(), "the event loop is starved: something spins without yielding"
    if failures:
        raise failures[0]


async def waited(what: str, check: Any) -> None:
    """Wait on the event loop until ``check()`` holds (a loop starved by a spinning task never comes back here:
    see ``run_starvable``)."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {DEADLINE_SECONDS:g} s"
        await asyncio.sleep(0.05)


def test_without_redis_the_peer_drops_events_retries_ever_slower_and_comes_back(
        cluster: Cluster, caplog: pytest.LogCaptureFixture) -> None:
    settings = settings_for(cluster.db_url, redis_url=cluster.redis.url, redis_channel=f"t-{secrets.token_hex(4)}",
                            sync_seconds=0.2, redis_retry_max=0.4)
    storage = Storage(cluster.db_url)
    peer = RedisPeer(settings, storage)
    attempts: list[float] = []
    subscribe = peer.subscribe

    async def counted() -> PubSub:
        attempts.append(time.monotonic())
        return await subscribe()

    peer.subscribe = counted

    async def scenario() -> None:
        await peer.start(Lobby(settings, storage, peer))
        assert peer.reachable
        cluster.redis.kill()
        await waited("Redis is seen gone", lambda: not peer.reachable)
        for _ in range(3 * OUTBOX_LIMIT):
            peer.announce(Hello())
        assert peer.outbox.qsize() == 0 and peer.dropped >= 3 * OUTBOX_LIMIT  # nothing kept for a Redis away
        tried = len(attempts)
        await asyncio.sleep(2)
        assert 2 <= len(attempts) - tried <= 2 / 0.1  # it keeps trying, waiting between tries
        cluster.redis.start()
        await waited("Redis is seen back", lambda: peer.reachable)
        peer.announce(Hello())
        await waited("the event is published", lambda: peer.outbox.qsize() == 0)
        await peer.close()

    with caplog.at_level(logging.WARNING, logger="parlour.server"):
        run_starvable(scenario())
    storage.close()
    said = [r.getMessage() for r in caplog.records]
    assert sum("Redis unavailable" in m for m in said) == 1, said
    assert sum("Redis available again" in m for m in said) == 1, said


def test_at_most_outbox_limit_events_wait_to_be_published(cluster: Cluster) -> None:
    settings = settings_for(cluster.db_url, redis_url=cluster.redis.url, redis_channel=f"t-{secrets.token_hex(4)}")
    storage = Storage(cluster.db_url)
    peer = RedisPeer(settings, storage)
    for _ in range(OUTBOX_LIMIT + 500):  # nothing sends them: the sender is not started
        peer.announce(Hello())
    assert peer.outbox.qsize() == OUTBOX_LIMIT and peer.dropped == 500
    storage.close()
