"""The peer is chosen at start: alone, a ``LocalPeer``; with a Redis URL, a Redis peer on PostgreSQL only."""

from __future__ import annotations

import asyncio

import pytest

from parlour.server.app import choose_peer
from parlour.server.lobby import Lobby
from parlour.server.peers import NOBODY, LocalPeer, SeatTaken
from parlour.server.peers.redis_peer import ClusterError
from parlour.server.storage import Storage
from tests.server.conftest import settings_for


def test_one_process_alone_plays_every_table_and_sees_nobody_elsewhere(db_url: str) -> None:
    storage = Storage(db_url)
    peer = choose_peer(settings_for(db_url), storage)
    assert isinstance(peer, LocalPeer)
    assert peer.owns("any") and peer.reachable and peer.elsewhere("any") == NOBODY
    lobby = Lobby(settings_for(db_url), storage, peer)
    assert lobby.peer is peer and lobby.bots.peer is peer
    peer.announce(SeatTaken(table="any"))  # told to nobody
    asyncio.run(peer.start(lobby))
    asyncio.run(peer.close())
    storage.close()


def test_several_processes_need_postgresql(db_url: str) -> None:
    settings = settings_for(db_url, redis_url="redis://127.0.0.1:1")
    with pytest.raises(ClusterError, match="PostgreSQL"):
        choose_peer(settings, Storage(db_url))
