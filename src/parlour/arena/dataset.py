"""Game records replayed into a learner's dataset: one row per word decision, as ``parlour.rl`` shows it.

Each record (rules, seed, actions) is played again, and every action is
split into the words a learner chooses it by (``core.encoding.WordChooser``):
one row per word actually chosen, so a word implied by those before it (the
only legal way to go on) has no row, and ``END`` has one when it closed an
action. A row holds

* ``observation``: ``core.encoding.observation_of`` of the acting seat's view
  and of the words of its action chosen so far, what ``parlour.rl`` (both
  environments) and the ``learned`` bot give a policy;
* ``mask``: the words that lead to a legal action (``WordChooser.mask``);
* ``action``: the word chosen (its index in the vocabulary);
* ``reward``: what ``parlour.rl.single_agent`` (``reward="game"``) would pay
  a learner at that seat for that word: the change of the seat's return from
  this row to the seat's next row (to the end of the game for its last), its
  first row also getting what its return changed before it (a Tonk hand of a
  match decided at the deal, other seats' moves). Words that do not settle an
  action get 0, since nothing moves before the same seat's next word, except
  a seat's first word, with what came before it. So each seat's rewards in a
  game add up to its return, for every seat that chose at least one word (a
  seat whose game ended before its first turn has no rows; the game's returns
  are in the metadata);
* ``seat``: the acting seat; ``game``: the record's index among those read
  (0 for the first), ``settled``: whether this word settled the action;
* ``next_observation`` and ``next_mask``: the acting seat's next row's
  ``observation`` and ``mask`` (its next word, of this action or its next
  one), or after its last row, what the environments show the seat when the
  record ends: its view of the final position encoded (no word chosen), and
  a mask of zeros (the legal words if the record stops at the seat's own
  turn before the game's end);
* ``terminal``: whether the game ended after this row with no further row of
  the seat, so ``(observation, action, reward, next_observation, terminal)``
  is a transition as ``single_agent`` makes it at that seat, ``terminal`` its
  ``terminated``: a value learner bootstraps from ``next_observation``
  unless ``terminal``. A seat's last row in a record that stops before the
  game's end is not terminal (a cut-short episode, to bootstrap from).

Every record must be of the same game with the same rules (the vocabulary and
the observation layout depend on them), and must replay: its actions legal
and its stored result the replay's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from parlour.core.chance import seed_to_json
from parlour.core.encoding import Encoding, WordChooser, encode_into
from parlour.core.errors import ParlourError, RecordError
from parlour.core.game import State
from parlour.core.parts import encoding_of
from parlour.core.record import GameRecord, result_of, start_of
from parlour.core.registry import load_game

RECORDS_FILE = "records.jsonl"
"""The arena's records in its output folder: one record a line."""
COLUMNS = ("observation", "mask", "action", "reward", "seat", "game", "settled", "next_observation", "next_mask",
           "terminal")
"""A dataset's columns, in the order they are written."""


@dataclass(frozen=True)
class Source:
    """Where a record was read: its file, and its line for a file of one record a line (else None)."""

    path: Path
    line: int | None

    def __str__(self) -> str:
        return str(self.path) if self.line is None else f"{self.path}, line {self.line}"


@dataclass
class Dataset:
    """The rows of the records' word decisions (module docstring), one array per column, and the metadata."""

    observation: NDArray[np.float32]
    mask: NDArray[np.int8]
    action: NDArray[np.int32]
    reward: NDArray[np.float32]
    seat: NDArray[np.int8]
    game: NDArray[np.int32]
    settled: NDArray[np.bool_]
    next_observation: NDArray[np.float32]
    next_mask: NDArray[np.int8]
    terminal: NDArray[np.bool_]
    metadata: dict[str, Any] = field(default_factory=dict)

    def columns(self) -> dict[str, NDArray[Any]]:
        """The columns by name, in ``COLUMNS`` order."""
        return {name: getattr(self, name) for name in COLUMNS}


def read_records(paths: Sequence[Path]) -> list[tuple[Source, GameRecord]]:
    """The records in ``paths``, in order: an arena's output folder (its ``records.jsonl``), a file of one
    record a line (``.jsonl``), or a file holding one record (``parlour play --save``). ``RecordError``
    quotes a path that cannot be read, or the line that is no record."""
    out: list[tuple[Source, GameRecord]] = []
    for path in paths:
        if path.is_dir():
            if not (path / RECORDS_FILE).is_file():
                raise RecordError(f"{str(path)!r} is a folder without {RECORDS_FILE}: give an arena's output "
                                  f"folder, a records .jsonl file or a record .json file")
            path = path / RECORDS_FILE
        if not path.exists():
            raise RecordError(f"{str(path)!r} does not exist: give an arena's output folder, a records .jsonl "
                              f"file or a record .json file")
        if path.suffix != ".jsonl":
            out.append((Source(path, None), GameRecord.load(path)))
            continue
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"cannot read records {str(path)!r}: {e}") from None
        for number, line in enumerate(lines, start=1):
            if line.strip():
                source = Source(path, number)
                out.append((source, GameRecord.from_json(line, where=str(source))))
    if not out:
        raise RecordError(f"no records in {', '.join(repr(str(p)) for p in paths)}: an arena's records.jsonl "
                          f"holds one record a line")
    return out


def dataset(records: Sequence[tuple[Source, GameRecord]], seats: Iterable[str] = ()) -> Dataset:
    """Replay ``records`` (all of one game and rule set) into a dataset (module docstring). ``seats`` keeps
    only the rows of the seats named: a seat number (0 is the first) or a player's name as the records hold
    it (an arena's: the bot spec), which may sit at different seats from game to game."""
    if not records:
        raise RecordError("no records to replay: give at least one")
    first_source, first = records[0]
    try:
        game = load_game(first.game, **first.rules)
    except ParlourError as e:
        raise RecordError(f"{first_source}: the record's game cannot be set up: {e}") from None
    spec = game.name_with_rules()
    encoding = encoding_of(game)
    for source, record in records:
        if record.game != first.game or record.rules != first.rules:
            other = record.game
            with suppress(ParlourError):
                other = load_game(record.game, **record.rules).name_with_rules()
            raise RecordError(f"{source}: a record of {other!r} among records of {spec!r}: a dataset holds one "
                              f"game with one rule set (its words and observation layout depend on them)")
    wanted = set(seats)
    check_seats(wanted, game.num_players, [record for _, record in records])
    parts: list[dict[str, NDArray[Any]]] = []
    for index, (source, record) in enumerate(records):
        try:
            rows = game_rows(encoding, record, index)
        except RecordError as e:
            raise RecordError(f"{source}: {e}") from None
        if wanted:
            keep = [seat for seat, name in enumerate(record.players) if str(seat) in wanted or name in wanted]
            rows = {name: column[np.isin(rows["seat"], keep)] for name, column in rows.items()}
        parts.append(rows)
    columns = {name: np.concatenate([part[name] for part in parts]) for name in COLUMNS}
    return Dataset(**columns, metadata=metadata(spec, encoding, records, sorted(wanted)))


def check_seats(wanted: set[str], players: int, records: Sequence[GameRecord]) -> None:
    """``RecordError`` for a name in ``wanted`` that is no seat number of the game and no player's name."""
    names = sorted({name for record in records for name in record.players})
    for name in sorted(wanted):
        if name not in names and not (name.isdigit() and int(name) < players):
            raise RecordError(f"--seats {name!r}: give a seat number, 0 to {players - 1}, or a player's name as "
                              f"the records hold it: {', '.join(names)}")


def game_rows(encoding: Encoding, record: GameRecord, index: int) -> dict[str, NDArray[Any]]:
    """The rows of one record, checked as ``core.record.replay`` checks it (``RecordError`` otherwise)."""
    state = start_of(record)
    words = WordChooser(encoding.vocabulary)
    size = encoding.layout.size + len(encoding.vocabulary)
    observations: list[NDArray[np.float32]] = []
    masks: list[NDArray[np.int8]] = []
    actions: list[int] = []
    seats: list[int] = []
    settled: list[bool] = []
    rewards: list[float] = []
    last_row: dict[int, int] = {}
    """Per seat, its latest row: it is paid what its return gains until the seat's next row."""
    credited = [0.0] * state.game.num_players
    """Per seat, its return as far as its rows have been paid it."""

    def pay(returns: Sequence[float], seat: int) -> None:
        if seat in last_row:
            rewards[last_row[seat]] += returns[seat] - credited[seat]
            credited[seat] = returns[seat]

    for number, text in enumerate(record.actions, start=1):
        if state.is_terminal:
            raise RecordError(f"action {number} {text!r}: the game was already over")
        seat = state.current_player
        legal = state.legal_actions()
        try:
            action = state.game.parse_action(text, state)
        except ParlourError as e:
            raise RecordError(f"action {number} {text!r} by seat {seat} does not replay: {e}") from None
        if action not in legal:
            raise RecordError(f"action {number} {text!r} by seat {seat} does not replay: it is not legal here")
        returns = state.returns()
        pay(returns, seat)
        words.begin(legal)
        first_word = seat not in last_row
        done: object | None = None
        for word in [*words.words_of(action), 0]:
            row = np.zeros(size, np.float32)
            encode_into(encoding, state, seat, words, row)
            mask = np.zeros(len(encoding.vocabulary), np.int8)
            mask[list(words.allowed())] = 1
            done = words.choose(word)
            observations.append(row)
            masks.append(mask)
            actions.append(word)
            seats.append(seat)
            settled.append(done is not None)
            rewards.append(returns[seat] - credited[seat] if first_word else 0.0)
            if first_word:
                credited[seat] = returns[seat]
                first_word = False
            if done is not None:
                break
        if done != action:
            raise RecordError(f"action {number} {text!r}: its words settle {done!r}, another action")
        last_row[seat] = len(actions) - 1
        state.apply(action)
    final = state.returns()
    for seat in range(state.game.num_players):
        pay(final, seat)
    nexts = next_rows(encoding, state, words, seats, observations, masks)
    if record.result is not None:
        if not state.is_terminal:
            raise RecordError("the record has a result but its actions do not finish the game")
        if result_of(state) != record.result:
            raise RecordError(f"the replay ends with {result_of(state)}, but the record says {record.result}")
    count = len(actions)
    return {
        "observation": np.stack(observations) if observations else np.zeros((0, size), np.float32),
        "mask": np.stack(masks) if masks else np.zeros((0, len(encoding.vocabulary)), np.int8),
        "action": np.asarray(actions, np.int32),
        "reward": np.asarray(rewards, np.float32),
        "seat": np.asarray(seats, np.int8),
        "game": np.full(count, index, np.int32),
        "settled": np.asarray(settled, np.bool_),
        **nexts,
    }


def next_rows(encoding: Encoding, state: State[Any, Any], words: WordChooser, seats: Sequence[int],
              observations: Sequence[NDArray[np.float32]],
              masks: Sequence[NDArray[np.int8]]) -> dict[str, NDArray[Any]]:
    """The columns ``next_observation``, ``next_mask`` and ``terminal`` (module docstring) of one record's rows,
    acted by ``seats`` and seen as ``observations`` and ``masks``; ``state`` is where the record ends."""
    count = len(seats)
    size = encoding.layout.size + len(encoding.vocabulary)
    over = state.is_terminal
    if not over:
        words.begin(state.legal_actions())
    final: dict[int, tuple[NDArray[np.float32], NDArray[np.int8]]] = {}
    for seat in set(seats):
        seen = np.zeros(size, np.float32)
        encode_into(encoding, state, seat, None, seen)
        mask = np.zeros(len(encoding.vocabulary), np.int8)
        if not over and seat == state.current_player:
            mask[list(words.allowed())] = 1
        final[seat] = (seen, mask)
    next_observation = np.zeros((count, size), np.float32)
    next_mask = np.zeros((count, len(encoding.vocabulary)), np.int8)
    terminal = np.zeros(count, np.bool_)
    following: dict[int, int] = {}
    """Per seat, its row after the one being filled (rows are filled from the last)."""
    for row in range(count - 1, -1, -1):
        seat = seats[row]
        after = following.get(seat)
        if after is None:
            next_observation[row], next_mask[row] = final[seat]
            terminal[row] = over
        else:
            next_observation[row], next_mask[row] = observations[after], masks[after]
        following[seat] = row
    return {"next_observation": next_observation, "next_mask": next_mask, "terminal": terminal}


def metadata(spec: str, encoding: Encoding, records: Sequence[tuple[Source, GameRecord]],
             seats: list[str]) -> dict[str, Any]:
    """What a reader needs beside the rows: the game, its words, the observation's sections, and per game
    (by its index, the ``game`` column) where it was read, its seed, players and returns."""
    words_start = encoding.layout.size
    return {
        "format": 1,
        "spec": spec,
        "vocabulary": list(encoding.vocabulary),
        "observation_size": words_start + len(encoding.vocabulary),
        "layout": [*({"name": s.name, "start": s.start, "size": s.size, "what": s.what, "low": s.low,
                      "high": s.high} for s in encoding.layout.sections),
                   {"name": "chosen words", "start": words_start, "size": len(encoding.vocabulary),
                    "what": "1 for each word of the action chosen so far", "low": 0.0, "high": 1.0}],
        "seats": seats,
        "next_observation": "the acting seat's next row's observation, or after its last row its view where the "
                            "record ends (no word chosen); next_mask likewise (zeros where it has no choice)",
        "terminal": "the game ended after this row, which is the seat's last: bootstrap from next_observation "
                    "unless terminal",
        "reward": "the change of the acting seat's return from this row to its next row (the end of the game "
                  "for its last), its first row also paid what came before it: as parlour.rl.single_agent "
                  "pays; 0 on the other words of an action",
        "games": [{"source": str(source.path), "line": source.line, "seed": seed_to_json(record.seed),
                   "players": record.players,
                   "returns": None if record.result is None else record.result.get("returns")}
                  for source, record in records],
    }
