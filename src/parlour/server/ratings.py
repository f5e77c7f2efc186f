"""Ratings for people and bots on one scale, per game, changed by rated tables only.

A rating is openskill's (Plackett–Luce: 2 to 8 players, partnerships as teams, ties) skill ``mu`` and its
uncertainty ``sigma``, shown on the Elo-like scale the bots' levels are measured on (``bots.levels.ratings``,
from their round-robin): ``shown = ELO_BASE + ELO_PER_MU × (mu − MU)``. The factor makes the two models agree
on the chance that one settled player beats another (Plackett–Luce between two players is a logistic of
``Δmu / (√2 β)``, Elo a logistic of ``Δelo × ln 10 / 400``), so "Expert 1580" means the same for a bot as for
a person. A level bot at a rated table plays at its fitted rating, with ``BOT_SIGMA``, and is never changed
by it. A person's rating is provisional (shown with its uncertainty, ±2σ on that scale) until
``PROVISIONAL_GAMES`` rated games.

A rated table (``TableIn.rated``) seats accounts only, is played on a preset's rules without other flags,
and has only level bots; its end is rated once whichever process sees it (the ``rated`` rows of a table are
written in one transaction, keyed by table and account: a second try conflicts and changes nothing).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Engine, Table, select
from sqlalchemy.exc import IntegrityError

from parlour.bots.levels import level_of
from parlour.bots.levels import ratings as level_ratings
from parlour.core.game import Game
from parlour.core.registry import parse_spec
from parlour.server.api_schemas import TableIn
from parlour.server.authority import Rejected, TableAuthority

MU = 25.0
"""openskill's starting skill."""
SIGMA = MU / 3
"""openskill's starting uncertainty."""
BETA = MU / 6
ELO_BASE = 1500.0
ELO_PER_MU = 400 / (math.log(10) * math.sqrt(2) * BETA)
"""Elo points per unit of ``mu`` (about 29.5): see the module's docstring."""
BOT_SIGMA = 1.0
"""A level bot's uncertainty at a rated table: its rating is measured, not guessed."""
PROVISIONAL_GAMES = 10
"""Rated games before a rating is shown as settled."""
CATCH_UP = 200
"""Finished rated tables left unrated that a process rates as it starts, at most."""
RATE_TRIES = 5
"""How many times a table is rated again when its players' ratings changed while it was being rated."""
log = logging.getLogger("parlour.server")


class Stale(Exception):
    """A rating changed between its reading and its writing: read and rate again."""


def shown(mu: float) -> int:
    """``mu`` on the Elo-like scale."""
    return round(ELO_BASE + ELO_PER_MU * (mu - MU))


def mu_of(elo: float) -> float:
    """The ``mu`` an Elo-like rating stands for."""
    return MU + (elo - ELO_BASE) / ELO_PER_MU


@dataclass(frozen=True)
class Rating:
    """A rating as a player's page shows it."""

    rating: int
    uncertainty: int
    """±2σ on the same scale."""
    games: int
    provisional: bool

    @classmethod
    def of(cls, mu: float, sigma: float, games: int) -> Rating:
        return cls(shown(mu), round(2 * ELO_PER_MU * sigma), games, games < PROVISIONAL_GAMES)


def check_rated(body: TableIn, game: Game[Any]) -> None:
    """Refuse a rated table that cannot be rated fairly: rules other than a preset's (for any number of players),
    or a bot other than a level whose rating in this game is measured (``table/rated``)."""
    _name, _preset, flags = parse_spec(game.name_with_rules())
    changed = sorted(set(flags) - {"players"})
    if changed:
        raise Rejected("table/rated", f"a rated table is played on a preset's rules; these flags differ from "
                       f"{game.name_with_rules()!r}'s nearest preset: {', '.join(changed)}")
    measured = level_ratings(game.spec.name)
    for i, spec in enumerate(body.seats):
        if spec.strip().lower() == "human":
            continue
        level = level_of(spec)
        if level not in measured:
            offered = ", ".join(f"level:{name}" for name in measured) or "none in this game"
            raise Rejected("table/rated", f"seat {i}: {spec!r} has no rating; a rated table's bots are levels with "
                           f"a measured rating ({offered})")


class Ratings:
    """Every account's rating per game, and each rated table's effect on them."""

    def __init__(self, engine: Engine, tables: tuple[Table, Table], held: Table) -> None:
        self.engine = engine
        self.reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        """Reads of one statement each, without a transaction to begin and roll back (a round trip less)."""
        self.ratings, self.rated = tables
        self.held = held
        """Which account holds which seat (``accounts``)."""
        self.model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)

    def of(self, account_id: str) -> dict[str, Rating]:
        """The account's rating in each game it has played rated."""
        r = self.ratings
        with self.reader.connect() as conn:
            rows = conn.execute(select(r).where(r.c.account_id == account_id)).mappings().all()
        return {row["game"]: Rating.of(row["mu"], row["sigma"], row["games"]) for row in rows}

    def history(self, account_id: str, game: str, most: int = 200) -> list[tuple[float, int]]:
        """(when, rating after) for the account's latest ``most`` rated tables of ``game``, oldest first."""
        d = self.rated
        with self.reader.connect() as conn:
            rows = conn.execute(select(d.c.at, d.c.mu).where(d.c.account_id == account_id, d.c.game == game)
                                .order_by(d.c.at.desc()).limit(most)).all()
        return [(row.at, shown(row.mu)) for row in reversed(rows)]

    def catch_up(self, tables: Table, get: Callable[[str], TableAuthority], most: int = CATCH_UP) -> list[str]:
        """Rate the latest finished rated tables that accounts played and nobody rated (a process stopped between
        storing a table's last action and rating it): run at start. The tables looked at."""
        t, h, d = tables, self.held, self.rated
        query = (select(t.c.id).where(t.c.rated.is_(True), t.c.finished.is_(True),
                                      select(h.c.table_id).where(h.c.table_id == t.c.id).exists(),
                                      ~select(d.c.table_id).where(d.c.table_id == t.c.id).exists())
                 .order_by(t.c.created.desc()).limit(most))
        with self.reader.connect() as conn:
            found = [row.id for row in conn.execute(query)]
        for table_id in found:
            try:
                self.table_finished(get(table_id))
            except Rejected:
                continue
        return found

    def table_finished(self, table: TableAuthority) -> None:
        """Rate ``table`` if it is rated and finished, once: each account's new rating from the sides' results. A
        match the deal decided before anyone played is no game anyone played: it changes nothing (a move clock
        that ran out on the first turn is a loss, and counts).

        The ratings are read, then written only if nobody changed them meanwhile (each update is conditional on
        the games counted when read): another table of the same account rated at that moment, on any process,
        makes this one read and rate again, so that no result is lost (``RATE_TRIES``)."""
        if not table.rated or table.status != "finished" or (table.version == 0 and table.forfeit is None):
            return
        for _ in range(RATE_TRIES):
            try:
                self.rate_once(table)
                return
            except (Stale, IntegrityError):
                if self.rated_already(table.id):
                    return  # rated by another process: once only
        log.warning("table %s not rated: its players' ratings kept changing under it", table.id)

    def rated_already(self, table_id: str) -> bool:
        with self.reader.connect() as conn:
            return conn.execute(select(self.rated.c.table_id).where(self.rated.c.table_id == table_id)
                                .limit(1)).first() is not None

    def rate_once(self, table: TableAuthority) -> None:
        """One try at rating ``table``: ``Stale`` when a rating read changed before it was written, an
        ``IntegrityError`` when another process rated the table (or opened a rating of this game) meanwhile."""
        game = table.game.spec.name
        with self.reader.connect() as conn:
            accounts = {row.seat: row.account_id for row in
                        conn.execute(select(self.held.c.seat, self.held.c.account_id)
                                     .where(self.held.c.table_id == table.id))}
            current = {row.account_id: row for row in conn.execute(
                select(self.ratings).where(self.ratings.c.account_id.in_(list(accounts.values())),
                                           self.ratings.c.game == game))}
        measured = level_ratings(game)
        players: dict[int, Any] = {}
        for seat in table.seats:
            level = level_of(seat.bot_spec) if seat.kind == "bot" and seat.bot_spec else None
            if seat.seat in accounts:
                row = current.get(accounts[seat.seat])
                players[seat.seat] = self.model.rating(mu=row.mu if row else MU, sigma=row.sigma if row else SIGMA)
            elif level in measured:
                players[seat.seat] = self.model.rating(mu=mu_of(measured[level]), sigma=BOT_SIGMA)
            else:
                return  # a seat neither an account nor a rated level: nothing fair to rate
        returns = table.returns()
        teams = table.game.teams()
        after = self.model.rate([[players[s] for s in team] for team in teams],
                                scores=[returns[team[0]] for team in teams])
        now = time.time()
        r = self.ratings
        with self.engine.begin() as conn:
            for team, rated in zip(teams, after, strict=True):
                for index, new in zip(team, rated, strict=True):
                    if index not in accounts:
                        continue
                    account = accounts[index]
                    conn.execute(self.rated.insert().values(table_id=table.id, account_id=account, game=game,
                                                            at=now, mu=new.mu, sigma=new.sigma))
                    if account not in current:
                        conn.execute(r.insert().values(account_id=account, game=game, mu=new.mu, sigma=new.sigma,
                                                       games=1))
                        continue
                    seen = current[account].games
                    done = conn.execute(r.update().where(r.c.account_id == account, r.c.game == game,
                                                         r.c.games == seen)
                                        .values(mu=new.mu, sigma=new.sigma, games=seen + 1))
                    if not done.rowcount:
                        raise Stale(account)
