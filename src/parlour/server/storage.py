"""Durable tables: their rules and seed, seats with hashed seat tokens, and each action log.

SQLAlchemy 2 Core over any URL it knows: a SQLite file by default (nothing to
install) or PostgreSQL (``postgresql+psycopg://…``). The authority appends an
action here *before* anyone is told of it, so a table is always rebuilt exactly
by replaying (rules, seed, actions). The key (table, index) of the action log
makes a second append of the same index fail instead of forking the game.
Table names carry a prefix so several suites can share one database; the schema
is made and upgraded by the Alembic revisions in ``migrations`` (see ``db.migration``).
Each table keeps the game's engine version it was made under and each action the
fingerprint of the position after it, so that a table made under another version
is restored only when it replays to the same positions (``core.versions``).
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.engine import ExceptionContext, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool

from parlour.core.errors import ParlourError
from parlour.server.db.accounts import account_tables, rating_tables
from parlour.server.db.chat import chat_table
from parlour.server.db.locks import lock_key
from parlour.server.db.migration import migrate
from parlour.server.masking import mask
from parlour.server.metrics import Metrics


class StorageError(ParlourError):
    """The database URL cannot be used, or a write conflicts with what is stored."""


class StorageUnavailable(StorageError):
    """The database cannot be reached or written just now: the request may be tried again later."""


class StorageConflict(StorageError):
    """An action index is already stored: another process played first, and this action must not be applied."""


class TooManyOpen(StorageError):
    """The creator of a new table has as many unfinished tables as allowed already (on any process)."""

    def __init__(self, open_tables: int) -> None:
        super().__init__(f"{open_tables} unfinished tables of this creator already")
        self.open_tables = open_tables


def hash_token(token: str) -> str:
    """What is stored of a seat token: a leaked database does not let anyone play a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class StoredSeat:
    seat: int
    kind: str
    """``human`` or ``bot``."""
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    stand_in: bool = False
    """A stand-in bot plays for this absent person."""
    reserved_hash: str | None = None
    """A rematch keeps this seat for the holder of the previous match's seat token of this hash …"""
    reserved_until: float | None = None
    """… until then (``time.time()``), when anyone may take it."""


@dataclass
class StoredTable:
    """One table as stored: enough to rebuild it by replay."""

    id: str
    name: str
    game: str
    rules: dict[str, Any]
    seed: int
    seats: list[StoredSeat]
    turn_seconds: float | None = None
    created: float = field(default_factory=time.time)
    finished: bool = False
    result: dict[str, Any] | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    """(seat, action text), oldest first."""
    stand_in_bot: str | None = None
    """The bot spec that plays for this table's absent people (None: the server's ``stand_in_bot``)."""
    dealer: int | None = None
    """The seat that dealt first (None: the game's default); a rematch rotates it."""
    stand_in_moves: set[int] = field(default_factory=set)
    """The indices of the actions a stand-in bot played for an absent person."""
    creator_hash: str | None = None
    """``hash_token`` of the creator's client key (``limits.client_key``): its open tables are counted by it."""
    rematch_of: str | None = None
    """The finished table this one is the rematch of (each has one at most)."""
    lesson: bool = False
    """A game's lesson: one person against bots on the lesson's fixed deal (no second person, no rematch)."""
    spectator_chat: bool = False
    """Whether the table's spectators may post in its chat (its seated players always may, until it ends)."""
    rated: bool = False
    """A rated table: accounts only, and its end changes their ratings (``ratings``)."""
    move_clock: float | None = None
    """A turn-based table: seconds each person has for a move (None: real-time)."""
    deadline: float | None = None
    """At a turn-based table, when the turn waiting for a person runs out (``time.time()``)."""
    engine: int | None = None
    """The game's engine version the table was made under, or last restored under (None: stored before
    versions were kept)."""
    digests: list[str | None] = field(default_factory=list)
    """The fingerprint of the position after each action (``core.versions.position_digest``), by index;
    None for an action stored before fingerprints were kept."""


CONNECT_SECONDS = 5
"""Longest wait for a new PostgreSQL connection (a database host that drops packets is unavailable, not slow)."""
EXPIRED = "expired"
"""The ``result`` key of a table closed by ``expire``."""
FORFEIT = "forfeit"
"""The ``result`` key of a turn-based table ended by a move clock that ran out: the seat that ran out."""


class Storage:
    """The tables, seats and action logs in one database."""

    def __init__(self, url: str, prefix: str = "parlour_", metrics: Metrics | None = None) -> None:
        self.metrics = metrics or Metrics()
        """Where database failures are counted (the app's, for ``/metrics``)."""
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise StorageError(f"cannot read database URL {mask(url)!r}: write e.g. sqlite:///parlour.db "
                               "or postgresql+psycopg://user@host/db") from None
        kwargs: dict[str, Any] = {}
        if parsed.get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False}
            if parsed.database in (None, "", ":memory:"):
                kwargs["poolclass"] = StaticPool
        else:
            kwargs["pool_pre_ping"] = True  # a pooled connection broken by a database restart is replaced, not used
            if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
                kwargs["connect_args"] = {"connect_timeout": CONNECT_SECONDS}
        try:
            self.engine: Engine = create_engine(parsed, **kwargs)
        except (ArgumentError, ImportError) as e:
            raise StorageError(f"cannot use database URL {mask(url)!r}: {mask(str(e))}") from None
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.shown_url = parsed.render_as_string(hide_password=True)
        """The URL as messages show it: the password masked."""
        event.listen(self.engine, "handle_error", self._unavailable)
        self.metadata = MetaData()
        self.tables = Table(
            f"{prefix}tables", self.metadata,
            Column("id", String(32), primary_key=True),
            Column("name", String(80), nullable=False),
            Column("game", String(20), nullable=False),
            Column("rules", JSON, nullable=False),
            Column("seed", String(80), nullable=False),  # decimal text: seeds are ints of any size
            Column("turn_seconds", Float, nullable=True),
            Column("created", Float, nullable=False),
            Column("finished", Boolean, nullable=False, default=False, index=True),
            Column("result", JSON, nullable=True),
            Column("stand_in_bot", String(80), nullable=True),
            Column("dealer", Integer, nullable=True),
            Column("creator_hash", String(64), nullable=True),
            Column("rematch_of", String(32), nullable=True),
            Column("lesson", Boolean, nullable=True),  # NULL (tables stored before lessons): no lesson
            Column("engine", Integer, nullable=True),  # NULL (tables stored before engine versions): unknown
            Column("spectator_chat", Boolean, nullable=True),  # NULL (tables stored before): seated players only
            Column("rated", Boolean, nullable=True),  # NULL (tables stored before): casual
            Column("move_clock", Float, nullable=True),  # seconds a move at a turn-based table (NULL: real-time)
            Column("deadline", Float, nullable=True, index=True),  # when the turn waiting at it runs out
            Index(f"ix_{prefix}tables_creator_hash", "creator_hash", "finished"),
            Index(f"ix_{prefix}tables_rematch_of", "rematch_of", unique=True),
        )
        self.seats = Table(
            f"{prefix}seats", self.metadata,
            Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), primary_key=True),
            Column("seat", Integer, primary_key=True),
            Column("kind", String(10), nullable=False),
            Column("bot", String(80), nullable=True),
            Column("name", String(40), nullable=True),
            Column("token_hash", String(64), nullable=True),
            Column("stand_in", Boolean, nullable=False, default=False),
            Column("reserved_hash", String(64), nullable=True),
            Column("reserved_until", Float, nullable=True),
        )
        self.actions = Table(
            f"{prefix}actions", self.metadata,
            Column("table_id", String(32), ForeignKey(f"{prefix}tables.id"), primary_key=True),
            Column("idx", Integer, primary_key=True),
            Column("seat", Integer, nullable=False),
            Column("text", String(200), nullable=False),
            Column("stand_in", Boolean, nullable=False, default=False),
            Column("digest", String(32), nullable=True),  # NULL (actions stored before fingerprints): unchecked
        )
        self.chat = chat_table(self.metadata, prefix)
        self.account_tables = account_tables(self.metadata, prefix)
        self.rating_tables = rating_tables(self.metadata, prefix)
        self._insert_action = self.actions.insert()
        compiled = self._insert_action.compile(dialect=self.engine.dialect)
        self._quick_insert = (str(compiled), list(compiled.positiontup or ())) \
            if self.engine.dialect.name == "sqlite" else None
        """On SQLite, the action insert as the driver takes it, and its parameters' order (``_append_quick``)."""
        self.prefix = prefix
        migrate(self.engine, prefix)

    def _unavailable(self, context: ExceptionContext) -> None:
        """Every database failure but a key conflict (or a pooled connection found broken, which is replaced)
        becomes ``StorageUnavailable``, one line naming the URL."""
        if isinstance(context.sqlalchemy_exception, IntegrityError) or context.is_pre_ping:
            return  # a failed pre-ping is the pool's to handle: it replaces the connection
        raise self._gone(context.original_exception)

    def close(self) -> None:
        self.engine.dispose()

    def drop_all(self) -> None:
        """Remove this storage's tables and revision mark (tests sharing a PostgreSQL database clean up with it)."""
        self.metadata.drop_all(self.engine)
        with self.engine.begin() as conn:
            conn.exec_driver_sql(f'DROP TABLE IF EXISTS "{self.prefix}alembic_version"')

    # ------------------------------------------------------------------ writes

    def create(self, table: StoredTable, most_open: int | None = None) -> None:
        """Store a new table with its seats (and any actions it already has).

        Raises ``StorageConflict`` when its ``rematch_of`` table has a rematch already (another process
        opened it first), ``TooManyOpen`` when its creator has ``most_open`` unfinished tables: nothing is stored.
        """
        try:
            self.insert(table, most_open)
        except IntegrityError:
            raise StorageConflict(f"table {table.rematch_of!r} has a rematch already; {table.id!r} "
                                  "not stored") from None

    def insert(self, table: StoredTable, most_open: int | None) -> None:
        with self.engine.begin() as conn:
            if most_open is not None and table.creator_hash is not None:
                if conn.dialect.name == "postgresql":  # one creation per creator at a time, on every process
                    conn.execute(select(func.pg_advisory_xact_lock(
                        lock_key(f"parlour-creator:{self.prefix}:{table.creator_hash}"))))
                elif conn.dialect.name == "sqlite":  # the count and the insert in one write transaction
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
                mine = self.count_open(conn, table.creator_hash)
                if mine >= most_open:
                    raise TooManyOpen(mine)
            conn.execute(self.tables.insert().values(
                id=table.id, name=table.name, game=table.game, rules=table.rules, seed=str(table.seed),
                turn_seconds=table.turn_seconds, created=table.created, finished=table.finished,
                result=table.result, stand_in_bot=table.stand_in_bot, dealer=table.dealer,
                creator_hash=table.creator_hash, rematch_of=table.rematch_of, lesson=table.lesson,
                engine=table.engine, spectator_chat=table.spectator_chat, rated=table.rated,
                move_clock=table.move_clock, deadline=table.deadline,
            ))
            conn.execute(self.seats.insert(), [
                {"table_id": table.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                 "token_hash": s.token_hash, "stand_in": s.stand_in, "reserved_hash": s.reserved_hash,
                 "reserved_until": s.reserved_until}
                for s in table.seats
            ])
            if table.actions:
                conn.execute(self.actions.insert(), [
                    {"table_id": table.id, "idx": i, "seat": seat, "text": text, "stand_in": i in table.stand_in_moves,
                     "digest": table.digests[i] if i < len(table.digests) else None}
                    for i, (seat, text) in enumerate(table.actions)
                ])

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, claim: str | None = None) -> bool:
        """Give a free human seat to ``name``; False when someone took it first, or it is kept for another
        (``reserved_hash`` not ``claim`` and ``reserved_until`` not passed)."""
        c = self.seats.c
        with self.engine.begin() as conn:
            done = conn.execute(
                update(self.seats)
                .where(c.table_id == table_id, c.seat == seat, c.kind == "human", c.token_hash.is_(None),
                       or_(c.reserved_hash.is_(None), c.reserved_hash == claim, c.reserved_until <= time.time()))
                .values(name=name, token_hash=token_hash)
            )
            return bool(done.rowcount == 1)

    def append_action(self, table_id: str, index: int, seat: int, text: str,
                      result: dict[str, Any] | None = None, stand_in: bool = False, digest: str | None = None) -> None:
        """Append action ``index`` (0-based), played by a stand-in bot when ``stand_in``, leading to the position
        of fingerprint ``digest``; with ``result`` the table is marked finished.

        Raises ``StorageError`` when that index is already stored (another
        process played first): the caller must not apply the action.
        """
        row = {"table_id": table_id, "idx": index, "seat": seat, "text": text, "stand_in": stand_in, "digest": digest}
        if result is None and self._quick_insert is not None:
            self._append_quick(self._quick_insert, row, text)
            return
        try:
            with self.engine.begin() as conn:
                conn.execute(self._insert_action, row)
                if result is not None:
                    conn.execute(update(self.tables).where(self.tables.c.id == table_id)
                                 .values(finished=True, result=result))
        except IntegrityError:
            raise StorageConflict(f"table {table_id!r} already has action {index + 1}; {text!r} not stored") from None

    def _append_quick(self, insert: tuple[str, list[str]], row: dict[str, Any], text: str) -> None:
        """``append_action``'s insert on SQLite, made through the driver on a pooled connection: the server makes
        one per action, and SQLAlchemy's execution and transaction took three quarters of its time (a tenth of a
        millisecond). Its failures are told as SQLAlchemy's are (``_unavailable``)."""
        sql, names = insert
        try:
            raw = self.engine.raw_connection()
        except (sqlite3.Error, DBAPIError) as e:  # the database cannot be opened
            raise self._gone(getattr(e, "orig", None) or e) from None
        try:
            raw.cursor().execute(sql, [row[name] for name in names])
            raw.commit()
        except sqlite3.IntegrityError:
            raw.rollback()
            raise StorageConflict(f"table {row['table_id']!r} already has action {row['idx'] + 1}; {text!r} "
                                  "not stored") from None
        except sqlite3.Error as e:
            raise self._gone(e) from None
        finally:
            raw.close()

    def _gone(self, error: BaseException) -> StorageUnavailable:
        """``StorageUnavailable`` for ``error``, one line naming the URL, counted in the metrics."""
        self.metrics.storage_error()
        cause = str(error).strip().splitlines()
        return StorageUnavailable(mask(f"database {self.shown_url} is unavailable: "
                                       f"{cause[0] if cause else type(error).__name__}"))

    def set_stand_in(self, table_id: str, seat: int, on: bool) -> None:
        """Note that a stand-in bot now plays (or no longer plays) for a person's seat."""
        with self.engine.begin() as conn:
            conn.execute(update(self.seats).where(self.seats.c.table_id == table_id, self.seats.c.seat == seat)
                         .values(stand_in=on))

    def set_deadline(self, table_id: str, deadline: float | None) -> None:
        """When the turn now waiting at a turn-based table runs out (None: no person's turn waits)."""
        with self.engine.begin() as conn:
            conn.execute(update(self.tables).where(self.tables.c.id == table_id).values(deadline=deadline))

    def end_by_clock(self, table_id: str, deadline: float, result: dict[str, Any]) -> bool:
        """End a turn-based table whose clock ran out at ``deadline`` with ``result``, once: False when it was
        ended already, or its turn moved on meanwhile (another deadline), here or on another process."""
        t = self.tables
        with self.engine.begin() as conn:
            done = conn.execute(update(t).where(t.c.id == table_id, t.c.finished.is_(False), t.c.deadline == deadline)
                                .values(finished=True, result=result, deadline=None))
        return bool(done.rowcount)

    def due(self, now: float) -> list[str]:
        """The unfinished turn-based tables whose waiting turn ran out by ``now`` (``time.time()``)."""
        t = self.tables
        with self.engine.connect() as conn:
            rows = conn.execute(select(t.c.id).where(t.c.deadline <= now, t.c.finished.is_(False))
                                .order_by(t.c.deadline)).all()
        return [row.id for row in rows]

    def set_engine(self, table_id: str, engine: int) -> None:
        """Note that the table replays the same under engine version ``engine``: it was restored under it."""
        with self.engine.begin() as conn:
            conn.execute(update(self.tables).where(self.tables.c.id == table_id).values(engine=engine))

    def expire(self, table_id: str) -> None:
        """Close a table that waited too long for players: it is kept, marked expired, and never restored."""
        with self.engine.begin() as conn:
            conn.execute(update(self.tables).where(self.tables.c.id == table_id, self.tables.c.finished.is_(False))
                         .values(finished=True, result={EXPIRED: True}))

    # ------------------------------------------------------------------- reads

    def table_ids(self, unfinished_only: bool = False) -> list[str]:
        query = select(self.tables.c.id).order_by(self.tables.c.created, self.tables.c.id)
        if unfinished_only:
            query = query.where(self.tables.c.finished.is_(False))
        with self.engine.connect() as conn:
            return [row[0] for row in conn.execute(query)]

    def progress(self) -> dict[str, tuple[int, int]]:
        """Every unfinished table's number of stored actions (its version) and of seats taken by people: what
        another process may have moved on."""
        t, a, s = self.tables.c, self.actions.c, self.seats.c
        actions = select(func.count()).select_from(self.actions).where(a.table_id == t.id).scalar_subquery()
        taken = (select(func.count()).select_from(self.seats).where(s.table_id == t.id, s.token_hash.is_not(None))
                 .scalar_subquery())
        query = select(t.id, actions, taken).where(t.finished.is_(False))
        with self.engine.connect() as conn:
            return {row[0]: (row[1], row[2]) for row in conn.execute(query)}

    def rematch_of(self, table_id: str) -> str | None:
        """The id of the rematch of finished table ``table_id``, if one was opened (by any process)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(self.tables.c.id).where(self.tables.c.rematch_of == table_id)).scalar()
        return None if found is None else str(found)

    def open_tables_of(self, creator_hash: str) -> int:
        """How many unfinished tables the client of ``creator_hash`` created (on every process)."""
        with self.engine.connect() as conn:
            return self.count_open(conn, creator_hash)

    def count_open(self, conn: Connection, creator_hash: str) -> int:
        query = (select(func.count()).select_from(self.tables)
                 .where(self.tables.c.creator_hash == creator_hash, self.tables.c.finished.is_(False)))
        return int(conn.execute(query).scalar() or 0)

    def load(self, table_id: str) -> StoredTable | None:
        """The stored table with its seats and actions, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(self.tables).where(self.tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = [
                StoredSeat(seat=s["seat"], kind=s["kind"], bot=s["bot"], name=s["name"], token_hash=s["token_hash"],
                           stand_in=bool(s["stand_in"]), reserved_hash=s["reserved_hash"],
                           reserved_until=s["reserved_until"])
                for s in conn.execute(select(self.seats).where(self.seats.c.table_id == table_id)
                                      .order_by(self.seats.c.seat)).mappings()
            ]
            rows = conn.execute(select(self.actions).where(self.actions.c.table_id == table_id)
                                .order_by(self.actions.c.idx)).mappings().all()
        actions = [(a["seat"], a["text"]) for a in rows]
        return StoredTable(
            id=row["id"], name=row["name"], game=row["game"], rules=dict(row["rules"]), seed=int(row["seed"]),
            seats=seats, turn_seconds=row["turn_seconds"], created=row["created"], finished=bool(row["finished"]),
            stand_in_bot=row["stand_in_bot"], dealer=row["dealer"], creator_hash=row["creator_hash"],
            rematch_of=row["rematch_of"], lesson=bool(row["lesson"]), spectator_chat=bool(row["spectator_chat"]),
            rated=bool(row["rated"]), move_clock=row["move_clock"], deadline=row["deadline"],
            stand_in_moves={a["idx"] for a in rows if a["stand_in"]},
            result=row["result"], actions=actions, engine=row["engine"], digests=[a["digest"] for a in rows],
        )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL and normal sync: each action is one short transaction that does not block readers."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
