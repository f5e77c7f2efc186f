"""A Plonk agent trained by PPO in pure JAX on ``parlour.jax``'s Plonk env: ``.venv/bin/python
examples/jax_ppo_plonk.py --minutes 10`` (extras ``jax`` and ``learn``).

Plain JAX (no flax or optax): an actor-critic MLP over the Plonk observation (``parlour.rl``'s row), the legal
words' mask applied to the policy's logits, ``--envs`` matches stepped together by ``parlour.jax.batch.Stepper``
(chance dealt in bulk, only where due), the whole update (rollout, advantages, minibatch epochs, Adam) in one
jitted function.

**Self-play at all four seats, one shared policy.** Every card played is a learner sample, four times what a
learner at seats 0 and 2 against a fixed opponent would give per env step, and the opponents improve with the
learner; the alternative opponent inside JAX would be a random player, which the heuristic already beats in
every game, so a learner that only learns to punish random play has little to carry over to the heuristic.
Plonk is zero-sum between its two sides, so every value is read from the side of the seat to move and
advantages follow each seat's sign: the value of the next position, seen by the next seat, counts for the
acting seat with a minus sign when the next seat is an opponent (``gae``).

**Reward: points, not only the match.** A match to 500 lasts three to five deals (150 to 260 cards), and its
result comes at the very end. Each side's points so far (its score plus its live cards' faces less one per dead
card this deal) are in the observation; a card's reward is the change in its side's lead on those points
(in hundreds) that the card brought about, which is nonzero at the card that completes a trick, and the
rewards of a match sum to its final score difference, whose sign is the match result.

Writes into ``--out``: ``policy.pt`` (playable as ``learned:PATH``: the MaskablePPO file
``parlour.bots.learned.save_policy`` writes, the shared trunk copied into both of its networks), ``curve.csv``
(per update: time, env steps, losses, entropy; at each checkpoint the learner at seats 0 and 2 against random
play in JAX, and against the heuristic in the arena), ``learning_curve.png`` (when matplotlib is installed),
``training.json`` and ``results.md`` (the final arena result against ``heuristic`` over ``--games`` duplicate
deals, with 95 % intervals).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

import parlour.jax
from parlour import load_game
from parlour.arena.stats import BotResult
from parlour.arena.tournament import tournament
from parlour.core.parts import encoding_of
from parlour.games.plonk.rules import PlonkRules
from parlour.jax.batch import Stepper, in_bulk

SPEC = PlonkRules.game_name
OPPONENT = "heuristic"
OUT = Path(__file__).resolve().parent.parent / "docs" / "notes" / "jax-ppo-plonk"
ACTIVATION = "tanh"
"""The hidden layers' activation (one of ``parlour.bots.learned.ACTIVATIONS``)."""


def section_start(name: str) -> int:
    """Where the observation's section ``name`` begins: the Python encoding's layout, which the JAX
    observation follows slot for slot."""
    return next(s.start for s in encoding_of(load_game(SPEC)).layout.sections if s.name == name)


SCORES = section_start("scores")
"""Both sides' match scores (own side first, in hundreds), then at ``POINTS`` this deal's points."""
POINTS = section_start("deal_points")

Params = dict[str, Any]
"""The network: ``trunk`` (a list of ``(weights, bias)``), ``pi`` and ``v`` (the heads' ``(weights, bias)``)."""


class Settings(NamedTuple):
    """PPO's settings (``main``'s options)."""

    envs: int
    rollout: int
    minibatches: int
    epochs: int
    learning_rate: float
    gamma: float
    lam: float
    clip: float
    value_coef: float
    entropy_coef: float
    max_grad_norm: float


class Batch(NamedTuple):
    """A rollout: ``[rollout, envs]`` arrays of what each acting seat saw and did."""

    observation: jax.Array
    mask: jax.Array
    action: jax.Array
    log_prob: jax.Array
    value: jax.Array
    reward: jax.Array
    done: jax.Array
    sign: jax.Array
    """+1 where the next seat to move is the actor's partner (or itself), -1 where it is an opponent."""


class Adam(NamedTuple):
    """Adam's moments and step count."""

    mean: Params
    square: Params
    steps: jax.Array


def init_params(key: jax.Array, inputs: int, hidden: Sequence[int], words: int) -> Params:
    """A new network: orthogonal weights (gain √2 in the trunk, 0.01 for the policy head, 1 for the value
    head), zero biases."""
    sizes = [inputs, *hidden]
    keys = jax.random.split(key, len(hidden) + 2)

    def layer(k: jax.Array, n_in: int, n_out: int, gain: float) -> tuple[jax.Array, jax.Array]:
        return jax.nn.initializers.orthogonal(gain)(k, (n_in, n_out), jnp.float32), jnp.zeros(n_out, jnp.float32)

    return {"trunk": [layer(keys[i], sizes[i], sizes[i + 1], math.sqrt(2)) for i in range(len(hidden))],
            "pi": layer(keys[-2], sizes[-1], words, 0.01), "v": layer(keys[-1], sizes[-1], 1, 1.0)}


def forward(params: Params, observation: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
    """(log-probabilities over the words, illegal words at about -1e9; the value) for each row."""
    x = observation
    for w, b in params["trunk"]:
        x = jnp.tanh(x @ w + b)
    logits = jnp.where(mask, x @ params["pi"][0] + params["pi"][1], -1e9)
    return jax.nn.log_softmax(logits), (x @ params["v"][0] + params["v"][1])[..., 0]


def lead(observation: jax.Array, ended: jax.Array) -> jax.Array:
    """The seat's side's lead in points (hundreds) from its observation: scores plus this deal's points, or the
    scores alone once the match has ended (the last deal is in the scores then, its piles still shown)."""
    scores = observation[..., SCORES] - observation[..., SCORES + 1]
    deal = observation[..., POINTS] - observation[..., POINTS + 1]
    return scores + jnp.where(ended, 0.0, deal)


class Trainer:
    """The jitted pieces of the training (module docstring) for ``env`` and ``settings``."""

    def __init__(self, env: Any, settings: Settings) -> None:
        self.env = env
        self.settings = settings
        self.stepper = Stepper(env, settings.envs)
        self.update: Any = jax.jit(self.updated)
        """``updated``, jitted (``lower`` compiles it ahead of the first update)."""
        self.evaluate: Callable[..., Any] = jax.jit(self.evaluated, static_argnums=2)

    def advance(self, states: Any, action: jax.Array, key: jax.Array) -> tuple[Any, jax.Array, jax.Array,
                                                                                 jax.Array, jax.Array]:
        """The matches after ``action``, finished ones replaced by new ones: (states, the actor's reward, the
        next seat's sign for the actor, whether the match ended, the actor's match result where it did)."""
        play_key, reset_key = jax.random.split(key)
        actor = states.current_player
        before = lead(states.observation, jnp.zeros_like(states.terminated))
        after = self.stepper.stepped(states, action, play_key)
        done = after.terminated
        sign = jnp.where(after.current_player % 2 == actor % 2, 1.0, -1.0)
        reward = sign * lead(after.observation, done) - before
        result = jnp.take_along_axis(after.rewards, actor[:, None], axis=1)[:, 0]
        env = self.env
        renewed = in_bulk(after, done, self.stepper.most, reset_key, lambda _, k: env.init(k))
        return renewed, reward, sign, done, jnp.where(done, result, 0.0)

    def rollout(self, params: Params, states: Any, key: jax.Array) -> tuple[Any, Batch]:
        """``settings.rollout`` steps of every match by the shared policy, sampling its words."""

        def one(carry: tuple[Any, jax.Array], _: None) -> tuple[tuple[Any, jax.Array], Batch]:
            states, key = carry
            key, pick, move = jax.random.split(key, 3)
            log_probs, value = forward(params, states.observation, states.legal_action_mask)
            action = jax.random.categorical(pick, log_probs)
            log_prob = jnp.take_along_axis(log_probs, action[:, None], axis=1)[:, 0]
            after, reward, sign, done, _result = self.advance(states, action, move)
            return (after, key), Batch(states.observation, states.legal_action_mask, action, log_prob, value,
                                       reward, done, sign)

        (states, _), batch = jax.lax.scan(one, (states, key), None, length=self.settings.rollout)
        return states, batch

    def gae(self, batch: Batch, last_value: jax.Array) -> tuple[jax.Array, jax.Array]:
        """(advantages, returns) by generalised advantage estimation, each value turned to the actor's side
        by the next seat's sign; a finished match bootstraps nothing."""
        s = self.settings

        def back(carry: tuple[jax.Array, jax.Array], step: Batch) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
            advantage, next_value = carry
            going = step.sign * (1.0 - step.done)
            delta = step.reward + s.gamma * going * next_value - step.value
            advantage = delta + s.gamma * s.lam * going * advantage
            return (advantage, step.value), advantage

        start = (jnp.zeros_like(last_value), last_value)
        advantages = jax.lax.scan(back, start, batch, reverse=True)[1]
        return advantages, advantages + batch.value

    def loss(self, params: Params, batch: Batch, advantages: jax.Array, returns: jax.Array
             ) -> tuple[jax.Array, dict[str, jax.Array]]:
        """PPO's clipped loss on a minibatch, with its parts."""
        s = self.settings
        log_probs, value = forward(params, batch.observation, batch.mask)
        log_prob = jnp.take_along_axis(log_probs, batch.action[:, None], axis=1)[:, 0]
        ratio = jnp.exp(log_prob - batch.log_prob)
        normed = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        policy = -jnp.minimum(ratio * normed, jnp.clip(ratio, 1 - s.clip, 1 + s.clip) * normed).mean()
        value_loss = 0.5 * ((value - returns) ** 2).mean()
        entropy = -(jnp.where(batch.mask, jnp.exp(log_probs) * log_probs, 0.0)).sum(axis=-1).mean()
        total = policy + s.value_coef * value_loss - s.entropy_coef * entropy
        return total, {"policy_loss": policy, "value_loss": value_loss, "entropy": entropy,
                       "approx_kl": ((ratio - 1) - jnp.log(ratio)).mean()}

    def adam(self, params: Params, grads: Params, opt: Adam) -> tuple[Params, Adam]:
        """One Adam step (betas 0.9 and 0.999) after clipping the gradients' global norm."""
        s = self.settings
        norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree_util.tree_leaves(grads)))
        grads = jax.tree_util.tree_map(lambda g: g * jnp.minimum(1.0, s.max_grad_norm / (norm + 1e-8)), grads)
        steps = opt.steps + 1
        mean = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, opt.mean, grads)
        square = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g ** 2, opt.square, grads)
        scale = s.learning_rate * jnp.sqrt(1 - 0.999 ** steps) / (1 - 0.9 ** steps)
        params = jax.tree_util.tree_map(lambda p, m, v: p - scale * m / (jnp.sqrt(v) + 1e-8), params, mean, square)
        return params, Adam(mean, square, steps)

    def updated(self, params: Params, opt: Adam, states: Any, key: jax.Array
                ) -> tuple[Params, Adam, Any, dict[str, jax.Array]]:
        """One PPO update: a rollout, its advantages, ``epochs`` passes of ``minibatches`` Adam steps."""
        s = self.settings
        key, roll = jax.random.split(key)
        states, batch = self.rollout(params, states, roll)
        last_value = forward(params, states.observation, states.legal_action_mask)[1]
        advantages, returns = self.gae(batch, last_value)
        size = s.rollout * s.envs
        flat = jax.tree_util.tree_map(lambda x: x.reshape(size, *x.shape[2:]), (batch, advantages, returns))

        def epoch(carry: tuple[Params, Adam], k: jax.Array) -> tuple[tuple[Params, Adam], dict[str, jax.Array]]:
            order = jax.random.permutation(k, size).reshape(s.minibatches, -1)

            def minibatch(carry: tuple[Params, Adam], rows: jax.Array) -> tuple[tuple[Params, Adam],
                                                                                 dict[str, jax.Array]]:
                params, opt = carry
                picked = jax.tree_util.tree_map(lambda x: x[rows], flat)
                grads, parts = jax.grad(self.loss, has_aux=True)(params, *picked)
                return self.adam(params, grads, opt), parts

            return jax.lax.scan(minibatch, carry, order)

        (params, opt), parts = jax.lax.scan(epoch, (params, opt), jax.random.split(key, s.epochs))
        metrics = {k: v.mean() for k, v in parts.items()}
        metrics["reward"] = batch.reward.mean()
        return params, opt, states, metrics

    def evaluated(self, params: Params, key: jax.Array, steps: int) -> tuple[jax.Array, jax.Array, jax.Array]:
        """The learner at seats 0 and 2 (its most probable word) against uniformly random play at seats 1 and 3,
        ``steps`` cards in each of the ``envs`` matches: (its side's points gained per deal less the other's, in
        points; matches won; matches finished)."""

        def one(carry: tuple[Any, jax.Array, jax.Array, jax.Array, jax.Array], _: None
                ) -> tuple[tuple[Any, jax.Array, jax.Array, jax.Array, jax.Array], None]:
            states, key, gained, won, ended = carry
            key, pick, move = jax.random.split(key, 3)
            mask = states.legal_action_mask
            log_probs = forward(params, states.observation, mask)[0]
            random_pick = jax.random.categorical(pick, jnp.where(mask, 0.0, -1e9))
            learner = states.current_player % 2 == 0
            action = jnp.where(learner, jnp.argmax(log_probs, axis=-1), random_pick)
            after, reward, _sign, done, result = self.advance(states, action, move)
            ours = jnp.where(learner, reward, -reward)
            won = won + (done & (jnp.where(learner, result, -result) > 0)).sum()
            return (after, key, gained + ours.sum(), won, ended + done.sum()), None

        start_key, run_key = jax.random.split(key)
        states = self.stepper.init(start_key)
        zero = jnp.float32(0.0)
        carry = (states, run_key, zero, jnp.int32(0), jnp.int32(0))
        _, _, gained, won, ended = jax.lax.scan(one, carry, None, length=steps)[0]
        deals = steps * self.settings.envs / 52
        return 100.0 * gained / deals, won, ended


def to_policy(params: Params, game: Any) -> Any:
    """A MaskablePPO policy (torch) computing what ``params`` computes, for ``parlour.bots.learned.save_policy``:
    the trunk becomes both its policy and its value network (the same layers, copied), the heads its action and
    value heads; slots of the bot's row that the network does not read, if any, get zero weights."""
    import torch
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    encoding = encoding_of(game)
    size = encoding.layout.size + len(encoding.vocabulary)
    hidden = [int(w.shape[1]) for w, _ in params["trunk"]]
    policy = MaskableActorCriticPolicy(spaces.Box(-np.inf, np.inf, (size,), np.float32),
                                       spaces.Discrete(len(encoding.vocabulary)), lambda _: 0.0, net_arch=hidden,
                                       activation_fn=torch.nn.Tanh)

    def tensor(a: Any) -> Any:
        return torch.from_numpy(np.asarray(a, np.float32).copy())

    weights: dict[str, Any] = {}
    for i, (w, b) in enumerate(params["trunk"]):
        w = np.asarray(w)
        if i == 0:
            w = np.concatenate([w, np.zeros((size - w.shape[0], w.shape[1]), np.float32)])
        for net in ("policy_net", "value_net"):
            weights[f"mlp_extractor.{net}.{2 * i}.weight"] = tensor(w.T)
            weights[f"mlp_extractor.{net}.{2 * i}.bias"] = tensor(b)
    for head, name in (("pi", "action_net"), ("v", "value_net")):
        weights[f"{name}.weight"] = tensor(np.asarray(params[head][0]).T)
        weights[f"{name}.bias"] = tensor(params[head][1])
    policy.load_state_dict(weights)
    return policy


def save(params: Params, path: Path, notes: dict[str, str | int | float]) -> None:
    """``params`` as a learned bot's policy file at ``path`` (``learned:PATH``)."""
    from parlour.bots.learned import save_policy

    game = load_game(SPEC)
    hidden = [int(w.shape[1]) for w, _ in params["trunk"]]
    save_policy(path, to_policy(params, game), game, hidden, ACTIVATION, notes)


def arena(policy: Path, games: int, workers: int, seed: int, out: Path) -> BotResult:
    """``learned:policy`` against the heuristic over ``games`` duplicate deals (the arena's files in ``out``)."""
    bots = [f"learned:{policy}", OPPONENT]
    results = tournament(SPEC, bots, games, out, workers, seed, figures_only=True)
    return next(r for r in results if r.bot == bots[0])


def plot(rows: list[dict[str, Any]], path: Path) -> bool:
    """The learning curve as a PNG at ``path``: False, and nothing written, without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    checks = [r for r in rows if r["random_points"] != ""]
    heur = [r for r in rows if r["heuristic_edge"] != ""]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), dpi=110)
    left.plot([r["env_steps"] / 1e6 for r in checks], [r["random_points"] for r in checks], "o-", color="#4c78a8")
    left.set_xlabel("env steps (cards played, millions)")
    left.set_ylabel("points a deal ahead of random play")
    left.set_title("Seats 0 and 2 against random (JAX)")
    right.errorbar([r["env_steps"] / 1e6 for r in heur], [r["heuristic_edge"] for r in heur],
                   yerr=[[r["heuristic_edge"] - r["heuristic_low"] for r in heur],
                         [r["heuristic_high"] - r["heuristic_edge"] for r in heur]],
                   fmt="o-", color="#e45756", capsize=3)
    right.axhline(0, color="black", linewidth=0.8)
    right.set_xlabel("env steps (cards played, millions)")
    right.set_ylabel("edge against heuristic [95 % CI]")
    right.set_title("learned: against heuristic (arena)")
    for ax in (left, right):
        ax.grid(alpha=0.3)
    fig.suptitle("PPO self-play in JAX on Plonk")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


FIELDS = ("update", "seconds", "env_steps", "steps_per_s", "reward", "policy_loss", "value_loss", "entropy",
          "approx_kl", "random_points", "random_won", "random_ended", "heuristic_edge", "heuristic_low",
          "heuristic_high")


def checkpoint(trainer: Trainer, params: Params, key: jax.Array, args: argparse.Namespace, update: int,
               policy: Path) -> dict[str, Any]:
    """The curve's row of a checkpoint after ``update`` updates: the learner against random play (JAX) and, with
    ``args.curve_games``, against the heuristic in the arena (the policy saved at ``policy`` first)."""
    row: dict[str, Any] = dict.fromkeys(FIELDS, "")
    points, won, ended = trainer.evaluate(params, key, args.eval_steps)
    row.update(update=update, random_points=round(float(points), 2), random_won=int(won), random_ended=int(ended))
    if args.curve_games:
        save(params, policy, {"updates": update})
        result = arena(policy, args.curve_games, args.workers, args.seed + update, args.out / "arena-curve")
        row.update(heuristic_edge=round(result.edge, 4), heuristic_low=round(result.edge_low, 4),
                   heuristic_high=round(result.edge_high, 4))
    print(f"update {update}: {float(points):+.1f} points a deal against random ({int(won)}/{int(ended)} won), "
          f"edge against heuristic {row['heuristic_edge']}", flush=True)
    return row


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="training time, checkpoints included")
    parser.add_argument("--updates", type=int, default=0, help="stop after this many updates (0: the time decides)")
    parser.add_argument("--envs", type=int, default=512, help="matches stepped together")
    parser.add_argument("--rollout", type=int, default=32, help="steps of every match per update")
    parser.add_argument("--minibatches", type=int, default=4)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128], help="the trunk's layer sizes")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01, help="the entropy bonus's weight")
    parser.add_argument("--checkpoints", type=int, default=5, help="times the learner is measured while training")
    parser.add_argument("--eval-steps", type=int, default=208, help="cards a match against random play (JAX)")
    parser.add_argument("--curve-games", type=int, default=40, help="arena games at each checkpoint")
    parser.add_argument("--games", type=int, default=400, help="arena games against the heuristic at the end")
    parser.add_argument("--workers", type=int, default=1, help="arena worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    settings = Settings(envs=args.envs, rollout=args.rollout, minibatches=args.minibatches, epochs=args.epochs,
                        learning_rate=args.lr, gamma=0.99, lam=0.95, clip=0.2, value_coef=0.5,
                        entropy_coef=args.entropy, max_grad_norm=0.5)
    args.out.mkdir(parents=True, exist_ok=True)
    params, rows, summary = train(settings, args)
    with (args.out / "curve.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    policy = args.out / "policy.pt"
    save(params, policy, {"updates": summary["updates"], "env_steps": summary["env_steps"],
                          "seconds": summary["seconds"], "trainer": "examples/jax_ppo_plonk.py", "seed": args.seed})
    summary["plotted"] = plot(rows, args.out / "learning_curve.png")
    print(f"{summary['updates']} updates, {summary['env_steps']:,} env steps in {summary['seconds']:.0f} s "
          f"({summary['env_steps_per_s']:,} steps/s while updating, compiled in {summary['compile_s']} s)",
          flush=True)
    if args.games:
        start = time.perf_counter()
        result = arena(policy, args.games, args.workers, args.seed, args.out / "arena-heuristic")
        summary["arena"] = {"games": result.games, "mean": result.mean, "ci": [result.ci_low, result.ci_high],
                            "edge": result.edge, "edge_ci": [result.edge_low, result.edge_high],
                            "wins": result.wins, "seconds": round(time.perf_counter() - start, 1)}
        (args.out / "results.md").write_text(table(result), encoding="utf-8")
        print(table(result), end="", flush=True)
    (args.out / "training.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return summary


def train(settings: Settings, args: argparse.Namespace) -> tuple[Params, list[dict[str, Any]], dict[str, Any]]:
    """Train for ``args.minutes`` (or ``args.updates`` updates), measuring at ``args.checkpoints`` times spread
    over it: (the network, the curve's rows, the run's figures)."""
    env = parlour.jax.make(SPEC)
    trainer = Trainer(env, settings)
    key = jax.random.PRNGKey(args.seed)
    key, init_key, states_key = jax.random.split(key, 3)
    params = init_params(init_key, int(env.observation_shape[0]), args.hidden, env.num_actions)
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    opt = Adam(zeros, zeros, jnp.int32(0))
    states = trainer.stepper.init(states_key)
    start = time.perf_counter()
    compiled = trainer.update.lower(params, opt, states, key).compile()
    compile_s = time.perf_counter() - start
    budget = args.minutes * 60
    per_update = settings.envs * settings.rollout
    rows: list[dict[str, Any]] = []
    training = 0.0
    update = 0
    next_check = 0.0
    start = time.perf_counter()
    while True:
        elapsed = time.perf_counter() - start
        done = elapsed >= budget or bool(args.updates and update >= args.updates)
        if args.checkpoints and update and (done or elapsed >= next_check):
            next_check = elapsed + budget / args.checkpoints
            key, eval_key = jax.random.split(key)
            rows.append(checkpoint(trainer, params, eval_key, args, update, args.out / "policy.pt"))
            rows[-1].update(seconds=round(time.perf_counter() - start, 1), env_steps=update * per_update)
        if done:
            break
        key, step_key = jax.random.split(key)
        began = time.perf_counter()
        params, opt, states, metrics = compiled(params, opt, states, step_key)
        params["v"][1].block_until_ready()  # one computation: every output is ready with this one
        took = time.perf_counter() - began
        training += took
        update += 1
        row: dict[str, Any] = dict.fromkeys(FIELDS, "")
        row.update(update=update, seconds=round(time.perf_counter() - start, 1), env_steps=update * per_update,
                   steps_per_s=round(per_update / took), **{k: round(float(v), 5) for k, v in metrics.items()})
        rows.append(row)
    summary = {"spec": SPEC, "settings": settings._asdict(), "hidden": args.hidden, "compile_s": round(compile_s, 1),
               "seconds": round(time.perf_counter() - start, 1), "training_s": round(training, 1),
               "updates": update, "env_steps": update * per_update,
               "env_steps_per_s": round(update * per_update / max(training, 1e-9))}
    return params, rows, summary


def table(result: BotResult) -> str:
    """The arena's result as ``results.md``'s table."""
    r = result
    return ("| learned bot against | games | mean return [95 % CI] | edge [95 % CI] | wins |\n"
            "|---|---:|---|---|---:|\n"
            f"| `{OPPONENT}` | {r.games} | {r.mean:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}] | "
            f"{r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.wins} |\n")


if __name__ == "__main__":
    main()
