"""``limits.ClientQuota``: the same counts in one process or across processes through Redis, and counting
locally, never refusing everyone, while Redis cannot be reached."""

from __future__ import annotations

import asyncio
import secrets
import socket

import pytest

from parlour.server.limits import LocalQuota, RedisQuota
from tests.server.services import RedisServer


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_without_redis_limits_are_counted_in_this_process(caplog: pytest.LogCaptureFixture) -> None:
    quota = RedisQuota(f"redis://:pw@127.0.0.1:{closed_port()}", "t:")
    assert [quota.take("c", 0.001, 2) > 0 for _ in range(3)] == [False, False, True]
    assert [quota.count("k", 2, 60) > 0 for _ in range(3)] == [False, False, True]
    held = [quota.enter("who", 2) for _ in range(3)]
    assert held[0] is not None and held[1] is not None and held[2] is None
    held[0]()
    assert quota.enter("who", 2) is not None
    assert "counted in this process" in caplog.text and "pw@" not in caplog.text
    asyncio.run(quota.stop())


def test_the_local_quota_counts_the_same() -> None:
    quota = LocalQuota()
    assert [quota.take("c", 0.001, 2) > 0 for _ in range(3)] == [False, False, True]
    assert [quota.count("k", 2, 60) > 0 for _ in range(3)] == [False, False, True]
    release = quota.enter("who", 1)
    assert release is not None and quota.enter("who", 1) is None
    release()
    assert quota.enter("who", 1) is not None


def test_processes_share_their_counts_and_a_dead_ones_sockets_stop_counting(redis_server: RedisServer) -> None:
    redis_server.ensure()
    prefix = f"test-quota-{secrets.token_hex(6)}:"
    one, two = RedisQuota(redis_server.url, prefix), RedisQuota(redis_server.url, prefix)
    try:
        assert one.take("c", 0.001, 2) == 0 and two.take("c", 0.001, 2) == 0 and one.take("c", 0.001, 2) > 100
        assert one.count("k", 2, 60) == 0 and two.count("k", 2, 60) == 0 and 50 < two.count("k", 2, 60) <= 60
        first = one.enter("who", 2)
        assert first is not None and two.enter("who", 2) is not None
        assert one.enter("who", 2) is None and two.enter("who", 2) is None
        first()
        assert two.enter("who", 2) is not None
        assert one.enter("who", 2) is None
        two.redis.delete(f"{prefix}alive:{two.process}")  # as if ``two`` died: its key expires unrefreshed
        assert one.enter("who", 2) is not None
    finally:
        for quota in (one, two):
            keys = list(quota.redis.scan_iter(f"{prefix}*"))
            if keys:
                quota.redis.delete(*keys)
            asyncio.run(quota.stop())
