"""A residual 2-player Tonk agent that beats the heuristic, by hand: ``.venv/bin/python docs/notes/rl-residual/rl_residual.py``.

The agent is the heuristic with learned corrections (``parlour.bots.residual``), made in three seeded stages on
``tonk:speno?players=2`` (the ``rl`` extra):

1. **Values.** The heuristic plays itself for ``--games`` games on ``--workers`` processes. At every decision
   with a choice, each legal action is valued by a playout: a clone of the true position, the action, then the
   heuristic at every seat to the end (one seeded generator per decision, so that the actions are compared on the
   same luck). Then along the tree of the action's words, at every point with a choice, each alternative word is
   valued as the heuristic would finish it, less the value of the word the heuristic chose: a sample (the seat's
   observation, the default word, the alternative, the difference). The differences are exact for the true
   position; over the positions a seat cannot tell apart they average to what the alternative is worth from what
   it sees, which is what a correction must estimate.
2. **Fits.** For every (default, alternative) pair with at least ``--min-samples`` samples, a ridge regression of
   the differences on the observation is fitted on four fifths and checked on the rest: the pair is kept when the
   held-out samples it would change (estimate above ``--threshold``) gained, their mean difference's 95 % interval
   above zero. The kept pairs are refitted on all their samples and saved as ``policy.npz``.
3. **Measurement.** The policy plays the heuristic in the arena as ``learned:PATH`` over ``--arena`` duplicate
   deals (fair seating, 95 % intervals), with ``--workers`` processes.

Writes ``policy.npz``, ``training.json`` (stages, timings, every pair's held-out check) and ``results.md`` (the arena
table) into ``--out``, and the arena's files into ``arena-heuristic/``. ``--smoke`` is a run of seconds, for the
test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from parlour import load_game
from parlour.arena.stats import BotResult
from parlour.arena.tournament import tournament
from parlour.bots import make_bot
from parlour.bots.residual import Correction, Residual, save_residual
from parlour.core.encoding import WordChooser, encode_into
from parlour.core.game import Action, State
from parlour.core.parts import encoding_of

SPEC = "tonk:speno?players=2"
BASE = "heuristic"
OUT = Path(__file__).resolve().parent
RIDGE = 100.0
"""The ridge penalty of every fit (on observations centred by their mean)."""
CHUNK = 500
"""Games per task of the value stage."""


@dataclass
class Samples:
    """Observations (float16, one row per point of choice) and per alternative: its row, the default word, the
    alternative word and the difference of their values."""

    rows: np.ndarray
    row: np.ndarray
    default: np.ndarray
    alternative: np.ndarray
    gain: np.ndarray


def playout(state: State[Any, Any], bots: Sequence[Any], seed: int) -> tuple[float, ...]:
    """The returns when every seat plays its bot from ``state`` (which is played on) to the end."""
    rng = random.Random(seed)
    while not state.is_terminal:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state.returns()


def sample(task: tuple[int, int]) -> Samples:
    """The value stage for ``games`` games from ``seed``: see the module docstring."""
    seed, games = task
    game = load_game(SPEC)
    encoding = encoding_of(game)
    bots = [make_bot(BASE, game) for _ in range(game.num_players)]
    words = WordChooser(encoding.vocabulary)
    width = encoding.layout.size + len(encoding.vocabulary)
    rng = random.Random(seed)
    rows: list[np.ndarray] = []
    found: list[tuple[int, int, int, float]] = []
    for _ in range(games):
        state = game.new_state(rng.getrandbits(64))
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            chosen = bots[seat].choose(state.view(seat), legal, rng)
            if len(legal) > 1:
                luck = rng.getrandbits(32)
                value = {}
                for action in legal:
                    clone = state.clone()
                    clone.apply(action)
                    value[action] = playout(clone, bots, luck)[seat]
                view = state.view(seat)
                points: list[tuple[tuple[int, ...], Action]] = [((), chosen)]
                while points:
                    prefix, default = points.pop()
                    words.begin(legal)
                    for word in prefix:
                        words.choose(word)
                    depth = len(prefix)
                    groups: dict[int, list[Action]] = {}
                    for spelled, action in words.candidates:
                        groups.setdefault(spelled[depth] if len(spelled) > depth else 0, []).append(action)
                    if len(groups) < 2:
                        continue
                    planned = words.words_of(default)
                    mine = planned[depth] if len(planned) > depth else 0
                    row = np.zeros(width, np.float32)
                    encode_into(encoding, state, seat, words, row)
                    rows.append(row.astype(np.float16))
                    for word, actions in groups.items():
                        finish = default if word == mine else bots[seat].choose(view, actions, random.Random(luck))
                        if word != mine:
                            found.append((len(rows) - 1, mine, word, value[finish] - value[default]))
                        if word != 0 and len(actions) > 1:
                            points.append(((*prefix, word), finish))
            state.apply(chosen)
    table = np.array(found, np.float64).reshape(-1, 4)
    return Samples(np.stack(rows) if rows else np.zeros((0, width), np.float16), table[:, 0].astype(np.int64),
                   table[:, 1].astype(np.int64), table[:, 2].astype(np.int64), table[:, 3].astype(np.float32))


def values(games: int, workers: int, seed: int) -> Samples:
    """The value stage over ``workers`` processes, in chunks of ``CHUNK`` games seeded from ``seed``."""
    tasks = [(seed * 1_000_003 + i, min(CHUNK, games - i * CHUNK)) for i in range(math.ceil(games / CHUNK))]
    with ProcessPoolExecutor(max(1, workers), mp_context=get_context("spawn")) as pool:
        parts = list(pool.map(sample, tasks))
    offsets = np.cumsum([0] + [len(p.rows) for p in parts[:-1]])
    return Samples(np.concatenate([p.rows for p in parts]),
                   np.concatenate([p.row + o for p, o in zip(parts, offsets, strict=True)]),
                   np.concatenate([p.default for p in parts]), np.concatenate([p.alternative for p in parts]),
                   np.concatenate([p.gain for p in parts]))


def ridge(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    """Weights and bias of the ridge regression of ``y`` on ``x`` (centred; penalty ``RIDGE``)."""
    mean = x.mean(0)
    centred = x - mean
    weights = np.linalg.solve(centred.T @ centred + RIDGE * np.eye(x.shape[1]), centred.T @ (y - y.mean()))
    return weights.astype(np.float32), float(y.mean() - mean @ weights)


def fit(samples: Samples, min_samples: int, threshold: float, seed: int, keep_all: bool = False
        ) -> tuple[list[Correction], list[dict[str, Any]]]:
    """The corrections worth keeping (see the module docstring; every fitted one with ``keep_all``) and every
    examined pair's held-out check."""
    vocabulary = encoding_of(load_game(SPEC)).vocabulary
    pairs, counts = np.unique(np.stack([samples.default, samples.alternative], 1), axis=0, return_counts=True)
    kept: list[Correction] = []
    checks: list[dict[str, Any]] = []
    rng = np.random.default_rng(seed)
    for (default, alternative), count in zip(pairs.tolist(), counts.tolist(), strict=True):
        if count < min_samples:
            continue
        picked = np.flatnonzero((samples.default == default) & (samples.alternative == alternative))
        x = samples.rows[samples.row[picked]].astype(np.float64)
        y = samples.gain[picked].astype(np.float64)
        order = rng.permutation(len(y))
        train, held = order[: len(y) * 4 // 5], order[len(y) * 4 // 5:]
        weights, bias = ridge(x[train], y[train])
        changed = y[held][x[held] @ weights + bias > threshold]
        mean = float(changed.mean()) if len(changed) else 0.0
        low = mean - 1.96 * float(changed.std(ddof=1)) / math.sqrt(len(changed)) if len(changed) > 1 else -math.inf
        keep = low > 0 or keep_all
        checks.append({"default": vocabulary[default], "alternative": vocabulary[alternative], "samples": count,
                       "mean_gain": round(float(y.mean()), 4), "held_out": len(held),
                       "held_out_changed": len(changed), "changed_mean_gain": round(mean, 4),
                       "changed_gain_low": round(low, 4) if math.isfinite(low) else None, "kept": keep})
        if keep:
            weights, bias = ridge(x, y)
            kept.append(Correction(default, alternative, weights, bias))
    return kept, checks


def measure(policy: Path, games: int, workers: int, seed: int, out: Path) -> BotResult:
    """``learned:policy`` against the heuristic in the arena; its result (files in ``out``)."""
    bots = [f"learned:{policy}", BASE]
    results = tournament(SPEC, bots, games, out, workers, seed, figures_only=True)
    return results[0] if results[0].bot == bots[0] else results[1]


def table(result: BotResult) -> str:
    """The arena table of ``docs/notes/rl-experiments.md``."""
    r = result
    return ("| residual bot against | games | mean return [95 % CI] | edge [95 % CI] | wins |\n"
            "|---|---:|---|---|---:|\n"
            f"| `{BASE}` | {r.games} | {r.mean:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}] | "
            f"{r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.wins} |\n")


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60_000, help="heuristic games of the value stage")
    parser.add_argument("--min-samples", type=int, default=5_000, help="samples a pair needs to be fitted")
    parser.add_argument("--threshold", type=float, default=0.1, help="estimated gain a correction needs")
    parser.add_argument("--arena", type=int, default=4000, help="arena games against the heuristic")
    parser.add_argument("--workers", type=int, default=2, help="processes of the value stage and of the arena")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true",
                        help="a run of seconds: 300 games, every fitted pair kept, 20 arena games")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    if args.smoke:
        args.games, args.min_samples, args.arena, args.threshold = 300, 200, 20, -1.0
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    samples = values(args.games, args.workers, args.seed)
    valued = time.perf_counter() - start
    print(f"{len(samples.gain):,} alternatives at {len(samples.rows):,} points of choice from {args.games:,} games "
          f"in {valued:.0f} s", flush=True)
    corrections, checks = fit(samples, args.min_samples, args.threshold, args.seed, keep_all=args.smoke)
    for check in checks:
        print(f"  {check['default']} → {check['alternative']}: {check['samples']:,} samples, held-out changes "
              f"{check['held_out_changed']:,} gaining {check['changed_mean_gain']:+.3f} (low "
              f"{check['changed_gain_low']}) {'kept' if check['kept'] else 'dropped'}", flush=True)
    seconds = time.perf_counter() - start
    game = load_game(SPEC)
    encoding = encoding_of(game)
    policy = args.out / "policy.npz"
    save_residual(policy, Residual(
        game=game.name_with_rules(), words=tuple(encoding.vocabulary),
        observation=encoding.layout.size + len(encoding.vocabulary), base=BASE, threshold=args.threshold,
        corrections=tuple(corrections),
        notes={"algorithm": "residual corrections of the heuristic fitted to playout values",
               "games": str(args.games), "seconds": str(round(seconds)), "seed": str(args.seed)}))
    print(f"trained in {seconds:.0f} s: {len(corrections)} corrections; saved {policy}", flush=True)
    result = measure(policy, args.arena, args.workers, args.seed, args.out / f"arena-{BASE}")
    print(f"residual v {BASE}: {result.games} games, edge {result.edge:+.3f} "
          f"[{result.edge_low:+.3f}, {result.edge_high:+.3f}]", flush=True)
    text = table(result)
    (args.out / "results.md").write_text(text, encoding="utf-8")
    summary = {"spec": SPEC, "base": BASE, "seed": args.seed, "games": args.games, "points": len(samples.rows),
               "alternatives": len(samples.gain), "value_seconds": round(valued, 1), "seconds": round(seconds, 1),
               "threshold": args.threshold, "min_samples": args.min_samples, "ridge": RIDGE, "pairs": checks,
               "arena": result.as_dict()}
    (args.out / "training.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print(text, flush=True)
    return summary


if __name__ == "__main__":
    main()
