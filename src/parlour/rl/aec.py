"""Any parlour game as a PettingZoo AEC environment (``parlour.rl.env``).

Agents are ``player_0`` … in seat order. An observation is the acting
seat's view encoded by the game's ``encoding`` part, followed by the words
of the action chosen so far (one slot per vocabulary word), with
``action_mask`` the words that lead to a legal action. An action is chosen
word by word (``core.encoding.WordChooser``): the same agent is asked again
until its action is settled, so every game, Tock's 7 splits included, has
one small fixed ``Discrete`` space. Rewards are the game's returns: each
step gives every seat the change of its return, so an episode's rewards
add up to the returns.

No episode starts finished. A game over at the deal (a one-hand Tonk game
won outright by a dealt hand) has no decision in it, and PettingZoo's
``api_test`` asks that no agent be terminated and no reward be pending
after ``reset``: so ``reset`` passes over such a game and deals the next of
the episode's seed sequence. The passed game's returns are reported, not
paid: in ``passed``, and each agent's in ``infos[agent]["passed"]``
(a reward paid in the next game would be credited to a move that did not
earn it). The parlour games' other interfaces do the same (the Gymnasium
environment, OpenSpiel). A Tonk *hand* decided at the deal of a match is
part of the game: the match goes on, and its payment comes with the first
step's rewards.

For centralised critics (trained with every seat's information, then
dropped for play), ``state()`` is the global state PettingZoo's API names,
the same whoever asks: every seat's view encoded in seat order (seat 0's
view counted from seat 0, then seat 1's from seat 1, …), so every hand,
then the words chosen so far of the action in progress, in ``state_space``.
It is **privileged information**: it shows the other seats' cards, so it is
for training a value function only; a policy that reads it cheats, and
cannot play a real table. It holds no more than the seats' views together:
cards that no seat has seen (the stock's order) are not in it.

``reset(seed=s)`` makes the episodes that follow exact: episode seeds are
drawn from ``s``, and (rules, seed, actions) replays identically.

Rendering draws a seat's view as the terminal game does (the game's
``renderer`` part, ``parlour.games.render``), as text without colour:
``render_mode="ansi"`` makes ``render()`` return it; ``"human"`` prints it
to standard output, at ``render()`` and, as PettingZoo's and Gymnasium's
``"human"`` mode expects, by itself after ``reset`` and after each settled
action (a word that does not settle an action changes no drawing).

``max_episode_steps=n`` is a time limit: once ``n`` words have been stepped
in an episode (every agent's; here every agent is a learner), every agent is
truncated (``truncations``); with the game not over, none is terminated:
the game was cut short, not ended (a game ending at that very word is also
terminated, as under Gymnasium's ``TimeLimit``). Its rewards so far were
paid as it went; the agents then step ``None`` out, as after the end of a
game.
"""

from __future__ import annotations

import io
import random
import secrets
import sys
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from rich.console import Console

from parlour.core.encoding import WordChooser
from parlour.core.game import State
from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.games.render import renderer_for

ObsDict = dict[str, np.ndarray]
RENDER_MODES = ("human", "ansi")
"""The render modes offered, as PettingZoo's and Gymnasium's metadata name them (module docstring)."""


def episode_limit_checked(limit: int | None) -> int | None:
    """``limit`` if it is a time limit (a whole number from 1) or None (no limit), else a ``ValueError``."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"max_episode_steps={limit!r}: give the steps an episode may take, a whole number from 1 "
                         "(or None: no limit)")
    return limit


def render_mode_checked(render_mode: str | None) -> str | None:
    """``render_mode`` if offered (None: no rendering), else a ``ValueError`` naming those that are."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not offered; use {' or '.join(map(repr, RENDER_MODES))}"
                         " or None")
    return render_mode


class ParlourEnv(AECEnv):  # type: ignore[misc]
    """A parlour game for PettingZoo; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "parlour_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False,
    }

    def __init__(self, spec: str, render_mode: str | None = None, max_episode_steps: int | None = None,
                 **flags: Any) -> None:
        super().__init__()
        self.render_mode = render_mode_checked(render_mode)
        self.max_episode_steps = episode_limit_checked(max_episode_steps)
        self.steps = 0
        """The words stepped so far this episode, for ``max_episode_steps``."""
        self.game = load_game(spec, **flags)
        self.encoding = encoding_of(self.game)
        self.words = WordChooser(self.encoding.vocabulary)
        size = len(self.words.vocabulary)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.width = self.encoding.layout.size
        """Where the chosen words' slots begin in an observation."""
        self.encoded: list[tuple[State[Any, Any] | None, int, np.ndarray]] = [
            (None, -1, np.zeros(self.width + size, np.float32)) for _ in self.possible_agents]
        """Per seat, the last state and version encoded and its observation with no word chosen: the words
        of one action are chosen over several steps, in one position."""
        self.no_words = np.zeros(size, np.int8)
        low, high = self.encoding.layout.bounds()  # the view's, then the chosen words' (0 or 1 each)
        space = spaces.Dict({
            "observation": spaces.Box(np.array([*low, *[0.0] * size], np.float32),
                                      np.array([*high, *[1.0] * size], np.float32), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        seats = self.game.num_players
        self.state_space = spaces.Box(np.array([*low * seats, *[0.0] * size], np.float32),
                                      np.array([*high * seats, *[1.0] * size], np.float32), dtype=np.float32)
        self.episodes = random.Random(secrets.randbits(64))
        self.game_state: State[Any, Any] | None = None
        self.paid: list[float] = []
        """Per seat, the rewards given so far this episode: its game's returns when they were last paid."""
        self.passed: list[list[float]] = []
        """The returns of each game over at the deal that this episode's ``reset`` passed over (module docstring)."""
        self.paying = False
        """Whether ``rewards`` holds a payment (else every reward is 0 and need not be written again)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes it and the episodes after it."""
        if seed is not None:
            self.episodes = random.Random(seed)
        self.passed = []
        state = self.game.new_state(self.episodes.getrandbits(64))
        while state.is_terminal:  # over at the deal: nothing to decide, so not an episode (module docstring)
            self.passed.append(list(state.returns()))
            state = self.game.new_state(self.episodes.getrandbits(64))
        self.game_state = state
        self.paid = [0.0] * self.game.num_players
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self.paying = False
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.steps = 0
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"passed": [returns[seat] for returns in self.passed]} for seat, agent in enumerate(self.agents)
        }
        self.words.begin(state.legal_actions())
        self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation (``core.encoding.observation_of``, written by the encoding's ``encode``) and
        its action mask: new arrays, the caller's to keep."""
        state = self.live()
        seat = self.seats[agent]
        vector = self.encoded_view(state, seat).copy()
        if seat != state.current_player:
            return {"observation": vector, "action_mask": self.no_words.copy()}
        chosen = self.words.chosen
        if chosen:
            vector[[self.width + index for index in chosen]] = 1.0
        return {"observation": vector, "action_mask": self.mask()}

    def encoded_view(self, state: State[Any, Any], seat: int) -> np.ndarray:
        """``seat``'s view of ``state`` encoded, no word chosen: kept until the state or its version changes
        (never hand it out: copy it)."""
        seen, version, vector = self.encoded[seat]
        if seen is not state or version != state.version:
            vector = np.zeros(len(vector), np.float32)
            self.encoding.encode(state, seat, vector[: self.width])
            self.encoded[seat] = (state, state.version, vector)
        return vector

    def mask(self) -> np.ndarray:
        """The acting seat's action mask (a new array): the words that lead to a legal action."""
        return np.frombuffer(self.words.flags(), np.int8)

    def state(self) -> np.ndarray:
        """Every seat's view encoded, in seat order, then the words chosen so far: privileged information, for
        centralised critics in training only (module docstring)."""
        state = self.live()
        width = self.width
        seats = len(self.possible_agents)
        vector = np.zeros(seats * width + len(self.words.vocabulary), np.float32)
        for seat in range(seats):
            vector[seat * width: (seat + 1) * width] = self.encoded_view(state, seat)[:width]
        if not state.is_terminal and self.words.chosen:
            vector[[seats * width + index for index in self.words.chosen]] = 1.0
        return vector

    def step(self, action: int | None) -> None:
        """Take one word of the acting agent's action (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose a word index; None is only for an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        if self.paying:
            self.rewards = {a: 0.0 for a in self.agents}
            self.paying = False
        chosen = self.words.choose(int(action))
        self.steps += 1
        if chosen is not None:
            self.settle(chosen)
            if self.render_mode == "human":
                self.render()
            if self.paying:
                self._accumulate_rewards()
        if self.max_episode_steps is not None and self.steps >= self.max_episode_steps:
            self.truncations = {agent: True for agent in self.agents}

    def settle(self, action: object) -> None:
        """Apply the settled ``action``: rewards, the end of the game, or the next choice to make."""
        state = self.live()
        state.apply(action)
        returns = state.returns()
        if list(returns) != self.paid:
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = returns[seat] - self.paid[seat]
            self.paid = list(returns)
            self.paying = True
        if state.is_terminal:
            self.terminations = {agent: True for agent in self.agents}
        else:
            self.words.begin(state.legal_actions())
            self.agent_selection = self.possible_agents[state.current_player]

    def render(self) -> str | None:
        """The acting seat's view as the terminal draws it: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        state = self.live()
        text = self.drawing(max(state.current_player, 0))
        if self.render_mode == "ansi":
            return text
        sys.stdout.write(text)
        return None

    def drawing(self, seat: int) -> str:
        """Seat ``seat``'s view of the game in play as the terminal draws it, as plain text."""
        console = Console(file=io.StringIO(), width=100, color_system=None)
        console.print(renderer_for(self.game).screen(self.live().view(seat), self.possible_agents))
        return str(console.file.getvalue())  # type: ignore[attr-defined]

    def close(self) -> None:
        self.game_state = None

    def live(self) -> State[Any, Any]:
        """The game in play, or a clear error before ``reset``."""
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state
