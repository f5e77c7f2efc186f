"""What each seat may know of a Tock game, and games consistent with it: the hidden-information contract.

Public: the board (every pawn's place, the advantaged and the
settled pawns), the board the log starts from (when the stock last ran out,
so that the log can be read move by move), the pile of played cards, the size of every hand and of the
stock, every seat's stored joker bonuses. Secret: the other hands and the
stock order. ``view_of`` writes a seat's view; ``determinizer`` deals the
cards the view does not show at random, so the view of the position it
builds is the view it was given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from parlour.core.cards import CARD_TEXT
from parlour.core.errors import RulesError
from parlour.core.game import View
from parlour.core.position import PublicEntry, history_of
from parlour.core.shapes import log_entry
from parlour.games.tock.actions import PAWNS
from parlour.games.tock.board import board_for
from parlour.games.tock.deck import card_pool, cards_text, full_deck
from parlour.games.tock.pawns import name
from parlour.games.tock.position import OVER, PHASES, LogBoard, TockPosition
from parlour.games.tock.setup import pawn_index, take
from parlour.games.tock.view_shape import TockBoard, TockView, plain_view, tock_view

if TYPE_CHECKING:
    from parlour.games.tock.rules import TockRules


def view_of(pos: TockPosition, seat: int | None, teams: list[tuple[int, ...]] | None = None,
            serving: list[int] | None = None) -> View:
    """``shaped_view`` as the generic ``View`` of the game's contracts."""
    return plain_view(shaped_view(pos, seat, teams, serving))


def shaped_view(pos: TockPosition, seat: int | None, teams: list[tuple[int, ...]] | None = None,
                serving: list[int] | None = None) -> TockView:
    """What ``seat`` may know (``None``: a spectator); hands other than ``seat``'s are counts. In a team game
    (``teams``, as seats) it also shows the teams and the teammates the seat to play plays for
    (``serving``: empty while its own pawns are not all home)."""
    n = pos.players
    board = board_view(pos.pawns.snapshot(), n)
    out: TockView = {
        "game": "tock",
        "seat": seat,
        "version": pos.version,
        "players": n,
        "to_play": pos.cur,
        "phase": PHASES[pos.phase],
        "pawns": board["pawns"],
        "advantaged": board["advantaged"],
        "settled": board["settled"],
        "hand_sizes": [len(h) for h in pos.hands],
        "stock": len(pos.stock),
        "pile": [CARD_TEXT[c] for c in pos.pile],
        "bonuses": list(pos.stored),
        "spendable": pos.spendable,
        "winner": None if pos.winner < 0 else pos.winner,
        "log": [[s, str(a)] for s, a in pos.log(pos.log_start)],
        "log_board": None if pos.log_board is None else board_view(pos.log_board, n),
    }
    if seat is not None:
        out["hand"] = cards_text(pos.hands[seat])
    if teams is not None:
        out["teams"] = [list(team) for team in teams]
        out["serving"] = list(serving or [])
    if pos.phase == OVER:
        out["ranking"] = ranking(pos, teams)
    return out


def board_view(board: LogBoard, players: int) -> TockBoard:
    """The pawns of ``board`` as a view shows them: ``pawns`` (each seat's places, see ``place_text``), the
    ``advantaged`` and the ``settled`` pawns by name (``b3``)."""
    places, adv, settled = board
    length = board_for(players).squares
    return {
        "pawns": [[place_text(places[q * PAWNS + i], length) for i in range(PAWNS)] for q in range(players)],
        "advantaged": [name(p, -1) for p in range(players * PAWNS) if adv >> p & 1],
        "settled": [name(p, -1) for p in range(players * PAWNS) if settled >> p & 1],
    }


def board_of(shown: TockBoard, players: int) -> LogBoard:
    """The inverse of ``board_view``."""
    length = board_for(players).squares
    places = tuple(place_of(text, length) for seat in shown["pawns"] for text in seat)
    adv = sum(1 << pawn_index(text, players) for text in shown["advantaged"])
    settled = sum(1 << pawn_index(text, players) for text in shown["settled"])
    return places, adv, settled


def ranking(pos: TockPosition, teams: list[tuple[int, ...]] | None = None) -> list[int]:
    """Seats best first: the winner (with ``teams``, the winning team), then by pawns home, then by distance
    still to go."""
    board = board_for(pos.players)
    places = pos.pawns.pos
    won = next((team for team in teams or [] if pos.winner in team), (pos.winner,))

    def key(seat: int) -> tuple[bool, int, int]:
        to_go = sum(board.to_go(seat, places[p]) for p in range(seat * PAWNS, seat * PAWNS + PAWNS))
        return (seat not in won, -pos.pawns.pawns_home(seat), to_go)

    return sorted(range(pos.players), key=key)


def place_text(place: int, length: int) -> int | str | None:
    """A pawn's place in a view: None (reserve), a track square, or ``h1`` … ``h4``."""
    if place < 0:
        return None
    return place if place < length else f"h{place - length + 1}"


def place_of(text: int | str | None, length: int) -> int:
    """The inverse of a view's pawn place."""
    if text is None:
        return -1
    if isinstance(text, int):
        return text
    return length + int(text[1:]) - 1


def determinizer(rules: TockRules, view: View) -> Callable[[random.Random], TockPosition]:
    """A sampler of positions consistent with ``view``: the view is read once, the unseen cards dealt per call."""
    if view.get("game") != "tock":
        raise RulesError(f"not a Tock view: game is {view.get('game')!r}")
    given = tock_view(view)
    seat = given["seat"]
    n = rules.players
    base = TockPosition.blank(n)
    pawns = base.pawns
    places, adv, settled = board_of(given, n)
    for pawn, place in enumerate(places):
        if place >= 0:
            pawns.place(pawn, place, advantage=bool(adv >> pawn & 1))
    pawns.settled = settled
    shown = given.get("log_board")
    base.log_board = None if shown is None else board_of(shown, n)
    pool = card_pool(full_deck(n, rules.extra_sevens))
    if seat is not None:
        base.hands[seat] = [take(pool, text, "hand") for text in given["hand"]]
    base.pile = [take(pool, text, "pile") for text in given["pile"]]
    unseen = sorted(c for ids in pool.values() for c in ids)
    sizes = given["hand_sizes"]
    if len(unseen) != given["stock"] + sum(k for q, k in enumerate(sizes) if q != seat):
        raise RulesError(f"the view's card counts do not add up: {len(unseen)} unseen cards for a stock "
                         f"of {given['stock']} and hands of {sizes}")
    base.stored = list(given["bonuses"])
    base.spendable = given["spendable"]
    base.phase = PHASES.index(given["phase"])
    base.cur = given["to_play"]
    base.winner = -1 if given["winner"] is None else given["winner"]
    base.version = given["version"]
    base.log_start = given["version"] - len(given["log"])
    base.history = history_of((s, PublicEntry(text)) for s, text in map(log_entry, given["log"]))

    def sample(rng: random.Random) -> TockPosition:
        pos = base.copy()
        cards = unseen[:]
        rng.shuffle(cards)
        for q in range(n):
            if q != seat:
                k = sizes[q]
                pos.hands[q] = cards[len(cards) - k:]
                del cards[len(cards) - k:]
        pos.stock = cards
        return pos

    return sample
