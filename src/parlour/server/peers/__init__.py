"""How the server's processes work together: the ``Peer`` interface, its typed events and the one-process peer.

The Redis peer lives in ``parlour.server.peers.redis_peer`` (imported only when a Redis URL is given).
"""

from parlour.server.peers.base import NOBODY, LocalPeer, Peer
from parlour.server.peers.events import (
    ActionAccepted,
    Alive,
    Envelope,
    Goodbye,
    Hello,
    PeerEvent,
    PersonBack,
    Presence,
    SeatTaken,
    StoodIn,
    TableCreated,
    Watching,
)

__all__ = [
    "NOBODY",
    "ActionAccepted",
    "Alive",
    "Envelope",
    "Goodbye",
    "Hello",
    "LocalPeer",
    "Peer",
    "PeerEvent",
    "PersonBack",
    "Presence",
    "SeatTaken",
    "StoodIn",
    "TableCreated",
    "Watching",
]
