"""A 4-player Tock network imitating the heuristic: ``.venv/bin/python docs/notes/zoo-tock/tock_imitation.py``.

Tock had no learned agent; this makes the zoo's (``learned:zoo/tock``) in two seeded stages on
``tock:standard?players=4`` (the ``learn`` extra: torch and sb3-contrib):

1. **Imitation.** The heuristic plays itself for ``--imitate`` games. At every word of every action it chose (the
   game's action notation, as ``parlour.rl`` spells actions), the seat's observation, the mask of legal words and
   the word become a sample, with the seat's final return as the value target. A MaskablePPO actor-critic network
   (sb3-contrib's policy class, hidden layers ``NET``) is fitted to them by cross-entropy on the masked logits and a
   squared error on the value, for ``--epochs`` passes; the held-out word accuracy is reported after each.
2. **Measurement.** The policy, saved with ``parlour.bots.learned.save_policy``, plays the heuristic in the arena as
   ``learned:PATH`` over ``--games`` duplicate deals (fair seating, 95 % intervals).

Imitation only, no reinforcement: Tock's heuristic games are long (about 300 moves), and a baseline for the zoo had
to be made in minutes of a shared CPU. Writes ``policy.pt``, ``training.json`` (settings, timings, accuracy, the arena
result) and ``results.md`` into ``--out``, the arena's files into ``arena-heuristic/``. ``--smoke`` runs in seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

from parlour import load_game
from parlour.arena.stats import BotResult
from parlour.arena.tournament import tournament
from parlour.bots import make_bot
from parlour.bots.learned import save_policy
from parlour.core.encoding import WordChooser, encode_into
from parlour.core.parts import encoding_of

SPEC = "tock:standard?players=4"
TEACHER = "heuristic"
OUT = Path(__file__).resolve().parent
NET = [128, 128]
"""Hidden layers of the policy and of the value network (separate networks), unless ``--hidden``: small, as the
file ships in the wheel."""
ACTIVATION = "relu"
BATCH = 512


def samples_of(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The teacher playing itself ``games`` times: per word it chose, the observation (float16), the mask of legal
    words, the word and the chooser's final return."""
    game = load_game(SPEC)
    encoding = encoding_of(game)
    bots = [make_bot(TEACHER, game) for _ in range(game.num_players)]
    words = WordChooser(encoding.vocabulary)
    width = encoding.layout.size + len(encoding.vocabulary)
    rng = random.Random(seed)
    rows: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    chosen: list[int] = []
    owners: list[tuple[int, int]] = []
    returns: list[Sequence[float]] = []
    for number in range(games):
        state = game.new_state(rng.getrandbits(64))
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal, rng)
            if len(legal) > 1:
                words.begin(legal)
                for word in words.words_of(action):
                    allowed = list(words.allowed())
                    if len(allowed) > 1:
                        row = np.zeros(width, np.float32)
                        encode_into(encoding, state, seat, words, row)
                        mask = np.zeros(len(encoding.vocabulary), np.bool_)
                        mask[allowed] = True
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


def imitate(policy: MaskableActorCriticPolicy, samples: tuple[np.ndarray, ...], epochs: int, seed: int
            ) -> list[float]:
    """Fit ``policy`` to the teacher's words and its value to their returns; the held-out word accuracy after each
    epoch."""
    observations, masks, words, values = samples
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-3)
    generator = torch.Generator().manual_seed(seed)
    order = torch.randperm(len(words), generator=generator)
    held, train = order[: len(words) // 20], order[len(words) // 20:]
    accuracy = []

    def batch(index: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        picked = index.numpy()
        return (torch.from_numpy(observations[picked].astype(np.float32)), torch.from_numpy(masks[picked]),
                torch.from_numpy(words[picked]), torch.from_numpy(values[picked]))

    for _ in range(epochs):
        policy.set_training_mode(True)
        shuffled = train[torch.randperm(len(train), generator=generator)]
        for start in range(0, len(shuffled), BATCH):
            x, m, a, r = batch(shuffled[start:start + BATCH])
            value, log_prob, _ = policy.evaluate_actions(x, a, action_masks=m)
            loss = -log_prob.mean() + 0.5 * ((value.flatten() - r) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
        policy.set_training_mode(False)
        right = 0
        with torch.no_grad():
            for start in range(0, len(held), 4096):
                x, m, a, _ = batch(held[start:start + 4096])
                found = policy.get_distribution(x, action_masks=m.numpy())
                distribution = cast("torch.distributions.Categorical", found.distribution)
                probabilities = distribution.probs
                right += int((probabilities.argmax(1) == a).sum())
        accuracy.append(right / max(1, len(held)))
        print(f"imitation epoch {len(accuracy)}: held-out word accuracy {accuracy[-1]:.4f}", flush=True)
    return accuracy


def measure(policy: Path, games: int, workers: int, seed: int, out: Path) -> BotResult:
    """``learned:policy`` against the teacher in the arena; its result (files in ``out``)."""
    bots = [f"learned:{policy}", TEACHER]
    results = tournament(SPEC, bots, games, out, workers, seed, figures_only=True)
    return results[0] if results[0].bot == bots[0] else results[1]


def table(result: BotResult) -> str:
    """The arena table of ``results.md``."""
    r = result
    return ("| imitation bot against | games | mean return [95 % CI] | edge [95 % CI] | wins |\n"
            "|---|---:|---|---|---:|\n"
            f"| `{TEACHER}` | {r.games} | {r.mean:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}] | "
            f"{r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.wins} |\n")


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imitate", type=int, default=400, help="heuristic games to imitate")
    parser.add_argument("--epochs", type=int, default=8, help="passes over the imitation samples")
    parser.add_argument("--games", type=int, default=200, help="arena games against the heuristic")
    parser.add_argument("--workers", type=int, default=1, help="arena worker processes")
    parser.add_argument("--hidden", type=lambda text: [int(n) for n in text.split(",")], default=NET,
                        help="hidden layers, comma-separated (128,128)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a run of seconds: 3 games, 1 epoch, 4 arena games")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    if args.smoke:
        args.imitate, args.epochs, args.games = 3, 1, 4
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    samples = samples_of(args.imitate, args.seed)
    sampled = time.perf_counter() - start
    print(f"{len(samples[2]):,} samples from {args.imitate:,} games in {sampled:.0f} s", flush=True)
    game = load_game(SPEC)
    width, vocabulary = samples[0].shape[1], samples[1].shape[1]
    policy = MaskableActorCriticPolicy(spaces.Box(-np.inf, np.inf, (width,), np.float32), spaces.Discrete(vocabulary),
                                       lambda _: 1e-3, net_arch=args.hidden, activation_fn=torch.nn.ReLU)
    accuracy = imitate(policy, samples, args.epochs, args.seed)
    seconds = time.perf_counter() - start
    path = args.out / "policy.pt"
    save_policy(path, policy, game, args.hidden, ACTIVATION,
                {"algorithm": f"imitation of the {TEACHER} (cross-entropy on its words)", "games": args.imitate,
                 "epochs": args.epochs, "seconds": round(seconds), "seed": args.seed})
    print(f"trained in {seconds:.0f} s; saved {path}", flush=True)
    result = measure(path, args.games, args.workers, args.seed, args.out / f"arena-{TEACHER}")
    print(f"imitation v {TEACHER}: {result.games} games, edge {result.edge:+.3f} "
          f"[{result.edge_low:+.3f}, {result.edge_high:+.3f}]", flush=True)
    text = table(result)
    (args.out / "results.md").write_text(text, encoding="utf-8")
    summary = {"spec": SPEC, "teacher": TEACHER, "seed": args.seed, "net_arch": args.hidden,
               "imitation_games": args.imitate, "samples": len(samples[2]), "epochs": args.epochs, "accuracy": accuracy,
               "sample_seconds": round(sampled, 1), "seconds": round(seconds, 1), "arena": result.as_dict()}
    (args.out / "training.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print(text, flush=True)
    return summary


if __name__ == "__main__":
    main()
