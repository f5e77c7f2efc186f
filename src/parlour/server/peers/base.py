"""The peers interface: how one server process works with the others serving the same tables, if any.

``create_app`` picks one at start: a ``LocalPeer`` when the process serves alone, a ``RedisPeer`` (see
``redis_peer``) when several share one PostgreSQL and one Redis. The lobby tells its peer every change
(``announce``) and asks it who is connected elsewhere; the bot driver asks it which tables' bots this
process plays (``owns``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Protocol

from parlour.server.authority import TableAuthority
from parlour.server.hub import Hub
from parlour.server.peers.events import PeerEvent, Watching
from parlour.server.storage import Storage

NOBODY = Watching()
"""Nobody connected."""


class Seating(Protocol):
    """What a peer asks of the bot driver: play what is due at a table, a person gone or back."""

    def schedule(self, table: TableAuthority) -> None: ...

    def seat_left(self, table: TableAuthority, seat: int) -> None: ...

    def seat_back(self, table: TableAuthority, seat: int) -> None: ...


class Host(Protocol):
    """What a peer works with in the process it serves (the lobby): its tables, storage, connections and bots,
    and the ways to tell its clients of a change. Declared here so that the peers never import the lobby."""

    @property
    def tables(self) -> dict[str, TableAuthority]: ...

    @property
    def storage(self) -> Storage: ...

    @property
    def hub(self) -> Hub: ...

    @property
    def bots(self) -> Seating: ...

    def get(self, table_id: str) -> TableAuthority: ...

    def publish(self, table: TableAuthority) -> None: ...

    def next_turn(self, table: TableAuthority, store: bool = True) -> None: ...

    def publish_presence(self, table: TableAuthority) -> None: ...

    def watching(self, table_id: str) -> Watching: ...


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

    @property
    @abstractmethod
    def dropped(self) -> int:
        """Events told to the others that never left this process (they catch up from storage)."""

    @abstractmethod
    async def start(self, lobby: Host) -> None:
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

    @property
    def dropped(self) -> int:
        return 0

    async def start(self, lobby: Host) -> None:
        return None

    async def close(self) -> None:
        return None
