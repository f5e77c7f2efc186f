"""A parlour game as an OpenSpiel Python game: ``python_parlour_<name>`` (see ``parlour.openspiel``).

Chance is *sampled*: a parlour game's every random event follows from its
seed, so a new game draws a 128-bit seed from the game's own generator
(parameter ``rng_seed``, as OpenSpiel's C++ games have; -1 draws it from the
system) and no chance node is ever shown. Algorithms that must see through
hidden cards call ``resample_from_infostate``, which deals a state
consistent with the seat's view through the game's ``determinize``.

A new game never starts terminal: OpenSpiel's ``rl_environment`` and the
loops of its learners take the state after ``reset`` for a decision, and a
game over at the deal (a one-hand Tonk game won outright by a dealt hand)
has none. Such a deal is passed over, its returns kept in the state's
``passed``, and the game is dealt again from a seed that follows from the
first (so ``rng_seed`` still fixes every game). Those returns are not added
to ``returns``, which stay one game's, within the declared utility bounds.
A Tonk match whose first hand is decided at the deal simply goes on to its
next hand, that hand's payment counting in the match's returns.

Actions are the words of parlour's notation, as in ``parlour.rl``: an
OpenSpiel action is one word index of the game's ``encoding`` vocabulary, and
a parlour action (a Tonk spread, a Tock 7 split) is chosen word by word by
the same player (``core.encoding.WordChooser``), so every rule set has one
small fixed ``num_distinct_actions``. Observations are the view's encoding
followed by the words chosen so far; the information state is that same
vector (parlour's views carry what a seat has learnt, not the full history,
so it is not perfect recall), and its string is the view itself as JSON with
the words chosen so far, which keys ISMCTS nodes by what the seat knows.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import numpy as np
import pyspiel

from parlour.core.encoding import Encoding, WordChooser
from parlour.core.errors import ParlourError
from parlour.core.game import Game, State, View
from parlour.core.registry import load_game

PREFIX = "python_parlour_"
"""Each game's OpenSpiel short name is this prefix and its parlour name."""

MAX_GAME_LENGTH = 1_000_000
"""Words a game can take at most, as OpenSpiel asks: far beyond any game played (a long race takes thousands)."""

RESAMPLE_TRIES = 100
"""Determinizations tried before giving up on one where the actor's words chosen so far are legal."""

SEED_BITS = 128


def game_type(name: str) -> Any:
    """OpenSpiel's ``GameType`` of parlour game ``name`` (its defaults: the default preset and seat count)."""
    game = load_game(name)
    spec = game.spec
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"parlour {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "", "players": game.num_players, "rng_seed": -1},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def parlour_game(name: str, params: dict[str, Any]) -> Game[Any]:
    """The parlour game that OpenSpiel ``params`` name (``preset`` may carry flags: ``classic?jokers=2``)."""
    preset = str(params.get("preset", "") or "")
    spec = f"{name}:{preset}" if preset and not preset.startswith("?") else name + preset
    try:
        return load_game(spec, players=int(params.get("players", load_game(name).num_players)))
    except ParlourError as e:
        raise ValueError(f"{PREFIX}{name}({params}): {e}") from None


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One parlour game and rule set, for OpenSpiel; ``game_class`` makes the subclass of each game."""

    name: str
    """The parlour game's registry name."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        params = dict(params or {})
        self.parlour = parlour_game(name, params)
        self.encoding: Encoding = self.parlour.part("encoding")(self.parlour)
        lo, hi = self.parlour.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.vocabulary),
            max_chance_outcomes=0,
            num_players=self.parlour.num_players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(name), info, params)
        seed = int(params.get("rng_seed", -1))
        self.seeds = random.Random(secrets.randbits(64) if seed < 0 else seed)
        """Where each new game's seed comes from: the sampled chance of the whole game."""
        self.chooser = WordChooser(self.encoding.vocabulary)
        """A chooser with nothing to choose: each state starts from a copy (the word index is built once)."""
        self.seen: dict[int, tuple[State[Any, Any], int, View, list[float]]] = {}
        """Per seat, the last view looked at and its encoding: OpenSpiel asks for the observation, the
        information state and their strings of one state in a row."""

    def view_of(self, state: State[Any, Any], player: int) -> tuple[View, list[float]]:
        """``player``'s view of ``state`` and its encoding (computed once per state and version)."""
        seen = self.seen.get(player)
        if seen is not None and seen[0] is state and seen[1] == state.version:
            return seen[2], seen[3]
        view = state.view(player)
        vector = self.encoding.observe(view)
        self.seen[player] = (state, state.version, view, vector)
        return view, vector

    def new_initial_state(self, seed: int | None = None) -> SpielState:
        """A new game of ``seed`` (default: the next seed of the game's generator), dealt when first looked at.

        OpenSpiel clones a Python state by making a new initial state and copying the attributes over,
        so a new state costs a seed and nothing more until it is used.
        """
        return SpielState(self, self.seeds.getrandbits(SEED_BITS) if seed is None else seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"parlour observers take no parameters; got {params!r}")
        return Observer(self)


def game_class(name: str) -> type[SpielGame]:
    """The OpenSpiel game class of parlour game ``name`` (OpenSpiel registers classes, built from parameters)."""
    return type(f"Spiel{name.title()}", (SpielGame,), {"name": name, "__doc__": f"parlour's {name} for OpenSpiel."})


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A parlour state and the words its actor has chosen so far."""

    def __init__(self, game: SpielGame, start: int | State[Any, Any]) -> None:
        """A state of ``game``: the parlour state given, or the one ``start`` deals (when first looked at)."""
        super().__init__(game)
        self.seed = start if isinstance(start, int) else start.seed
        self.words = game.chooser.copy()
        self.dealt: State[Any, Any] | None = None
        self._passed: list[list[float]] = []
        if not isinstance(start, int):
            self.adopt(start)

    @property
    def state(self) -> State[Any, Any]:
        """The parlour state: dealt from ``seed`` on first use."""
        return self.deal()

    @property
    def passed(self) -> list[list[float]]:
        """The returns of each game over at the deal that this state passed over (see the module docstring)."""
        self.deal()
        return self._passed

    def deal(self) -> State[Any, Any]:
        """The parlour state, dealt now if it is not yet (games over at the deal passed over)."""
        if self.dealt is None:
            game: SpielGame = self.get_game()
            state = game.parlour.new_state(self.seed)
            while state.is_terminal:
                self._passed.append([float(r) for r in state.returns()])
                state = game.parlour.new_state(random.Random(state.seed).getrandbits(SEED_BITS))
            self.adopt(state)
        assert self.dealt is not None
        return self.dealt

    def adopt(self, state: State[Any, Any]) -> None:
        """Play on from ``state``, its actor choosing the first word."""
        self.dealt = state
        if not state.is_terminal:
            self.words.begin(state.legal_actions())

    # ------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        if self.state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return [i for i, on in enumerate(self.words.mask()) if on]

    def _apply_action(self, action: int) -> None:
        settled = self.words.choose(int(action))
        if settled is not None:
            self.state.apply(settled)
            self.words.begin(() if self.state.is_terminal else self.state.legal_actions())

    def _action_to_string(self, player: int, action: int) -> str:
        vocabulary = self.words.vocabulary
        return vocabulary[action] if 0 <= action < len(vocabulary) else f"<word {action}>"

    def is_terminal(self) -> bool:
        return self.state.is_terminal

    def returns(self) -> list[float]:
        if not self.state.is_terminal:
            return [0.0] * self.state.game.num_players
        return [float(r) for r in self.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SpielState:
        """A state ``player_id`` cannot tell from this one: its view kept, every card it cannot see dealt anew.

        The generator is seeded from OpenSpiel's ``probability_sampler`` when given, so a seeded search is
        exact. The actor's words chosen so far are replayed on the new state.
        """
        rng = random.Random(int(probability_sampler() * 2**53) if callable(probability_sampler)
                            else secrets.randbits(64))
        game: SpielGame = self.get_game()
        sample = self.state.game.determinizer(self.state.view(player_id))
        for _ in range(RESAMPLE_TRIES):
            out = SpielState(game, sample(rng))
            try:
                for word in self.words.chosen:
                    out.words.choose(word)
            except ValueError:
                continue
            return out
        raise RuntimeError(f"no state with the words chosen so far ({self.words.chosen}) fits seat "
                           f"{player_id}'s view after {RESAMPLE_TRIES} tries")

    def __str__(self) -> str:
        words = " ".join(self.words.vocabulary[i] for i in self.words.chosen)
        return f"{self.state!r}" + (f" choosing {words!r}" if words else "")

    # ---------------------------------------------------------------- helpers

    def info_string(self, player: int) -> str:
        """What ``player`` knows, as text: its view as JSON, then its words chosen so far."""
        chosen = self.words.chosen if player == self.current_player() else []
        game: SpielGame = self.get_game()
        view = json.dumps(game.view_of(self.state, player)[0], sort_keys=True, separators=(",", ":"))
        return view + " | " + " ".join(self.words.vocabulary[i] for i in chosen)


class Observer:
    """OpenSpiel's observer of a parlour game: ``tensor`` (the view's encoding, then the words chosen)."""

    def __init__(self, game: SpielGame) -> None:
        self.game = game
        self.encoding = game.encoding
        size = self.encoding.layout.size
        self.tensor = np.zeros(size + len(self.encoding.vocabulary), np.float32)
        self.dict = {"view": self.tensor[:size], "chosen": self.tensor[size:]}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor[: self.encoding.layout.size] = self.game.view_of(state.state, player)[1]
        chosen = self.dict["chosen"]
        chosen.fill(0.0)
        if player == state.current_player():
            chosen[state.words.chosen] = 1.0

    def string_from(self, state: SpielState, player: int) -> str:
        return state.info_string(player)
