"""A page seated at a table, for the browser tests: ``seated(server, game, seats, ...)``.

The table is made over the API (``POST /api/tables``), the person joins a seat over the API too, the seat's token
is put where the page keeps it (``localStorage``, ``parlour:token:ID``) and the page opens at the table, as a
person's browser that made the table would. A test about the lobby's form still fills it in
(``test_browser.create_from_lobby``); every other test seats its page here.

``undecided=True`` deals the table again while its deal decided it at once (a Tonk deal can end a one-hand match
before anyone plays: the table is then finished at creation), so the test is seated at a table still playing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

DEALS = 20
"""How many deals ``undecided`` tries before failing (a deal decides a Tonk match rarely, never twenty in a row)."""


@dataclass
class Seated:
    """A page seated at table ``tid`` with seat ``seat``'s token (``token``), and its browser context."""

    page: Any
    context: Any
    tid: str
    token: str
    seat: int
    table: dict[str, Any]
    """The table as ``POST /api/tables`` returned it."""


def watch(page: Any, errors: list[str]) -> Any:
    """``page``, its script errors added to ``errors`` (the ``page_errors`` fixture fails the test on any)."""
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def make_table(page: Any, server: str, game: str, seats: list[str], rules: dict[str, Any] | None = None,
               undecided: bool = False, table_name: str | None = None, **extra: Any) -> dict[str, Any]:
    """A table made over the API (``extra``: other fields of the request); with ``undecided``, made again while its
    deal decided it at once."""
    body = {"game": game, "seats": seats, "rules": rules or {}, **({"name": table_name} if table_name else {}), **extra}
    for _ in range(DEALS):
        made = page.request.post(server + "/api/tables", data=body)
        assert made.ok, made.text()
        table: dict[str, Any] = made.json()
        if not undecided or table["status"] != "finished":
            return table
    raise AssertionError(f"{DEALS} deals of {body} in a row were decided at once")


def seat_page(page: Any, server: str, game: str, seats: list[str], rules: dict[str, Any] | None = None,
              name: str = "Ana", seat: int | None = None, undecided: bool = False,
              **extra: Any) -> tuple[str, str, int, dict[str, Any]]:
    """Make a table (``make_table``), seat ``name`` there (at ``seat``, else the first free one) and open ``page``
    at it as that seat: the table's id, the seat's token, the seat and the table."""
    table = make_table(page, server, game, seats, rules, undecided, **extra)
    tid = str(table["id"])
    joined = page.request.post(f"{server}/api/tables/{tid}/join",
                               data={"name": name} if seat is None else {"name": name, "seat": seat})
    assert joined.ok, joined.text()
    token, at = str(joined.json()["token"]), int(joined.json()["seat"])
    page.goto(server + "/api/games")  # the site's origin, without starting the app: where its storage is
    page.evaluate("([k, v, n]) => { localStorage.setItem(k, v); localStorage.setItem('parlour:name', n); }",
                  [f"parlour:token:{tid}", token, name])
    page.goto(f"{server}/?table={tid}")
    page.wait_for_selector("#table[data-status]")
    return tid, token, at, table


SeatedFactory = Callable[..., Seated]


@pytest.fixture
def seated(browser: Any, page_errors: list[str]) -> Iterator[SeatedFactory]:
    """``seated(server, game, seats, rules=None, name="Ana", seat=None, undecided=False, viewport=None, **extra)``: a
    new browser context's page (its script errors failing the test) seated at a new table; contexts closed after.
    (Offered to every server test by ``tests/server/conftest.py``; it needs the browser suite's ``browser`` and
    ``page_errors`` fixtures, which every browser test module imports from ``test_browser``.)"""
    contexts: list[Any] = []

    def seat_at(server: str, game: str, seats: list[str], rules: dict[str, Any] | None = None, name: str = "Ana",
                seat: int | None = None, undecided: bool = False, viewport: dict[str, int] | None = None,
                **extra: Any) -> Seated:
        context = browser.new_context(viewport=viewport or {"width": 1000, "height": 900})
        contexts.append(context)
        page = watch(context.new_page(), page_errors)
        tid, token, at, table = seat_page(page, server, game, seats, rules, name, seat, undecided, **extra)
        return Seated(page, context, tid, token, at, table)

    yield seat_at
    for context in contexts:
        context.close()

