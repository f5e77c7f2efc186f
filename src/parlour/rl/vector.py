"""Many games of one spec stepped together, in numpy arrays (``parlour.rl.vector_env``).

``VectorEnv`` is a ``gymnasium.vector.VectorEnv`` holding ``num_envs``
independent games: ``reset(seed=, options=)`` returns ``(observations,
infos)``, ``step(actions)`` returns ``(observations, rewards, terminations,
truncations, infos)``, with ``single_observation_space`` (a Box of one row),
``single_action_space`` (``Discrete(vocabulary)``), their batched
``observation_space`` and ``action_space`` (``MultiDiscrete``), and
``metadata["autoreset_mode"]``.

Who plays. In each env one learner seat chooses words as in the
single-agent environment (``parlour.rl.single``): by default env ``i``'s
learner sits at seat ``i % players``, so one batch learns every seat;
``seat=`` fixes it. Opponents are those of ``single_agent`` (bot specs, Bots,
view policies ``(view, legal, rng) -> action``; ``"heuristic"`` when none is
given) or ``Batched`` policies: a callable ``(observations [k, obs], masks
[k, vocab]) -> word indices [k]`` asked once for every env whose opponent is
choosing a word (self-play against a frozen network costs one forward pass
per word, not one per game). With ``seat="all"`` every seat is a learner (no
opponents): each env's row is the observation and mask of the seat to move,
``current_player`` says which, and the rewards are per seat, shape
``(num_envs, players)`` (see ``VectorEnv.all_seats``).

The arrays. A step takes one word per env and fills preallocated arrays:
observations ``(N, obs)`` float32, action masks ``(N, vocab)`` bool (the
attribute ``masks``, also ``infos["action_mask"]`` and ``action_masks()``),
rewards ``(N,)`` float32, terminations and truncations ``(N,)`` bool; they
are the environment's own buffers, overwritten by the next call (copy what
you keep).

Episode ends, by ``metadata["autoreset_mode"]`` (Gymnasium's
``AutoresetMode``): ``SAME_STEP``, the default, deals an env whose episode
ended its next game in the same step, as Stable-Baselines3's vectorised
environments do: the returned observation and mask are the new episode's (so
the mask is always one to choose from), and the infos carry, for the envs
that ended, ``final_obs`` (an object array: the final observation;
``seat="all"``: every seat's, ``(players, obs)``) and ``final_info``
(``return``: the sum of the episode's rewards, the learner's return of the
game when it was not cut short; ``length``: its steps), each with its
``_key`` mask. ``NEXT_STEP`` (Gymnasium's own default) returns the final
observation in the env's row, with ``return`` and ``length`` in the infos, and
deals the next game at the next step, whose word for that env is ignored (its
mask allows word 0 alone, so a masked sampler still has one). ``DISABLED``
leaves an ended env alone until ``reset(options={"reset_mask": mask})`` deals
it again (stepping it raises; its mask is empty). ``max_episode_steps``
truncates an episode after that many steps of its env (learner words; with
``seat="all"``, every seat's words), as Gymnasium's ``TimeLimit``: the
truncation flag is set (also, as there, on a game that ends at that very
step, whose termination flag tells a learner not to bootstrap), and the
episode ends as above.

Each env follows ``single_agent``'s rules: the reward is the change of the
learner's return (``reward="hand"`` also pays each deal's worth in games of
deals, taken back at the end), and a game over before the learner's first
decision is passed over, its learner's return listed in ``infos["passed"]``
(an object array of lists, with its mask). Games, bots' draws and resets
come from one ``random.Random`` pair per env seeded ``seed + i``, in the
single-agent environment's order, so env ``i`` of ``reset(seed=s)`` plays
what ``single_agent`` at the same seat plays after ``reset(seed=s + i)``
(auto-resets there being ``reset()`` calls), for the same words, when no
opponent is ``Batched``.

Infos follow Gymnasium's vector format, a dict of arrays each with its
``_key`` mask: every step's holds ``action_mask`` (the ``masks`` buffer) and
``current_player`` (each row's seat), the rest only when some env ended an
episode or passed over a game. ``parlour.rl.sb3`` adapts this class to
Stable-Baselines3's ``VecEnv``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import ArrayLike, NDArray

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

if TYPE_CHECKING:
    from parlour.rl.jaxvector import JaxVectorEnv

ALL_SEATS = "all"
"""``seat=`` for self-play at every seat: each env's row is the seat to move, the rewards per seat."""


class Batched:
    """A batched policy as an opponent (see the module docstring): it chooses one word for each env waiting on
    it, from that seat's observation and mask, in one call."""

    def __init__(self, policy: BatchPolicy) -> None:
        if not callable(policy):
            raise BotSpecError(f"Batched({policy!r}): give a callable (observations, masks) -> word indices")
        self.policy = policy


Player = Bot | Batched | None
"""Who plays a seat of an env: a bot, a batched policy, or None for a learner."""
Opponents = Opponent | Batched | Sequence[Opponent | Batched]
"""One opponent for every other seat, or one per other seat (``single_agent``'s, or ``Batched`` policies)."""


def autoreset_mode_of(mode: AutoresetMode | str) -> AutoresetMode:
    """``mode`` as Gymnasium's ``AutoresetMode`` (given as one, or as its value or name: ``"SameStep"``,
    ``"same_step"``), else a ``ValueError`` naming those there are."""
    if isinstance(mode, AutoresetMode):
        return mode
    for known in AutoresetMode:
        if isinstance(mode, str) and mode.lower() in (known.value.lower(), known.name.lower()):
            return known
    raise ValueError(f"autoreset_mode={mode!r}: use one of gymnasium.vector.AutoresetMode "
                     f"({', '.join(m.name for m in AutoresetMode)})")


class VectorEnv(gymnasium.vector.VectorEnv[NDArray[np.float32], NDArray[np.int64], NDArray[Any]]):
    """See the module docstring."""

    def __init__(self, spec: str, num_envs: int, seat: int | str | None = None, opponents: Opponents | None = None,
                 reward: str = "game", *, autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
                 max_episode_steps: int | None = None, **flags: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs={num_envs!r}: give a whole number of games, 1 or more")
        if reward not in ("game", "hand"):
            raise ValueError(f"reward={reward!r}: use 'game' (the change of the game's returns) or 'hand' "
                             "(also each hand's or deal's worth as it is scored)")
        if max_episode_steps is not None and (isinstance(max_episode_steps, bool)
                                              or not isinstance(max_episode_steps, int) or max_episode_steps < 1):
            raise ValueError(f"max_episode_steps={max_episode_steps!r}: give a whole number of steps, 1 or more "
                             "(or None: no time limit)")
        self.autoreset_mode = autoreset_mode_of(autoreset_mode)
        self.metadata = {"autoreset_mode": self.autoreset_mode, "render_modes": []}
        self.max_episode_steps = max_episode_steps
        """Steps after which an env's episode is truncated (``TimeLimit``'s ``max_episode_steps``), or None."""
        self.game = load_game(spec, **flags)
        self.encoding = encoding_of(self.game)
        players = self.game.num_players
        self.all_seats = seat == ALL_SEATS
        """Self-play at every seat (``seat="all"``): no opponents, each env's row the seat to move, rewards
        ``(num_envs, players)``: each seat's change of return at every step, partners' alike."""
        if self.all_seats:
            if opponents is not None:
                raise ValueError(f"seat={ALL_SEATS!r} seats a learner at every seat: give no opponents "
                                 f"(got {opponents!r})")
            if self.autoreset_mode is not AutoresetMode.SAME_STEP:
                raise ValueError(f"seat={ALL_SEATS!r} resets in the same step (AutoresetMode.SAME_STEP), where "
                                 "final_obs holds every seat's last observation; "
                                 f"got {self.autoreset_mode.name}")
        elif seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat={seat!r} is not at this table: seats are 0 to {players - 1} "
                             f"(or None: env i's learner at seat i % players; or {ALL_SEATS!r}: every seat)")
        self.progress: Callable[[Any], float] | None = None
        """With ``reward="hand"``, the encoding's ``hand_progress`` (as in ``parlour.rl.single``)."""
        if reward == "hand":
            self.progress = getattr(self.encoding, "hand_progress", None)
            if self.progress is None:
                raise ValueError("reward='hand' is for games played in hands or deals (whose encoding has "
                                 f"hand_progress); {self.game.name_with_rules()} has none: use reward='game'")
        self.num_envs = num_envs
        self.seats = [0 if self.all_seats else i % players if seat is None else int(seat) for i in range(num_envs)]
        """The seat of each env's row: the learner's (with ``seat="all"``, the seat to move, changing)."""
        self.current_player = np.array(self.seats, np.int64)
        """``seats`` as an array, also in every step's ``infos["current_player"]``."""
        self.players: list[list[Player]] = []
        """Per env, who plays each seat (None at a learner's)."""
        if self.all_seats:
            self.players = [[None] * players for _ in range(num_envs)]
        else:
            given = opponents_listed("heuristic" if opponents is None else opponents, players)
            made: list[Bot | Batched] = [o if isinstance(o, Batched) else bot_of(o, self.game) for o in given]
            for learner in self.seats:
                others = iter(made)
                self.players.append([None if s == learner else next(others) for s in range(players)])
        self.single_observation_space: spaces.Box = \
            ParlourEnv(spec, **flags).observation_space("player_0")["observation"]  # type: ignore[index]
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.vocabulary = self.encoding.vocabulary
        self.single_action_space: spaces.Discrete = spaces.Discrete(len(self.vocabulary))
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.view_size = self.encoding.layout.size
        size = self.view_size + len(self.vocabulary)
        self.observations = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, len(self.vocabulary)), np.bool_)
        paid = (num_envs, players) if self.all_seats else (num_envs,)  # per env, or per env and seat ("all")
        self.rewards = np.zeros(paid, np.float32)
        self.terminated = np.zeros(num_envs, np.bool_)
        self.truncated = np.zeros(num_envs, np.bool_)
        self.everyone = np.ones(num_envs, np.bool_)
        """The ``_key`` mask of infos every env has (read-only: infos share it)."""
        self.everyone.setflags(write=False)
        self.waiting = np.zeros(num_envs, np.bool_)
        """Envs whose episode has ended and that are not dealt again yet (``NEXT_STEP``, ``DISABLED``)."""
        self.held = False
        """Whether any env is ``waiting`` (a Python bool: the step's test costs nothing)."""
        self.opponent_observations = np.zeros((num_envs, size), np.float32)
        self.opponent_masks = np.zeros((num_envs, len(self.vocabulary)), np.bool_)
        self.paid = np.zeros(paid, np.float64)
        """Per env, its paid seats' returns when an action last settled (as the AEC environment's ``paid``)."""
        self.credited = np.zeros(paid, np.float64)
        """Per env, the rewards given so far this episode."""
        self.shaped = np.zeros(paid, np.float64)
        self.lengths = np.zeros(num_envs, np.int64)
        """Per env, the steps so far this episode."""
        self.last_lead = np.zeros(paid, np.float64)
        chooser = WordChooser(self.vocabulary)
        self.words = [chooser.copy() for _ in range(num_envs)]
        """Per env, the choice in progress, whoever makes it (turns never overlap); they share one word cache."""
        self.states: list[State[Any, Any] | None] = [None] * num_envs
        self.episodes = [random.Random(secrets.randbits(64)) for _ in range(num_envs)]
        self.bot_rngs = [random.Random(secrets.randbits(64)) for _ in range(num_envs)]

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal every env a new game, or those of ``options["reset_mask"]`` (a bool array, one per env) alone;
        ``seed``: an int seeds env ``i`` with ``seed + i``, a list one seed (or None) per env. The observations
        and the infos (``passed``: the learner's returns of the games passed over, per env that passed some)."""
        chosen = (options or {}).get("reset_mask")
        if chosen is None:
            envs = list(range(self.num_envs))
        else:
            chosen = np.asarray(chosen)
            if chosen.shape != (self.num_envs,) or chosen.dtype != np.bool_ or not chosen.any():
                raise ValueError(f"options['reset_mask']={chosen!r}: give a bool array of shape ({self.num_envs},) "
                                 "with at least one True (the envs to deal again)")
            envs = [int(i) for i in np.flatnonzero(chosen)]
        if seed is not None:
            seeds = [seed + i for i in range(self.num_envs)] if isinstance(seed, int) else list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"seed={seed!r}: give one int (env i seeded seed + i) or {self.num_envs} seeds")
            for i in envs:
                if seeds[i] is not None:
                    self.episodes[i] = random.Random(seeds[i])
                    self.bot_rngs[i] = random.Random(seeds[i])
        passed: dict[int, list[Any]] = {}
        self.observations[envs] = 0.0
        self.deal(envs, passed)
        self.show(envs)
        self.rewards[envs] = 0.0
        self.terminated[envs] = False
        self.truncated[envs] = False
        self.waiting[envs] = False
        self.held = bool(self.waiting.any())
        infos = self.infos()
        self.add_passed(infos, passed)
        return self.observations, infos

    def step(self, actions: ArrayLike) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_],
                                                        NDArray[np.bool_], dict[str, Any]]:
        """One word per env (``actions``: N word indices, each in its env's mask): the observations, rewards,
        terminations, truncations and infos (module docstring). A word outside its mask raises ``ValueError``
        before any env changes."""
        words = self.checked(actions)
        restart = [int(i) for i in np.flatnonzero(self.waiting)] if self.held else []
        self.lengths += 1
        settled: list[int] = []
        choosing: list[int] = []
        rows: list[int] = []
        columns: list[int] = []
        for i, index in enumerate(words):
            if restart and self.waiting[i]:
                continue
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
            if self.all_seats:
                self.paid[settled] = [self.states[i].returns() for i in settled]  # type: ignore[union-attr]
            else:
                self.paid[settled] = [self.states[i].returns()[self.seats[i]]  # type: ignore[union-attr]
                                      for i in settled]
        np.subtract(self.paid, self.credited, out=self.rewards, casting="same_kind")
        self.credited[:] = self.paid
        self.terminated[:] = False
        if self.max_episode_steps is not None:
            self.truncated[:] = False
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
        cut = self.cut_short(choosing + going) if self.max_episode_steps is not None else []
        if cut:
            cuts = set(cut)
            going = [i for i in going if i not in cuts]
            self.show(cut)  # the decision they were cut at: their final observation
        infos = self.infos()
        passed: dict[int, list[Any]] = {}
        if ended or cut:
            self.finish(ended, cut, infos)
            if self.autoreset_mode is AutoresetMode.SAME_STEP:
                self.deal(ended + cut, passed)
                going += ended + cut
        if restart:  # NEXT_STEP: dealt now, a step after their end; their word ignored, their reward none
            self.deal(restart, passed)
            self.rewards[restart] = 0.0
            self.waiting[restart] = False
            self.held = bool(self.waiting.any())  # those that ended in this very step wait on
            going += restart
        self.show(going)
        self.add_passed(infos, passed)
        return self.observations, self.rewards, self.terminated, self.truncated, infos

    def cut_short(self, stepped: list[int]) -> list[int]:
        """The envs of ``stepped`` (at a decision after this step) whose episode reached ``max_episode_steps``."""
        assert self.max_episode_steps is not None
        if not (self.lengths >= self.max_episode_steps).any():
            return []
        return sorted(i for i in stepped if self.lengths[i] >= self.max_episode_steps)

    def finish(self, ended: list[int], cut: list[int], infos: dict[str, Any]) -> None:
        """End the episodes of ``ended`` (their games over) and ``cut`` (truncated, at a decision shown in their
        rows): flags, their final observations and ``return``/``length`` in ``infos``, as the autoreset mode
        puts them (module docstring)."""
        if ended:
            self.terminated[ended] = True
            self.observations[ended, self.view_size:] = 0.0  # no word chosen at the end
            encode_rows(self.encoding, [self.states[i] for i in ended],  # type: ignore[misc]
                        [self.seats[i] for i in ended], self.observations, ended)
        finished = ended + cut
        returns = np.zeros(self.paid.shape)
        lengths = np.zeros(self.num_envs, np.int64)
        mask = np.zeros(self.num_envs, np.bool_)
        for i in finished:  # a few envs a step: numpy's scalar writes cost less than its fancy indexing here
            returns[i] = self.paid[i]
            lengths[i] = self.lengths[i]
            mask[i] = True
        if cut:  # cut short: the shaping given so far is not taken back
            self.truncated[cut] = True
            returns[cut] += self.shaped[cut]
        if ended and self.max_episode_steps is not None:  # as TimeLimit: over at the limit is also truncated
            self.truncated[ended] = self.lengths[ended] >= self.max_episode_steps
        info = {"return": returns, "_return": mask, "length": lengths, "_length": mask}
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            final = np.empty(self.num_envs, dtype=object)  # None where no episode ended
            for i in finished:
                final[i] = self.seat_rows(i) if self.all_seats else self.observations[i].copy()
            infos.update(final_obs=final, _final_obs=mask, final_info=info, _final_info=mask)
        else:
            infos.update(info)
            self.waiting[finished] = True
            self.held = True
            self.masks[finished] = False
            if self.autoreset_mode is AutoresetMode.NEXT_STEP:
                self.masks[finished, 0] = True  # any one word: it is ignored

    def all_observations(self) -> NDArray[np.float32]:
        """Every seat's observation in each env now, ``(num_envs, players, obs)`` (a new array): a row's seat's as
        in ``observations``, each other seat's from its own view. In self-play (``seat="all"``), where a row is the
        seat to move, this is what bootstraps the other seats' values at the end of a rollout; it is no policy's
        input for a seat that is not to move."""
        return np.stack([self.seat_rows(i) for i in range(self.num_envs)])

    def seat_rows(self, i: int) -> NDArray[np.float32]:
        """Every seat's observation of env ``i`` now, ``(players, obs)``: the seat to move's with its words chosen
        so far (``seat="all"``'s ``final_obs``)."""
        state = self.states[i]
        assert state is not None
        seats = list(range(self.game.num_players))
        out = np.zeros((len(seats), self.observations.shape[1]), np.float32)
        encode_rows(self.encoding, [state] * len(seats), seats, out, seats)
        if not state.is_terminal and self.words[i].chosen:
            out[state.current_player, [self.view_size + index for index in self.words[i].chosen]] = 1.0
        return out

    def infos(self) -> dict[str, Any]:
        """A step's infos before any episode ends: each env's mask and row's seat (module docstring)."""
        return {"action_mask": self.masks, "_action_mask": self.everyone,
                "current_player": self.current_player, "_current_player": self.everyone}

    def add_passed(self, infos: dict[str, Any], passed: dict[int, list[Any]]) -> None:
        """``passed`` (per env, the returns of the games it passed over) into ``infos`` as Gymnasium's vector
        infos hold it: an object array of lists and its mask."""
        if not passed:
            return
        values = np.full(self.num_envs, None, dtype=object)
        mask = np.zeros(self.num_envs, np.bool_)
        for i, returns in passed.items():
            values[i] = returns
            mask[i] = True
        infos["passed"], infos["_passed"] = values, mask

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
            if self.waiting[i] and self.autoreset_mode is AutoresetMode.DISABLED:
                raise RuntimeError(f"env {i}: its episode is over and autoreset is disabled: deal it again with "
                                   "reset(options={'reset_mask': mask})")
            raise ValueError(f"env {i}: {self.words[i].refusal(int(array[i]))}")
        return [int(a) for a in array.tolist()]  # Python ints: numpy's are slow to index with

    def payoff(self, state: State[Any, Any], i: int) -> Any:
        """The returns of env ``i``'s paid seats in ``state``: its learner's, or every seat's (``seat="all"``)."""
        returns = state.returns()
        return list(returns) if self.all_seats else returns[self.seats[i]]

    def deal(self, envs: list[int], passed: dict[int, list[Any]]) -> None:
        """A new episode in each of ``envs``, at a decision of a learner: games over before it are passed over
        (their paid seats' returns listed in ``passed[i]``), as ``single_agent``'s ``reset`` does."""
        waiting = envs
        for _ in range(PASS_LIMIT):
            if not waiting:
                break
            for i in waiting:
                state = self.game.new_state(self.episodes[i].getrandbits(64))
                while state.is_terminal:  # over at the deal (as the AEC environment's reset passes it)
                    passed.setdefault(i, []).append(self.payoff(state, i))
                    state = self.game.new_state(self.episodes[i].getrandbits(64))
                self.states[i] = state
                self.paid[i] = 0.0
            moved = self.play(waiting)
            again = []
            for i in waiting:
                dealt = self.states[i]
                assert dealt is not None
                if dealt.is_terminal:  # a bot ended it before the learner's turn: nothing to learn from
                    passed.setdefault(i, []).append(self.payoff(dealt, i))
                    again.append(i)
                elif i in moved:
                    self.paid[i] = self.payoff(dealt, i)
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
        """Let the opponents of ``envs`` play until it is a learner's turn or the game is over (the learner's
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
        """Write the observation and mask of each of ``envs``' row seat into its row, at a decision of that seat
        (with ``seat="all"``, the seat to move: ``seats`` and ``current_player`` follow it)."""
        if self.all_seats:
            for i in envs:
                self.seats[i] = self.states[i].current_player  # type: ignore[union-attr]
            self.current_player[envs] = [self.seats[i] for i in envs]
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

    def lead(self, i: int) -> Any:
        """The encoding's ``hand_progress`` of env ``i``'s learner's view, or of every seat's (``seat="all"``: an
        array) (``reward="hand"`` only)."""
        assert self.progress is not None
        state = self.states[i]
        assert state is not None
        if self.all_seats:
            return np.array([self.progress(state.view(s)) for s in range(self.game.num_players)])
        return self.progress(state.view(self.seats[i]))

    def close_extras(self, **kwargs: Any) -> None:
        """Drop the games (Gymnasium's ``close`` calls this once)."""
        self.states = [None] * self.num_envs


def vector_env(spec: str, num_envs: int, seat: int | str | None = None, opponents: Opponents | None = None,
               reward: str = "game", *, autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
               max_episode_steps: int | None = None, backend: str = "python", device: str | None = None,
               **flags: Any) -> VectorEnv | JaxVectorEnv:
    """``num_envs`` games of ``spec`` stepped together in numpy arrays, a ``gymnasium.vector.VectorEnv``: a
    learner in each (env ``i``'s at seat ``i % players``, or all at ``seat``), opponents as ``single_agent``'s
    (``"heuristic"`` when none is given) or ``Batched`` policies asked for all envs at once; ``seat="all"``:
    self-play, every seat a learner, each env's row the seat to move, rewards per seat. Gymnasium's
    ``autoreset_mode`` (same step by default) and ``max_episode_steps`` (truncation), see ``vector``.
    ``backend="jax"`` steps them on ``device`` in parlour.jax's environments, random opponents played there (see
    ``jaxvector``; the ``jax`` extra)."""
    if backend == "jax":
        from parlour.rl.jaxvector import JaxVectorEnv

        if reward != "game":
            raise ValueError(f"reward={reward!r}: backend='jax' pays the game's returns only (reward='game')")
        return JaxVectorEnv(spec, num_envs, seat=seat, opponents=opponents, autoreset_mode=autoreset_mode,
                            max_episode_steps=max_episode_steps, device=device, **flags)
    if backend != "python":
        raise ValueError(f"backend={backend!r}: use 'python' (parlour's engine, every option) or 'jax' "
                         "(parlour.jax's environments on a JAX device)")
    if device is not None:
        raise ValueError(f"device={device!r} is for backend='jax'; the Python backend runs on the CPU")
    return VectorEnv(spec, num_envs, seat=seat, opponents=opponents, reward=reward, autoreset_mode=autoreset_mode,
                     max_episode_steps=max_episode_steps, **flags)
