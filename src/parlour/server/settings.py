"""The server's settings, read from keyword arguments or ``PARLOUR_*`` environment variables.

``parlour serve`` builds one ``Settings`` from its options; tests build their
own with a temporary database and no bot delay, so nothing here is global.
"""

from __future__ import annotations

import ipaddress
from typing import Literal, Self

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from parlour.bots.base import parse_bot_spec, read_settings, work_per_iteration
from parlour.bots.levels import level_ms
from parlour.core.errors import BotSpecError
from parlour.server.masking import mask

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class Settings(BaseSettings):
    """Where the server stores tables, where it listens, and how its bots and timers pace play."""

    model_config = SettingsConfigDict(env_prefix="PARLOUR_", extra="forbid")

    db_url: str = Field(default="sqlite:///parlour.db", description="SQLAlchemy URL; a SQLite file in the working dir")
    host: str = Field(default="127.0.0.1", description="address to listen on")
    port: int = Field(default=8000, ge=0, le=65535, description="port to listen on (0: any free port)")
    bot_delay: float = Field(default=0.8, ge=0, le=60, description="seconds a bot waits before playing")
    disconnect_grace: float = Field(default=60.0, ge=0, le=86400,
        description="seconds a disconnected person's seat waits before a stand-in bot plays for it",
    )
    stand_in_bot: str = Field(default="heuristic", description="bot spec that plays for an absent or timed-out person")
    max_message_bytes: int = Field(default=8192, ge=256, description="longest WebSocket message or REST body accepted")
    max_tables: int = Field(default=10_000, ge=1, description="open tables at most; creating more is refused")
    max_bot_iters: int = Field(default=20_000, ge=1, description="most search iterations a bot seat may ask for "
                               "(``iters=``); a larger bot spec is refused")
    allowed_bots: list[str] = Field(default=["random", "heuristic", "ismcts", "strong", "level"], min_length=1,
                                    description="the bots a table or the stand-in may use; others (such as "
                                    "learned:PATH, which reads a file of the server's) are refused")
    max_bot_ms: float = Field(default=2_000, gt=0, description="most milliseconds per move a bot seat may ask for "
                              "(``ms=``); a larger bot spec is refused, and a bot with only ``iters=`` stops "
                              "at this time")
    bot_workers: int = Field(default=2, ge=0, le=64, description="processes where bots think, each computing one "
                             "move at a time (0: threads of the server process)")
    max_open_tables_per_client: int = Field(default=8, ge=1, description="unfinished tables one client (its player "
                                            "token, else its address) may have created; more are refused with 429")
    table_creation_rate: float = Field(default=0.2, gt=0, description="tables per second one client may create "
                                       "over time (after a burst of table_creation_burst); faster is refused with 429")
    table_creation_burst: int = Field(default=5, ge=1, description="tables one client may create at once before "
                                      "table_creation_rate applies")
    waiting_ttl: float = Field(default=1800, gt=0, description="seconds a table still waiting for players, with "
                               "nobody connected, is kept before it expires (also after a restart)")
    finished_ttl: float = Field(default=600, gt=0, description="seconds a finished table stays in memory; it stays "
                                "in the database, its record and replay still served")
    sweep_seconds: float = Field(default=30, gt=0, le=3600, description="how often expired and finished tables are "
                                 "looked for")
    lobby_page: int = Field(default=50, ge=1, le=500, description="tables a lobby listing returns when it names no "
                            "limit (at most 500)")
    chat_burst: int = Field(default=3, ge=1, description="chat messages one author may send per chat_window")
    chat_window: float = Field(default=5.0, gt=0, description="seconds over which chat_burst messages are allowed")
    chat_client_burst: int = Field(default=6, ge=1, description="chat messages one client (its address) may send "
                                   "per chat_window over every table together, across every process; more are "
                                   "refused with 429")
    ws_message_rate: float = Field(default=10.0, gt=0, description="WebSocket messages per second one connection "
                                   "may send over time (after a burst of ws_message_burst); faster closes it (1008)")
    ws_message_burst: int = Field(default=30, ge=1, description="WebSocket messages one connection may send at once "
                                  "before ws_message_rate applies")
    ws_outbox_limit: int = Field(default=512, ge=8, le=100_000, description="messages waiting to be sent to one "
                                 "WebSocket client at most; a client that reads slower is closed (1008), never "
                                 "slowing the others")
    storage_retry_after: int = Field(default=5, ge=1, le=3600, description="seconds a client is told to wait "
                                     "(Retry-After) when storage is unavailable")
    redis_url: str | None = Field(default=None, description="Redis URL: serve as one of several processes on one "
                                  "PostgreSQL, changes fanned out through Redis pub/sub (none: one process alone)")
    redis_channel: str = Field(default="parlour", min_length=1, max_length=100,
                               description="Redis pub/sub channel the processes of one service share")
    sync_seconds: float = Field(default=1.0, gt=0, le=60, description="with Redis: how often a process claims "
                                "the bots of tables nobody plays and checks storage for changes it missed")
    probe_seconds: float = Field(default=2.0, gt=0, le=60, description="longest /readyz waits for each "
                                 "dependency (storage's SELECT 1, Redis's PING) before calling it down")
    log_format: Literal["text", "json"] = Field(default="text", description="how log lines are written: text, or "
                                                "json (one object a line: time, level, logger, message, exc)")
    redis_retry_max: float = Field(default=5.0, ge=0.1, le=300, description="with Redis: longest wait between two "
                                   "attempts to subscribe again after losing Redis (the wait doubles from 0.1 s)")
    max_spectators_per_table: int = Field(default=100, ge=0, le=100_000, description="spectators one table may "
                                          "have, counted on every process; one more is refused (WebSocket closed "
                                          "with 1008)")
    ws_outbox_bytes: int = Field(default=1_048_576, ge=65_536, le=1 << 30, description="bytes waiting to be sent "
                                 "to one WebSocket client at most; a client that reads slower is closed (1008), "
                                 "never holding more of the server's memory")
    max_hands: int = Field(default=100, ge=1, description="most hands a match may be created with (the game flags "
                           "declared capped by it); more is refused with 422")
    max_target_score: int = Field(default=5_000, ge=1, description="highest target score a match may be created "
                                  "with (the game flags declared capped by it); more is refused with 422")
    presence_seconds: float = Field(default=0.5, gt=0, le=60, description="a table's clients are told who "
                                    "connected or left at most this often, the changes meanwhile together (a crowd "
                                    "arriving costs each client one small message per period, not one per arrival)")
    forwarded_allow_ips: list[str] = Field(default=[], description="addresses (or networks, or * for any) of the "
                                           "proxies whose X-Forwarded-For names the client; none: the header is "
                                           "never trusted and each client is the address it connects from")
    max_sockets_per_client: int = Field(default=16, ge=1, description="WebSocket connections one client (its "
                                        "address) may hold at once, across every process; more are closed (1008)")
    rematch_hold_seconds: float = Field(default=300, gt=0, le=86400, description="seconds a rematch keeps the "
                                        "previous match's players' seats for them before others may take them")
    hint_ms: float = Field(default=800, gt=0, le=60_000, description="milliseconds the search thinks for a "
                           "player's hint (Hint button, POST /api/tables/{id}/hint); never more than max_bot_ms")
    hints_per_minute: int = Field(default=30, ge=1, description="hints one client (its address) may ask per "
                                  "minute, across every process; more are refused with 429")
    hint_workers: int = Field(default=1, ge=0, le=64, description="processes where hints are computed, apart "
                              "from the bots' (bot_workers): a hint never takes a bot's worker nor waits in its "
                              "queue (0: threads of the server process)")
    hint_queue: int = Field(default=8, ge=0, le=10_000, description="hints that may wait for a hint worker in one "
                            "process; one more is refused with 429 and Retry-After")
    max_hints_per_client: int = Field(default=2, ge=1, le=1000, description="hints one client (its address) may "
                                      "have under way at once, across every process; one more is refused with 429")
    max_hints_per_table: int = Field(default=2, ge=1, le=1000, description="hints under way at once for one "
                                     "table, across every process; one more is refused with 429")
    ops_listener: bool = Field(default=True, description="serve the operator's endpoints (/metrics, /readyz, and "
                               "/healthz too) on ops_host:ops_port, a listener apart from the public port, which "
                               "never serves /metrics or /readyz (false: they are served nowhere)")
    ops_host: str = Field(default="127.0.0.1", description="address the operator's endpoints listen on "
                          "(ops_listener): one only the monitoring and the orchestrator reach")
    ops_port: int = Field(default=9000, ge=0, le=65535, description="port the operator's endpoints listen on (0: "
                          "any free port); never the public port")

    clock_sweep_seconds: float = Field(default=5.0, gt=0, le=3600, description="how often each process looks "
                                       "for turn-based tables whose move clock ran out (their stand-in then plays "
                                       "that turn, once whichever process finds it)")
    clock_timeout: Literal["stand_in", "forfeit"] = Field(default="stand_in", description="what happens when a "
                                                          "turn-based table's move clock runs out: stand_in (the "
                                                          "person's stand-in bot plays that turn) or forfeit (the "
                                                          "game ends, lost by that person's side)")
    smtp_host: str | None = Field(default=None, description="mail server for the turn e-mails (none: no e-mail "
                                  "is sent)")
    smtp_port: int = Field(default=25, ge=1, le=65535, description="mail server port")
    smtp_starttls: bool = Field(default=False, description="switch the mail connection to TLS (STARTTLS) first")
    smtp_user: str | None = Field(default=None, description="mail server login (with smtp_password)")
    smtp_password: SecretStr | None = Field(default=None, description="mail server password (never printed)")
    smtp_from: str = Field(default="parlour@localhost", max_length=254, description="the turn e-mails' sender")
    public_url: str = Field(default="http://127.0.0.1:8000", max_length=500, description="the address players "
                            "reach this service at, for the links in e-mails")
    quick_wait_seconds: float = Field(default=8.0, gt=0, le=120, description="how long \"Play now\" waits for "
                                      "other people asking for the same game before seating the player with bots "
                                      "of their level")
    password_time_cost: int = Field(default=3, ge=1, le=20, description="argon2id passes over memory per "
                                    "password hashed (accounts): more makes each guess dearer, and each login too")
    password_memory_kib: int = Field(default=65_536, ge=1024, le=1_048_576, description="KiB of memory argon2id "
                                     "uses per password hashed (accounts); max_password_hashes of them at once")
    max_password_hashes: int = Field(default=4, ge=1, le=256, description="passwords hashed or checked at once "
                                     "in one process (register, sign in, change); the others wait their turn, so "
                                     "memory stays within max_password_hashes × password_memory_kib")
    session_days: float = Field(default=30, gt=0, le=400, description="days a sign-in lasts (its cookie and its "
                                "stored session), however much it is used")
    login_rate: float = Field(default=0.1, gt=0, description="sign-ins per second one address, and one account "
                              "name, may try over time (after a burst of login_burst), across every process; "
                              "more are refused with 429")
    login_burst: int = Field(default=10, ge=1, description="sign-ins one address, and one account name, may try at "
                             "once before login_rate applies")
    accounts_per_hour: int = Field(default=20, ge=1, description="accounts one client (its address) may open per "
                                   "hour, across every process; more are refused with 429")
    secure_cookies: Literal["auto", "always", "never"] = Field(default="auto", description="whether the session "
                                                               "cookie is marked Secure: auto, when the request "
                                                               "came over HTTPS (as a trusted proxy says, "
                                                               "forwarded_allow_ips); always; never")

    def over_budget(self, spec: str) -> str | None:
        """Why this server refuses bot ``spec``, or None: a bot not in ``allowed_bots``, or one asking
        for more search than ``max_bot_iters`` / ``max_bot_ms`` allow. Iterations count times the work
        each one does (``infer=k`` draws k deals an iteration: ``iters=100,infer=8`` is 800).

        Raises ``BotSpecError`` when the spec cannot be read or a setting lies outside its declared range.
        """
        name, raw = parse_bot_spec(spec)
        if name not in self.allowed_bots:
            return (f"bot spec {spec!r}: this server offers the bots of allowed_bots "
                    f"({', '.join(self.allowed_bots)}), not {name!r}")
        options = read_settings(name, raw)
        implied = level_ms(str(options.get("level", ""))) if name == "level" else None
        if implied is not None and "ms" not in options and "iters" not in options:
            options["ms"] = implied  # a level's own budget counts like one asked for
        ms = options.get("ms")
        if isinstance(ms, float) and ms > self.max_bot_ms:
            asked = f"ms={raw['ms']}" if "ms" in raw else f"its level's ms={ms:g}"
            return f"bot spec {spec!r} asks {asked}; this server allows at most max_bot_ms = {self.max_bot_ms:g}"
        iters = options.get("iters")
        if isinstance(iters, int):
            work = iters * work_per_iteration(name, options)
            if work > self.max_bot_iters:
                counted = f"iters={iters}" if work == iters else f"iters={iters} times the work each does ({work:g})"
                return (f"bot spec {spec!r} asks {counted}; this server allows at most max_bot_iters = "
                        f"{self.max_bot_iters}")
        return None

    @model_validator(mode="after")
    def stand_in_within_budget(self) -> Self:
        """The stand-in bot is held to the same search limits as any bot seat."""
        try:
            excess = self.over_budget(self.stand_in_bot)
        except BotSpecError as e:
            raise ValueError(f"stand_in_bot: {e}") from None
        if excess:
            raise ValueError(f"stand_in_bot: {excess}")
        return self

    @model_validator(mode="after")
    def ops_apart(self) -> Self:
        """The operator's endpoints on a port of their own: never on the public one."""
        if self.ops_listener and self.ops_port and self.ops_port == self.port:
            raise ValueError(f"ops_port: {self.ops_port} is the public port too; the operator's endpoints need a "
                             "port of their own (or ops_listener = false)")
        return self

    @model_validator(mode="after")
    def usable_addresses(self) -> Self:
        """A Redis URL of a scheme Redis speaks, and proxies given as addresses or networks."""
        if self.redis_url is not None and not self.redis_url.startswith(REDIS_SCHEMES):
            raise ValueError(f"redis_url: {mask(self.redis_url)!r} is no Redis URL: write "
                             "redis://host:6379 (or rediss://, unix://)")
        for entry in self.forwarded_allow_ips:
            if entry == "*":
                continue
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"forwarded_allow_ips: {entry!r} is no address or network: write e.g. "
                                 "127.0.0.1, 10.0.0.0/8 or *") from None
        return self
