"""How much more of the true hidden hands the inferred determinizations hold than uniform ones.

By hand: ``nice -n 10 .venv/bin/python docs/notes/tonk-inference/inference_gain.py plonk --games 20 --infer 4``.

A game's ``inference`` part lets ``strong:infer=k`` pick each determinization
from ``k`` uniform ones in proportion to how likely the other players were,
by the heuristic's lights, to play as they did. This measures what that buys
the search directly, without playing it: heuristic players play every seat;
at each decision of seat 0 (every ``--every``-th one) ``--samples``
determinizations of its view are drawn from the uniform determinizer and as
many from ``inferred_determinizer(game, k)``, and for each other seat the
share of its true hidden cards that a determinization puts in its hand is
counted (cards compared by face, any joker standing for any other). The
higher the share, the more the sampler reads the table. The table gives the
mean share of each sampler with a 95 % interval over games (decisions of one
game are not independent), the mean gain of the inferred share over the
uniform one with its interval, and the mean time per determinization (the
inferred sampler's reading of each view is timed apart, per view).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.inference import inferred_determinizer
from parlour.core.cards import FACES_PER_DECK
from parlour.core.game import State
from policy_gain import chunks, interval

JOKER_FACE = 52


@dataclass(frozen=True)
class GameResult:
    """One game's figures: its mean share per sampler and the time spent drawing."""

    decisions: int
    uniform: float
    inferred: float
    uniform_seconds: float
    inferred_seconds: float
    setup_seconds: float
    draws: int


def faces(cards: Sequence[int]) -> Counter[int]:
    """The cards by face, every joker the same face."""
    return Counter(min(c % FACES_PER_DECK, JOKER_FACE) for c in cards)


def share(guess: State[Any, Any], truth: State[Any, Any], seats: Sequence[int]) -> float:
    """The mean, over ``seats`` with cards, of the share of each one's true cards that ``guess`` gives it."""
    shares = []
    for q in seats:
        true = faces(truth.hand(q))
        if true:
            shares.append(sum((faces(guess.hand(q)) & true).values()) / sum(true.values()))
    return sum(shares) / len(shares) if shares else 0.0


def timed(sample: Callable[[random.Random], State[Any, Any]], rng: random.Random,
          count: int) -> tuple[list[State[Any, Any]], float]:
    start = time.perf_counter()
    drawn = [sample(rng) for _ in range(count)]
    return drawn, time.perf_counter() - start


def play_games(spec: str, seeds: range, infer: int, samples: int, every: int, moves: int) -> list[GameResult]:
    """Heuristic games from ``seeds``, each judged at seat 0's decisions."""
    game = load_game(spec)
    bot = make_bot("heuristic", game)
    inferred = inferred_determinizer(game, infer)
    others = range(1, game.num_players)
    out = []
    for seed in seeds:
        state, rng = game.new_state(seed), random.Random(seed)
        uniform_shares: list[float] = []
        inferred_shares: list[float] = []
        uniform_seconds = inferred_seconds = setup_seconds = 0.0
        turn = 0
        for _ in range(moves):
            if state.is_terminal:
                break
            seat = state.current_player
            view = state.view(seat)
            if seat == 0:
                turn += 1
                if turn % every == 0:
                    draws = random.Random(seed * 7919 + turn)
                    flat, spent = timed(game.determinizer(view), draws, samples)
                    uniform_seconds += spent
                    start = time.perf_counter()
                    sampler = inferred(view)
                    setup_seconds += time.perf_counter() - start
                    weighed, spent = timed(sampler, draws, samples)
                    inferred_seconds += spent
                    uniform_shares.append(sum(share(g, state, others) for g in flat) / samples)
                    inferred_shares.append(sum(share(g, state, others) for g in weighed) / samples)
            state.apply(bot.choose(view, state.legal_actions(), rng))
        n = len(uniform_shares)
        if n:
            out.append(GameResult(n, sum(uniform_shares) / n, sum(inferred_shares) / n, uniform_seconds,
                                  inferred_seconds, setup_seconds, n * samples))
    return out


def main(argv: Sequence[str] | None = None) -> Any:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="a game spec whose game has an inference part, e.g. plonk or tock?players=4")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--infer", type=int, default=4, help="each inferred determinization is picked from this "
                        "many uniform ones (as strong:infer=k)")
    parser.add_argument("--samples", type=int, default=20, help="determinizations per sampler and decision")
    parser.add_argument("--every", type=int, default=1, help="judge every n-th decision of seat 0")
    parser.add_argument("--moves", type=int, default=400, help="actions played per game at most")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        inferred_determinizer(load_game(args.spec), args.infer)
    except ValueError as error:
        parser.error(str(error))
    parts = chunks(args.games, args.seed, args.workers)
    with ProcessPoolExecutor(args.workers) as pool:
        results = [r for part in pool.map(play_games, [args.spec] * len(parts), parts, [args.infer] * len(parts),
                                          [args.samples] * len(parts), [args.every] * len(parts),
                                          [args.moves] * len(parts))
                   for r in part]
    decisions = sum(r.decisions for r in results)
    draws = sum(r.draws for r in results)
    print(f"{args.spec}: heuristic players, {len(results)} games, {decisions} decisions of seat 0 judged, "
          f"{args.samples} determinizations per sampler each, infer={args.infer}\n")
    print("| sampler | share of the true hidden cards [95 % CI over games] | time per determinization |\n"
          "|---|---|---:|")
    for name, shares, seconds in (
            ("uniform", [r.uniform for r in results], sum(r.uniform_seconds for r in results)),
            (f"inferred (k={args.infer})", [r.inferred for r in results],
             sum(r.inferred_seconds for r in results))):
        mean, half = interval(shares)
        print(f"| {name} | {mean:.4f} [{mean - half:.4f}, {mean + half:.4f}] | {1e6 * seconds / draws:.0f} µs |")
    mean, half = interval([r.inferred - r.uniform for r in results])
    setup = sum(r.setup_seconds for r in results) / decisions
    print(f"\ninferred less uniform: {mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]; "
          f"reading a view for inference: {1e3 * setup:.2f} ms")
    return results


if __name__ == "__main__":
    main()
