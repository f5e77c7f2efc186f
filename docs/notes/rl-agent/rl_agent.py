"""A 2-player Tonk agent that learns to beat the heuristic, by hand: ``.venv/bin/python docs/notes/rl-agent/rl_agent.py``.

Three stages, each seeded, on ``tonk:speno?players=2`` (the ``rl`` and ``learn`` extras):

1. **Imitation.** The heuristic plays itself for ``--imitate`` games; every word it chooses (with the
   observation and mask the learner would have had, ``core.encoding.encode_into``) is a sample. A
   MaskablePPO policy network learns to choose those words (cross-entropy over the legal words) and its
   value network learns each sample's final return. This starts the learner near the heuristic's play,
   which learning from nothing took 600,000 steps to approach and did not reach.
2. **Reinforcement.** MaskablePPO goes on from those weights on ``parlour.rl.vector_env``
   (``--envs`` games stepped together, the learner at both seats) for ``--steps`` learner steps. Most
   rollouts are against the heuristic; every ``SELF_EVERY``-th is self-play against a frozen copy of the
   learner (a ``Batched`` opponent: one forward pass for every env waiting on it), refreshed each time.
3. **Measurement.** The saved policy plays the heuristic in the arena as ``learned:PATH`` over
   ``--games`` duplicate deals (fair seating, 95 % intervals), with ``--workers`` processes.

Writes ``policy.pt``, ``training.json`` (stages, timings, the curve), ``learning_curve.png`` (the mean
training return against the heuristic) and ``results.md`` (the arena table) into ``--out``, and the
arena's files into ``arena-heuristic/``. ``--smoke`` is a run of seconds, for the test suite.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback

import parlour.rl
from parlour import load_game
from parlour.arena.stats import BotResult
from parlour.arena.tournament import tournament
from parlour.bots import make_bot
from parlour.bots.learned import save_policy
from parlour.core.encoding import WordChooser, encode_into
from parlour.core.parts import encoding_of
from parlour.rl.sb3 import Sb3VecEnv

SPEC = "tonk:speno?players=2"
OPPONENT = "heuristic"
OUT = Path(__file__).resolve().parent
NET = [256, 256]
"""Hidden layers of the policy and of the value network (separate networks)."""
ACTIVATION = "relu"
SELF_EVERY = 5
"""Every this many rollouts, one is self-play against a frozen copy of the learner."""


def imitation_samples(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic playing itself ``games`` times: per word it chose, the observation (float16), the
    mask, the word and the chooser's final return."""
    game = load_game(SPEC)
    encoding = encoding_of(game)
    bots = [make_bot(OPPONENT, game) for _ in range(game.num_players)]
    words = WordChooser(encoding.vocabulary)
    width = encoding.layout.size + len(encoding.vocabulary)
    rng = random.Random(seed)
    rows: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    chosen: list[int] = []
    owners: list[tuple[int, int]] = []
    returns: list[tuple[float, ...]] = []
    for number in range(games):
        state = game.new_state(rng.getrandbits(64))
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal, rng)
            words.begin(legal)
            for word in words.words_of(action):
                row = np.zeros(width, np.float32)
                encode_into(encoding, state, seat, words, row)
                mask = np.zeros(len(encoding.vocabulary), np.bool_)
                mask[list(words.allowed())] = True
                rows.append(row.astype(np.float16))
                masks.append(mask)
                chosen.append(word)
                owners.append((number, seat))
                if words.choose(word) is not None:
                    break
            state.apply(action)
        returns.append(state.returns())
    value = np.array([returns[number][seat] for number, seat in owners], np.float32)
    return np.stack(rows), np.stack(masks), np.array(chosen, np.int64), value


def imitate(model: MaskablePPO, samples: tuple[np.ndarray, ...], epochs: int, seed: int) -> list[float]:
    """Fit ``model``'s policy to the heuristic's words and its value to their returns; the held-out word
    accuracy after each epoch."""
    observations, masks, words, values = samples
    policy: MaskableActorCriticPolicy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-3)
    generator = torch.Generator().manual_seed(seed)
    order = torch.randperm(len(words), generator=generator)
    held, train = order[: len(words) // 20], order[len(words) // 20:]
    accuracy = []

    def batch(index: torch.Tensor) -> tuple[torch.Tensor, np.ndarray, torch.Tensor, torch.Tensor]:
        picked = index.numpy()
        return (torch.from_numpy(observations[picked].astype(np.float32)), masks[picked],
                torch.from_numpy(words[picked]), torch.from_numpy(values[picked]))

    for _ in range(epochs):
        policy.set_training_mode(True)
        for start in range(0, len(train), 512):
            x, m, a, r = batch(train[start:start + 512][torch.randperm(min(512, len(train) - start),
                                                                       generator=generator)])
            value, log_prob, _ = policy.evaluate_actions(x, a, action_masks=m)
            loss = -log_prob.mean() + 0.5 * ((value.flatten() - r) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        policy.set_training_mode(False)
        right = 0
        with torch.no_grad():
            for start in range(0, len(held), 4096):
                x, m, a, _ = batch(held[start:start + 4096])
                probabilities = policy.get_distribution(x, action_masks=m).distribution.probs
                right += int((probabilities.argmax(1) == a).sum())
        accuracy.append(right / max(1, len(held)))
        print(f"imitation epoch {len(accuracy)}: held-out word accuracy {accuracy[-1]:.4f}", flush=True)
    return accuracy


class Curve(BaseCallback):
    """Notes (learner steps so far, the episode's return) for every episode finished against the heuristic, and
    for every game passed over before the learner's first turn, so that the curve counts what the arena does."""

    def __init__(self, episodes: list[tuple[int, float]]) -> None:
        super().__init__()
        self.episodes = episodes
        self.counting = True

    def _on_step(self) -> bool:
        if self.counting:
            for info in self.locals["infos"]:
                if "return" in info:
                    self.episodes.append((self.num_timesteps, float(info["return"])))
                # games over before the learner's first turn (the heuristic dropped at once): the arena counts them
                self.episodes.extend((self.num_timesteps, float(r)) for r in info.get("passed", ()))
        return True


def frozen(model: MaskablePPO) -> parlour.rl.Batched:
    """A frozen copy of ``model``'s policy as a batched opponent (its most likely legal word)."""
    copy = MaskableActorCriticPolicy(model.observation_space, model.action_space, lambda _: 0.0,
                                     net_arch=NET, activation_fn=torch.nn.ReLU)
    copy.load_state_dict(model.policy.state_dict())
    copy.set_training_mode(False)

    def choose(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            probabilities = copy.get_distribution(torch.from_numpy(observations), action_masks=masks)
            return probabilities.distribution.probs.argmax(1).numpy()

    return parlour.rl.Batched(choose)


def reinforce(model: MaskablePPO, against: Sb3VecEnv, steps: int, rollout: int, seed: int
              ) -> list[tuple[int, float]]:
    """MaskablePPO for ``steps`` learner steps on ``against`` (the heuristic), with a self-play rollout every
    ``SELF_EVERY``: the episodes against the heuristic (learner steps, return)."""
    envs = against.num_envs
    episodes: list[tuple[int, float]] = []
    curve = Curve(episodes)
    per = envs * rollout
    for k in range(max(1, steps // per)):
        if k % SELF_EVERY == SELF_EVERY - 1:
            itself = Sb3VecEnv(parlour.rl.vector_env(SPEC, envs, opponents=frozen(model)))
            itself.seed(seed + k)
            model.set_env(itself)
            curve.counting = False
        elif not curve.counting:
            against.seed(seed + k)  # every reset seeded: the run replays exactly
            model.set_env(against)
            curve.counting = True
        model.learn(per, callback=curve, reset_num_timesteps=False)
        if k % 25 == 24:
            recent = [r for _, r in episodes[-2000:]]
            print(f"reinforcement: {model.num_timesteps:,} steps, mean return of the last {len(recent)} episodes "
                  f"against the heuristic {np.mean(recent):+.3f}", flush=True)
    return episodes


def plot_curve(path: Path, episodes: Sequence[tuple[int, float]], window: int) -> None:
    """The mean return of the last ``window`` training episodes against the heuristic, by learner steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    if len(episodes) >= window:
        returns = np.array([r for _, r in episodes])
        means = np.convolve(returns, np.ones(window) / window, mode="valid")
        ax.plot([s for s, _ in episodes][window - 1:], means, color="#e45756", label="against heuristic")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("learner steps (words chosen) after imitation")
    ax.set_ylabel(f"mean return of the last {window} episodes")
    ax.set_title(f"MaskablePPO from imitation on {SPEC}")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def measure(policy: Path, games: int, workers: int, seed: int, out: Path) -> BotResult:
    """``learned:policy`` against the heuristic in the arena; its result (files in ``out``)."""
    bots = [f"learned:{policy}", OPPONENT]
    results = tournament(SPEC, bots, games, out, workers, seed, figures_only=True)
    return results[0] if results[0].bot == bots[0] else results[1]


def table(result: BotResult) -> str:
    """The arena table of ``docs/notes/rl-experiments.md``."""
    r = result
    return ("| learned bot against | games | mean return [95 % CI] | edge [95 % CI] | wins |\n"
            "|---|---:|---|---|---:|\n"
            f"| `{OPPONENT}` | {r.games} | {r.mean:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}] | "
            f"{r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.wins} |\n")


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imitate", type=int, default=80_000, help="heuristic games to imitate")
    parser.add_argument("--epochs", type=int, default=6, help="passes over the imitation samples")
    parser.add_argument("--steps", type=int, default=2_000_000, help="learner steps of reinforcement")
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--games", type=int, default=4000, help="arena games against the heuristic")
    parser.add_argument("--workers", type=int, default=1, help="arena worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a run of seconds: 200 games, 6,144 steps, 20 games")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    if args.smoke:
        args.imitate, args.epochs, args.steps, args.envs, args.games = 200, 1, 6144, 8, 20
    rollout = 64 if not args.smoke else 128
    window = 2000 if not args.smoke else 20
    torch.set_num_threads(2)
    torch.manual_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    samples = imitation_samples(args.imitate, args.seed)
    sampled = time.perf_counter() - start
    print(f"{len(samples[2]):,} imitation samples from {args.imitate:,} games in {sampled:.0f} s", flush=True)
    against = Sb3VecEnv(parlour.rl.vector_env(SPEC, args.envs, opponents=OPPONENT))
    against.seed(args.seed)
    model = MaskablePPO("MlpPolicy", against, n_steps=rollout, batch_size=1024, n_epochs=4,
                        learning_rate=1e-4, gamma=1.0, gae_lambda=0.95, clip_range=0.1, ent_coef=0.0,
                        seed=args.seed, device="cpu",
                        policy_kwargs={"net_arch": NET, "activation_fn": torch.nn.ReLU})
    accuracy = imitate(model, samples, args.epochs, args.seed)
    del samples
    imitated = time.perf_counter() - start
    policy = args.out / "policy.pt"
    episodes = reinforce(model, against, args.steps, rollout, args.seed)
    seconds = time.perf_counter() - start
    save_policy(policy, model.policy, load_game(SPEC), NET, ACTIVATION,
                {"algorithm": "imitation of the heuristic, then MaskablePPO with self-play",
                 "steps": int(model.num_timesteps), "seconds": round(seconds), "seed": args.seed})
    print(f"trained: imitation {imitated:.0f} s, {model.num_timesteps:,} reinforcement steps, {seconds:.0f} s in "
          f"all; saved {policy}", flush=True)
    plot_curve(args.out / "learning_curve.png", episodes, window)
    result = measure(policy, args.games, args.workers, args.seed, args.out / f"arena-{OPPONENT}")
    print(f"learned v {OPPONENT}: {result.games} games, edge {result.edge:+.3f} "
          f"[{result.edge_low:+.3f}, {result.edge_high:+.3f}]", flush=True)
    text = table(result)
    (args.out / "results.md").write_text(text, encoding="utf-8")
    step = max(1, len(episodes) // 300)
    summary = {"spec": SPEC, "seed": args.seed, "net_arch": NET, "imitation_games": args.imitate,
               "imitation_accuracy": accuracy, "imitation_seconds": round(imitated, 1),
               "steps": int(model.num_timesteps), "seconds": round(seconds, 1), "envs": args.envs,
               "episodes": len(episodes),
               "curve": [[s, round(float(np.mean([r for _, r in episodes[max(0, i - window):i + 1]])), 4)]
                         for i, (s, _) in enumerate(episodes) if i % step == 0],
               "arena": result.as_dict()}
    (args.out / "training.json").write_text(json.dumps(summary) + "\n", encoding="utf-8")
    print(text, flush=True)
    return summary


if __name__ == "__main__":
    main()
