"""A Tock position as data: the pawns, the cards, the bonuses and whose turn it is.

Everything that defines a game in play is here and nothing else: the board
follows from the number of players (``board_for(players)``), the rules from
the game. ``to_json`` writes card ids and pawn places as plain numbers, so
``from_json`` reads back exactly the same position.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from parlour.core.errors import RecordError
from parlour.core.position import Position
from parlour.games.tock.board import board_for
from parlour.games.tock.pawns import Pawns

LogBoard = tuple[tuple[int, ...], int, int]
"""The pawns at one moment, never changed: (each pawn's place, advantaged bits, settled bits)."""

PLAY: Final = 0
BONUS: Final = 1
SPEND: Final = 2
EXTRA: Final = 3
OVER: Final = 4
PHASES: Final = ("play", "bonus", "spend", "extra", "over")
"""A turn's phases (see ``state``); ``OVER`` once somebody has won."""


@dataclass(slots=True, kw_only=True, eq=False)
class TockPosition(Position):
    """One moment of a Tock game; ``players`` fixes the board."""

    players: int
    pawns: Pawns
    hands: list[list[int]]
    stock: list[int]
    """Top of the stock last."""
    pile: list[int]
    """Bottom first."""
    stored: list[int]
    """Each seat's stored joker bonuses (0–2)."""
    spendable: int = 0
    """Stored bonuses the player to move may still spend this turn (those they began it with)."""
    phase: int = PLAY
    cur: int = 0
    """The seat to play, or -1 (``TERMINAL``) once the game is over."""
    winner: int = -1
    log_start: int = 0
    """The version at which the pile last became the stock: views show the actions since."""
    log_board: LogBoard | None = None
    """The pawns at ``log_start`` (places, advantaged and settled bits), so that a view's log can be read move
    by move (``words``); None only for a position read from JSON written before there was one."""
    reshuffles: int = 0
    """How many times the pile became the stock: reshuffle k draws from ``chance_rng(seed, k)``."""

    def copy(self) -> TockPosition:
        return TockPosition(
            version=self.version, history=self.history, players=self.players, pawns=self.pawns.copy(),
            hands=[h[:] for h in self.hands], stock=self.stock[:], pile=self.pile[:],
            stored=self.stored[:], spendable=self.spendable, phase=self.phase, cur=self.cur,
            winner=self.winner, log_start=self.log_start, log_board=self.log_board, reshuffles=self.reshuffles,
        )

    @classmethod
    def blank(cls, players: int) -> TockPosition:
        """Every pawn in its reserve, no cards anywhere, seat 0 to play."""
        board = board_for(players)
        pawns = Pawns(players, board.squares)
        return cls(players=players, pawns=pawns, hands=[[] for _ in range(players)],
                   stock=[], pile=[], stored=[0] * players, log_board=pawns.snapshot())

    def to_json(self) -> dict[str, Any]:
        pawns = self.pawns
        return {
            **Position.to_json(self),
            "players": self.players,
            "places": list(pawns.pos),
            "advantaged": pawns.adv,
            "settled": pawns.settled,
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "stored": list(self.stored),
            "spendable": self.spendable,
            "phase": PHASES[self.phase],
            "to_play": self.cur,
            "winner": self.winner,
            "log_start": self.log_start,
            "log_board": None if self.log_board is None else {
                "places": list(self.log_board[0]), "advantaged": self.log_board[1], "settled": self.log_board[2]},
            "reshuffles": self.reshuffles,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: Any) -> TockPosition:
        shared = Position.shared_from_json(data, game.parse_action)
        players = data["players"]
        if players != game.rules.players:
            raise RecordError(f"position: {players!r} players, but the rules say {game.rules.players}")
        pos = cls.blank(players)
        pawns = pos.pawns
        places = data["places"]
        if len(places) != len(pawns.pos):
            raise RecordError(f"position: {len(places)} pawn places for {players} players")
        for pawn, place in enumerate(places):
            if place >= 0:
                pawns.place(pawn, int(place))
        pawns.adv = int(data["advantaged"])
        pawns.settled = int(data["settled"])
        pos.hands = [[int(c) for c in hand] for hand in data["hands"]]
        pos.stock = [int(c) for c in data["stock"]]
        pos.pile = [int(c) for c in data["pile"]]
        pos.stored = [int(b) for b in data["stored"]]
        pos.spendable = int(data["spendable"])
        pos.phase = PHASES.index(data["phase"])
        pos.cur = int(data["to_play"])
        pos.winner = int(data["winner"])
        pos.log_start = int(data["log_start"])
        board = data.get("log_board")
        pos.log_board = None if board is None else (
            tuple(int(p) for p in board["places"]), int(board["advantaged"]), int(board["settled"]))
        pos.reshuffles = int(data["reshuffles"])
        pos.version = shared["version"]
        pos.history = shared["history"]
        return pos
