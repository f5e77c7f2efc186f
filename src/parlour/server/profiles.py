"""A player's page: the account's games per game and variant with their results, its rating in each game with
its history, and its latest tables (finished ones link to their replays). Public: it shows only what the
lobby shows of a table (its name, game, rules and, once finished, its result), never a seat's token."""

from __future__ import annotations

import json
from functools import cache, lru_cache
from typing import Any

from sqlalchemy import Engine, Table, select

from parlour.core.errors import ParlourError
from parlour.core.i18n import SOURCE_LANGUAGE
from parlour.core.manual import rules_in_words
from parlour.core.registry import load_game
from parlour.server.accounts import name_key
from parlour.server.authority import Rejected
from parlour.server.ratings import Ratings
from parlour.server.storage import EXPIRED

RECENT = 20
"""Tables a player's page lists."""
SPEC_WORDS_CACHED = 4096
"""Specs and languages whose words are kept (every state message reads them): the lobby's tables choose their
specs, so the cache is bounded."""


@cache
def variant(game: str, rules: str) -> str:
    """The spec string a table's game and rules (JSON) read as: ``tonk:classic?players=3``."""
    try:
        return load_game(game, **json.loads(rules)).name_with_rules()
    except ParlourError:
        return game


@lru_cache(maxsize=SPEC_WORDS_CACHED)
def variant_words(spec: str, lang: str) -> str:
    """The rules of ``spec`` (``variant``'s) as people say them, in ``lang``; the spec where it no longer reads."""
    try:
        return rules_in_words(load_game(spec), lang)
    except ParlourError:
        return spec


def outcome(result: dict[str, Any] | None, seat: int) -> str | None:
    """``won``, ``lost`` or ``drawn`` for ``seat`` by a finished table's returns (a side that shares the best
    return won: partners both); None when the table ended without a result (it expired)."""
    returns = (result or {}).get("returns")
    if not returns or (result or {}).get(EXPIRED):
        return None
    best, worst = max(returns), min(returns)
    if best == worst:
        return "drawn"
    return "won" if returns[seat] == best else "lost"


class Profiles:
    """Players' pages, read from the accounts, their seats, the tables and the ratings."""

    def __init__(self, engine: Engine, accounts: Table, held: Table, tables: Table, ratings: Ratings) -> None:
        self.engine = engine
        self.reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        """Reads of one statement each, without a transaction to begin and roll back (a round trip less)."""
        self.accounts = accounts
        self.held = held
        self.tables = tables
        self.ratings = ratings

    def page(self, name: str, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        """The ``PlayerOut`` of the account named ``name`` (whatever its case and accents), each game's rules in
        words of ``lang``, or ``player/not_found``."""
        a, h, t = self.accounts, self.held, self.tables
        with self.reader.connect() as conn:
            account = conn.execute(select(a.c.id, a.c.name, a.c.created)
                                   .where(a.c.name_key == name_key(name))).first()
            if account is None:
                raise Rejected("player/not_found", f"no player is named {name[:40]!r}")
            rows = conn.execute(select(h.c.seat, t.c.id, t.c.name, t.c.game, t.c.rules, t.c.finished, t.c.result,
                                       t.c.rated, t.c.move_clock, t.c.created).join(t, t.c.id == h.c.table_id)
                                .where(h.c.account_id == account.id).order_by(h.c.joined.desc())).all()
        played: dict[tuple[str, str], dict[str, Any]] = {}
        recent: list[dict[str, Any]] = []
        for row in rows:
            spec = variant(row.game, json.dumps(row.rules, sort_keys=True))
            result = outcome(row.result, row.seat) if row.finished else None
            if result is not None:
                counts = played.setdefault((row.game, spec), {"game": row.game, "spec": spec, "played": 0,
                                                              "spec_words": variant_words(spec, lang),
                                                              "won": 0, "lost": 0, "drawn": 0})
                counts["played"] += 1
                counts[result] += 1
            if len(recent) < RECENT and not (row.result or {}).get(EXPIRED):
                recent.append({"table": row.id, "name": row.name, "game": row.game, "spec": spec,
                               "spec_words": variant_words(spec, lang),
                               "finished": bool(row.finished), "outcome": result, "rated": bool(row.rated),
                               "move_clock": row.move_clock, "created": row.created})
        ratings = {game: {**vars(rating), "history": self.ratings.history(account.id, game)}
                   for game, rating in self.ratings.of(account.id).items()}
        return {"name": account.name, "created": account.created, "ratings": ratings,
                "played": sorted(played.values(), key=lambda c: (c["game"], c["spec"])), "recent": recent}
