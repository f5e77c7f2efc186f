"""What a Tonk search bot gains where it leaves the heuristic's move, judged from the true hands.

By hand: ``.venv/bin/python docs/notes/tonk-inference/policy_gain.py "tonk:classic?players=3" --games 300 --workers 2``.

``strong`` is the heuristic plus a one-move search, so all it can gain over
the heuristic is made at the moves where the two differ. This measures that
gain with far fewer games than an arena tournament needs: the bot plays one
seat against heuristic players; wherever its move differs from the
heuristic's, both moves are played out ``--playouts`` times from the *true*
position (every hand as it is, only the stock reshuffled, since nobody knows
its order), each pair with the same random numbers, the heuristic playing
every seat afterwards. The difference of the two means is what the departure
was worth. The table groups departures by the kind of the two moves and
ends with the gain per game, with its 95 % interval over games: the seat's
share of the arena edge (in a game of ``n`` seats the edge over the
heuristic's seats is about ``n / (n - 1)`` times the gain).

``--drops`` instead checks the bot's determinizations where it matters most:
at every move of heuristic games where dropping is legal, the value of
dropping less that of the heuristic's other choice, over ``--playouts``
determinizations of the mover's view, against the same from the true
position. A mean difference away from zero would be a bias of the sampler
that search inherits. With ``--infer k`` the determinizations are those of
``strong:infer=k``: each one of ``k`` uniform ones, picked in proportion to how
likely the heuristic was to play as the opponents did.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.heuristic import rollout_policy
from parlour.bots.inference import inferred_determinizer
from parlour.core.cards import shuffled
from parlour.core.game import Action, Game, State
from parlour.games.tonk.actions import DROP


@dataclass(frozen=True)
class Departure:
    """One move where the bot left the heuristic: the game, the two moves' kinds and the gain in stakes."""

    game: int
    kind: str
    gain: float


def kind(action: Action) -> str:
    """``draw stock``, ``draw discard``, or the first word of the move (``drop``, ``discard``, ``spread``…)."""
    words = str(action).split()
    return " ".join(words[:2]) if words[0] == "draw" else words[0]


class Judge:
    """Paired heuristic playouts of moves from a position, from the true hands or from a seat's view."""

    def __init__(self, game: Game[Any], playouts: int, rng: random.Random, infer: int = 0) -> None:
        self.game = game
        self.determinizer = inferred_determinizer(game, infer) if infer > 1 else game.determinizer
        self.playouts = playouts
        self.policy = rollout_policy(game)
        self.rng = rng

    def finish(self, state: State[Any, Any], action: Action, seat: int, seed: int) -> float:
        state = state.clone()
        state.apply(action)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(self.policy(state, rng))
        return state.returns()[seat]

    def reshuffled(self, state: State[Any, Any]) -> State[Any, Any]:
        """``state`` with its stock in a fresh order: the true hands, an unknown future."""
        pos = state.pos.copy()
        pos.stock = shuffled(list(pos.stock), self.rng)
        return type(state).of(self.game, self.rng.getrandbits(64), pos)

    def truth(self, state: State[Any, Any], actions: Sequence[Action]) -> list[float]:
        """Each action's mean return to the mover, from the true hands."""
        return self.means(state.current_player, actions, lambda: self.reshuffled(state))

    def belief(self, state: State[Any, Any], actions: Sequence[Action]) -> list[float]:
        """Each action's mean return to the mover, over determinizations of the mover's view."""
        sample = self.determinizer(state.view(state.current_player))
        return self.means(state.current_player, actions, lambda: sample(self.rng))

    def means(self, seat: int, actions: Sequence[Action], draw: Callable[[], State[Any, Any]]) -> list[float]:
        totals = [0.0] * len(actions)
        for _ in range(self.playouts):
            start, seed = draw(), self.rng.getrandbits(48)
            for i, action in enumerate(actions):
                totals[i] += self.finish(start, action, seat, seed)
        return [t / self.playouts for t in totals]


def departures(spec: str, bot_spec: str, games: range, playouts: int) -> tuple[int, list[Departure]]:
    """The moves with a choice that the bot made in ``games``, and where it left the heuristic."""
    game = load_game(spec)
    bot, heuristic = make_bot(bot_spec, game), make_bot("heuristic", game)
    judge = Judge(game, playouts, random.Random(games.start))
    choices, found = 0, []
    for g in games:
        state, rng, seat = game.new_state(g), random.Random(g), g % game.num_players
        while not state.is_terminal:
            mover, legal = state.current_player, state.legal_actions()
            view = state.view(mover)
            action = heuristic.choose(view, legal, rng)
            if mover == seat and len(legal) > 1:
                choices += 1
                searched = bot.choose(view, legal, rng)
                if searched != action:
                    mine, its = judge.truth(state, [searched, action])
                    found.append(Departure(g, f"{kind(action)} → {kind(searched)}", mine - its))
                    action = searched
            state.apply(action)
    return choices, found


def drop_bias(spec: str, games: range, playouts: int, infer: int = 0) -> list[tuple[float, float]]:
    """At each move of heuristic games where dropping is legal: (belief, truth) of drop less the other move."""
    game = load_game(spec)
    heuristic = make_bot("heuristic", game)
    judge = Judge(game, playouts, random.Random(games.start), infer)
    pairs = []
    for g in games:
        state, rng = game.new_state(g), random.Random(g)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = heuristic.choose(state.view(state.current_player), legal, rng)
            if DROP in legal and len(legal) > 1:
                other = action if action != DROP else next(a for a in legal if a != DROP)
                drop, rest = judge.belief(state, [DROP, other])
                true_drop, true_rest = judge.truth(state, [DROP, other])
                pairs.append((drop - rest, true_drop - true_rest))
            state.apply(action)
    return pairs


def interval(samples: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval."""
    n = len(samples)
    mean = sum(samples) / n
    variance = sum((x - mean) ** 2 for x in samples) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(variance / n)


def chunks(games: int, seed: int, workers: int) -> list[range]:
    first = seed * 1_000_003
    size = -(-games // workers)
    return [range(first + i, min(first + i + size, first + games)) for i in range(0, games, size)]


def main(argv: Sequence[str] | None = None) -> Any:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="a Tonk game spec, e.g. tonk:classic?players=3")
    parser.add_argument("--bot", default="strong:iters=1500", help="the search bot's spec")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=200, help="playouts per move judged")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--drops", action="store_true", help="check the determinizations at drop decisions")
    parser.add_argument("--infer", type=int, default=0, help="with --drops: weigh determinizations by play, "
                        "each picked from this many uniform ones (as strong:infer=k)")
    args = parser.parse_args(argv)
    try:
        name = load_game(args.spec).spec.name
    except ValueError as error:
        parser.error(str(error))
    if name != "tonk":
        parser.error(f"spec {args.spec!r} is a {name} game; this benchmark judges Tonk only (its true hands and "
                     "stock), e.g. tonk:classic?players=3")
    parts = chunks(args.games, args.seed, args.workers)
    with ProcessPoolExecutor(args.workers) as pool:
        if args.drops:
            pairs = [p for part in pool.map(drop_bias, [args.spec] * len(parts), parts,
                                            [args.playouts] * len(parts), [args.infer] * len(parts))
                     for p in part]
            bias, half = interval([belief - truth for belief, truth in pairs])
            disagree = sum((belief > 0) != (truth > 0) for belief, truth in pairs)
            print(f"{args.spec}: {len(pairs)} moves where dropping was legal, {args.playouts} playouts each\n"
                  f"drop less the other move, mean belief {sum(b for b, _ in pairs) / len(pairs):+.3f}, "
                  f"mean truth {sum(t for _, t in pairs) / len(pairs):+.3f}\n"
                  f"bias (belief less truth) {bias:+.3f} ± {half:.3f}; the two disagree on the better move "
                  f"{disagree} times")
            return pairs
        results = list(pool.map(departures, [args.spec] * len(parts), [args.bot] * len(parts), parts,
                                [args.playouts] * len(parts)))
    choices = sum(c for c, _ in results)
    found = [d for _, part in results for d in part]
    print(f"{args.spec}, `{args.bot}` at one seat against `heuristic`: {args.games} games, {choices} moves "
          f"with a choice, {len(found)} departures, judged by {args.playouts} paired playouts each\n")
    print("| heuristic → bot | departures | mean gain [95 % CI] | total |\n|---|---:|---|---:|")
    by_kind: dict[str, list[float]] = defaultdict(list)
    for d in found:
        by_kind[d.kind].append(d.gain)
    for name, gains in sorted(by_kind.items(), key=lambda item: -abs(sum(item[1]))):
        mean, half = interval(gains)
        print(f"| {name} | {len(gains)} | {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] | {sum(gains):+.2f} |")
    per_game: dict[int, float] = defaultdict(float)
    for d in found:
        per_game[d.game] += d.gain
    mean, half = interval([per_game[g] for part in parts for g in part])
    print(f"\ngain per game: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] stakes")
    return found


if __name__ == "__main__":
    main()
