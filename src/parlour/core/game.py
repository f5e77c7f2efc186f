"""The contracts every game fulfils: Game, RulesOfPlay, State, View and Action.

A game is written as its rules of play (``RulesOfPlay``): pure functions over
its ``Position`` (plain data, see ``core.position``) — the deal or a
hand-built set-up from the seed, who plays, the one legal-move generator and
why anything else is refused, each move's effect, returns, views and the
cards each seat holds or cannot see. A ``Game`` is a rule set with its flags
fixed; it names its rules of play (``play_type``), makes them once
(``Game.play``), starts ``State`` objects, reads action text and builds
states consistent with a seat's view (``determinize``). ``State`` is one
concrete class, the same for every game (compiled with the engine): a
position, its seed and the game's rules of play. ``apply`` lives there, as
OpenSpiel's ``ApplyAction``: it reads text, checks legality against the
rules' legal moves, records the history, then calls the rules' ``apply``,
which changes the position and nothing else. Chance comes from
``core.chance``: no generator lives in a state, so ``clone`` copies data
only and (rules, seed, actions) always replays to the identical state. A
``View`` is the JSON-able part of a state one seat may know; it never holds a
card hidden from that seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import partial
from types import GenericAlias
from typing import Any, ClassVar, Final, Generic, Literal, NamedTuple, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from parlour.core.chance import seed_from_json, seed_to_json
from parlour.core.errors import GAME_OVER, IllegalActionError, RecordError, RulesError
from parlour.core.i18n import SOURCE_LANGUAGE
from parlour.core.position import Position, history_items, history_of
from parlour.core.refusals import Refusal, declare
from parlour.core.rules import Rules

TERMINAL: Final = -1
"""``current_player`` of a finished game."""

STATE_FORMAT = 1
"""The version of ``State.to_json``'s layout."""

View = dict[str, Any]
"""What one seat (or a spectator, seat ``None``) may know, as plain JSON data.

Keys are the game's own, with three shared: ``game`` (its name), ``seat``
and ``version``; a game of several deals keeps the finished ones, revealed,
under ``results``. The view a server sends (``State.message_view``) may keep
only the latest ``RECENT_RESULTS`` of them, and under ``earlier`` the count of
the others and what they added up to per seat or side.
"""

RECENT_RESULTS = 3
"""Finished deals a server's message (``State.message_view``) shows in full."""


class Action(Protocol):
    """A small frozen value whose ``str`` is its text notation."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@mypyc_attr(native_class=False)  # a regular frozen dataclass when compiled: games build theirs at import
@dataclass(frozen=True)
class GameSpec:
    """What kind of game this is, declared once per game (as OpenSpiel's ``GameType``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    information: Literal["perfect", "imperfect"]
    description: str
    utility: tuple[float, float] = (-1.0, 1.0)
    """The least and the most any seat's return can be (a game whose range follows its
    rules overrides ``Game.utility``); search scales its exploration by it."""
    returns_sum: float | None = None
    """What the seats' returns add up to at the end of every game under the default rules (0: what one wins,
    others lose; None: no fixed sum); ``Game.returns_sum`` is the figure of a rule set, which research interfaces
    declare (OpenSpiel's zero- or constant-sum utility)."""
    engine_version: int = 1
    """The version of this game's engine: raise it with any change to its deals, its legal moves or
    its outcomes, which the game's golden digests (``tests/data/golden/NAME/digests.json``) detect. Every record
    and stored table carries the version it was made under; one of another version is replayed and
    kept only when it plays out as stored (``core.versions``)."""


class LedgerEntry(NamedTuple):
    """``payer`` pays ``payee`` ``stakes`` stakes (``amount`` in units) in hand ``hand``.

    A named tuple: games that settle every hand make some at a step of every playout, where a frozen
    dataclass's ``__init__`` cost three times as much."""

    payer: int
    payee: int
    stakes: int
    amount: int
    hand: int
    reason: str


ActionT = TypeVar("ActionT", bound=Hashable)
PositionT = TypeVar("PositionT", bound=Position)
RulesT = TypeVar("RulesT", bound=Rules)


class RulesOfPlay(Protocol[ActionT, PositionT]):
    """A game's rules of play: pure functions over its position, the one thing a game writes to be played.

    One object per rule set (``Game.play``, made from the rules by ``Game.play_type``), shared by every state
    of that game; it keeps constants derived from the rules and nothing that changes in play, which belongs in
    the position. ``State`` calls it for everything: ``legal`` is the one source of legality, ``apply`` changes
    the position and nothing else (history, version and caches are the core's), and every chance event follows
    from the ``seed`` it is given (``core.chance``). In a compiled build it is a native class, so nothing
    interpreted stands between a playout's step and the rules.
    """

    def deal(self, seed: int, dealer: int) -> PositionT:
        """The first position of a game dealt from ``seed`` by ``dealer`` (the seat on its left plays first)."""
        ...

    def set_up(self, position: Mapping[str, Any], seed: int) -> PositionT:
        """A hand-built position (``Game.new_state``'s ``position``), anything left to chance drawn from ``seed``;
        or ``RulesError`` quoting what cannot be used."""
        ...

    def to_play(self, pos: PositionT) -> int:
        """The seat to act at ``pos``, or ``TERMINAL``."""
        ...

    def legal(self, pos: PositionT) -> tuple[ActionT, ...]:
        """Every legal action of the seat to play, in a deterministic order (empty once over)."""
        ...

    def why_illegal(self, pos: PositionT, action: Any) -> str | Refusal:
        """Why ``action``, which is not among ``legal(pos)``, is refused: a ``Refusal`` of a declared code
        (refusals.py), or the English reason itself."""
        ...

    def apply(self, pos: PositionT, seed: int, action: ActionT) -> None:
        """Play the legal ``action`` on ``pos``, whose chance events follow from ``seed``."""
        ...

    def returns(self, pos: PositionT) -> list[float]:
        """Each seat's result so far (final once terminal)."""
        ...

    def estimate(self, pos: PositionT) -> list[float]:
        """Each seat's expected return judged from ``pos`` alone, without playing on; ``returns`` once over.

        Search bots use it where they cut a simulation short: a game whose returns only come at the very end
        (a Plonk match, a Tock race) says who is ahead; any other may answer its ``returns``."""
        ...

    def settlement(self, pos: PositionT) -> list[LedgerEntry]:
        """Money that changed hands so far, for games played for stakes (empty for the others)."""
        ...

    def view(self, pos: PositionT, seat: int | None, recent: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator). With ``recent``, a view that grows with every
        finished deal shows only the latest ``recent`` in full (see ``State.message_view``); a view that does
        not grow ignores it."""
        ...

    def hand(self, pos: PositionT, seat: int) -> list[int]:
        """The card ids in ``seat``'s hand."""
        ...

    def hidden_cards(self, pos: PositionT, seat: int | None) -> set[int]:
        """The card ids ``seat`` cannot see (others' unknown cards, the stock)."""
        ...

    def interned_actions(self) -> type[Any] | None:
        """The game's action type when there is one object per action value and the type compares by identity
        (say, one shared object per card played), else None: ``State.apply`` then finds an action of that type
        among the legal ones with one membership test in C. Anything else is looked for by identity first, then
        by equality, and the legal tuple's own object is the one applied."""
        ...


class MakesRulesOfPlay(Protocol):
    """What ``Game.play_type`` is: the rules of play of a rule set, from those rules (a ``RulesOfPlay`` class)."""

    def __call__(self, rules: Any) -> RulesOfPlay[Any, Any]:
        ...


class State(Generic[ActionT, PositionT]):
    """One game in play: ``pos`` (the data), its ``seed``, and its game's rules of play (``play``).

    The one state class every game shares; a game is written as its ``RulesOfPlay`` (see the module
    docstring), never as a kind of state. Clones share the game and its rules of play and copy the position.
    """

    game: Game[Any]
    seed: int
    pos: PositionT
    play: RulesOfPlay[ActionT, PositionT]
    """The game's rules of play (``game.play``), kept on the state: every step calls it."""
    start: Mapping[str, Any] | None
    """The hand-built position the game started from, when not a fresh deal."""
    first_dealer: int
    """The seat that dealt first (the seat on its left plays first); a rematch rotates it."""
    origin: Mapping[str, Any] | None
    """The exported state (``to_json``) this one was loaded from, if it was: records start there."""
    _legal: tuple[ActionT, ...] | None
    """``legal_actions`` of the position as it is now, once asked; ``apply`` clears it."""
    _interned: type[Any] | None
    """``play.interned_actions()``, kept on the state: ``apply`` reads it at every step."""

    def __init__(self, game: Game[Any], seed: int, pos: PositionT, start: Mapping[str, Any] | None = None) -> None:
        """The state of ``game`` at ``pos``, whose chance events follow from ``seed`` (``Game.new_state`` deals or
        sets up the position; ``determinize`` samples one)."""
        self.game = game
        self.seed = seed
        self.pos = pos
        self.play = game.play
        self.start = start
        self.first_dealer = game.num_players - 1
        self.origin = None
        self._legal = None
        self._interned = self.play.interned_actions()

    @staticmethod
    def of(game: Game[Any], seed: int, pos: Any, start: Mapping[str, Any] | None = None) -> State[Any, Any]:
        """The state of ``game`` at ``pos``, whose future chance events follow from ``seed``."""
        return State(game, seed, pos, start)

    # ---------------------------------------------------------- the rules of play

    @property
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL``."""
        return self.play.to_play(self.pos)

    @property
    def is_terminal(self) -> bool:
        return self.play.to_play(self.pos) == TERMINAL

    def why_illegal(self, action: Any) -> str | Refusal:
        """Why ``action``, which is not among the legal actions, is refused (see ``RulesOfPlay.why_illegal``)."""
        return self.play.why_illegal(self.pos, action)

    def returns(self) -> list[float]:
        """Each seat's result so far (final once terminal)."""
        return self.play.returns(self.pos)

    def estimate(self) -> list[float]:
        """Each seat's expected return judged from this position alone, without playing on (``returns`` once
        over): search bots use it where they cut a simulation short."""
        return self.play.estimate(self.pos)

    def settlement(self) -> list[LedgerEntry]:
        """Money that changed hands so far, for games played for stakes."""
        return self.play.settlement(self.pos)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know; ``None`` is a spectator's (public) view."""
        return self.play.view(self.pos, seat, None)

    def message_view(self, seat: int | None) -> View:
        """``view`` bounded in size whatever the match's length: what a server sends ``seat``.

        A game whose view grows with every deal (the ``results`` of a long match) shows the latest
        ``RECENT_RESULTS`` of them and sums up the rest under ``earlier``:
        ``{"count": deals left out, "totals": [what they added up to, per seat or side]}``; the full
        history is the game's record. Bots and ``determinize`` read full views (``view``), never these.
        """
        return self.play.view(self.pos, seat, RECENT_RESULTS)

    def hand(self, seat: int) -> list[int]:
        """The card ids in ``seat``'s hand."""
        return self.play.hand(self.pos, seat)

    def hidden_cards(self, seat: int | None) -> set[int]:
        """The card ids ``seat`` cannot see (others' unknown cards, the stock)."""
        return self.play.hidden_cards(self.pos, seat)

    # ------------------------------------------------------------- the core's part

    @property
    def version(self) -> int:
        """How many actions have been applied: the server rejects actions made on an older one."""
        return self.pos.version

    def legal_actions(self) -> tuple[ActionT, ...]:
        """Every legal action of the seat to play, in a deterministic order (empty once over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.play.legal(self.pos)
        return legal

    def apply(self, action: ActionT | str) -> ActionT:
        """Play ``action`` (or its text) for the seat to play and return it.

        Raises ``InvalidActionError`` for text that is no action and
        ``IllegalActionError`` (via ``refuse``) for one the rules do not
        allow here; either way the state is unchanged. A refusal of text
        quotes it as typed, not as the game would write the action.
        """
        play = self.play
        pos = self.pos
        legal = self._legal
        if legal is None:
            legal = self._legal = play.legal(pos)
        chosen: ActionT
        if type(action) is self._interned and action in legal:  # identity alone, in C
            chosen = action
        else:
            for listed in legal:  # by identity first: the legal tuple's own objects are what callers pass
                if listed is action:
                    chosen = listed
                    break
            else:
                chosen = self._found(action, legal)
        pos.history = (play.to_play(pos), chosen, pos.history)
        pos.version += 1
        self._legal = None
        play.apply(pos, self.seed, chosen)
        return chosen

    def _found(self, action: ActionT | str, legal: tuple[ActionT, ...]) -> ActionT:
        """The legal action ``action`` is (parsed first when text), found by equality; else its refusal.

        ``apply``'s slow path, for an action that is not one of the legal tuple's own objects."""
        chosen = self.game.parse_action(action, self) if isinstance(action, str) else action
        for listed in legal:
            if listed is chosen:
                return listed
        try:
            return legal[legal.index(chosen)]
        except ValueError:
            quoted = action.strip() if isinstance(action, str) else chosen
            if self.is_terminal:
                raise self.refuse(quoted, Refusal(GAME_OVER), GAME_OVER) from None
            raise self.refuse(quoted, self.why_illegal(chosen)) from None

    def refuse(self, action: Any, why: str | Refusal, code: str | None = None) -> IllegalActionError:
        """The error refusing ``action``: it quotes the action and says why in English (every refusal comes
        here); a game's ``Refusal`` travels with it, the action's text among its parameters."""
        if isinstance(why, str):
            return IllegalActionError(f"'{action}': {why}", code)
        refusal = Refusal(why.code, **{"action": str(action), **why.params})
        return IllegalActionError(f"'{action}': {refusal.text(SOURCE_LANGUAGE)}", code, refusal)

    def clone(self) -> State[ActionT, PositionT]:
        """An independent copy: applying actions to one never changes the other."""
        new: State[ActionT, PositionT] = State(self.game, self.seed, self.pos.copy(), self.start)
        new.first_dealer = self.first_dealer
        new.origin = self.origin
        new._legal = self._legal
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> State[ActionT, PositionT]:
        """``copy.deepcopy`` is ``clone``: the position copied, the game (immutable) shared."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """What pickle keeps: the game, seed and start fields, and the position with its history as a flat list
        of (seat, action); ``restored_state`` makes the state again through its constructor.

        The history is a linked list of nested tuples, one level per action: pickled as it is, a game of a
        few hundred actions or more is deeper than Python's recursion limit."""
        pos = self.pos.copy()
        items = history_items(pos.history)
        pos.history = None
        return (restored_state, (self.game, self.seed, pos, items, self.start, self.first_dealer, self.origin))

    def history(self) -> list[tuple[int, ActionT]]:
        """Every (seat, action) applied since the start, oldest first."""
        return history_items(self.pos.history)

    def to_json(self) -> dict[str, Any]:
        """Everything needed to go on playing this state, as JSON (``Game.state_from_json`` reads it)."""
        out: dict[str, Any] = {
            "format": STATE_FORMAT,
            "game": self.game.spec.name,
            "rules": self.game.rules.to_dict(),
            "seed": seed_to_json(self.seed),
            "position": self.pos.to_json(),
        }
        if self.start is not None:
            out["start"] = dict(self.start)
        if self.first_dealer != self.game.num_players - 1:
            out["dealer"] = self.first_dealer
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.rules == other.game.rules and self.seed == other.seed and self.pos == other.pos

    def __hash__(self) -> int:
        """None: a state changes as it is played, so it is no key (as a mutable object with ``__eq__``)."""
        raise TypeError(f"unhashable type: '{type(self).__name__}'")

    def __repr__(self) -> str:
        return f"<State {self.game.name_with_rules()!r} seed={self.seed} version={self.version}>"


def restored_state(game: Game[Any], seed: int, pos: Any, history: list[tuple[int, Any]],
                   start: Mapping[str, Any] | None, first_dealer: int,
                   origin: Mapping[str, Any] | None) -> State[Any, Any]:
    """The state ``State.__reduce__`` pickled: its position's history linked again, its rules of play the game's."""
    pos.history = history_of(history)
    state: State[Any, Any] = State(game, seed, pos, start)
    state.first_dealer = first_dealer
    state.origin = origin
    return state


@mypyc_attr(native_class=False)  # a regular class when compiled: every game subclasses it
class Game(ABC, Generic[RulesT]):
    """A game with its rules fixed: its rules of play, made once; starts states and reads action text.

    A game with plug-in pieces (a heuristic, a renderer, a browser client…)
    declares them in a ``parts`` class attribute, a ``parlour.core.parts.Parts``,
    so that the front ends find them through the registry without naming the game.
    """

    spec: ClassVar[GameSpec]
    rules_type: ClassVar[type[Rules]]
    play_type: ClassVar[MakesRulesOfPlay]
    """The game's rules of play (``RulesOfPlay``), made from its rules: one per game, shared by its states."""
    position_type: ClassVar[type[Position]]
    refusals: ClassVar[Mapping[str, str]] = {}
    """Every refusal code the game's ``why_illegal`` gives, with its English sentence (core/refusals.py):
    declared when the game is loaded, so that any refusal can be worded, and listed for the tests."""

    @classmethod
    def __class_getitem__(cls, rules_type: Any) -> GenericAlias:
        """``Game[SomeRules]``, as ``Generic`` makes it: compiled, a regular class loses its ``Generic`` base,
        and every game subclasses ``Game[ItsRules]``."""
        return GenericAlias(cls, rules_type)

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules
        self.play: RulesOfPlay[Any, Any] = type(self).play_type(rules)
        declare(type(self).refusals)
        self._spec_string: str | None = None

    @property
    def num_players(self) -> int:
        return self.rules.players

    def teams(self) -> list[tuple[int, ...]]:
        """The sides that win or lose together, as seats (each seat alone unless the game plays in partnerships):
        what a rating counts as one result."""
        return [(seat,) for seat in range(self.num_players)]

    @property
    def utility(self) -> tuple[float, float]:
        """The least and the most a seat's return can be under these rules."""
        return self.spec.utility

    @property
    def returns_sum(self) -> float | None:
        """What the seats' returns add up to at the end of every game under these rules (None: no fixed sum);
        the spec's, unless the rules change it (a team game where every member of the winning side wins)."""
        return self.spec.returns_sum

    def new_state(self, seed: int, position: Mapping[str, Any] | None = None,
                  dealer: object = None) -> State[Any, Any]:
        """The start of a game whose every random event follows from ``seed``.

        ``dealer`` is the seat that deals first (default: the last seat, so
        seat 0 plays first); a rematch passes the next seat, so the deal
        rotates from match to match as it does from hand to hand.
        ``position`` sets up a position to play from instead of a fresh deal
        (for tests, puzzles and teaching); each game documents its keys and
        raises ``RulesError`` quoting what it cannot use. ``dealer`` is typed ``object`` so that anything
        else than a seat, even compiled, reaches the check that quotes it.
        """
        if dealer is not None:
            if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.num_players:
                raise RulesError(f"dealer {dealer!r} is not a seat: allowed are 0 to {self.num_players - 1}")
            if position is not None:
                raise RulesError(f"dealer {dealer!r} given beside a hand-built position: "
                                 "a position names its own dealer")
        if position is not None:
            started: State[Any, Any] = State(self, seed, self.play.set_up(position, seed), position)
            return started
        first = self.num_players - 1 if dealer is None else dealer
        state: State[Any, Any] = State(self, seed, self.play.deal(seed, first))
        state.first_dealer = first
        return state

    def state_from_json(self, data: Any) -> State[Any, Any]:
        """The state ``State.to_json`` wrote, or ``RecordError`` saying what does not fit this game."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a state is a JSON object, not {type(data).__name__}")
        if data.get("format") != STATE_FORMAT:
            raise RecordError(f"unknown state format {data.get('format')!r}; this reads {STATE_FORMAT}")
        if data.get("game") != self.spec.name:
            raise RecordError(f"the state is of game {data.get('game')!r}, not {self.spec.name!r}")
        if data.get("rules") != self.rules.to_dict():
            raise RecordError(f"the state's rules {data.get('rules')!r:.300} differ from "
                              f"{self.name_with_rules()!r}")
        position = data.get("position")
        if not isinstance(position, Mapping):
            raise RecordError(f"the state has no position object, got {position!r:.80}")
        start = data.get("start")
        if start is not None and not isinstance(start, Mapping):
            raise RecordError(f"the state's start should be an object, got {start!r:.80}")
        seed = seed_from_json(data.get("seed"))
        try:
            pos = self.position_type.from_json(position, self)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            if isinstance(e, RecordError):
                raise
            raise RecordError(f"the state's position cannot be read: {e!r:.200}") from None
        dealer = data.get("dealer", self.num_players - 1)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.num_players:
            raise RecordError(f"the state's dealer {dealer!r} is not a seat: allowed are 0 to {self.num_players - 1}")
        state: State[Any, Any] = State(self, seed, pos, start)
        state.first_dealer = dealer
        state.origin = data
        return state

    @abstractmethod
    def parse_action(self, text: str, state: State[Any, Any] | None = None) -> Any:
        """Read ``text`` (case-insensitive) or raise ``InvalidActionError`` quoting it."""

    @abstractmethod
    def determinize(self, view: View, rng: random.Random) -> State[Any, Any]:
        """A full state consistent with ``view``, hidden cards dealt at random by ``rng``."""

    def determinizer(self, view: View) -> Callable[[random.Random], State[Any, Any]]:
        """A sampler of states consistent with ``view``, for drawing many of them.

        Search bots call it once per decision and the sampler once per
        iteration; games override it to read the view only once.
        """
        return partial(self.determinize, view)

    def name_with_rules(self) -> str:
        """The spec string ``load_game`` reads back: ``tonk:classic?players=3&jokers=2``.

        It names the preset the rules differ least from, and the flags that differ.
        Worked out once per game: the server puts it in every message.
        """
        if self._spec_string is None:
            self._spec_string = spec_string(self)
        return self._spec_string

    def _spec(self) -> str:
        rules = self.rules
        mine = rules.to_dict()
        rules_type = type(rules)
        best: tuple[int, str, dict[str, Any]] | None = None
        for name in [*rules_type.presets] or [""]:
            base = rules_type.build(name or None, players=rules.players).to_dict()
            changed = {k: v for k, v in mine.items() if k == "players" or k not in base or v != base[k]}
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


SPEC_STRINGS_KEPT = 4096
"""How many kinds of game and rules ``spec_string`` remembers (then it starts afresh: rules are chosen by
players, so their variety is theirs, and the memory must stay bounded)."""
_spec_strings: dict[tuple[type, tuple[tuple[str, Any], ...]], str] = {}


def spec_string(game: Game[Any]) -> str:
    """``game``'s spec string (``Game.name_with_rules``), worked out once per kind of game and rules: the server
    describes thousands of tables of a few rules."""
    key = (type(game), tuple(game.rules.to_dict().items()))
    found = _spec_strings.get(key)
    if found is None:
        if len(_spec_strings) >= SPEC_STRINGS_KEPT:
            _spec_strings.clear()
        found = _spec_strings[key] = game._spec()
    return found
