"""The table authority: the one place a table's state changes.

An action is checked, in this order, against the seat token (``auth/bad_token``),
the table being open (``table/finished``), the state version the client acted on
(``action/stale``), the seat to play (``action/not_your_turn``) and the engine
(its error's own code: ``action/invalid`` for text that is no action,
``action/illegal`` for one the rules refuse, its message quoted). It is applied to a clone of
the state, appended to storage, and only then does the clone become the table's
state; then the other processes and the clients are told (``play``: the whole
transaction, one action at a time per table). A refused action changes nothing.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from parlour.bots.base import Bot, make_bot
from parlour.bots.names import readable_name
from parlour.core.errors import ActionDoesNotReplay, BotSpecError, ParlourError, Reason
from parlour.core.game import Game, State, View
from parlour.core.record import GameRecord, replay, result_of
from parlour.core.versions import position_digest
from parlour.server.storage import FORFEIT, Storage, StorageConflict, StoredSeat, StoredTable, hash_token
from parlour.server.writer import Writer


class Rejected(ParlourError):
    """A refused request, with the stable code clients switch on."""

    def __init__(self, code: str, message: str, retry_after: float | None = None,
                 refusal: Reason | None = None) -> None:
        super().__init__(message, code, refusal)
        self.retry_after = retry_after
        """Seconds the client should wait before trying again (sent as ``Retry-After``), when waiting helps."""


def quote(value: Any, limit: int = 120) -> str:
    """``repr`` of client input, cut short so an error message stays small."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Seat:
    """A seat at a table: a bot, or a person once they hold its token."""

    seat: int
    kind: str
    bot_spec: str | None
    name: str | None
    token_hash: str | None
    bot: Bot | None = None
    stand_in: bool = False
    """A stand-in bot plays for this person (absent past the grace period)."""
    reserved_hash: str | None = None
    """A rematch keeps this seat for the holder of the previous match's seat token of this hash …"""
    reserved_until: float | None = None
    """… until then (``time.time()``)."""

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None

    def kept(self, now: float, claim: str | None = None) -> bool:
        """Free, but kept for someone else than the holder of ``claim`` (a previous seat token's hash) until later."""
        return (not self.taken and self.reserved_hash is not None and self.reserved_hash != claim
                and now < (self.reserved_until or 0.0))


@dataclass
class Origin:
    """Who made a table and, for a rematch, what it keeps for the previous match's players."""

    creator_hash: str | None = None
    """``hash_token`` of the creator's client key."""
    rematch_of: str | None = None
    """The finished table this one follows."""
    reserved: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    """Seat → (hash of the previous match's seat token, that player's name): kept for them …"""
    reserved_until: float | None = None
    """… until then (``time.time()``)."""
    most_open: int | None = None
    """The creator's unfinished tables at most, checked as the table is stored (``Storage.create``)."""
    lesson: bool = False
    """A game's lesson (``Lobby.learn``): one person against bots on the lesson's fixed deal."""
    spectator_chat: bool = False
    """Whether the table's spectators may post in its chat."""
    rated: bool = False
    """A rated table (accounts only; its end changes their ratings)."""
    move_clock: float | None = None
    """A turn-based table's seconds a move (None: real-time)."""


class Fanout(Protocol):
    """Who hears of an action a table accepted, in this order (the lobby: its peer, its clients, its bots); declared
    here so that the authority imports none of them."""

    def settle(self, table: TableAuthority) -> None:
        """What the new state sets going before anyone is told: a finished table's results, the next move clock."""

    def announce(self, table: TableAuthority, index: int, action: str, stand_in: bool) -> None:
        """Tell the other processes that action ``index`` (canonical ``action``) is stored."""

    def publish(self, table: TableAuthority) -> None:
        """Send each client its own state of ``table``."""

    def follow(self, table: TableAuthority) -> None:
        """Set going what plays next at ``table`` on its own (a bot, a stand-in, a turn timer)."""


class TableAuthority:
    """One table: its game, state and seats, kept in step with storage."""

    def __init__(self, stored: StoredTable, storage: Storage, state: State[Any, Any]) -> None:
        self.id = stored.id
        self.name = stored.name
        self.created = stored.created
        self.turn_seconds = stored.turn_seconds
        self.stand_in_bot = stored.stand_in_bot
        """The bot spec that plays for absent people here (None: the server's setting)."""
        self.storage = storage
        self.state = state
        self.lesson = stored.lesson
        """A game's lesson: its one human seat is the learner's; nobody else sits, and it has no rematch."""
        self.spectator_chat = stored.spectator_chat
        """Whether spectators may post in the chat (seated players always may, until the table ends)."""
        self.rated = stored.rated
        """A rated table: only accounts sit, and its end changes their ratings (``ratings``)."""
        self.move_clock = stored.move_clock
        """A turn-based table: seconds each person has for a move, after which a stand-in plays that turn
        (None: real-time)."""
        self.deadline = stored.deadline
        """At a turn-based table, when the turn waiting for a person runs out (``time.time()``), else None."""
        self.forfeit: dict[str, Any] | None = stored.result if (stored.result or {}).get(FORFEIT) is not None \
            else None
        """The result of a turn-based table ended by a move clock that ran out (``clock_timeout = forfeit``)."""
        self.stand_in_moves = set(stored.stand_in_moves)
        """The indices of the actions a stand-in bot played for an absent person (the log names the stand-in)."""
        self.lock = asyncio.Lock()
        """Held through each action's transaction (``play``): one action at a time."""
        self.game: Game[Any] = state.game
        self.seats = [
            Seat(s.seat, s.kind, s.bot, s.name, s.token_hash,
                 make_bot(s.bot, self.game) if s.kind == "bot" and s.bot else None, s.stand_in,
                 s.reserved_hash, s.reserved_until)
            for s in stored.seats
        ]

    # -------------------------------------------------------------- building

    @classmethod
    def create(cls, storage: Storage, table_id: str, name: str, game: Game[Any], seats: list[str],
               seed: int, turn_seconds: float | None = None, stand_in_bot: str | None = None,
               dealer: int | None = None, origin: Origin | None = None) -> TableAuthority:
        """A new table, stored; ``seats`` holds ``human`` or a bot spec per seat; ``dealer`` deals first;
        ``origin`` says who made it and, for a rematch, the seats kept (``StorageConflict`` when that
        table has its rematch already)."""
        origin = origin or Origin()
        if len(seats) != game.num_players:
            raise Rejected("request/invalid", f"{game.name_with_rules()} has {game.num_players} seats, "
                           f"but {len(seats)} were given: {quote(seats)}")
        stored_seats = []
        for i, spec in enumerate(seats):
            if spec.strip().lower() == "human":
                reserved_hash, kept_for = origin.reserved.get(i, (None, None))
                stored_seats.append(StoredSeat(i, "human", name=kept_for, reserved_hash=reserved_hash,
                                               reserved_until=origin.reserved_until if reserved_hash else None))
                continue
            try:
                make_bot(spec, game)  # refused here, with the reason, when the spec names no bot or bad settings
            except BotSpecError as e:
                raise Rejected("bot/invalid", f"seat {i}: {e}") from None
            stored_seats.append(StoredSeat(i, "bot", bot=spec.strip(), name=f"{readable_name(spec)} {i + 1}"))
        state = game.new_state(seed, dealer=dealer)
        decided = state.is_terminal  # a match the deal decided is stored as finished, like one ended by play
        stored = StoredTable(id=table_id, name=name, game=game.spec.name, rules=game.rules.to_dict(), seed=seed,
                             seats=stored_seats, turn_seconds=turn_seconds, created=time.time(),
                             stand_in_bot=stand_in_bot, dealer=dealer, finished=decided,
                             result=result_of(state) if decided else None, creator_hash=origin.creator_hash,
                             rematch_of=origin.rematch_of, lesson=origin.lesson,
                             spectator_chat=origin.spectator_chat, rated=origin.rated,
                             move_clock=origin.move_clock,
                             engine=game.spec.engine_version)
        storage.create(stored, origin.most_open)
        return cls(stored, storage, state)

    @classmethod
    def restore(cls, stored: StoredTable, storage: Storage) -> TableAuthority:
        """The table rebuilt by replaying its stored actions (``RecordError`` if they do not replay).

        A table stored under another engine version than its game's now (or an unknown one) must also
        replay to the positions stored (``EngineChanged`` if not, storage left as it is); once it does,
        its stored version becomes the running one, so that the next start trusts it.
        """
        record = GameRecord(game=stored.game, rules=stored.rules, seed=stored.seed,
                            players=[s.name or f"seat {s.seat}" for s in stored.seats],
                            actions=[text for _, text in stored.actions], dealer=stored.dealer,
                            engine=stored.engine)
        state = replay(record, digests=stored.digests)
        running = state.game.spec.engine_version
        if stored.engine != running:
            storage.set_engine(stored.id, running)
        return cls(stored, storage, state)

    # ---------------------------------------------------------------- status

    @property
    def status(self) -> str:
        if self.state.is_terminal or self.forfeit is not None:
            return "finished"
        return "playing" if all(s.taken for s in self.seats) else "waiting"

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def to_play(self) -> int | None:
        return None if self.status == "finished" else self.state.current_player

    def returns(self) -> list[float]:
        """Each seat's result: the game's, or the forfeit's when a move clock ended the table."""
        if self.forfeit is not None:
            return [float(r) for r in self.forfeit["returns"]]
        return self.state.returns()

    def forfeited(self, seat: int) -> dict[str, Any]:
        """The result of ``seat`` running out of time: each seat of its side loses 1, and the other seats share
        that loss equally, so the returns sum to zero (``[decision]``, docs/DECISIONS.md)."""
        losers = next(team for team in self.game.teams() if seat in team)
        winners = [s for s in range(self.game.num_players) if s not in losers]
        share = len(losers) / len(winners)
        returns = [-1.0 if s in losers else share for s in range(self.game.num_players)]
        return {"returns": returns, "payments": [], FORFEIT: seat}

    def names(self) -> list[str]:
        return [s.name or f"Seat {s.seat}" for s in self.seats]

    def record(self) -> GameRecord:
        """The game's record; a bot's seat is named with its spec too ("Strong bot 1 (strong:budget=200)")."""
        names = [f"{name} ({s.bot_spec})" if s.bot_spec else name
                 for name, s in zip(self.names(), self.seats, strict=True)]
        record = GameRecord.of(self.state, names)
        return record if self.forfeit is None else replace(record, result=dict(self.forfeit))

    # ------------------------------------------------------------------ seats

    def seat_of(self, token: str) -> int:
        """The seat ``token`` holds, or ``auth/bad_token``."""
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise Rejected("auth/bad_token", f"token {quote(token, 16)} holds no seat at table {self.id!r}")

    def join(self, name: str, token: str, seat: int | None = None, claim: str | None = None) -> int:
        """Give ``name`` a free human seat (``seat`` or the first free one) held by ``token``; a seat a rematch
        keeps for a previous player is free only to ``claim``, the hash of that player's previous seat token
        (``table/reserved`` for others, until its hold passes).

        A seat another process gave meanwhile is learnt from storage, and the next free one tried.
        A match the deal decided before anyone played (a Tonk won at the deal) keeps its free seats,
        so that whoever created it, asked for it as a rematch or was invited can sit and see the result.
        """
        if (self.state.is_terminal and self.version > 0) or self.forfeit is not None:
            raise Rejected("table/finished", f"table {self.id!r} has finished; spectate or replay it instead")
        if seat is not None and not 0 <= seat < len(self.seats):
            raise Rejected("request/invalid", f"seat {seat} does not exist at table {self.id!r}: seats are "
                           f"0 to {len(self.seats) - 1}")
        digest = hash_token(token)
        for _ in self.seats:
            now = time.time()
            free = [s for s in self.seats if s.kind == "human" and s.token_hash is None
                    and (seat is None or s.seat == seat) and not s.kept(now, claim)]
            if not free:
                self.refuse_kept(seat, now, claim)
                break
            chosen = free[0]
            if self.storage.take_seat(self.id, chosen.seat, name, digest, claim):
                chosen.name, chosen.token_hash = name, digest
                return chosen.seat
            stored = self.storage.load(self.id)
            if stored is None or not self.catch_up(stored):
                break
        which = f"seat {seat} is not free" if seat is not None else "no human seat is free"
        raise Rejected("table/full", f"table {self.id!r}: {which}; spectate instead")

    def refuse_kept(self, seat: int | None, now: float, claim: str | None) -> None:
        """``table/reserved`` when the seats asked for are free but kept for the previous match's players."""
        kept = [s for s in self.seats if s.kept(now, claim) and (seat is None or s.seat == seat)]
        if kept:
            until = max(s.reserved_until or now for s in kept)
            raise Rejected("table/reserved", f"table {self.id!r}: seat{'s' if len(kept) > 1 else ''} "
                           f"{', '.join(str(s.seat) for s in kept)} kept for the players of the previous match for "
                           f"{until - now:.0f} s more (rematch_hold_seconds); spectate, or join later")

    # ----------------------------------------------------------------- views

    def view(self, seat: int | None) -> View:
        return self.state.view(seat)

    def legal(self, seat: int | None) -> list[str]:
        """The legal actions' text for ``seat`` when it is to play at an open table, else none."""
        if seat is None or self.status != "playing" or self.state.current_player != seat:
            return []
        return [str(a) for a in self.state.legal_actions()]

    # ----------------------------------------------------------------- acting

    @property
    def dealer(self) -> int:
        """The seat that dealt first."""
        return self.state.first_dealer

    async def play(self, seat: int, version: int, text: str, stand_in: bool, writer: Writer,
                   fanout: Fanout) -> str:
        """Play ``text`` for ``seat`` (by its stand-in bot when ``stand_in``) on state ``version``: the action's
        whole transaction; its canonical text.

        It is checked and played on a copy (``prepare``), stored as the next action by ``writer`` (which may
        wait off the event loop: an action sent meanwhile waits for this one, and is checked against the table
        as it left it), and only then becomes the table's state (``accept``); ``fanout`` then settles it,
        tells the other processes and every client, and sets the next move going. A refused action changes
        nothing here; one refused because another process had moved the table on shows where it is now.
        """
        async with self.lock:
            before = self.version
            try:
                after, canonical = self.prepare(seat, version, text)
                try:
                    await writer.run(self.append, before, seat, after, canonical, stand_in)
                except StorageConflict:
                    raise self.lost_race(version, text) from None
            except Rejected:
                if self.version != before:
                    fanout.publish(self)
                    fanout.follow(self)
                raise
            self.accept(before, after, stand_in)
            fanout.settle(self)
            fanout.announce(self, before, canonical, stand_in)
            fanout.publish(self)
            fanout.follow(self)
            return canonical

    def prepare(self, seat: int, version: int, text: str) -> tuple[State[Any, Any], str]:
        """Check ``text`` for ``seat`` on ``version`` and play it on a copy: the state after and the canonical text.

        Nothing changes yet; a refusal is ``Rejected`` with its code.
        """
        status = self.status
        if status == "finished":
            raise Rejected("table/finished", f"table {self.id!r} has finished; {quote(text)} was not played")
        if status == "waiting":
            raise Rejected("action/not_your_turn", f"table {self.id!r} is waiting for players; "
                           f"{quote(text)} was not played")
        if version != self.state.version:
            raise Rejected("action/stale", f"{quote(text)} was chosen on version {version}, but the table is at "
                           f"version {self.state.version}; look again")
        to_play = self.state.current_player
        if seat != to_play:
            raise Rejected("action/not_your_turn", f"seat {seat} played {quote(text)}, but seat {to_play} is to play")
        after = self.state.clone()
        try:
            action = after.apply(text)
        except ParlourError as e:
            raise Rejected(e.code, str(e), refusal=e.refusal) from None
        return after, str(action)

    def check_hint(self, seat: int, version: int) -> None:
        """Refuse a hint as ``prepare`` refuses an action: only for the seat to play, on the current version,
        at a table being played."""
        status = self.status
        if status == "finished":
            raise Rejected("table/finished", f"table {self.id!r} has finished; there is no move to hint")
        if status == "waiting":
            raise Rejected("action/not_your_turn", f"table {self.id!r} is waiting for players; there is no move "
                           "to hint yet")
        if version != self.state.version:
            raise Rejected("action/stale", f"a hint was asked on version {version}, but the table is at version "
                           f"{self.state.version}; look again")
        to_play = self.state.current_player
        if seat != to_play:
            raise Rejected("action/not_your_turn", f"seat {seat} asked for a hint, but seat {to_play} is to play: "
                           "hints are for your own turn")

    def append(self, index: int, seat: int, after: State[Any, Any], canonical: str, stand_in: bool = False) -> None:
        """Store the prepared action as action ``index`` (``StorageConflict``: another process stored one first).

        It reads only its arguments, so it may run on another thread.
        """
        self.storage.append_action(self.id, index, seat, canonical, result_of(after) if after.is_terminal else None,
                                   stand_in, position_digest(after))

    def lost_race(self, version: int, text: str) -> Rejected:
        """Another process stored an action first: the table catches up, and the refusal to give."""
        stored = self.storage.load(self.id)
        if stored is not None:
            self.catch_up(stored)
        return Rejected("action/stale", f"{quote(text)} was chosen on version {version}, but another server "
                        f"moved the table on to version {self.state.version}; look again")

    def accept(self, index: int, after: State[Any, Any], stand_in: bool = False) -> None:
        """The stored action ``index`` becomes the table's state (unless storage was caught up past it meanwhile)."""
        if self.state.version == index:
            self.state = after
            if stand_in:
                self.stand_in_moves.add(index)

    # ------------------------------------------------ other processes' changes

    def advance(self, text: str, stand_in: bool = False) -> None:
        """Apply an action another process accepted and stored (its canonical text, at this table's version)."""
        if stand_in:
            self.stand_in_moves.add(self.state.version)
        self.replayed(text)

    def catch_up(self, stored: StoredTable) -> bool:
        """Take on what other processes stored since: actions, seats taken, a forfeit and the move clock's
        deadline (the turn another process moved on has its clock there); True when anything changed."""
        changed = False
        if self.forfeit is None and (stored.result or {}).get(FORFEIT) is not None:
            self.forfeit, self.deadline = stored.result, None
            changed = True
        for seat, s in zip(self.seats, stored.seats, strict=True):
            if seat.token_hash != s.token_hash:
                seat.name, seat.token_hash = s.name, s.token_hash
                changed = True
        for _, text in stored.actions[self.state.version:]:
            if self.state.version in stored.stand_in_moves:
                self.stand_in_moves.add(self.state.version)
            self.replayed(text)
            changed = True
        if stored.deadline != self.deadline:
            self.deadline = stored.deadline
            changed = True
        return changed

    def replayed(self, text: str) -> None:
        """Apply an action another process stored; one this engine refuses is ``ActionDoesNotReplay``, whose
        message (logged, perhaps sent) names no card of the seat's."""
        seat = self.state.current_player
        try:
            self.state.apply(text)
        except ParlourError as e:
            raise ActionDoesNotReplay(self.state.version + 1, text, seat, e) from None

    def bot_turn(self) -> tuple[int, int, View, list[Any], str]:
        """What a bot needs to play the current turn: seat, version, view, legal actions, and the seed of its
        generator (the table, the version and the seat: a replay draws the same)."""
        seat = self.state.current_player
        seed = f"{self.id}:{self.state.version}:{seat}"
        return seat, self.state.version, self.state.view(seat), list(self.state.legal_actions()), seed
