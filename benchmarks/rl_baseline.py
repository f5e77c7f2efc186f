"""A learned baseline for 2-player Tonk, by hand: ``.venv/bin/python benchmarks/rl_baseline.py``.

Trains MaskablePPO (sb3-contrib, CPU torch) on ``tonk:speno?players=2``
through ``parlour.rl.single_agent``: first against the random bot, then
against the heuristic bot, for a fixed number of learner steps (words
chosen) in each phase, half the budget each. Two environments run side by
side, the learner at seat 0 in one and at seat 1 in the other, so it learns
both seats. Then it

* saves the policy as ``policy.pt`` (the ``learned:PATH`` bot reads it),
* writes every training episode's return to ``training.json`` and the
  learning curve to ``learning_curve.png``,
* plays the saved policy in the arena, as the bot spec ``learned:PATH``,
  against ``random`` and against ``heuristic`` (fair seating, duplicate
  deals, 95 % intervals), into ``arena-random/`` and ``arena-heuristic/``,
  and the table of both into ``results.md``.

The default budget (``--steps``, 600,000) took 20 minutes on the shared 2-core
development machine with about 40 % of a core (``docs/rl.md``); ``--smoke``
is a run of a few thousand steps and a few arena games, for the test suite.
Needs the ``rl`` and ``learn`` extras.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

import parlour.rl
from parlour import load_game
from parlour.arena.stats import BotResult
from parlour.arena.tournament import tournament
from parlour.bots.learned import save_policy

SPEC = "tonk:speno?players=2"
OPPONENTS = ("random", "heuristic")
"""The bots the learner meets, in order: half the steps against each."""
OUT = Path(__file__).resolve().parent.parent / "docs" / "rl"
NET = [64, 64]
"""Hidden layers of the policy and of the value network (separate networks)."""
ACTIVATION = "tanh"


class Learner(gymnasium.Wrapper[np.ndarray, int, dict[str, np.ndarray], int]):
    """``single_agent``'s environment as MaskablePPO takes it: the observation vector alone (the mask
    comes from ``action_masks``), and each finished episode's return noted in ``info["return"]``."""

    def __init__(self, env: parlour.rl.SingleAgentEnv) -> None:
        super().__init__(env)
        self.single = env
        space = env.observation_space["observation"]  # type: ignore[index]
        self.observation_space = space
        self.episode_return = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        observation, info = self.env.reset(seed=seed, options=options)
        self.episode_return = 0.0
        return observation["observation"], info

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        self.episode_return += float(reward)
        if terminated or truncated:
            info = {**info, "return": self.episode_return}
        return observation["observation"], float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.single.action_masks()


class Curve(BaseCallback):
    """Notes (learner steps so far, the opponent, the episode's return) for every finished episode."""

    def __init__(self, opponent: str, episodes: list[tuple[int, str, float]]) -> None:
        super().__init__()
        self.opponent = opponent
        self.episodes = episodes

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            if "return" in info:
                self.episodes.append((self.num_timesteps, self.opponent, info["return"]))
        return True


def environments(opponent: str, seed: int) -> DummyVecEnv:
    """Two learners against ``opponent``: one at seat 0, one at seat 1."""
    def maker(seat: int) -> Any:
        return lambda: Learner(parlour.rl.single_agent(SPEC, seat=seat, opponents=opponent))

    vec = DummyVecEnv([maker(0), maker(1)])
    vec.seed(seed)
    return vec


def train(steps: int, seed: int, rollout: int) -> tuple[MaskablePPO, list[tuple[int, str, float]], float]:
    """Train for ``steps`` learner steps, half against each of ``OPPONENTS``: the model, the episodes, the
    seconds it took."""
    torch.manual_seed(seed)
    episodes: list[tuple[int, str, float]] = []
    start = time.perf_counter()
    model: MaskablePPO | None = None
    for k, opponent in enumerate(OPPONENTS):
        env = environments(opponent, seed + k)
        if model is None:
            model = MaskablePPO("MlpPolicy", env, n_steps=rollout, batch_size=min(256, 2 * rollout), n_epochs=4,
                                learning_rate=3e-4, gamma=0.99, ent_coef=0.01, seed=seed, device="cpu",
                                policy_kwargs={"net_arch": NET, "activation_fn": torch.nn.Tanh})
        else:
            model.set_env(env)
        model.learn(steps // len(OPPONENTS), callback=Curve(opponent, episodes), reset_num_timesteps=k == 0)
        env.close()
    assert model is not None
    return model, episodes, time.perf_counter() - start


def curve(episodes: Sequence[tuple[int, str, float]], window: int) -> list[tuple[int, str, float]]:
    """The learning curve in a few hundred points: (learner steps, opponent, mean return of the last
    ``window`` episodes against that opponent), every tenth of a window."""
    points = []
    for opponent in OPPONENTS:
        returns = [(s, r) for s, o, r in episodes if o == opponent]
        for end in range(window, len(returns) + 1, max(1, window // 10)):
            mean = sum(r for _, r in returns[end - window:end]) / window
            points.append((returns[end - 1][0], opponent, round(mean, 4)))
    return points


def plot_curve(path: Path, episodes: Sequence[tuple[int, str, float]], window: int) -> None:
    """The mean return of the last ``window`` training episodes against learner steps, one line per opponent."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    for opponent, colour in zip(OPPONENTS, ("#4c78a8", "#e45756"), strict=True):
        steps = [s for s, o, _ in episodes if o == opponent]
        returns = np.array([r for _, o, r in episodes if o == opponent])
        if len(returns) < window:
            continue
        means = np.convolve(returns, np.ones(window) / window, mode="valid")
        ax.plot(steps[window - 1:], means, color=colour, label=f"against {opponent}")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("learner steps (words chosen)")
    ax.set_ylabel(f"mean return of the last {window} episodes")
    ax.set_title(f"MaskablePPO on {SPEC}: training return")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def measure(policy: str, opponent: str, games: int, workers: int, seed: int, out: Path) -> BotResult:
    """Play ``learned:policy`` against ``opponent`` in the arena; its results (files in ``out``)."""
    bots = [f"learned:{policy}", opponent]
    results = tournament(SPEC, bots, games, out, workers, seed, figures_only=True)
    return results[0] if results[0].bot == bots[0] else results[1]


def table(rows: Sequence[tuple[str, BotResult]]) -> str:
    """The arena table of ``docs/rl.md``: the learned bot against each opponent."""
    lines = ["| learned bot against | games | mean return [95 % CI] | edge [95 % CI] | wins |",
             "|---|---:|---|---|---:|"]
    for opponent, r in rows:
        lines.append(f"| `{opponent}` | {r.games} | {r.mean:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}] | "
                     f"{r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.wins} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=600_000, help="learner steps in all, half against each "
                        "opponent (the default: 20 minutes on the shared 2-core machine)")
    parser.add_argument("--games", type=int, default=4000, help="arena games against each opponent")
    parser.add_argument("--smoke", action="store_true", help="a short run: 4,096 steps, 20 arena games each")
    parser.add_argument("--workers", type=int, default=1, help="arena worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    steps, games, rollout, window = (4096, 20, 256, 20) if args.smoke else (args.steps, args.games, 2048, 1000)
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    model, episodes, seconds = train(steps, args.seed, rollout)
    policy = args.out / "policy.pt"
    save_policy(policy, model.policy, load_game(SPEC), NET, ACTIVATION,
                {"algorithm": "MaskablePPO", "steps": int(model.num_timesteps), "seconds": round(seconds),
                 "opponents": ",".join(OPPONENTS), "seed": args.seed})
    print(f"trained {model.num_timesteps:,} steps ({len(episodes):,} episodes) in {seconds:.0f} s; "
          f"saved {policy} ({policy.stat().st_size / 1e6:.2f} MB)", flush=True)
    plot_curve(args.out / "learning_curve.png", episodes, window)
    rows = []
    for opponent in OPPONENTS:
        result = measure(str(policy), opponent, games, args.workers, args.seed, args.out / f"arena-{opponent}")
        print(f"learned v {opponent}: {result.games} games, mean {result.mean:+.3f} "
              f"[{result.ci_low:+.3f}, {result.ci_high:+.3f}], edge {result.edge:+.3f} "
              f"[{result.edge_low:+.3f}, {result.edge_high:+.3f}]", flush=True)
        rows.append((opponent, result))
    text = table(rows)
    (args.out / "results.md").write_text(text, encoding="utf-8")
    summary = {"spec": SPEC, "steps": int(model.num_timesteps), "seconds": round(seconds, 1), "seed": args.seed,
               "net_arch": NET, "rollout": rollout, "episodes": len(episodes), "curve": curve(episodes, window),
               "arena": {opponent: r.as_dict() for opponent, r in rows}}
    (args.out / "training.json").write_text(json.dumps(summary) + "\n", encoding="utf-8")
    print(text, flush=True)
    return summary


if __name__ == "__main__":
    main()
