"""A parlour game as an OpenSpiel Python game: ``python_parlour_<name>`` (see ``parlour.openspiel``).

Chance is explicit: a game starts with the chance nodes that draw its seed
(``state``), and every later random event follows from that seed. The game
itself holds no generator, so cloning a state, or anything else an
algorithm does, never changes which games the same chance outcomes deal;
``SpielGame.deal(seed)`` is the state right after drawing ``seed``.

Actions are the words of parlour's notation, as in ``parlour.rl``: an
OpenSpiel action is one word index of the game's ``encoding`` vocabulary, and
a parlour action (a Tonk spread, a Tock 7 split) is chosen word by word by
the same player (``core.encoding.WordChooser``), so every rule set has one
small fixed ``num_distinct_actions``. Observations honour the requested
``IIGObservationType`` (``observer``). The utility is declared from the
rule set's ``Game.returns_sum``: zero-sum, constant-sum or general-sum.

No rule bounds a game's length: a Tonk hand goes on while players draw from
the discard pile (only the stock's draws run it out), a Tock pawn captured
goes back to its reserve, and a Plonk match deals until a side reaches its
target, which a deal can bring no nearer. So the bound OpenSpiel asks for
(``max_game_length``, words after the chance nodes) is a limit the game
keeps: a game that reaches it ends there, a draw (``SpielState.returns``).
It is the parameter ``max_game_length``, by default (0) ``LENGTH_PER_SEAT``
words per seat, about ten times the longest of thousands of random games
(8-player Tock: 8,671 words in 266 games; 2-player: 1,628 in 1,551).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from parlour.core.encoding import Encoding, WordChooser
from parlour.core.errors import ParlourError
from parlour.core.game import Game, State, View
from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.openspiel.observer import Observer, make_observer
from parlour.openspiel.state import OUTCOMES, SEED_BYTES, SpielState

PREFIX = "python_parlour_"
"""Each game's OpenSpiel short name is this prefix and its parlour name."""

LENGTH_PER_SEAT = 10_000
"""The default ``max_game_length``, in words per seat (module docstring)."""


def utility_of(returns_sum: float | None) -> Any:
    """OpenSpiel's utility kind for returns that always add up to ``returns_sum`` (None: to no fixed sum)."""
    utility = pyspiel.GameType.Utility
    if returns_sum is None:
        return utility.GENERAL_SUM
    return utility.ZERO_SUM if returns_sum == 0 else utility.CONSTANT_SUM


def game_type(name: str, rules_of: Game[Any] | None = None) -> Any:
    """OpenSpiel's ``GameType`` of parlour game ``name``: its parameters' defaults are the default preset and
    seat count, its utility that of ``rules_of`` (a rule set of that game; default: the default one)."""
    game = load_game(name)
    spec = game.spec
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"parlour {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility_of((rules_of or game).returns_sum),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "", "players": game.num_players, "max_game_length": 0},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def game_string_preset(preset: str) -> str:
    """``preset`` as an OpenSpiel game string can carry it: its flags written ``jokers:2`` (a game string
    cannot hold ``=`` in a value); ``parlour_game`` reads both forms."""
    name, mark, flags = preset.partition("?")
    return name + mark + flags.replace("=", ":")


def parlour_game(name: str, params: dict[str, Any]) -> Game[Any]:
    """The parlour game that OpenSpiel ``params`` name (``preset`` may carry flags: ``classic?jokers=2``,
    or ``classic?jokers:2`` as in a game string)."""
    given, mark, flags = str(params.get("preset", "") or "").partition("?")
    preset = given + mark + flags.replace(":", "=")
    spec = f"{name}:{preset}" if preset and not preset.startswith("?") else name + preset
    try:
        return load_game(spec, players=int(params.get("players", load_game(name).num_players)))
    except ParlourError as e:
        raise ValueError(f"{PREFIX}{name}({params}): {e}") from None


def length_limit(given: Any, players: int, name: str) -> int:
    """The ``max_game_length`` that the parameter ``given`` asks (0: ``LENGTH_PER_SEAT`` per seat)."""
    if isinstance(given, bool) or not isinstance(given, int) or given < 0:
        raise ValueError(f"{PREFIX}{name}: max_game_length={given!r}: give the words a game may take, a whole "
                         f"number from 1 (0: the default, {LENGTH_PER_SEAT} per seat)")
    return given or LENGTH_PER_SEAT * players


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One parlour game and rule set, for OpenSpiel; ``game_class`` makes the subclass of each game."""

    name: str
    """The parlour game's registry name."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        params = dict(params or {})
        self.parlour = parlour_game(name, params)
        self.encoding: Encoding = encoding_of(self.parlour)
        self.cap = length_limit(params.get("max_game_length", 0), self.parlour.num_players, name)
        """The words a game may take after its chance nodes: it ends there (module docstring)."""
        lo, hi = self.parlour.utility
        returns_sum = self.parlour.returns_sum
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.vocabulary),
            max_chance_outcomes=OUTCOMES,
            num_players=self.parlour.num_players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None if returns_sum is None else float(returns_sum),
            max_game_length=self.cap,
        )
        if "preset" in params:
            params["preset"] = game_string_preset(str(params["preset"]))
        super().__init__(game_type(name, self.parlour), info, params)
        self.chooser = WordChooser(self.encoding.vocabulary)
        """A chooser with nothing to choose: each state starts from a copy (the word index is built once)."""
        self.views: dict[int | None, tuple[State[Any, Any], int, View]] = {}
        self.vectors: dict[tuple[int, bool], tuple[State[Any, Any], int, np.ndarray[Any, Any]]] = {}
        """Per seat (``None``: the spectator), the last view looked at and the last encodings: OpenSpiel
        asks for the observation, the information state and their strings of one state in a row."""

    def view_of(self, state: State[Any, Any], seat: int | None) -> View:
        """``seat``'s view of ``state`` (``None``: the public one), computed once per state and version."""
        seen = self.views.get(seat)
        if seen is not None and seen[0] is state and seen[1] == state.version:
            return seen[2]
        view = state.view(seat)
        self.views[seat] = (state, state.version, view)
        return view

    def vector_of(self, state: State[Any, Any], seat: int, public: bool = False) -> np.ndarray[Any, Any]:
        """The encoding of ``seat``'s view of ``state`` (written from the position by the encoding's ``encode``),
        or with ``public`` of the public view counted from ``seat`` (``observe`` of that view: no seat sees
        it, so no position encodes it); computed once per state and version."""
        seen = self.vectors.get((seat, public))
        if seen is not None and seen[0] is state and seen[1] == state.version:
            return seen[2]
        if public:
            vector = np.asarray(self.encoding.observe({**self.view_of(state, None), "seat": seat}), np.float32)
        else:
            vector = np.zeros(self.encoding.layout.size, np.float32)
            self.encoding.encode(state, seat, vector)
        self.vectors[seat, public] = (state, state.version, vector)
        return vector

    def new_initial_state(self) -> SpielState:
        """A new game, at the first chance node drawing its seed."""
        return SpielState(self)

    def deal(self, seed: int) -> SpielState:
        """The game of ``seed`` (0 to 2**64 - 1): a new state with ``seed``'s bytes applied as chance outcomes."""
        if not 0 <= seed < OUTCOMES**SEED_BYTES:
            raise ValueError(f"seed {seed} is not a {SEED_BYTES}-byte number: "
                             f"allowed are 0 to {OUTCOMES**SEED_BYTES - 1}")
        state = self.new_initial_state()
        for byte in seed.to_bytes(SEED_BYTES, "big"):
            state.apply_action(byte)
        return state

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return make_observer(self, iig_obs_type, params)


def game_class(name: str) -> type[SpielGame]:
    """The OpenSpiel game class of parlour game ``name`` (OpenSpiel registers classes, built from parameters)."""
    return type(f"Spiel{name.title()}", (SpielGame,), {"name": name, "__doc__": f"parlour's {name} for OpenSpiel."})
