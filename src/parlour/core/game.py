"""The contracts every game fulfils: Game, State, View and Action.

A ``Game`` is a rule set with its flags fixed; it starts ``State`` objects,
reads action text and builds states consistent with a seat's view
(``determinize``). A ``State`` is mutable and cheap to ``clone``; its only
randomness is a ``random.Random`` it owns, so (rules, seed, actions) always
replays to the identical state. A ``View`` is the JSON-able part of a state one
seat may know; it never holds a card hidden from that seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from parlour.core.rules import Rules

TERMINAL = -1
"""``current_player`` of a finished game."""

View = dict[str, Any]
"""What one seat (or a spectator, seat ``None``) may know, as plain JSON data.

Keys are the game's own, with three shared: ``game`` (its name), ``seat``
and ``version``; a game of several deals keeps the finished ones, revealed,
under ``results``.
"""


class Action(Protocol):
    """A small frozen value whose ``str`` is its text notation."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True)
class GameSpec:
    """What kind of game this is, declared once per game."""

    name: str
    title: str
    min_players: int
    max_players: int
    information: Literal["perfect", "imperfect"]
    description: str


@dataclass(frozen=True)
class LedgerEntry:
    """``payer`` pays ``payee`` ``stakes`` stakes (``amount`` in units) in hand ``hand``."""

    payer: int
    payee: int
    stakes: int
    amount: int
    hand: int
    reason: str


class PublicEntry:
    """An action already rendered as text: what a determinized state's log holds."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"PublicEntry({self.text!r})"


History = tuple[Any, ...] | None
"""A shared, immutable linked list of ``(seat, action, previous)``; ``None`` is empty."""


RulesT = TypeVar("RulesT", bound=Rules)


class State(ABC):
    """One position of a game, mutable; see the module docstring for the contract."""

    game: Game[Any]
    seed: int
    position: Mapping[str, Any] | None
    """The position the game started from, when not a fresh deal."""
    version: int
    """How many actions have been applied: the server rejects actions made on an older one."""
    _history: History

    def __init__(self, game: Game[Any], seed: int, position: Mapping[str, Any] | None = None) -> None:
        """A fresh deal from ``seed``, or the hand-built ``position`` (see ``Game.new_state``)."""
        self._blank(game, seed)
        self.position = position
        if position is None:
            self._deal()
        else:
            self._set_up(position)

    def _blank(self, game: Game[Any], seed: int) -> None:
        """Every field at its start value, nothing dealt; ``determinize`` starts from here too.

        Games extend it with their own fields, after calling this one.
        """
        self.game = game
        self.seed = seed
        self.position = None
        self.version = 0
        self._history = None

    @abstractmethod
    def _deal(self) -> None:
        """Deal the first hand from the state's own generator."""

    @abstractmethod
    def _set_up(self, position: Mapping[str, Any]) -> None:
        """Put the state in a hand-built position, or raise ``RulesError`` quoting what cannot be used."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL``."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the seat to play, in a deterministic order."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play ``action``; raise ``IllegalActionError`` (state unchanged) if not legal."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result so far (final once terminal)."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know; ``None`` is a spectator's (public) view."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: applying actions to one never changes the other."""

    @abstractmethod
    def hand(self, seat: int) -> list[int]:
        """The card ids in ``seat``'s hand."""

    @abstractmethod
    def hidden_cards(self, seat: int | None) -> set[int]:
        """The card ids ``seat`` cannot see (others' unknown cards, the stock)."""

    def estimate(self) -> list[float]:
        """Each seat's expected return judged from this position alone, without playing on.

        Search bots use it where they cut a simulation short; once the game
        is over it is ``returns()``. The default knows nothing more than the
        returns so far; games whose returns only come at the very end
        (a Plonk match, a Tock race) say who is ahead.
        """
        return self.returns()

    def settlement(self) -> list[LedgerEntry]:
        """Money that changed hands so far, for games played for stakes."""
        return []

    def history(self) -> list[tuple[int, Action]]:
        """Every (seat, action) applied since the start, oldest first."""
        out: list[tuple[int, Action]] = []
        node = self._history
        while node is not None:
            out.append((node[0], node[1]))
            node = node[2]
        out.reverse()
        return out

    def apply_text(self, text: str) -> Action:
        """Read ``text`` as an action here and play it; returns the action."""
        action = self.game.parse_action(text, self)
        self.apply(action)
        return action


class Game(ABC, Generic[RulesT]):
    """A game with its rules fixed; starts states and reads action text."""

    spec: ClassVar[GameSpec]
    rules_type: ClassVar[type[Rules]]

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules
        self._spec_string: str | None = None

    @property
    def num_players(self) -> int:
        return self.rules.players

    @abstractmethod
    def new_state(self, seed: int, position: Mapping[str, Any] | None = None) -> State:
        """The start of a game whose every random event follows from ``seed``.

        ``position`` sets up a position to play from instead of a fresh deal
        (for tests, puzzles and teaching); each game documents its keys and
        raises ``RulesError`` quoting what it cannot use.
        """

    @abstractmethod
    def parse_action(self, text: str, state: State | None = None) -> Action:
        """Read ``text`` (case-insensitive) or raise ``InvalidActionError`` quoting it."""

    @abstractmethod
    def determinize(self, view: View, rng: random.Random) -> State:
        """A full state consistent with ``view``, hidden cards dealt at random by ``rng``."""

    def determinizer(self, view: View) -> Callable[[random.Random], State]:
        """A sampler of states consistent with ``view``, for drawing many of them.

        Search bots call it once per decision and the sampler once per
        iteration; games override it to read the view only once.
        """
        return lambda rng: self.determinize(view, rng)

    def name_with_rules(self) -> str:
        """The spec string ``load_game`` reads back: ``tonk:classic?players=3&jokers=2``.

        It names the preset the rules differ least from, and the flags that differ.
        Worked out once per game: the server puts it in every message.
        """
        if self._spec_string is None:
            self._spec_string = self._spec()
        return self._spec_string

    def _spec(self) -> str:
        rules = self.rules
        mine = rules.to_dict()
        rules_type = type(rules)
        best: tuple[int, str, dict[str, Any]] | None = None
        for name in [*rules_type.presets] or [""]:
            base = rules_type.build(name or None, players=rules.players).to_dict()
            changed = {k: v for k, v in mine.items() if k == "players" or v != base[k]}
            if best is None or len(changed) < len(best[2]):
                best = (len(changed), name, changed)
        assert best is not None
        _, preset, changed = best
        query = "&".join(
            f"{k}={'none' if v is None else str(v).lower()}" for k, v in changed.items()
        )
        return f"{self.spec.name}:{preset}?{query}" if preset else f"{self.spec.name}?{query}"

    def __repr__(self) -> str:
        return f"load_game({self.name_with_rules()!r})"
