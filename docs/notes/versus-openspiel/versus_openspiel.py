"""parlour's strong bot against OpenSpiel's ISMCTS, the same wall-clock time per move, by hand:
``PYTHONPATH=. .venv/bin/python docs/notes/versus-openspiel/versus_openspiel.py --ms 200 --games 40``.

Both sides play through the OpenSpiel registration (``parlour.openspiel``).
OpenSpiel's side is its Python ``ISMCTSBot`` (its C++ ``ISMCTSBot`` cannot
resample a Python game's states): random rollouts, as its own tests use,
except in Tock, where a random rollout takes thousands of moves and it gets
parlour's ``EstimateEvaluator`` instead. Its simulation count is set before
each decision from its measured cost per simulation so far, so that a
decision takes the budget; it decides word by word, so a parlour action of
several words gives it that budget for each word. parlour's side is
``strong:ms=BUDGET`` choosing from the seat's view. Deals are duplicated:
each seed is played twice with the sides' seats swapped, and a deal's sample
is parlour's mean return less OpenSpiel's, over both games. The table, with
95 % intervals over deals, goes to ``docs/strength/VERSUS.md``, which
``strength.py`` appends to ``docs/strength.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from benchmarks import strength
from parlour.bots.base import Bot, make_bot
from parlour.openspiel import PREFIX, EstimateEvaluator, SpielState, register

HERE = Path(__file__).resolve().parent
"""This experiment's folder: each configuration's figures and the notes below the table."""
OUT = HERE.parents[1]
"""The docs folder, where ``strength/VERSUS.md`` goes."""
Z95 = 1.959964


@dataclass(frozen=True)
class Config:
    slug: str
    game: str
    params: dict[str, Any]
    parlour_seats: tuple[int, ...]
    """parlour's seats in the first game of a deal (the second game gives it the others)."""


CONFIGS = (
    Config("tonk-speno-2", "tonk", {"preset": "speno", "players": 2}, (0,)),
    Config("tonk-classic-2", "tonk", {"preset": "classic", "players": 2}, (0,)),
    Config("plonk-4", "plonk", {"preset": ""}, (0, 2)),
    Config("tock-4", "tock", {"players": 4}, (0, 2)),
)


class OpenSpielSide:
    """OpenSpiel's ISMCTS with as many simulations as fit the budget, by its cost per simulation so far."""

    def __init__(self, game: Any, budget: float, estimate: bool, seed: int) -> None:
        self.game = game
        self.budget = budget
        self.rng = np.random.RandomState(seed)
        self.evaluator = EstimateEvaluator() if estimate else mcts.RandomRolloutEvaluator(random_state=self.rng)
        self.per_simulation = 0.001
        self.simulations: list[int] = []

    def step(self, state: SpielState) -> int:
        sims = max(2, int(self.budget / self.per_simulation))
        bot = ismcts.ISMCTSBot(game=self.game, evaluator=self.evaluator, uct_c=1.5, max_simulations=sims,
                               random_state=self.rng)
        start = time.perf_counter()
        action = int(bot.step(state))
        spent = time.perf_counter() - start
        self.per_simulation = 0.7 * self.per_simulation + 0.3 * spent / sims
        self.simulations.append(sims)
        return action


def parlour_move(bot: Bot, state: SpielState, rng: random.Random) -> None:
    """``bot`` chooses from its seat's view; its action's words are applied until it is settled."""
    seat, version = state.current_player(), state.state.version
    action = bot.choose(state.state.view(seat), state.state.legal_actions(), rng)
    for word in state.words.words_of(action):
        state.apply_action(word)
        if state.state.version != version:
            return
    state.apply_action(0)  # END: the action is also the beginning of longer ones


def play(config: Config, seed: int, swapped: bool, budget: float) -> tuple[float, float, list[int]]:
    """One game: parlour's and OpenSpiel's mean returns, and OpenSpiel's simulations per decision."""
    game = pyspiel.load_game(PREFIX + config.game, config.params)
    n = game.num_players()
    ours = set(config.parlour_seats)
    if swapped:
        ours = set(range(n)) - ours
    state = game.deal(seed)
    bot = make_bot(f"strong:ms={budget * 1000:g}", state.state.game)
    rng = random.Random(seed)
    theirs = OpenSpielSide(game, budget, config.game == "tock", seed)
    while not state.is_terminal():
        if state.current_player() in ours and not state.words.chosen:
            parlour_move(bot, state, rng)
        else:
            state.apply_action(theirs.step(state))
    returns = state.returns()
    mine = sum(returns[s] for s in ours) / len(ours)
    other = sum(returns[s] for s in range(n) if s not in ours) / (n - len(ours))
    return mine, other, theirs.simulations


def interval(samples: Sequence[float]) -> tuple[float, float, float]:
    d = len(samples)
    mean = sum(samples) / d
    half = Z95 * math.sqrt(sum((v - mean) ** 2 for v in samples) / (d - 1) / d) if d > 1 else 0.0
    return mean, mean - half, mean + half


def run(config: Config, deals: int, budget: float, seed: int) -> dict[str, Any]:
    start, code = time.time(), strength.commit()
    edges, sims = [], []
    for deal in range(deals):
        s = seed * 100_003 + deal
        a_mine, a_other, a_sims = play(config, s, False, budget)
        b_mine, b_other, b_sims = play(config, s, True, budget)
        edges.append((a_mine - a_other + b_mine - b_other) / 2)
        sims += a_sims + b_sims
        print(f"{config.slug}: deal {deal + 1}/{deals}, edge {edges[-1]:+.3f}", flush=True)
    mean, low, high = interval(edges)
    return {"config": config.slug, "games": 2 * deals, "budget_ms": budget * 1000, "edge": mean, "edge_low": low,
            "edge_high": high, "openspiel_simulations": sum(sims) / max(len(sims), 1),
            "seconds": time.time() - start, "seed": seed, "code": code}


def table(results: list[dict[str, Any]], command: str) -> str:
    rows = [f"| {r['config']} | {r['games']} | {r['budget_ms']:g} | {r['edge']:+.3f} [{r['edge_low']:+.3f}, "
            f"{r['edge_high']:+.3f}] | {'yes' if r['edge_low'] > 0 else 'no'} | {r['openspiel_simulations']:.0f} | "
            f"{r['seconds']:.0f} | {r.get('seed', '–')} | {r.get('code', '–')} |" for r in results]
    return "\n".join([
        "## Against OpenSpiel's ISMCTS",
        "",
        f"Made by `{command}` (see its docstring; raw figures in `docs/notes/versus-openspiel/*.json`). *Edge*:",
        "parlour's `strong` mean return less OpenSpiel's ISMCTS's, per deal played twice with seats swapped,",
        "with its 95 % interval over deals; both sides get the same wall-clock budget per decision.",
        "",
        "| game | games | ms/move | edge of parlour [95 % CI] | goal met | OpenSpiel sims/decision | seconds | seed "
        "| code |",
        "|---|---:|---:|---|---|---:|---:|---:|---|",
        *rows,
        *notes(),
    ]) + "\n"


def notes() -> list[str]:
    """The notes written by hand below the table (``NOTES.md`` beside this file), if any: a run rewrites
    the table, never them."""
    path = HERE / "NOTES.md"
    return ["", path.read_text(encoding="utf-8").rstrip()] if path.exists() else []


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ms", type=float, default=200, help="wall-clock budget per move, both sides")
    parser.add_argument("--games", type=int, default=40, help="games per configuration (two per deal)")
    parser.add_argument("--only", default="", help="only configurations whose name contains this")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    register()
    folder = HERE
    folder.mkdir(parents=True, exist_ok=True)
    for config in CONFIGS:
        if args.only in config.slug:
            result = run(config, max(1, args.games // 2), args.ms / 1000, args.seed)
            (folder / f"{config.slug}.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
            print(json.dumps(result), flush=True)
    results = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
    command = "PYTHONPATH=. .venv/bin/python docs/notes/versus-openspiel/versus_openspiel.py --ms <ms> --games <n> --seed <seed> [--only <game>]"
    (OUT / "strength" / "VERSUS.md").write_text(table(results, command), encoding="utf-8")
    strength.main(["--table-only"])


if __name__ == "__main__":
    main()
