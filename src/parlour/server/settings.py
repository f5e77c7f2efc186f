"""The server's settings, read from keyword arguments or ``PARLOUR_*`` environment variables.

``parlour serve`` builds one ``Settings`` from its options; tests build their
own with a temporary database and no bot delay, so nothing here is global.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    redis_url: str | None = Field(default=None, description="Redis URL: serve as one of several processes on one "
                                  "PostgreSQL, changes fanned out through Redis pub/sub (none: one process alone)")
    redis_channel: str = Field(default="parlour", min_length=1, max_length=100,
                               description="Redis pub/sub channel the processes of one service share")
    sync_seconds: float = Field(default=1.0, gt=0, le=60, description="with Redis: how often a process claims "
                                "the bots of tables nobody plays and checks storage for changes it missed")
