"""Many games of one spec stepped together, in numpy arrays (``parlour.rl.vector_env``).

``VectorEnv`` holds ``num_envs`` independent games. In each, one learner
seat chooses words as in the single-agent environment (``parlour.rl.single``):
by default env ``i``'s learner sits at seat ``i % players``, so one batch
learns every seat; ``seat=`` fixes it. Opponents are those of
``single_agent`` (bot specs, Bots, view policies ``(view, legal, rng) ->
action``) or ``Batched`` policies: a callable ``(observations [k, obs],
masks [k, vocab]) -> word indices [k]`` asked once for every env whose
opponent is choosing a word (self-play against a frozen network costs one
forward pass per word, not one per game).

A step takes one word per env and fills preallocated arrays: observations
``(N, obs)`` float32, action masks ``(N, vocab)`` bool, rewards ``(N,)``
float32, terminated ``(N,)`` bool; they are the environment's own buffers,
overwritten by the next call (copy what you keep). An env whose episode ends
is dealt its next game in the same step, as Stable-Baselines3's vectorised
environments do: the returned observation and mask are the new episode's (so
the mask is always one to choose from), the final observation is in that
env's info, ``infos[i]["terminal_observation"]``, with the episode's
``"return"`` (the sum of its rewards: the learner's return of the game) and
``"length"`` (its steps).

Each env follows ``single_agent``'s rules: the reward is the change of the
learner's return (``reward="hand"`` also pays each deal's worth in games of deals, taken
back at the end), and a game over before the learner's first decision is
passed over, its learner's return listed in the info of the env that dealt
it (``infos[i]["passed"]``; at ``reset``, in its returned infos). Games,
bots' draws and resets come from one ``random.Random`` pair per env seeded
``seed + i``, in the single-agent environment's order, so env ``i`` of
``reset(seed=s)`` plays what ``single_agent`` at the same seat plays after
``reset(seed=s + i)`` (auto-resets there being ``reset()`` calls), for the
same words, when no opponent is ``Batched``.

Infos are sparse: a dict from env index to that env's info, holding only the
envs that ended an episode or passed over a game this step, so a step makes
no dictionary per env. ``parlour.rl.sb3`` adapts this class to
Stable-Baselines3's ``VecEnv``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from parlour.bots.base import Bot
from parlour.core.encoding import WordChooser, encode_rows
from parlour.core.errors import BotSpecError
from parlour.core.game import State
from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.rl.aec import ParlourEnv
from parlour.rl.single import Opponent, bot_of, opponents_listed, view_for

BatchPolicy = Callable[[NDArray[np.float32], NDArray[np.bool_]], Any]
"""A batched policy: ``(observations [k, obs], masks [k, vocab]) -> word indices [k]`` (array-like of ints)."""

PASS_LIMIT = 1000
"""Games in a row an env may pass over before ``deal`` gives up: opponents that always end the game before the
learner's turn (a policy that always ends the game at once) would otherwise deal for ever."""


class Batched:
    """A batched policy as an opponent (see the module docstring): it chooses one word for each env waiting on
    it, from that seat's observation and mask, in one call."""

    def __init__(self, policy: BatchPolicy) -> None:
        if not callable(policy):
            raise BotSpecError(f"Batched({policy!r}): give a callable (observations, masks) -> word indices")
        self.policy = policy


Player = Bot | Batched | None
"""Who plays a seat of an env: a bot, a batched policy, or None for the learner."""


class VectorEnv:
    """See the module docstring."""

    def __init__(self, spec: str, num_envs: int, seat: int | None = None,
                 opponents: Opponent | Batched | Sequence[Opponent | Batched] = "heuristic",
                 reward: str = "game", **flags: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs={num_envs!r}: give a whole number of games, 1 or more")
        if reward not in ("game", "hand"):
            raise ValueError(f"reward={reward!r}: use 'game' (the change of the game's returns) or 'hand' "
                             "(also each hand's or deal's worth as it is scored)")
        self.game = load_game(spec, **flags)
        self.encoding = encoding_of(self.game)
        players = self.game.num_players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat={seat!r} is not at this table: seats are 0 to {players - 1} "
                             "(or None: env i's learner at seat i % players)")
        self.progress: Callable[[Any], float] | None = None
        """With ``reward="hand"``, the encoding's ``hand_progress`` (as in ``parlour.rl.single``)."""
        if reward == "hand":
            self.progress = getattr(self.encoding, "hand_progress", None)
            if self.progress is None:
                raise ValueError("reward='hand' is for games played in hands or deals (whose encoding has "
                                 f"hand_progress); {self.game.name_with_rules()} has none: use reward='game'")
        self.num_envs = num_envs
        self.seats = [i % players if seat is None else seat for i in range(num_envs)]
        """The learner's seat in each env."""
        given = opponents_listed(opponents, players)
        made: list[Bot | Batched] = [o if isinstance(o, Batched) else bot_of(o, self.game) for o in given]
        self.players: list[list[Player]] = []
        """Per env, who plays each seat (None at the learner's)."""
        for learner in self.seats:
            others = iter(made)
            self.players.append([None if s == learner else next(others) for s in range(players)])
        space = ParlourEnv(spec, **flags).observation_space("player_0")["observation"]  # type: ignore[index]
        self.observation_space: spaces.Box = space
        self.vocabulary = self.encoding.vocabulary
        self.action_space = spaces.Discrete(len(self.vocabulary))
        self.view_size = self.encoding.layout.size
        size = self.view_size + len(self.vocabulary)
        self.observations = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, len(self.vocabulary)), np.bool_)
        self.rewards = np.zeros(num_envs, np.float32)
        self.terminated = np.zeros(num_envs, np.bool_)
        self.opponent_observations = np.zeros((num_envs, size), np.float32)
        self.opponent_masks = np.zeros((num_envs, len(self.vocabulary)), np.bool_)
        self.paid = np.zeros(num_envs, np.float64)
        """Per env, the learner's return when an action last settled (as the AEC environment's ``paid``)."""
        self.credited = np.zeros(num_envs, np.float64)
        """Per env, the learner's rewards given so far this episode."""
        self.shaped = np.zeros(num_envs, np.float64)
        self.lengths = np.zeros(num_envs, np.int64)
        """Per env, the learner's steps so far this episode."""
        self.last_lead = np.zeros(num_envs, np.float64)
        chooser = WordChooser(self.vocabulary)
        self.words = [chooser.copy() for _ in range(num_envs)]
        """Per env, the choice in progress, whoever makes it (turns never overlap); they share one word cache."""
        self.states: list[State[Any, Any] | None] = [None] * num_envs
        self.episodes = [random.Random(secrets.randbits(64)) for _ in range(num_envs)]
        self.bot_rngs = [random.Random(secrets.randbits(64)) for _ in range(num_envs)]

    def reset(self, seed: int | None = None) -> tuple[NDArray[np.float32], dict[int, dict[str, Any]]]:
        """Deal every env a new game (``seed``: env ``i`` seeded ``seed + i``); the observations and the infos of
        the envs that passed over games (``{"passed": [learner's returns]}``). The masks are in ``masks``."""
        if seed is not None:
            self.episodes = [random.Random(seed + i) for i in range(self.num_envs)]
            self.bot_rngs = [random.Random(seed + i) for i in range(self.num_envs)]
        infos: dict[int, dict[str, Any]] = {}
        everyone = list(range(self.num_envs))
        self.observations[:] = 0.0
        self.deal(everyone, infos)
        self.show(everyone)
        self.rewards[:] = 0.0
        self.terminated[:] = False
        return self.observations, infos

    def step(self, actions: Any) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_],
                                          dict[int, dict[str, Any]]]:
        """One word per env (``actions``: N word indices, each in its env's mask): the observations, rewards,
        terminations and sparse infos (module docstring). The next masks are in ``masks``. A word outside its
        mask raises ``ValueError`` before any env changes."""
        words = self.checked(actions)
        self.lengths += 1
        settled: list[int] = []
        choosing: list[int] = []
        rows: list[int] = []
        columns: list[int] = []
        for i, index in enumerate(words):
            chooser = self.words[i]
            action = chooser.choose(index)
            if action is None:  # more words to come: the view is the same, only the chosen words and mask change
                choosing.append(i)
                self.observations[i, self.view_size + index] = 1.0
                allowed = chooser.allowed()
                rows += [i] * len(allowed)
                columns += allowed
            else:
                state = self.states[i]
                assert state is not None
                state.apply(action)
                settled.append(i)
        if choosing:  # their masks at once: numpy's cost is per call, not per word
            self.masks[choosing] = False
            self.masks[rows, columns] = True
        self.play(settled)
        if settled:
            self.paid[settled] = [self.states[i].returns()[self.seats[i]]  # type: ignore[union-attr]
                                  for i in settled]
        np.subtract(self.paid, self.credited, out=self.rewards, casting="same_kind")
        self.credited[:] = self.paid
        self.terminated[:] = False
        ended = [i for i in settled if self.states[i].is_terminal]  # type: ignore[union-attr]
        going = [i for i in settled if not self.states[i].is_terminal]  # type: ignore[union-attr]
        if self.progress is not None:
            for i in ended:  # the shaping taken back: the episode's rewards add up to the game's returns
                self.rewards[i] -= self.shaped[i]
            for i in going:
                lead = self.lead(i)
                self.rewards[i] += lead - self.last_lead[i]
                self.shaped[i] += lead - self.last_lead[i]
                self.last_lead[i] = lead
        infos: dict[int, dict[str, Any]] = {}
        if ended:
            self.terminated[ended] = True
            self.observations[ended, self.view_size:] = 0.0  # no word chosen at the end
            encode_rows(self.encoding, [self.states[i] for i in ended],  # type: ignore[misc]
                        [self.seats[i] for i in ended], self.observations, ended)
            for i in ended:
                infos[i] = {"terminal_observation": self.observations[i].copy(), "return": float(self.paid[i]),
                            "length": int(self.lengths[i])}
            self.deal(ended, infos)
        self.show(going + ended)
        return self.observations, self.rewards, self.terminated, infos

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal words of each env now (``masks``), for masked-action learners."""
        return self.masks

    def checked(self, actions: Any) -> list[int]:
        """``actions`` as N word indices, each in its env's mask, else a ``ValueError`` quoting it."""
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or not np.issubdtype(array.dtype, np.integer):
            raise ValueError(f"actions {actions!r}: give {self.num_envs} word indices, one per env (an integer "
                             f"array of shape ({self.num_envs},)), not shape {array.shape} of {array.dtype}")
        size = len(self.vocabulary)
        bad = np.flatnonzero((array < 0) | (array >= size))
        if len(bad) == 0:
            bad = np.flatnonzero(~self.masks[np.arange(self.num_envs), array])
        if len(bad):
            i = int(bad[0])
            if self.states[i] is None:
                raise RuntimeError("call reset() before step()")
            raise ValueError(f"env {i}: {self.words[i].refusal(int(array[i]))}")
        return [int(a) for a in array.tolist()]  # Python ints: numpy's are slow to index with

    def deal(self, envs: list[int], infos: dict[int, dict[str, Any]]) -> None:
        """A new episode in each of ``envs``, at a decision of its learner: games over before it are passed over
        (their learner's returns in ``infos[i]["passed"]``), as ``single_agent``'s ``reset`` does."""
        waiting = envs
        for _ in range(PASS_LIMIT):
            if not waiting:
                break
            for i in waiting:
                state = self.game.new_state(self.episodes[i].getrandbits(64))
                while state.is_terminal:  # over at the deal (as the AEC environment's reset passes it)
                    infos.setdefault(i, {}).setdefault("passed", []).append(state.returns()[self.seats[i]])
                    state = self.game.new_state(self.episodes[i].getrandbits(64))
                self.states[i] = state
                self.paid[i] = 0.0
            moved = self.play(waiting)
            again = []
            for i in waiting:
                dealt = self.states[i]
                assert dealt is not None
                if dealt.is_terminal:  # a bot ended it before the learner's turn: nothing to learn from
                    infos.setdefault(i, {}).setdefault("passed", []).append(dealt.returns()[self.seats[i]])
                    again.append(i)
                elif i in moved:
                    self.paid[i] = dealt.returns()[self.seats[i]]
            waiting = again
        if waiting:
            raise RuntimeError(f"env {waiting[0]}: {PASS_LIMIT} games in a row were over before the learner's "
                               f"first turn, at seat {self.seats[waiting[0]]}: do its opponents always end the game?")
        self.credited[envs] = 0.0
        self.shaped[envs] = 0.0
        self.lengths[envs] = 0
        if self.progress is not None:
            for i in envs:
                self.last_lead[i] = self.lead(i)

    def play(self, envs: list[int]) -> set[int]:
        """Let the opponents of ``envs`` play until it is each learner's turn or its game is over (the learner's
        choice then begun); the envs in which any opponent moved."""
        moved: set[int] = set()
        pending = envs
        while pending:
            batched: list[int] = []
            for i in pending:
                state = self.states[i]
                assert state is not None
                players, rng = self.players[i], self.bot_rngs[i]
                while not state.is_terminal:
                    seat = state.current_player
                    player = players[seat]
                    legal = state.legal_actions()
                    if player is None or isinstance(player, Batched):
                        self.words[i].begin(legal)
                        if player is not None:
                            batched.append(i)
                        break
                    state.apply(player.choose(view_for(player, state, seat), legal, rng))
                    moved.add(i)
            pending = self.play_batched(batched)
            moved.update(pending)
        return moved

    def play_batched(self, envs: list[int]) -> list[int]:
        """One word for each of ``envs``, whose opponent is a ``Batched`` policy, each policy asked once for all
        its envs; the envs in which an action settled (applied: play goes on there)."""
        by_policy: dict[int, list[int]] = {}
        for i in envs:
            seat = self.states[i].current_player  # type: ignore[union-attr]
            by_policy.setdefault(id(self.players[i][seat]), []).append(i)
        settled: list[int] = []
        unsettled: list[int] = []
        for group in by_policy.values():
            k = len(group)
            self.write(group, [self.states[i].current_player for i in group],  # type: ignore[union-attr]
                       self.opponent_observations, self.opponent_masks, list(range(k)))
            observations, masks = self.opponent_observations[:k], self.opponent_masks[:k]
            player = self.players[group[0]][self.states[group[0]].current_player]  # type: ignore[union-attr]
            assert isinstance(player, Batched)
            chosen = np.asarray(player.policy(observations, masks)).reshape(-1)
            if chosen.shape != (k,):
                raise ValueError(f"the batched opponent {player.policy!r} returned {chosen.shape[0]} words for {k} "
                                 "observations: give one word index per row")
            for row, i in enumerate(group):
                index = int(chosen[row])
                if not 0 <= index < masks.shape[1] or not masks[row, index]:
                    raise ValueError(f"the batched opponent {player.policy!r}, env {i}: "
                                     f"{self.words[i].refusal(index)}")
                action = self.words[i].choose(index)
                if action is None:
                    unsettled.append(i)
                else:
                    self.states[i].apply(action)  # type: ignore[union-attr]
                    settled.append(i)
        if unsettled:  # the same opponents choose their next words, with the others' envs moving on
            settled += self.play_batched(unsettled)
        return settled

    def show(self, envs: list[int]) -> None:
        """Write the learner's observation and mask of each of ``envs`` into its row, at a decision of its
        learner."""
        self.write(envs, [self.seats[i] for i in envs], self.observations, self.masks, envs)

    def write(self, envs: list[int], seats: list[int], observations: NDArray[np.float32],
              masks: NDArray[np.bool_], rows: list[int]) -> None:
        """The observation of ``seats[k]``, choosing in env ``envs[k]``, and its mask, into row ``rows[k]`` of
        ``observations`` and ``masks``: every view at once (``core.encoding.encode_rows``), then the words chosen
        so far, then every mask in one numpy call (numpy's cost is per call, not per word)."""
        if not envs:
            return
        states = self.states
        encode_rows(self.encoding, [states[i] for i in envs], seats, observations, rows)  # type: ignore[misc]
        observations[rows, self.view_size:] = 0.0
        mask_rows: list[int] = []
        columns: list[int] = []
        for row, i in zip(rows, envs, strict=True):
            words = self.words[i]
            if words.chosen:
                observations[row, [self.view_size + index for index in words.chosen]] = 1.0
            allowed = words.allowed()
            mask_rows += [row] * len(allowed)
            columns += allowed
        masks[rows] = False
        masks[mask_rows, columns] = True

    def lead(self, i: int) -> float:
        """The encoding's ``hand_progress`` of env ``i``'s learner's view (``reward="hand"`` only)."""
        assert self.progress is not None
        return self.progress(self.states[i].view(self.seats[i]))  # type: ignore[union-attr]

    def close(self) -> None:
        self.states = [None] * self.num_envs
