"""Redis goes away under two real processes and comes back: service goes on, and fan-out resumes by itself.

On the session's own Redis and PostgreSQL (``services``), killed and restarted here, never the machine's.
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Cluster
from tests.server.peers.faults import Prober, ask, until
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
    env = {"PARLOUR_REDIS_RETRY_MAX": "1"}
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
