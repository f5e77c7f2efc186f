""""Play now": a seat at a quick game (see ``quick`` for the queues and why nobody is seated twice)."""

from __future__ import annotations

import secrets
import time

from parlour.bots.levels import ratings as level_ratings
from parlour.core.errors import ParlourError
from parlour.core.registry import load_game, parse_spec
from parlour.server.accounts import Account, Accounts
from parlour.server.api_schemas import JoinIn, QuickIn, QuickOut, TableIn
from parlour.server.authority import Origin, Rejected
from parlour.server.lobby import Lobby
from parlour.server.quick import Queues, Ticket
from parlour.server.ratings import Ratings, check_rated
from parlour.server.storage import hash_token

LATE_SECONDS = 10.0
"""How long a ticket taken just as its wait ran out waits for the seat its maker posts."""
RESERVED_SECONDS = 60.0
"""How long a quick table keeps each waiting ticket's seat for it."""


class Matchmaker:
    """Seats people at quick games: together when several ask for the same, else against bots of their level."""

    def __init__(self, lobby: Lobby, accounts: Accounts, ratings: Ratings, queues: Queues) -> None:
        self.lobby = lobby
        self.accounts = accounts
        self.ratings = ratings
        self.queues = queues

    def players(self, body: QuickIn) -> tuple[str, int]:
        """The variant asked for (its spec string, the queue's name) and its number of players; a rated one that
        cannot be rated is refused here, before anyone waits for it (``table/rated``)."""
        try:
            game = load_game(body.game, preset=body.preset or None,
                             **({"players": body.players} if body.players else {}))
        except ParlourError as e:
            raise Rejected("request/invalid", str(e)) from None
        if body.rated:
            check_rated(self.table(body, ["human"] * game.num_players), game)
        return game.name_with_rules(), game.num_players

    @staticmethod
    def table(body: QuickIn, seats: list[str]) -> TableIn:
        """The table a quick game of ``body`` opens, seated by ``seats``."""
        return TableIn(game=body.game, preset=body.preset, seats=seats, rated=body.rated, turn_seconds=None,
                       name=None)

    async def play_now(self, body: QuickIn, account: Account | None, client: str) -> QuickOut:
        """A seat at a quick game of ``body``'s game and variant, within ``quick_wait_seconds``."""
        if body.rated and account is None:
            raise Rejected("auth/no_session", "a rated quick game is for signed-in accounts: sign in, or play casual")
        spec, count = self.players(body)
        key = f"{spec}|{'rated' if body.rated else 'casual'}"
        wait = self.lobby.settings.quick_wait_seconds
        claim = secrets.token_urlsafe(24)
        ticket = Ticket(body.ticket or secrets.token_hex(12), hash_token(claim), time.time() + wait)
        taken = self.queues.offer(key, ticket, count - 1)
        if taken is not None:
            return self.make(body, count, taken, account, client)
        try:
            seat = await self.queues.wait(ticket.id, wait)
            if seat is None or seat.get("stop"):
                if self.queues.withdraw(key, ticket):
                    if seat is not None:
                        raise Rejected("quick/stopped", "you stopped waiting: nobody was seated")
                    return self.with_bots(body, count, account, client)
                seat = await self.queues.wait(ticket.id, LATE_SECONDS)  # taken just now: its seat is on its way
                if seat is None or seat.get("stop"):
                    raise Rejected("storage_unavailable", "the quick game that took this request did not say where "
                                   "to sit; ask again")
            if "error" in seat:
                raise Rejected(str(seat["error"]), str(seat["message"]))
        finally:
            self.queues.forget(ticket.id)
        return self.sit(str(seat["table"]), int(seat["seat"]), body, account, claim, with_bots=False)

    def stop(self, ticket_id: str) -> None:
        """The person of ``ticket_id`` stopped waiting: its request leaves the queue unseated (unless a table had
        just taken it: then it is seated all the same)."""
        self.queues.stop(ticket_id)

    def make(self, body: QuickIn, count: int, taken: list[Ticket], account: Account | None,
             client: str) -> QuickOut:
        """Open the table this ticket completes, keep each taken ticket's seat for it, tell them, and sit."""
        origin = Origin(reserved={i + 1: (t.claim_hash, None) for i, t in enumerate(taken)},
                        reserved_until=time.time() + RESERVED_SECONDS)
        try:
            table = self.lobby.create(self.table(body, ["human"] * count), client, origin=origin)
        except Rejected as e:  # (too many tables here, say): the taken tickets are told, not left waiting
            for t in taken:
                self.queues.post(t.id, {"error": e.code, "message": e.message})
            raise
        for i, t in enumerate(taken):
            self.queues.post(t.id, {"table": table.id, "seat": i + 1})
        return self.sit(table.id, 0, body, account, None, with_bots=False)

    def with_bots(self, body: QuickIn, count: int, account: Account | None, client: str) -> QuickOut:
        """Nobody came: a table against bots of this person's level."""
        level = self.level(body.game, account)
        table = self.lobby.create(self.table(body, ["human"] + [f"level:{level}"] * (count - 1)), client)
        return self.sit(table.id, 0, body, account, None, with_bots=True)

    def level(self, game: str, account: Account | None) -> str:
        """The level whose rating in ``game`` is nearest the account's (casual without a rating)."""
        name = parse_spec(game)[0]
        measured = level_ratings(name)
        mine = self.ratings.of(account.id).get(name) if account is not None else None
        if mine is None or not measured:
            return "casual"
        return min(measured, key=lambda level: abs(measured[level] - mine.rating))

    def sit(self, table_id: str, seat: int, body: QuickIn, account: Account | None, claim: str | None,
            with_bots: bool) -> QuickOut:
        """Take ``seat`` (kept for ``claim``'s holder, if any): as the account, or as ``body.name``."""
        token = account.seat_token(table_id) if account is not None else secrets.token_urlsafe(24)
        name = account.name if account is not None else body.name
        joined = self.lobby.join(table_id, JoinIn(name=name, seat=seat), token,
                                 claim=hash_token(claim) if claim else None)
        if account is not None:
            self.accounts.hold(account, table_id, joined.seat)
        return QuickOut(table=joined.table, seat=joined.seat, token=joined.token, with_bots=with_bots)
