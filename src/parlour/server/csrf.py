"""Cross-site request forgery: a state-changing request made with the session cookie must prove it comes
from parlour's own page.

The session cookie (``accounts.COOKIE``) is SameSite=Lax, so browsers already leave it off most cross-site
requests; this middleware does not rely on that. Every POST, PUT, PATCH or DELETE that carries the cookie
must send ``X-CSRF-Token`` equal to the session's ``accounts.csrf_token`` (which only a page able to read
``GET /api/session`` learns), else it is refused (403 ``auth/csrf``) before any route sees it. The requests
that sign in or open an account (``OPEN``) have no session yet to derive a token from, so there the
request must come from this site instead: no ``Origin`` naming another host, no ``Sec-Fetch-Site`` saying
``cross-site`` (that stops a forged sign-in into someone else's account). Requests without the cookie (seat
tokens in the body, as before accounts) are not concerned: nothing ambient authorises them.
"""

from __future__ import annotations

import hmac
from http.cookies import CookieError, SimpleCookie
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from parlour.server.accounts import COOKIE, csrf_token
from parlour.server.limits import envelope

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
OPEN = frozenset({("POST", "/api/session"), ("POST", "/api/accounts")})
"""The requests that make a session: checked for their origin rather than a token."""


def session_cookie(headers: dict[bytes, bytes]) -> str | None:
    """The session cookie a request carries, or None (no cookie header, or one that cannot be read)."""
    raw = headers.get(b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except CookieError:
        return None
    found = jar.get(COOKIE)
    return found.value if found is not None and found.value else None


def same_site(headers: dict[bytes, bytes]) -> bool:
    """Whether nothing in the request says it was sent by another site's page."""
    if headers.get(b"sec-fetch-site", b"same-origin") not in (b"same-origin", b"none"):
        return False
    origin = headers.get(b"origin")
    if origin is None:
        return True
    host = headers.get(b"host", b"").decode("latin-1")
    return urlsplit(origin.decode("latin-1")).netloc == host


class CsrfGuard:
    """ASGI middleware: a cookie-authorised change without its ``X-CSRF-Token`` (or, to sign in, from
    another site) is refused with 403 ``auth/csrf``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE:
            headers = dict(scope.get("headers", ()))
            cookie = session_cookie(headers)
            if (scope["method"], scope["path"]) in OPEN:
                if not same_site(headers):
                    await self.refuse(send, "a sign-in from another site's page is refused: sign in on parlour's "
                                      "own page")
                    return
            elif cookie is not None:
                given = headers.get(b"x-csrf-token", b"").decode("latin-1")
                if not hmac.compare_digest(given.encode(), csrf_token(cookie).encode()):
                    await self.refuse(send, "a change made with the session cookie needs its X-CSRF-Token header "
                                      "(GET /api/session gives it); " + ("it is missing" if not given else
                                                                         "the one sent is wrong"))
                    return
        await self.app(scope, receive, send)

    @staticmethod
    async def refuse(send: Send, message: str) -> None:
        body = envelope("auth/csrf", message)
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
