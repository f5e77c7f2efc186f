"""How much a Tonk search bot could gain from reading the table: the same bot given the opponents' true hands.

By hand: ``.venv/bin/python docs/notes/tonk-inference/inference_ceiling.py "tonk:classic?players=2" --deals 300 --seed S
--workers 2`` (one line per sampler).

Inference from play (``strong:infer=k``) can at best make the bot's
determinizations the opponents' true hands. This bounds what it could be
worth: the bot plays each deal once from every seat against heuristic
players (duplicate deals), its search sampling states from one of

* ``uniform``: its own sampler (the bot as it plays, the unseen cards dealt at random);
* ``posterior``: exact policy inference with the heuristic as the model, which here it is: deals drawn
  uniformly over the cards hidden from the seat, kept only where every move the other seats made this hand
  is the heuristic's move (``POOL`` worlds a decision, each played with its stock reshuffled). It knows a
  little more than the seat does (``posterior``'s docstring), so it bounds any inference from the
  opponents' play that uses this model;
* ``hands``: the true position with only the stock reshuffled (every hand known, as a perfect
  inference would know them; nobody knows the stock's order);
* ``all``: the true position, stock order included (a cheat beyond any inference).

and the line gives its edge over the heuristic seats (its return less their mean, per deal) with a 95 %
interval over deals. The distance from ``uniform`` to ``hands`` is what reading the opponents' hands could
add at most; an inference is judged by how much of it it closes, and ``posterior`` by how much of it the
opponents' play this hand can tell at all.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.core.game import State, View
from parlour.games.tonk.heuristic import card_values, seen_from_state
from parlour.games.tonk.heuristic import choose as heuristic_choose
from policy_gain import interval

SAMPLERS = ("uniform", "posterior", "hands", "all")

POOL = 40
"""Worlds ``posterior`` keeps per decision (each then played with its stock reshuffled)."""
TRIES = 4000
"""Deals ``posterior`` tries per decision before settling for the worlds found."""

found: list[int] = [0, 0, 0, 0]
"""In the worker: decisions, worlds found, deals tried by ``posterior``, and decisions where it found none."""

truth: list[State[Any, Any]] = []
"""The position being played, in the worker that plays it (what ``hands`` and ``all`` sample from)."""


def true_hands(view: View) -> Callable[[random.Random], State[Any, Any]]:
    """``hands``: the true position, the stock reshuffled."""
    def sample(rng: random.Random) -> State[Any, Any]:
        state = truth[0].clone()
        rng.shuffle(state.pos.stock)
        return state
    return sample


def relabelled(start: State[Any, Any], mapping: dict[int, int]) -> State[Any, Any]:
    """The deal ``start`` with every card id ``c`` of ``mapping`` replaced by ``mapping[c]`` (Tonk positions)."""
    data = start.to_json()
    pos = data["position"]
    pos["hands"] = [[mapping.get(c, c) for c in hand] for hand in pos["hands"]]
    pos["stock"] = [mapping.get(c, c) for c in pos["stock"]]
    pos["discard"] = [mapping.get(c, c) for c in pos["discard"]]
    values = card_values(start.game.rules)
    pos["values"] = [sum(values[c] for c in hand) for hand in pos["hands"]]
    return start.game.state_from_json(data)


def replayed(world: State[Any, Any], history: list[tuple[int, Any]], me: int,
             rng: random.Random) -> State[Any, Any] | None:
    """``world`` (a deal) after ``history``, or None if a move in it is illegal there or, by a seat other than
    ``me``, not the heuristic's move there."""
    for seat, action in history:
        legal = world.legal_actions()
        if action not in legal or (seat != me and heuristic_choose(seen_from_state(world), legal, rng) != action):
            return None
        world.apply(action)
    return world


def posterior(view: View) -> Callable[[random.Random], State[Any, Any]]:
    """``posterior``: worlds drawn uniformly over the cards hidden from the seat to play, kept only if every
    move of every other seat this hand is the heuristic's move in that world (exact policy inference with the
    heuristic as the opponents' model; the cards the seat has seen stay where the true deal had them, which
    tells it a little more than it knows: where an opponent's thrown card came from). Falls back to the
    bot's own sampler when no world is found."""
    state = truth[0]
    if state.pos.hand_no != 1:
        raise ValueError(f"posterior replays a game from its deal: one-hand games only, not hand "
                         f"{state.pos.hand_no} of a match")
    me = state.current_player
    hidden = sorted(state.hidden_cards(me))
    start = state.game.new_state(state.seed)
    history = state.history()
    rng = random.Random(state.seed * 7919 + len(history))
    worlds: list[State[Any, Any]] = []
    tries = 0
    while len(worlds) < POOL and tries < TRIES:
        tries += 1
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        world = replayed(relabelled(start, dict(zip(hidden, shuffled, strict=True))), history, me, rng)
        if world is not None:
            worlds.append(world)
    found[0] += 1
    found[1] += len(worlds)
    found[2] += tries
    found[3] += not worlds
    if not worlds:
        return state.game.determinizer(view)

    def sample(pick: random.Random) -> State[Any, Any]:
        world = worlds[pick.randrange(len(worlds))].clone()
        pick.shuffle(world.pos.stock)
        return world
    return sample


def true_state(view: View) -> Callable[[random.Random], State[Any, Any]]:
    """``all``: the true position, stock order included."""
    return lambda rng: truth[0].clone()


def deal(spec: str, bot_spec: str, sampler: str, seed: int) -> float:
    """The bot's edge over the heuristic seats on deal ``seed``, played once from every seat."""
    game = load_game(spec)
    bot = make_bot(bot_spec, game)
    if sampler != "uniform":
        assert isinstance(bot, ISMCTSBot), f"{bot_spec} does not search: no sampler to replace"
        bot.determinizer = {"posterior": posterior, "hands": true_hands, "all": true_state}[sampler]
    heuristic = make_bot("heuristic", game)
    n = game.num_players
    total = 0.0
    for mine in range(n):
        state = game.new_state(seed)
        rng = random.Random(seed * 31 + mine)
        while not state.is_terminal:
            seat = state.current_player
            truth[:] = [state]
            player = bot if seat == mine else heuristic
            state.apply(player.choose(state.view(seat), state.legal_actions(), rng))
        returns = state.returns()
        total += returns[mine] - sum(returns[q] for q in range(n) if q != mine) / (n - 1)
    if sampler == "posterior" and seed % 50 == 0:
        print(f"posterior: {found[0]} decisions, {found[1] / max(found[0], 1):.1f} worlds and "
              f"{found[2] / max(found[0], 1):.0f} deals tried each; {found[3]} with none found (sampled uniformly)",
              flush=True)
    return total / n


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("spec", help='a Tonk spec, e.g. "tonk:classic?players=2"')
    parser.add_argument("--bot", default="strong:iters=1500", help="a searching bot spec (default strong:iters=1500)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, required=True, help="the first deal's seed, chosen before the run")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--samplers", default=",".join(SAMPLERS), help=f"comma-separated, of {', '.join(SAMPLERS)}")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error(f"--deals {args.deals}: play at least 1 deal")
    unknown = set(args.samplers.split(",")) - set(SAMPLERS)
    if unknown:
        parser.error(f"--samplers: {', '.join(sorted(unknown))} unknown; samplers are {', '.join(SAMPLERS)}")
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, tuple[float, float, float]]:
    """Each sampler's edge and its 95 % interval, printed as they come."""
    args = parse(argv)
    out = {}
    seeds = range(args.seed, args.seed + args.deals)
    for sampler in args.samplers.split(","):
        with ProcessPoolExecutor(args.workers) as pool:
            edges = list(pool.map(deal, [args.spec] * len(seeds), [args.bot] * len(seeds),
                                  [sampler] * len(seeds), seeds, chunksize=4))
        mean, half = interval(edges)
        out[sampler] = (mean, mean - half, mean + half)
        print(f"{args.spec} {args.bot} sampler={sampler}: edge {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] "
              f"over {len(edges)} deals, seed {args.seed}", flush=True)
    return out


if __name__ == "__main__":
    main()
