"""A table's story is told once per language (``Stories``): the story each state message carries is the one a
fresh narration of the reader's own view gives, for every seat and a spectator, in English and French, over
whole games of every game; and publishing an action narrates only the lines it adds to the stories, however
many readers and however long the match (counted, not timed).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from parlour.core.parts import words_of
from parlour.core.registry import game_classes
from parlour.core.words import Elided, StoryLine
from parlour.server.api_schemas import TableIn
from parlour.server.authority import TableAuthority
from parlour.server.hub import Connection
from parlour.server.lobby import Lobby
from parlour.server.messages import latest_story, seat_names
from parlour.server.storage import Storage
from tests.server.conftest import settings_for

LANGS = ("en", "fr")
NAMES = ("Ana", "Élodie", "Yves", "Bob", "Inès", "Zoé")
"""Names French elides before ("d'Ana", "d'Élodie"), so that elided and plain sentences are both told."""

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("tonk", {"players": 2, "hands": 2}),
    ("tonk", {"players": 3, "hands": 2, "jokers": 2, "hit_lockout": True, "spades_side_bet": True, "hit_sets": True,
              "stock_out": "discard_only", "drop_timing": "any"}),
    ("tonk", {"players": 2, "hands": 5, "upcard": False, "may_rediscard_taken": True, "spades_side_bet": True}),
    ("plonk", {"target": 500}),
    ("tock", {"players": 4}),
    ("tock", {"players": 2, "extra_sevens": True, "two_of_spades_enters": True, "home_entry": "optional"}),
]
"""Games played whole: Tonk's flags that add story lines (lock-outs, the spades bet, jokers, a stock that runs
out), more hands than a view shows (``RECENT_RESULTS``), Plonk past the deals a view shows, Tock past a stock
that ran out."""


def test_every_game_is_played_here() -> None:
    assert {game for game, _ in GAMES} == set(game_classes())


def seated_table(tmp_path: Path, game: str, rules: dict[str, Any], seed: int) -> tuple[Lobby, TableAuthority]:
    """A lobby with one table of ``game``, every seat a person's, dealt by ``seed``."""
    settings = settings_for(f"sqlite:///{tmp_path / 'parlour.db'}")
    lobby = Lobby(settings, Storage(settings.db_url))
    rules = dict(rules)
    players = rules.pop("players", game_classes()[game].spec.min_players)
    table = lobby.create(TableIn(game=game, rules=rules, seats=["human"] * players, name="Stories",
                                 turn_seconds=None))
    for seat in range(players):
        table.join(NAMES[seat], f"token {seat}")
    table.state = table.game.new_state(seed)
    return lobby, table


def move(table: TableAuthority, rng: random.Random) -> None:
    """A random legal move; Tonk's drop only when nothing else is legal, so that hands last (as under load)."""
    legal = list(table.state.legal_actions())
    rest = [action for action in legal if str(action) != "drop"]
    table.state.apply(rng.choice(rest or legal))


def readers(table: TableAuthority) -> list[int | None]:
    return [*range(table.game.num_players), None]


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_the_story_told_is_the_story_narrated_afresh(tmp_path: Path, game: str, rules: dict[str, Any]) -> None:
    lobby, table = seated_table(tmp_path, game, rules, seed=7)
    words = words_of(table.game)
    rng = random.Random(7)
    longest = reshaped = 0
    last: list[StoryLine] = []
    while True:
        for lang in LANGS:
            names = seat_names(table, lang)
            for seat in readers(table):
                view = table.state.message_view(seat)
                fresh = words.story(view, names, lang)
                told = words.tell(view, names, lang, lobby.messages.stories.told(table, lang))
                # the story told is the story narrated afresh, after what it told before the view's log last
                # started afresh (Tock's, when the stock runs out)
                assert told[len(told) - len(fresh):] == fresh, (seat, lang)
                assert lobby.messages.state_message(table, seat, lang)["story"] == latest_story(told), (seat, lang)
                longest = max(longest, len(fresh))
        reshaped += fresh[:len(last)] != last  # a hand or deal over, a deal or a stock's log out of the view
        last = fresh
        if table.state.is_terminal:
            break
        for _ in range(rng.choice((1, 1, 2, 3))):  # sometimes several actions between two messages
            if not table.state.is_terminal:
                move(table, rng)
    assert longest > 40 and reshaped  # long stories, and some told again otherwise than by growing at their end


def story_lines_made(monkeypatch: pytest.MonkeyPatch, game: str) -> Counter[str]:
    """A counter of the story lines the game's words module makes from now on (each line it narrates)."""
    made: Counter[str] = Counter()
    words = words_of(game_classes()[game])
    assert isinstance(words, Elided)
    module = type(words.words).__module__

    def counted(*fields: Any) -> StoryLine:
        made["lines"] += 1
        return StoryLine(*fields)

    monkeypatch.setattr(f"{module}.StoryLine", counted)
    return made


def new_lines(before: list[StoryLine], after: list[StoryLine]) -> int:
    """How many lines ``after`` holds that ``before`` did not."""
    return sum((Counter(after) - Counter(before)).values())


@pytest.mark.parametrize(("game", "rules"), [GAMES[1], GAMES[3], GAMES[4]])
def test_an_action_narrates_only_the_lines_it_adds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str,
                                                  rules: dict[str, Any]) -> None:
    lobby, table = seated_table(tmp_path, game, rules, seed=3)
    for seat in readers(table):  # every seat and a spectator in English, a seat and a spectator in French
        for lang in LANGS if seat in (0, None) else LANGS[:1]:
            lobby.hub.add(Connection(table.id, seat, None, 10**9, 10**12, lang))
    words = words_of(table.game)

    def stories() -> dict[str, list[StoryLine]]:
        return {lang: words.story(table.state.message_view(0), seat_names(table, lang), lang) for lang in LANGS}

    lobby.publish(table)  # the story of the deal, told before the first action
    made = story_lines_made(monkeypatch, game)
    rng = random.Random(3)
    told: list[int] = []
    longest = 0
    after = stories()
    while not table.state.is_terminal:
        before = after
        move(table, rng)
        after = stories()
        made.clear()
        lobby.publish(table)
        told.append(made["lines"])
        assert made["lines"] <= sum(new_lines(before[lang], after[lang]) for lang in LANGS), table.version
        longest = max(longest, len(after["en"]))
    assert longest > 40 and sum(told) > 0


def test_what_every_reader_shares_is_built_once_per_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby, table = seated_table(tmp_path, "tonk", {"players": 3}, seed=5)
    for seat in readers(table):
        for lang in LANGS:
            lobby.hub.add(Connection(table.id, seat, None, 10**9, 10**12, lang))
    built: Counter[str] = Counter()
    summary = lobby.messages.summary
    monkeypatch.setattr(lobby.messages, "summary", lambda table, lang="en": built.update(["summary " + lang]) or
                        summary(table, lang))
    monkeypatch.setattr("parlour.server.messages.seat_names", lambda table, lang: built.update(["names " + lang]) or
                        seat_names(table, lang))
    lobby.publish(table)
    assert built == {f"{part} {lang}": 1 for part in ("summary", "names") for lang in LANGS}
