"""A test kit for game plug-ins: ``check_game(game)`` plays seeded random games and checks the game contract.

Third-party game authors call it from their own tests, as ``pgx.api_test``
or OpenSpiel's ``random_sim_test`` are called::

    from parlour.testing import check_game

    def test_my_game_keeps_the_contract() -> None:
        check_game(MyGame(MyRules()), games=5, seed=0)

Over ``games`` seeded random games (random legal actions to the end, at most
``max_steps`` of them) and about ``samples`` states spread over each game, it
checks:

* **the contract**: a live state has legal actions, a finished one has none
  and one return per seat, adding up to ``game.returns_sum`` where the rules
  fix it; the game ends within ``max_steps``;
* **action notation**: ``str(action)`` parses back, in any case, to the
  same action through ``game.parse_action``;
* **JSON**: ``State.to_json`` read back by ``Game.state_from_json`` (through
  real JSON text) gives an equal state with the same views; a record of the
  game, written and read back, replays to the same end;
* **determinism**: the same rules, seed and actions give the same states,
  views and returns; ``clone()`` shares nothing with its original;
* **no hidden card in views**: a seat's view is unchanged when the cards it
  may not know are dealt again by ``game.determinize`` and
  ``game.determinizer`` from that view, the spectator's view too; no view
  names a card of ``hidden_cards(seat)`` that is not also visible elsewhere.

The first problem raises ``GameCheckError`` (an ``AssertionError``, so test
runners report it as a failure) naming the game, the seed and the step.
The module needs no test runner: it imports the engine core only.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from functools import partial
from typing import Any

from parlour.core.cards import face
from parlour.core.game import Action, Game, State, View
from parlour.core.record import GameRecord, replay, result_of
from parlour.core.registry import game_classes
from parlour.core.shapes import mismatches, shape_of

__all__ = ["GameCheckError", "check_game", "faces_in", "long_random_action", "random_walk", "snapshot"]

AnyState = State[Any, Any]
AnyGame = Game[Any]
StateCheck = Callable[[AnyGame, AnyState, random.Random], None]

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z=])(10|[2-9AJQK])([cdhs])(?![0-9A-Za-z])")
"""A card named in a view; not the card a joker stands for (``Jk=5h``), which may be hidden elsewhere."""
RANK_INDEX = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])}


class GameCheckError(AssertionError):
    """A game broke its contract: the message names the game, the seed, the step and the problem."""


def snapshot(state: AnyState) -> str:
    """Everything observable about a state, as text: every seat's view, returns, legal actions, version."""
    seats: list[int | None] = [*range(state.game.num_players), None]
    return json.dumps([
        [state.view(p) for p in seats],
        state.returns(),
        [str(a) for a in state.legal_actions()],
        state.version,
    ], sort_keys=True, default=str)


def faces_in(view: View) -> set[int]:
    """The faces named in a view's current deal (past deals, under ``results``, are public history)."""
    text = json.dumps({k: v for k, v in view.items() if k != "results"}, default=str)
    return {"cdhs".index(m.group(2)) * 13 + RANK_INDEX[m.group(1)] for m in CARD_TOKEN.finditer(text)}


def _hand_ended(before: AnyState, after: AnyState) -> bool:
    """Whether ``after`` records more finished deals than ``before``."""
    return len(after.view(None).get("results") or ()) > len(before.view(None).get("results") or ())


def long_random_action(state: AnyState, rng: random.Random) -> Action:
    """A random legal action that, nine times in ten, does not end the game when another would not.

    Uniformly random play ends many card games at once (a drop or a knock
    is often on offer); this keeps games long enough to reach deep positions.
    """
    legal: list[Action] = list(state.legal_actions())
    rng.shuffle(legal)
    if len(legal) > 1 and rng.random() < 0.9:
        for action in legal:
            trial = state.clone()
            trial.apply(action)
            if not trial.is_terminal and trial.version - state.version <= 1 and not _hand_ended(state, trial):
                return action
    return legal[0]


def random_walk(game: AnyGame, seed: int, samples: int = 40, max_steps: int = 20_000,
                choose: Callable[[AnyState, random.Random], Action] = long_random_action,
                ) -> tuple[list[Action], list[AnyState]]:
    """The actions of one seeded random game and about ``samples`` states spread over it, its end included."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    actions: list[Action] = []
    while not state.is_terminal:
        if len(actions) >= max_steps:
            raise GameCheckError(f"{_name(game)}, seed {seed}: not over after {max_steps} steps")
        if not state.legal_actions():
            raise GameCheckError(f"{_name(game)}, seed {seed}, step {len(actions)}: a live state has no legal action")
        action = choose(state, rng)
        state.apply(action)
        actions.append(action)
    stride = max(1, len(actions) // max(1, samples))
    replayed = game.new_state(seed)
    seen: list[AnyState] = []
    for i, action in enumerate(actions):
        if i % stride == 0:
            seen.append(replayed.clone())
        replayed.apply(action)
    seen.append(replayed)
    return actions, seen


def _name(game: AnyGame) -> str:
    return f"game {game.name_with_rules()!r}"


def check_game(game: AnyGame, *, games: int = 3, seed: int = 0, samples: int = 12, max_steps: int = 20_000) -> None:
    """Play ``games`` random games of ``game`` from seeds ``seed``, ``seed + 1``, … and check the contract.

    ``samples`` states of each game are checked in depth; ``max_steps`` caps
    a game's length. Raises ``GameCheckError`` on the first problem.
    """
    for s in range(seed, seed + games):
        actions, states = random_walk(game, s, samples, max_steps)
        _check_whole_game(game, s, actions, states[-1])
        universe = _all_cards(states[0])
        views: StateCheck = partial(_check_views, universe=universe)
        checks: tuple[tuple[str, StateCheck], ...] = (*_STATE_CHECKS, ("views", views))
        for state in states:
            step = state.version
            for name, check in checks:
                try:
                    check(game, state, random.Random(s * 7919 + step))
                except GameCheckError as e:
                    raise GameCheckError(f"{_name(game)}, seed {s}, step {step}: {name}: {e}") from None
                except Exception as e:
                    raise GameCheckError(f"{_name(game)}, seed {s}, step {step}: {name}: raised {e!r}") from e


def _check_whole_game(game: AnyGame, seed: int, actions: list[Action], end: AnyState) -> None:
    """The end of the game, determinism of a replay, and the record's JSON round trip."""
    where = f"{_name(game)}, seed {seed}, step {end.version}"
    if not end.is_terminal or len(end.returns()) != game.num_players or list(end.legal_actions()):
        raise GameCheckError(f"{where}: the end should have {game.num_players} returns and no legal action, "
                             f"got returns {end.returns()} and actions {[str(a) for a in end.legal_actions()]}")
    total = game.returns_sum
    if total is not None and abs(sum(end.returns()) - total) > 1e-9:
        raise GameCheckError(f"{where}: the returns {end.returns()} should add up to the game's returns_sum {total}")
    again = game.new_state(seed)
    for action in actions:
        again.apply(action)
    if snapshot(again) != snapshot(end):
        raise GameCheckError(f"{where}: determinism: the same seed and actions led elsewhere")
    try:
        record = GameRecord.from_json(GameRecord.of(end).to_json())
        replayed = _replay(game, record)
    except Exception as e:
        raise GameCheckError(f"{where}: record: the JSON record does not replay: {e!r}") from e
    if snapshot(replayed) != snapshot(end) or result_of(replayed) != record.result:
        raise GameCheckError(f"{where}: record: the JSON record replays to another end")


def _replay(game: AnyGame, record: GameRecord) -> AnyState:
    """``record`` played again on ``game`` itself (registered or not), then through the registry if it is there."""
    if record.game != game.spec.name or record.rules != game.rules.to_dict():
        raise GameCheckError(f"the record names {record.game!r} with rules {record.rules}")
    state = game.new_state(record.seed, record.position, record.dealer)
    for text in record.actions:
        state.apply(text)
    if record.game in game_classes() and type(game) is game_classes()[record.game]:
        again = replay(record)
        if snapshot(again) != snapshot(state):
            raise GameCheckError("the registry's replay of the record ends elsewhere")
    return state


def _check_actions(game: AnyGame, state: AnyState, rng: random.Random) -> None:
    """Every legal action's text reads back to it, in any case."""
    for action in state.legal_actions():
        text = str(action)
        for written in (text, text.upper()):
            read = game.parse_action(written, state)
            if read != action:
                raise GameCheckError(f"action {written!r} reads back as {read!r}, not {action!r}")


def _check_json(game: AnyGame, state: AnyState, rng: random.Random) -> None:
    """``to_json`` through JSON text and ``state_from_json`` give an equal state with the same views."""
    text = json.dumps(state.to_json())
    back = game.state_from_json(json.loads(text))
    if back != state or snapshot(back) != snapshot(state):
        raise GameCheckError(f"the state read back from its JSON differs ({_fields_differing(state.pos, back.pos)})")


def _fields_differing(a: object, b: object) -> str:
    """The dataclass fields on which two positions differ, to say what a JSON round trip lost."""
    if not is_dataclass(a) or not is_dataclass(b):
        return "the positions are not dataclasses"
    names = [f.name for f in fields(a) if getattr(a, f.name, None) != getattr(b, f.name, None)]
    return "position fields " + ", ".join(names) if names else "views or legal actions, not position fields"


def _check_clone(game: AnyGame, state: AnyState, rng: random.Random) -> None:
    """A clone looks the same and playing it on leaves the original untouched."""
    before = snapshot(state)
    twin = state.clone()
    if snapshot(twin) != before:
        raise GameCheckError("the clone differs from its original")
    for _ in range(60):
        if twin.is_terminal:
            break
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    if snapshot(state) != before:
        raise GameCheckError("playing on a clone changed its original: they share state")


def _seats(game: AnyGame) -> Iterator[int | None]:
    yield from range(game.num_players)
    yield None


def _check_views(game: AnyGame, state: AnyState, rng: random.Random, *, universe: set[int]) -> None:
    """Views fit the shape the game declares (its ``view_shape`` module, when it has one), are unchanged when
    hidden cards are dealt again, and name no hidden card.

    ``universe`` is every card of the game (read from its first state): a
    face named in a view is a leak only when no copy of it is visible.
    """
    spectator = state.view(None)
    shape = shape_of(type(game))
    for seat in _seats(game):
        view = state.view(seat)
        departures = [] if shape is None else mismatches(
            view, shape, "the spectator's view" if seat is None else f"seat {seat}'s view")
        if departures:
            raise GameCheckError(f"{departures[0]} (the game's view shape declares otherwise)")
        sampler = game.determinizer(view)
        for guess in (game.determinize(view, rng), sampler(rng), sampler(rng)):
            if guess.view(seat) != view:
                raise GameCheckError(f"seat {seat}'s view changes when the cards it cannot see are dealt again: "
                                     f"it depends on hidden cards ({_diff(view, guess.view(seat))})")
            if guess.view(None) != spectator:
                raise GameCheckError(f"the spectator's view changes when the cards seat {seat} cannot see are "
                                     f"dealt again ({_diff(spectator, guess.view(None))})")
            if seat == state.current_player and [str(a) for a in guess.legal_actions()] != [
                    str(a) for a in state.legal_actions()]:
                raise GameCheckError(f"seat {seat}'s legal actions change when hidden cards are dealt again")
        hidden = state.hidden_cards(seat)
        if seat is not None and set(state.hand(seat)) & hidden:
            raise GameCheckError(f"seat {seat}'s own hand is among the cards it cannot see")
        visible = {face(c) for c in universe - hidden}
        leaked = (faces_in(view) & {face(c) for c in hidden}) - visible
        if leaked:
            raise GameCheckError(f"seat {seat}'s view names hidden cards (faces {sorted(leaked)})")


def _diff(a: View, b: View) -> str:
    """The keys on which two views differ."""
    keys = sorted(k for k in {*a, *b} if a.get(k) != b.get(k))
    return "keys " + ", ".join(map(str, keys)) if keys else "no key differs"


def _all_cards(state: AnyState) -> set[int]:
    """Every card id of a game, read from a state before any card is played."""
    cards = set(state.hidden_cards(None))
    for seat in range(state.game.num_players):
        cards |= set(state.hand(seat))
    return cards | set(range(max(cards, default=-1) + 1))


_STATE_CHECKS: tuple[tuple[str, StateCheck], ...] = (
    ("action notation", _check_actions),
    ("JSON", _check_json),
    ("clone", _check_clone),
)
