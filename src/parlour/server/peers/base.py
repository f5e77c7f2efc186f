"""The peers interface: how one server process works with the others serving the same tables, if any.

``create_app`` picks one at start: a ``LocalPeer`` when the process serves alone, a ``RedisPeer`` (see
``redis_peer``) when several share one PostgreSQL and one Redis. The lobby tells its peer every change
(``announce``) and asks it who is connected elsewhere; the bot driver asks it which tables' bots this
process plays (``owns``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from parlour.server.peers.events import PeerEvent, Watching

if TYPE_CHECKING:
    from parlour.server.lobby import Lobby

NOBODY = Watching()
"""Nobody connected."""


class Peer(ABC):
    """This process's link to the other processes of the same service."""

    @abstractmethod
    def announce(self, event: PeerEvent) -> None:
        """Tell the others of a change made here; never waits, never fails (storage is the truth)."""

    @abstractmethod
    def elsewhere(self, table_id: str) -> Watching:
        """The seats connected to ``table_id`` and its spectators on the other processes."""

    @abstractmethod
    def owns(self, table_id: str) -> bool:
        """Whether this process plays the bots and turn timers of ``table_id``."""

    @property
    @abstractmethod
    def reachable(self) -> bool:
        """Whether the others can be reached now (a readiness probe's answer; always True alone)."""

    @abstractmethod
    async def start(self, lobby: Lobby) -> None:
        """Start working for ``lobby`` (on the running event loop, once its tables are restored)."""

    @abstractmethod
    async def close(self) -> None:
        """Stop: tell the others, and let go of what this process held."""


class LocalPeer(Peer):
    """One process alone: it announces nothing, nobody is connected elsewhere, and it plays every table's bots."""

    def announce(self, event: PeerEvent) -> None:
        return None

    def elsewhere(self, table_id: str) -> Watching:
        return NOBODY

    def owns(self, table_id: str) -> bool:
        return True

    @property
    def reachable(self) -> bool:
        return True

    async def start(self, lobby: Lobby) -> None:
        return None

    async def close(self) -> None:
        return None
