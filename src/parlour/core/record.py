"""Game records: (game, rules, seed, players, actions, result) as JSON, and replay.

A record holds everything needed to play a game again exactly: the full rule
set (not just a preset name, so later changes to presets cannot alter old
games), the seed, where the game started when it was not a fresh deal (a
hand-built ``position``, or ``start``: a state exported with ``to_json``, for
puzzles and bug reports), and every action in text notation. ``replay``
re-plays it, checking each action and the result. A seed beyond 2^53 is
written as decimal text, so that JavaScript reads it exactly. A record also
names the game's engine version it was made under and the fingerprint of its
last position (``core.versions``): one of another version is kept only when it
replays to that position.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.core.chance import seed_from_json, seed_to_json
from parlour.core.errors import ActionDoesNotReplay, ParlourError, RecordError
from parlour.core.game import Action, State
from parlour.core.registry import load_game
from parlour.core.versions import EngineChanged, position_digest

FORMAT = 1


@dataclass
class GameRecord:
    game: str
    rules: dict[str, Any]
    seed: int
    players: list[str]
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    position: dict[str, Any] | None = None
    start: dict[str, Any] | None = None
    dealer: int | None = None
    """The seat that dealt first, when not the game's default (the last seat)."""
    engine: int | None = None
    """The game's engine version the record was made under (None: made before versions were kept)."""
    digest: str | None = None
    """The fingerprint of the record's last position (``core.versions.position_digest``; None: not kept)."""

    @classmethod
    def of(cls, state: State[Any, Any], players: list[str] | None = None) -> GameRecord:
        """The record of ``state`` so far (with its result once it is over)."""
        game = state.game
        names = players or [f"seat {i}" for i in range(game.num_players)]
        actions = state.history()
        origin = state.origin
        if origin is not None:
            actions = actions[len(actions) - (state.version - origin["position"]["version"]):]
        return cls(
            game=game.spec.name,
            rules=game.rules.to_dict(),
            seed=state.seed,
            players=list(names),
            actions=[str(a) for _, a in actions],
            result=result_of(state) if state.is_terminal else None,
            position=dict(state.start) if state.start is not None and origin is None else None,
            start=dict(origin) if origin is not None else None,
            dealer=(state.first_dealer if state.start is None and origin is None
                    and state.first_dealer != game.num_players - 1 else None),
            engine=game.spec.engine_version,
            digest=position_digest(state),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules": self.rules,
            "seed": seed_to_json(self.seed),
            "players": self.players,
            "actions": self.actions,
            "result": self.result,
        }
        if self.position is not None:
            out["position"] = self.position
        if self.start is not None:
            out["start"] = self.start
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.engine is not None:
            out["engine"] = self.engine
        if self.digest is not None:
            out["digest"] = self.digest
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any, where: str = "record") -> GameRecord:
        """Check the shape of ``data`` and build a record, or raise ``RecordError``."""
        if not isinstance(data, Mapping):
            raise RecordError(f"{where}: a record is a JSON object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"{where}: unknown record format {data.get('format')!r}; this reads {FORMAT}")
        expected: dict[str, tuple[type, ...]] = {
            "game": (str,), "rules": (dict,), "seed": (int, str), "players": (list,),
            "actions": (list,),
        }
        for key, types in expected.items():
            if key not in data:
                raise RecordError(f"{where}: missing field {key!r}; a record has " + ", ".join(expected))
            if not isinstance(data[key], types) or isinstance(data[key], bool):
                raise RecordError(
                    f"{where}: field {key!r} should be {types[0].__name__}, got {data[key]!r}"[:300]
                )
        for i, text in enumerate(data["actions"]):
            if not isinstance(text, str):
                raise RecordError(f"{where}: action {i + 1} should be text, got {text!r}"[:300])
        seed = seed_from_json(data["seed"], f"{where}: field 'seed'")
        result, position, start = data.get("result"), data.get("position"), data.get("start")
        if result is not None and not isinstance(result, dict):
            raise RecordError(f"{where}: field 'result' should be an object or null, got {result!r}"[:300])
        if position is not None and not isinstance(position, dict):
            raise RecordError(f"{where}: field 'position' should be an object, got {position!r}"[:300])
        if start is not None and not isinstance(start, dict):
            raise RecordError(f"{where}: field 'start' should be an exported state, got {start!r}"[:300])
        if start is not None and position is not None:
            raise RecordError(f"{where}: a record starts from a 'position' or from a 'start' state, not both")
        dealer = data.get("dealer")
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
            raise RecordError(f"{where}: field 'dealer' should be a seat number, got {dealer!r}"[:300])
        engine, digest = data.get("engine"), data.get("digest")
        if engine is not None and (not isinstance(engine, int) or isinstance(engine, bool) or engine < 1):
            raise RecordError(f"{where}: field 'engine' should be an engine version (1 or more), got {engine!r}"[:300])
        if digest is not None and not isinstance(digest, str):
            raise RecordError(f"{where}: field 'digest' should be a position's fingerprint, got {digest!r}"[:300])
        return cls(
            game=data["game"], rules=dict(data["rules"]), seed=seed,
            players=[str(p) for p in data["players"]], actions=list(data["actions"]),
            result=result, position=position, start=start, dealer=dealer, engine=engine, digest=digest,
        )

    @classmethod
    def from_json(cls, text: str, where: str = "record") -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"{where}: not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
        return cls.from_dict(data, where)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"cannot read record {str(path)!r}: {e}") from None
        return cls.from_json(text, where=str(path))


def result_of(state: State[Any, Any]) -> dict[str, Any]:
    """The result part of a record: returns and any payments."""
    return {
        "returns": state.returns(),
        "payments": [[e.payer, e.payee, e.stakes] for e in state.settlement()],
    }


Step = Callable[[State[Any, Any], int, Action], None]


def start_of(record: GameRecord) -> State[Any, Any]:
    """The state ``record`` starts from: a fresh deal, its hand-built position, or its exported state."""
    try:
        game = load_game(record.game, **record.rules)
        if record.start is not None:
            return game.state_from_json(record.start)
        return game.new_state(record.seed, record.position, record.dealer)
    except ParlourError as e:
        raise RecordError(f"the record's game cannot be set up: {e}") from None


def replay(record: GameRecord, on_step: Step | None = None, digests: Sequence[str | None] = ()) -> State[Any, Any]:
    """Play ``record`` again, checking each action, the stored result and the last position's fingerprint.

    ``on_step(state, seat, action)`` is called after each action. Raises ``RecordError`` naming the first
    action that does not replay (``ActionDoesNotReplay``: the engine's reason, which may name cards, apart).
    A record made under another engine version than the game's now (or an unknown one) is also checked
    against ``digests``, the fingerprints of the position after each action where they were kept (a stored
    table's), and refused with ``EngineChanged`` naming both versions.
    """
    state = start_of(record)
    running = state.game.spec.engine_version
    if record.engine == running:
        return replay_from(state, record, on_step, ())
    try:
        return replay_from(state, record, on_step, digests)
    except EngineChanged:
        raise
    except RecordError as e:
        raise EngineChanged(record.game, record.engine, running, str(e)) from None


def replay_from(state: State[Any, Any], record: GameRecord, on_step: Step | None,
                digests: Sequence[str | None]) -> State[Any, Any]:
    """Play ``record``'s actions on ``state`` (its start), checking each action, each position that has a
    fingerprint in ``digests``, and where the record ends."""
    for i, text in enumerate(record.actions, start=1):
        if state.is_terminal:
            raise RecordError(f"action {i} {text!r}: the game was already over")
        seat = state.current_player
        try:
            action = state.apply(text)
        except ParlourError as e:
            raise ActionDoesNotReplay(i, text, seat, e) from None
        expected = digests[i - 1] if i <= len(digests) else None
        if expected is not None and position_digest(state) != expected:
            raise RecordError(f"action {i} {text!r} by seat {seat} leads to another position than the one stored")
        if on_step is not None:
            on_step(state, seat, action)
    if record.result is not None:
        if not state.is_terminal:
            raise RecordError("the record has a result but its actions do not finish the game")
        mine = result_of(state)
        if mine != record.result:
            raise RecordError(f"the replay ends with {mine}, but the record says {record.result}")
    if record.digest is not None and position_digest(state) != record.digest:
        raise RecordError(f"the replay of {len(record.actions)} actions ends at another position than the record's")
    return state
