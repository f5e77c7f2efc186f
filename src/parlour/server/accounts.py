"""Accounts, optional: a name that lasts, a password, the seats it holds on every browser.

Anyone may still play at once without one (a seat token in the browser). An account keeps:

* a **name** unique whatever its case and accents (``name_key``: "Élodie", "elodie" and "ELODIE" are one
  name), under the rules of every name (``api_schemas.check_name``: no control, bidi or zero-width characters);
* its **password** hashed with argon2id (argon2-cffi, ``password_time_cost`` and ``password_memory_kib``),
  hashed on a thread, at most ``max_password_hashes`` at once so that its memory is bounded;
* an optional **e-mail**;
* its **sessions**: a random cookie of which only a hash is stored, lasting ``session_days``; a new one at
  every sign-in (a cookie set before cannot be fixed on someone), all ended by "sign out everywhere", by a
  password change (but the session that changed it) and by deleting the account;
* its **seats**: a seat taken while signed in is played with a token derived from the account's own secret
  and the table (``seat_token``), so that any browser the account signs in on can play it again.

Signing in is refused past ``login_rate`` per address and per name, across every process
(``limits.ClientQuota``), with the same answer for an unknown name as for a wrong password (and the same
work: an unknown name is checked against a stand-in hash). Deleting an account keeps its games: its seats
are renamed ``DELETED_NAME``.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, Table, delete, select, update
from sqlalchemy.exc import IntegrityError

from parlour.server.authority import Rejected
from parlour.server.limits import ClientQuota
from parlour.server.settings import Settings

DELETED_NAME = "deleted player"
"""The name a deleted account's seats keep in the games it played."""
COOKIE = "parlour_session"
"""The session cookie's name (HttpOnly, SameSite=Lax, Secure over HTTPS)."""
LOGIN_FAILED = "name or password is wrong"
"""The one answer to a failed sign-in, whether the name exists or not."""
ACCOUNT_WINDOW = 3600.0
"""Seconds over which ``accounts_per_hour`` counts the accounts one client opens."""


def name_key(name: str) -> str:
    """What makes two names the same: accents dropped (NFKD, combining marks removed), case folded, spaces
    collapsed. "Élodie", "elodie" and "ÉLODIE" give one key."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFKC", plain.casefold()).split())


def digest(secret: str) -> str:
    """What is stored of a session cookie: a leaked database signs nobody in."""
    return hashlib.sha256(secret.encode()).hexdigest()


def csrf_token(session: str) -> str:
    """The anti-forgery token of a session: derived one-way from its cookie, which another site can neither read
    nor guess; the page reads it from ``GET /api/session`` and sends it in ``X-CSRF-Token`` (``csrf``)."""
    return hashlib.sha256(f"parlour-csrf:{session}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Account:
    """A signed-in account, as the routes see it."""

    id: str
    name: str
    email: str | None
    seat_key: str
    created: float
    session: str
    """The cookie it was found by."""
    notify: bool = False
    """Whether it is sent an e-mail when a turn waits for it (with an ``email``)."""
    lang: str = "en"
    """The language of its e-mails."""

    def seat_token(self, table_id: str) -> str:
        """The account's seat token at ``table_id``: derived (one-way) from its secret, so every browser it signs
        in on plays the same seat, and nothing more is stored."""
        raw = hashlib.sha256(f"parlour-account-seat:{self.seat_key}:{table_id}".encode()).digest()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")[:32]


class Accounts:
    """The accounts, sessions and account seats of one database."""

    def __init__(self, engine: Engine, tables: tuple[Table, Table, Table], seats: Table, settings: Settings,
                 quota: ClientQuota, ratings: tuple[Table, ...]) -> None:
        self.engine = engine
        self.reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        """Reads of one statement each, without a transaction to begin and roll back (a round trip less)."""
        self.accounts, self.sessions, self.held = tables
        self.seats = seats
        """The storage's seats, renamed when their account is deleted."""
        self.ratings = ratings
        """The tables of its ratings (``db.accounts.rating_tables``), whose rows go with a deleted account."""
        self.settings = settings
        self.quota = quota
        self.hasher = PasswordHasher(time_cost=settings.password_time_cost, memory_cost=settings.password_memory_kib,
                                     parallelism=1)
        self._turns: asyncio.Semaphore | None = None
        self.stand_in = self.hasher.hash(secrets.token_urlsafe(16))
        """What an unknown name's password is checked against: the same work as a known one's, from the first."""

    # ------------------------------------------------------------ passwords

    @property
    def turns(self) -> asyncio.Semaphore:
        """At most ``max_password_hashes`` hashes at once (made on first use, on the serving loop)."""
        if self._turns is None:
            self._turns = asyncio.Semaphore(self.settings.max_password_hashes)
        return self._turns

    async def hash(self, password: str) -> str:
        async with self.turns:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` was hashed from; None (no such account) costs the same
        work against a stand-in hash and is False."""
        async with self.turns:
            try:
                return await asyncio.to_thread(self.hasher.verify, stored or self.stand_in, password) and \
                    stored is not None
            except (VerificationError, InvalidHashError):
                return False

    # -------------------------------------------------------------- sign-in

    async def register(self, name: str, password: str, email: str | None, client: str, lang: str = "en",
                       notify: bool = False) -> Account:
        """Open an account and sign it in (``account/name_taken`` when the name, whatever its case and accents,
        is someone's already; 429 past ``accounts_per_hour`` for ``client``)."""
        wait = self.quota.count(f"accounts:{client}", self.settings.accounts_per_hour, ACCOUNT_WINDOW)
        if wait > 0:
            raise Rejected("request/too_many", f"this client has opened accounts_per_hour = "
                           f"{self.settings.accounts_per_hour} accounts this hour; try again later", wait)
        key = name_key(name)
        if self.find(key) is not None:
            raise self.taken(name)
        hashed = await self.hash(password)
        row = {"id": secrets.token_hex(16), "name": name, "name_key": key, "password_hash": hashed,
               "email": email, "seat_key": secrets.token_hex(32), "created": time.time(), "lang": lang,
               "notify": notify}
        try:
            with self.engine.begin() as conn:
                conn.execute(self.accounts.insert().values(**row))
        except IntegrityError:
            raise self.taken(name) from None
        return self.open_session(str(row["id"]))

    @staticmethod
    def taken(name: str) -> Rejected:
        return Rejected("account/name_taken", f"the name {name!r} is taken (names are the same whatever their "
                        "case and accents); choose another")

    def find(self, key: str) -> dict[str, object] | None:
        with self.reader.connect() as conn:
            row = conn.execute(select(self.accounts).where(self.accounts.c.name_key == key)).mappings().first()
        return None if row is None else dict(row)

    async def login(self, name: str, password: str, client: str) -> Account:
        """A new session for ``name`` if ``password`` is its own; else ``auth/login_failed``, the same for an
        unknown name. Refused past ``login_rate`` per address and per name."""
        key = name_key(name)
        for who in (f"login:{client}", f"login-name:{key}"):
            wait = self.quota.take(who, self.settings.login_rate, self.settings.login_burst)
            if wait > 0:
                raise Rejected("request/too_many", f"too many sign-ins tried (login_rate = {self.settings.login_rate:g}"
                               f" a second after login_burst = {self.settings.login_burst}); wait {wait:.0f} s", wait)
        found = self.find(key)
        stored = None if found is None else str(found["password_hash"])
        if not await self.verify(stored, password) or found is None:
            raise Rejected("auth/login_failed", LOGIN_FAILED)
        if self.hasher.check_needs_rehash(str(stored)):
            self.set_password(str(found["id"]), await self.hash(password))
        return self.open_session(str(found["id"]))

    def open_session(self, account_id: str) -> Account:
        """A fresh session of ``account_id``: a new random cookie, never one the client brought (the account's
        sessions that expired go)."""
        cookie = secrets.token_urlsafe(32)
        now = time.time()
        s = self.sessions
        with self.engine.begin() as conn:
            conn.execute(delete(s).where(s.c.account_id == account_id, s.c.expires <= now))
            conn.execute(self.sessions.insert().values(id_hash=digest(cookie), account_id=account_id, created=now,
                                                       expires=now + self.settings.session_days * 86400))
        account = self.session(cookie)
        assert account is not None
        return account

    def session(self, cookie: str | None) -> Account | None:
        """The account signed in by ``cookie``, or None (no cookie, unknown, ended or expired)."""
        if not cookie or len(cookie) > 100:
            return None
        a, s = self.accounts, self.sessions
        query = select(a.c.id, a.c.name, a.c.email, a.c.seat_key, a.c.created, a.c.notify, a.c.lang) \
            .join(s, s.c.account_id == a.c.id).where(s.c.id_hash == digest(cookie), s.c.expires > time.time())
        with self.reader.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else Account(row.id, row.name, row.email, row.seat_key, row.created, cookie,
                                                bool(row.notify), row.lang)

    def sign_out(self, account: Account, everywhere: bool = False) -> None:
        """End this session, or every session of the account."""
        s = self.sessions
        where = s.c.account_id == account.id if everywhere else s.c.id_hash == digest(account.session)
        with self.engine.begin() as conn:
            conn.execute(delete(s).where(where))

    # ------------------------------------------------------------- changes

    def set_preferences(self, account: Account, changes: dict[str, object]) -> Account:
        """Change the account's e-mail, whether it is told of its turns, and its language (``changes``: only
        those given)."""
        if changes:
            with self.engine.begin() as conn:
                conn.execute(update(self.accounts).where(self.accounts.c.id == account.id).values(**changes))
        changed = self.session(account.session)
        assert changed is not None
        return changed

    def waiting_for(self, table_id: str, seat: int) -> tuple[str, str, str] | None:
        """Whom to tell that the turn at ``seat`` of ``table_id`` waits: (address, name, language) of the account
        holding it, if it gave an address and asked to be told; else None."""
        a, h = self.accounts, self.held
        with self.reader.connect() as conn:
            row = conn.execute(select(a.c.email, a.c.name, a.c.lang, a.c.notify).join(h, h.c.account_id == a.c.id)
                               .where(h.c.table_id == table_id, h.c.seat == seat)).first()
        if row is None or not row.notify or not row.email:
            return None
        return row.email, row.name, row.lang

    async def check_password(self, account: Account, password: str) -> None:
        """``auth/wrong_password`` unless ``password`` is the account's (rate-limited like a sign-in)."""
        wait = self.quota.take(f"login-name:{name_key(account.name)}", self.settings.login_rate,
                               self.settings.login_burst)
        if wait > 0:
            raise Rejected("request/too_many", f"too many passwords tried (login_rate = "
                           f"{self.settings.login_rate:g} a second); wait {wait:.0f} s", wait)
        with self.reader.connect() as conn:
            stored = conn.execute(select(self.accounts.c.password_hash)
                                  .where(self.accounts.c.id == account.id)).scalar_one_or_none()
        if not await self.verify(stored, password):
            raise Rejected("auth/wrong_password", "the current password given is wrong; nothing was changed")

    def set_password(self, account_id: str, hashed: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(self.accounts).where(self.accounts.c.id == account_id).values(password_hash=hashed))

    async def change_password(self, account: Account, current: str, new: str) -> None:
        """Set a new password; every other session of the account ends (this one stays)."""
        await self.check_password(account, current)
        self.set_password(account.id, await self.hash(new))
        s = self.sessions
        with self.engine.begin() as conn:
            conn.execute(delete(s).where(s.c.account_id == account.id, s.c.id_hash != digest(account.session)))

    async def delete(self, account: Account, password: str) -> list[tuple[str, int]]:
        """Delete the account, its sessions and its ratings; its seats stay in their games, renamed
        ``DELETED_NAME``. The seats renamed (table, seat), for the tables in memory to follow."""
        await self.check_password(account, password)
        held = self.tables_of(account)
        with self.engine.begin() as conn:
            for table_id, seat in held:
                conn.execute(update(self.seats).where(self.seats.c.table_id == table_id, self.seats.c.seat == seat)
                             .values(name=DELETED_NAME))
            conn.execute(delete(self.held).where(self.held.c.account_id == account.id))
            for table in self.ratings:
                conn.execute(delete(table).where(table.c.account_id == account.id))
            conn.execute(delete(self.sessions).where(self.sessions.c.account_id == account.id))
            conn.execute(delete(self.accounts).where(self.accounts.c.id == account.id))
        return held

    # --------------------------------------------------------------- seats

    def hold(self, account: Account, table_id: str, seat: int) -> None:
        """Remember that ``account`` plays ``seat`` at ``table_id`` (once: asking again changes nothing)."""
        h = self.held
        try:
            with self.engine.begin() as conn:
                conn.execute(h.insert().values(account_id=account.id, table_id=table_id, seat=seat, joined=time.time()))
        except IntegrityError:
            pass

    def tables_of(self, account: Account) -> list[tuple[str, int]]:
        """The (table, seat) ``account`` holds, the latest joined first."""
        h = self.held
        with self.reader.connect() as conn:
            rows = conn.execute(select(h.c.table_id, h.c.seat).where(h.c.account_id == account.id)
                                .order_by(h.c.joined.desc())).all()
        return [(r.table_id, r.seat) for r in rows]
