"""``vector_env(spec, n, backend="jax")``: the vector environment over parlour.jax's pgx environments.

The same ``gymnasium.vector.VectorEnv`` as ``parlour.rl.vector``'s for what the two share, so a policy moves from
one to the other: the spaces and rows are the Python backend's (each row the game's observation, then a slot a word
for the words of the action chosen so far; float32; ``Discrete(vocabulary)`` actions), ``step`` returns the
five-tuple, the infos carry ``action_mask`` and ``current_player`` every step and ``final_obs``/``final_info``
(``return``, ``length``) with their ``_key`` masks where an episode ended, and ``masks``/``action_masks()`` hold the
legal words, so ``parlour.rl.sb3`` adapts it to Stable-Baselines3 alike. A step is one jitted call on the device
(``jax.devices()[0]`` unless ``device`` names another): the learners' words are played, then every opponent's turn
until each env is back at its learner's or over, each opponent choosing a uniformly random legal word inside the
jitted code; an ended episode is dealt again in the same step (``AutoresetMode.SAME_STEP``), and dealt until its
learner has a word to choose.

What it offers of the Python backend's options: a learner at seat ``i % players`` in env ``i``, or all at ``seat``;
``seat="all"`` (self-play: each row the seat to move, rewards per seat); opponents ``"random"`` only (played inside
the device's loop; bots, Batched policies and other reward schemes are the Python backend's); same-step autoreset;
``max_episode_steps``. Chance comes from the JAX key seeded by ``reset(seed=)``, not from the Python engine's
shuffle: the two backends play the same rules from different deals.
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import jax
import jax.numpy as jnp
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import parlour.jax
from parlour.core.registry import load_game
from parlour.jax.batch import random_words
from parlour.rl.aec import ParlourEnv

ALL_SEATS = "all"
RANDOM = "random"


def jax_spec(spec: str, flags: dict[str, Any]) -> str:
    """``spec`` with ``flags`` written into it as a spec's query (``tock?players=6``): parlour.jax reads specs."""
    if not flags:
        return spec
    words = "&".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in flags.items())
    return f"{spec}{'&' if '?' in spec else '?'}{words}"


class JaxVectorEnv(gymnasium.vector.VectorEnv[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]):
    """See the module docstring."""

    def __init__(self, spec: str, num_envs: int, seat: int | str | None = None, opponents: Any = None,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP, max_episode_steps: int | None = None,
                 device: str | None = None, **flags: Any) -> None:
        game = load_game(spec, **flags)
        players = game.num_players
        self.all_seats = seat == ALL_SEATS
        if self.all_seats and opponents is not None:
            raise ValueError(f"seat={ALL_SEATS!r} seats a learner at every seat: give no opponents (got {opponents!r})")
        if not self.all_seats and opponents not in (None, RANDOM):
            raise ValueError(f"opponents={opponents!r}: backend='jax' plays its opponents inside the device's loop, "
                             f"{RANDOM!r} only (bots and Batched policies are the Python backend's)")
        if not self.all_seats and seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                                        or not 0 <= seat < players):
            raise ValueError(f"seat={seat!r} is not at this table: seats are 0 to {players - 1} "
                             f"(or None: env i's learner at seat i % players; or {ALL_SEATS!r}: every seat)")
        mode = AutoresetMode(autoreset_mode)
        if mode is not AutoresetMode.SAME_STEP:
            raise ValueError(f"autoreset_mode={mode.name}: backend='jax' resets in the same step (SAME_STEP)")
        if max_episode_steps is not None and (isinstance(max_episode_steps, bool)
                                              or not isinstance(max_episode_steps, int) or max_episode_steps < 1):
            raise ValueError(f"max_episode_steps={max_episode_steps!r}: give a whole number of steps, 1 or more "
                             "(or None: no time limit)")
        try:
            self.device = jax.devices(device)[0] if device else jax.devices()[0]
        except RuntimeError as e:
            raise ValueError(f"device={device!r}: JAX has no such device here; it has "
                             f"{', '.join(sorted({d.platform for d in jax.devices()}))}") from e
        self.env = parlour.jax.make(jax_spec(spec, flags))
        self.num_envs = num_envs
        self.players = players
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.max_episode_steps = max_episode_steps
        self.single_observation_space: spaces.Box = \
            ParlourEnv(spec, **flags).observation_space("player_0")["observation"]  # type: ignore[index]
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(self.env.num_actions)
        self.action_space = batch_space(self.single_action_space, num_envs)
        learner = np.arange(num_envs) % players if seat is None or self.all_seats else np.full(num_envs, seat)
        self.learner = jnp.asarray(learner, jnp.int32)
        """Each env's learner seat (with ``seat="all"``: unused, every seat learns)."""
        self.current_player = learner.astype(np.int64)
        self.masks = np.zeros((num_envs, self.env.num_actions), np.bool_)
        self.lengths = np.zeros(num_envs, np.int64)
        self.returns = np.zeros((num_envs, players) if self.all_seats else num_envs, np.float64)
        self.everyone = np.ones(num_envs, np.bool_)
        self.state: Any = None
        self.key = jax.random.PRNGKey(0)
        self.stepped = jax.jit(self.device_step)
        self.dealt = jax.jit(self.deal_where)
        self.every_seat = jax.jit(jax.vmap(lambda s: jax.vmap(lambda p: self.env.observe(s, p))(jnp.arange(players))))

    def to_learner(self, state: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        """``state`` with every env's opponents playing random words until its learner is to move or it is over;
        and each env's rewards over those words (``[envs, players]``)."""
        env = self.env
        paid = jnp.zeros((self.num_envs, self.players), jnp.float32)
        if self.all_seats:
            return state, paid

        def waiting(s: Any) -> jax.Array:
            moving: jax.Array = ~(s.terminated | s.truncated) & (s.current_player != self.learner)
            return moving

        def one(carry: tuple[Any, jax.Array, jax.Array]) -> tuple[Any, jax.Array, jax.Array]:
            s, total, k = carry
            k, choose, chance = jax.random.split(k, 3)
            moving = waiting(s)
            after = jax.vmap(env.step)(s, random_words(s.legal_action_mask, choose),
                                       jax.random.split(chance, self.num_envs))
            s = jax.tree_util.tree_map(
                lambda a, b: jnp.where(moving.reshape(moving.shape + (1,) * (a.ndim - 1)), a, b), after, s)
            return s, total + jnp.where(moving[:, None], after.rewards, 0.0), k

        state, paid, _ = jax.lax.while_loop(lambda c: waiting(c[0]).any(), one, (state, paid, key))
        return state, paid

    def deal_where(self, state: Any, fresh: jax.Array, key: jax.Array) -> tuple[Any, jax.Array]:
        """New episodes in the envs where ``fresh``, each dealt again while it ends before its learner's first
        word; with the opponents' words played to the learner's turn. The new state and the rewards paid in it
        (nothing the learner is paid: an episode over before its first word is dealt again)."""

        def again(carry: tuple[Any, jax.Array, jax.Array]) -> tuple[Any, jax.Array, jax.Array]:
            s, need, k = carry
            k, deal, play = jax.random.split(k, 3)
            new = jax.vmap(self.env.init)(jax.random.split(deal, self.num_envs))
            s = jax.tree_util.tree_map(
                lambda a, b: jnp.where(need.reshape(need.shape + (1,) * (a.ndim - 1)), a, b), new, s)
            s, _ = self.to_learner(s, play)
            return s, need & (s.terminated | s.truncated), k

        state, _, key = jax.lax.while_loop(lambda c: c[1].any(), again, (state, fresh, key))
        return state, key

    def rows(self, state: Any) -> jax.Array:
        """Each env's row: the observation by the seat to move (``parlour.rl``'s row: the view, then the words
        of the action chosen so far)."""
        rows: jax.Array = state.observation
        return rows

    def final_rows(self, state: Any) -> jax.Array:
        """Each env's last observation by its learner (``seat="all"``: by every seat, ``[envs, players, obs]``)."""
        env = self.env
        if self.all_seats:
            seen: jax.Array = self.every_seat(state)
            return seen
        last: jax.Array = jax.vmap(env.observe)(state, self.learner)
        return last

    def all_observations(self) -> np.ndarray[Any, Any]:
        """Every seat's observation in each env now, ``(num_envs, players, obs)``, as the Python backend's: what
        bootstraps the seats not to move at the end of a self-play rollout."""
        return np.asarray(self.every_seat(self.state))

    def device_step(self, state: Any, actions: jax.Array, key: jax.Array) -> tuple[Any, ...]:
        """One step on the device: the words played, the opponents to the learner's turn, the ended envs dealt
        again; the new state, rows, rewards (per seat), terminations, final rows and the next key."""
        key, chance, turn = jax.random.split(key, 3)
        moved = jax.vmap(self.env.step)(state, actions, jax.random.split(chance, self.num_envs))
        after, paid = self.to_learner(moved, turn)
        ended = after.terminated | after.truncated
        final = self.final_rows(after)
        after, key = self.deal_where(after, ended, key)
        return after, self.rows(after), moved.rewards + paid, ended, final, key

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Every env dealt a new episode, played to its learner's turn, from ``seed`` (a random one if None)."""
        if options:
            raise ValueError(f"options={options!r}: backend='jax' takes no reset options")
        self.key = jax.random.PRNGKey(secrets.randbits(32) if seed is None else seed)
        with jax.default_device(self.device):
            self.key, first = jax.random.split(self.key)
            state = jax.vmap(self.env.init)(jax.random.split(first, self.num_envs))
            self.state, self.key = self.dealt(state, jnp.ones(self.num_envs, jnp.bool_), self.key)
        self.lengths[:] = 0
        self.returns[:] = 0
        return self.observed(), self.infos()

    def step(self, actions: Any) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any],
                                          np.ndarray[Any, Any], dict[str, Any]]:
        """One word an env (module docstring): observations, rewards (per seat with ``seat="all"``),
        terminations, truncations, infos."""
        if self.state is None:
            raise RuntimeError("step() before reset(): call reset(seed=...) first")
        words = np.asarray(actions)
        if words.shape != (self.num_envs,) or not np.issubdtype(words.dtype, np.integer):
            raise ValueError(f"actions: give one word index an env, {self.num_envs} integers; got shape "
                             f"{words.shape} of {words.dtype}")
        illegal = ~self.masks[np.arange(self.num_envs), np.clip(words, 0, self.masks.shape[1] - 1)] \
            | (words < 0) | (words >= self.masks.shape[1])
        if illegal.any():
            i = int(np.flatnonzero(illegal)[0])
            raise ValueError(f"env {i}: word {int(words[i])} is not legal now; legal: "
                             f"{np.flatnonzero(self.masks[i]).tolist()}")
        with jax.default_device(self.device):
            self.state, rows, paid, ended, final, self.key = self.stepped(self.state, jnp.asarray(words, jnp.int32),
                                                                          self.key)
        paid = np.asarray(paid, np.float64)
        rewards = paid if self.all_seats else paid[np.arange(self.num_envs), np.asarray(self.learner)]
        terminated = np.asarray(ended).copy()
        self.lengths += 1
        self.returns += rewards
        truncated = np.zeros(self.num_envs, np.bool_)
        finals = np.asarray(final)
        rows = np.asarray(rows)
        if self.max_episode_steps is not None:
            truncated = self.lengths >= self.max_episode_steps
            cut = truncated & ~terminated
            if cut.any():
                finals = finals.copy()
                if not self.all_seats:
                    finals[cut] = rows[cut]
                with jax.default_device(self.device):
                    self.state, self.key = self.dealt(self.state, jnp.asarray(cut), self.key)
                rows = np.asarray(self.rows(self.state))
        infos = self.infos()
        over = terminated | truncated
        if over.any():
            final_obs = np.empty(self.num_envs, dtype=object)
            for i in np.flatnonzero(over).tolist():
                final_obs[i] = finals[i]
            info = {"return": self.returns.copy(), "_return": over, "length": self.lengths.copy(), "_length": over}
            infos.update(final_obs=final_obs, _final_obs=over, final_info=info, _final_info=over)
            self.returns[over] = 0
            self.lengths[over] = 0
        self.current_player = np.asarray(self.state.current_player, np.int64)
        return rows.astype(np.float32, copy=False), rewards.astype(np.float32), terminated, truncated, infos

    def observed(self) -> np.ndarray[Any, Any]:
        """The rows of the state now; the masks kept in ``masks``."""
        rows = np.asarray(self.rows(self.state))
        self.masks = np.asarray(self.state.legal_action_mask).copy()
        self.current_player = np.asarray(self.state.current_player, np.int64)
        return rows

    def infos(self) -> dict[str, Any]:
        """Every step's infos: the legal words and each row's seat, with their ``_key`` masks."""
        self.masks = np.asarray(self.state.legal_action_mask).copy()
        return {"action_mask": self.masks, "_action_mask": self.everyone,
                "current_player": np.asarray(self.state.current_player, np.int64), "_current_player": self.everyone}

    def action_masks(self) -> np.ndarray[Any, Any]:
        """Each env's legal words now (a copy)."""
        return self.masks.copy()
