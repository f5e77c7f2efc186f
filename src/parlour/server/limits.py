"""The server's limits on what one client may take: request size, table creation, WebSocket messages.

Each limit is a ``Settings`` field, and each refusal names it. ``BodyLimit``
refuses a request body above ``max_message_bytes`` as its bytes arrive
(declared length or chunked), without reading it to the end. ``TokenBucket``
is the rate limit used per client: a burst, then a steady rate.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.server.settings import Settings


def envelope(code: str, message: str) -> bytes:
    """A REST error body: ``{"error": {"code": …, "message": …}}``."""
    return json.dumps({"error": {"code": code, "message": message}}).encode()


class BodyTooLarge(HTTPException):
    """Raised inside the app when a body grows past the limit while it is read (the app answers 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body of more than {limit} bytes; the limit is max_message_bytes = {limit}")


class BodyLimit:
    """ASGI middleware: a body above ``settings.max_message_bytes`` is a 413 and is not read further."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.limit = settings.max_message_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self.refuse(send, f"request body of {declared.decode('latin-1')[:30]!r} bytes")
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await self.refuse(send, f"request body of more than {self.limit} bytes")

    async def refuse(self, send: Send, what: str) -> None:
        body = envelope("request/too_large", f"{what}; the limit is max_message_bytes = {self.limit}")
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


@dataclass
class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` per second; ``take`` spends one or says how long to wait."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def take(self, now: float | None = None) -> float:
        """0 when a token was spent, else the seconds until one will be there (nothing spent)."""
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


class Buckets:
    """One ``TokenBucket`` per client key, forgetting full ones so that idle clients cost nothing."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> float:
        bucket = self.buckets.setdefault(key, TokenBucket(self.rate, self.burst))
        wait = bucket.take()
        if len(self.buckets) > 10_000:
            now = time.monotonic()
            self.buckets = {k: b for k, b in self.buckets.items()
                            if b.tokens + (now - b.stamp) * b.rate < b.burst}
        return wait


def client_key(token: str | None, address: Any) -> str:
    """Who a request counts against: its player token when it has one, else its address."""
    if token:
        return f"token:{token}"
    host = getattr(address, "host", None) or "unknown"
    return f"address:{host}"
