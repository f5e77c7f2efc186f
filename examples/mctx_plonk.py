"""A Plonk bot searching with mctx's Gumbel MuZero, the true JAX environment as its model, on determinized deals:
``nice -n 10 .venv/bin/python examples/mctx_plonk.py`` (extra ``jax``, which brings mctx).

The bot sees its seat's view only. It reads the view into a full position once (``determinizer``: the unseen
cards dealt at random, then ``parlour.jax.plonk.from_state``), and from there ``determinize`` deals the unseen
cards again, in JAX, ``determinizations`` times: every hand but the seat's own is redealt uniformly from the
cards held by the other seats, each keeping its size. On each deal mctx runs ``gumbel_muzero_policy`` with
``simulations`` simulations (the determinizations are mctx's batch), its model being Plonk's own ``play``:

* **prior**: uniform over the legal cards (the PPO policy of ``examples/jax_ppo_plonk.py`` is far below the
  heuristic, so it would guide the search no better than no prior, and it would bring torch in);
* **reward**: the change in the acting side's lead on this deal's points (live cards' faces less one per dead
  card, in hundreds), which is nonzero where a card completes a trick;
* **discount**: +1 where the next seat to move is on the acting seat's side, -1 where it is an opponent (each
  node's value is its mover's side's), 0 once the deal is over: the search looks no further than this deal,
  whose next deal would be chance, and maximises this deal's point difference (what wins a match to 500);
* **value**: the mean of ``playouts`` playouts to the end of the deal, run side by side, each card drawn from a
  softmax over ``tips`` (the rules' tips: a high live card on the partner's trick, a card of the suit led on an
  opponent's, a low lead), the points they bring the mover's side less the other's. No training needed, and
  cheap in JAX; one playout alone was too noisy (the search then lost about 40 points a deal to the heuristic).

The card played is the one with the highest ``action_weights`` (mctx's improved policy: the prior combined with
the completed Q-values) averaged over the determinizations; a seat with one legal card plays it unsearched.
Registered as the bot ``mctx`` (``mctx:simulations=8,determinizations=4``), it plays in parlour's arena like any
bot (``learned:PATH``'s way: a spec with settings); ``main`` pits it against ``heuristic`` over ``--games``
duplicate deals and writes ``results.md`` and ``results.json`` into ``--out``.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import mctx

from parlour.arena.stats import BotResult
from parlour.arena.tournament import tournament
from parlour.bots import register_bot
from parlour.bots.base import Option
from parlour.core.game import Action, Game, View
from parlour.core.parts import encoding_of
from parlour.games.plonk.cards import STRENGTH as STRENGTHS
from parlour.games.plonk.cards import SUIT_OF
from parlour.games.plonk.rules import PlonkRules
from parlour.games.plonk.views import determinizer
from parlour.jax.plonk import CARDS, FACE_VALUE, SEATS, PlonkState, card_flags, from_state, packed, play

SPEC = PlonkRules.game_name
OPPONENT = "heuristic"
BOT = "mctx"
OUT = Path(__file__).resolve().parent.parent / "docs" / "notes" / "mctx-plonk"
SIMULATIONS = 8
DETERMINIZATIONS = 4
CONSIDERED = 8
"""Gumbel MuZero's ``max_num_considered_actions``: the root's cards sampled without replacement, then halved
(8: the search budget spread over eight cards at most)."""
PLAYOUTS = 8
"""Playouts averaged for each position's value."""
LOW = -1e9
"""The logit of an illegal card."""
TEMPERATURE = 2.0
"""The playout's softmax temperature over ``tips``' scores (in points)."""
SUIT = jnp.asarray(SUIT_OF, jnp.int32)
STRENGTH = jnp.asarray(STRENGTHS, jnp.int32)
"""0 for a two .. 12 for an ace (the game's ``cards.STRENGTH``)."""


def determinize(state: PlonkState, seat: jax.Array, key: jax.Array) -> PlonkState:
    """``state`` with every hand but ``seat``'s redealt from ``key``: the cards those hands hold, shuffled
    uniformly and dealt back with each hand keeping its size (what ``seat`` cannot tell apart)."""
    hands = card_flags(state._hands)
    others = jnp.arange(SEATS) != seat
    hidden = (hands & others[:, None]).any(axis=0)
    order = jnp.argsort(jnp.where(hidden, jax.random.uniform(key, (CARDS,)), 2.0))
    rank = jnp.zeros(CARDS, jnp.int32).at[order].set(jnp.arange(CARDS, dtype=jnp.int32))
    ends = jnp.cumsum(jnp.where(others, hands.sum(axis=1), 0))
    owner = jnp.searchsorted(ends, rank, side="right")
    dealt = hidden[None, :] & (owner[None, :] == jnp.arange(SEATS)[:, None]) & others[:, None]
    redealt: PlonkState = state.replace(_hands=packed(jnp.where(others[:, None], dealt, hands)))
    return redealt


def deal_over(state: PlonkState) -> jax.Array:
    """Whether the deal is over (the next due, or the match won): where the search stops."""
    return state._chance | state.terminated


def lead(state: PlonkState, seat: jax.Array) -> jax.Array:
    """``seat``'s side's points this deal less the other side's, in hundreds."""
    points = state._points
    side = seat % 2
    return (points[side] - points[1 - side]) / 100.0


def tips(state: PlonkState) -> jax.Array:
    """The playout's logits over the words for the player to move, after the rules' tips: on a trick the partner
    is winning, a high live card (off the suit led); on one an opponent is winning, a card of the suit led (dead
    for its winners), taking the trick where it can; leading, a low card. Illegal words at ``LOW``."""
    mover = state.current_player
    trick = state._trick
    led = SUIT[trick[0]]
    of_led = (jnp.arange(SEATS) < state._trick_len) & (SUIT[trick] == led)
    best = jnp.argmax(jnp.where(of_led, STRENGTH[trick], -1))
    friend_winning = (state._leader + best) % 2 == mover % 2
    follows = led == SUIT
    beats = follows & (STRENGTH[trick[best]] < STRENGTH)
    on_friend = jnp.where(follows, -1.0, FACE_VALUE)
    on_foe = jnp.where(beats, 3.0, jnp.where(follows, 1.0, -FACE_VALUE))
    leading = -STRENGTH.astype(jnp.float32) / 4.0
    score = jnp.where(state._trick_len == 0, leading, jnp.where(friend_winning, on_friend, on_foe))
    return jnp.where(state.legal_action_mask, jnp.concatenate([jnp.zeros(1), score / TEMPERATURE]), LOW)


def playout(state: PlonkState, key: jax.Array) -> jax.Array:
    """The value of ``state`` for its player to move: what a playout by ``tips`` (sampled from its softmax) to
    the end of the deal adds to its side's lead (0 where the deal is over)."""
    mover = state.current_player

    def card(carry: tuple[PlonkState, jax.Array]) -> tuple[PlonkState, jax.Array]:
        now, k = carry
        k, pick = jax.random.split(k)
        return play(now, jax.random.categorical(pick, tips(now))), k

    end = jax.lax.while_loop(lambda carry: ~deal_over(carry[0]), card, (state, key))[0]
    return lead(end, mover) - lead(state, mover)


def prior(state: PlonkState) -> jax.Array:
    """Uniform logits over the legal words, ``LOW`` elsewhere."""
    return jnp.where(state.legal_action_mask, 0.0, LOW)


def value(state: PlonkState, key: jax.Array, playouts: int) -> jax.Array:
    """The mean of ``playouts`` playouts of ``state`` (run side by side: one is too noisy to rank cards by)."""
    values: jax.Array = jax.vmap(playout, in_axes=(None, 0))(state, jax.random.split(key, playouts)).mean()
    return values


def model(state: PlonkState, action: jax.Array, key: jax.Array, playouts: int
          ) -> tuple[mctx.RecurrentFnOutput, PlonkState]:
    """mctx's view of one move (module docstring): the card played, its reward and sign for the acting seat, and
    the next position's prior and value (``playouts`` playouts); a position whose deal is over stays as it is,
    worth nothing."""
    over = deal_over(state)
    actor = state.current_player
    played = play(state, action)
    after: PlonkState = jax.tree_util.tree_map(lambda new, old: jnp.where(over, old, new), played, state)
    same_side = after.current_player % 2 == actor % 2
    discount = jnp.where(deal_over(after), 0.0, jnp.where(same_side, 1.0, -1.0))
    reward = jnp.where(over, 0.0, lead(after, actor) - lead(state, actor))
    output = mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=prior(after),
                                    value=value(after, key, playouts))
    return output, after


@functools.cache
def searcher(simulations: int, determinizations: int, considered: int, playouts: int) -> Any:
    """The jitted search for these settings (``search``), made once per process: the arena makes a bot per
    batch of games, and each would compile again otherwise."""

    def search(state: PlonkState, key: jax.Array) -> jax.Array:
        """The action weights, averaged over ``determinizations`` deals of ``state`` for its player to move."""
        deal_key, value_key, search_key = jax.random.split(key, 3)
        seat = state.current_player
        states = jax.vmap(determinize, in_axes=(None, None, 0))(state, seat,
                                                                 jax.random.split(deal_key, determinizations))
        root = mctx.RootFnOutput(prior_logits=jax.vmap(prior)(states),
                                 value=jax.vmap(value, in_axes=(0, 0, None))(
                                     states, jax.random.split(value_key, determinizations), playouts),
                                 embedding=states)

        def recurrent(params: None, rng: jax.Array, action: jax.Array, embedding: PlonkState
                      ) -> tuple[mctx.RecurrentFnOutput, PlonkState]:
            return jax.vmap(model, in_axes=(0, 0, 0, None))(embedding, action, jax.random.split(rng, determinizations),
                                                            playouts)

        out = mctx.gumbel_muzero_policy(params=None, rng_key=search_key, root=root, recurrent_fn=recurrent,
                                        num_simulations=simulations, invalid_actions=~states.legal_action_mask,
                                        max_num_considered_actions=considered)
        weights: jax.Array = out.action_weights.mean(axis=0)
        return weights

    return jax.jit(search)


class MctxBot:
    """Plays the card of the highest averaged action weight of ``searcher``'s search, from its seat's view."""

    name = BOT

    def __init__(self, game: Game[Any], settings: dict[str, str]) -> None:
        self.game = game
        self.words = encoding_of(game).vocabulary
        self.search = searcher(int(settings.get("simulations", SIMULATIONS)),
                               int(settings.get("determinizations", DETERMINIZATIONS)),
                               int(settings.get("considered", CONSIDERED)), int(settings.get("playouts", PLAYOUTS)))

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = from_state(determinizer(self.game, view)(rng))
        weights = self.search(state, jax.random.PRNGKey(rng.getrandbits(31)))
        by_word = {self.words.index(str(action)): action for action in legal}
        return by_word[max(by_word, key=lambda word: float(weights[word]))]


OPTIONS = (Option("simulations", "simulations per determinization", "int", 2, 4096),
           Option("determinizations", "deals searched per move", "int", 1, 1024),
           Option("considered", "cards Gumbel MuZero considers at the root", "int", 1, CARDS),
           Option("playouts", "playouts averaged for each position's value", "int", 1, 1024))
register_bot(BOT, MctxBot, options=OPTIONS)


def table(result: BotResult, bot: str) -> str:
    """The arena's result as ``results.md``'s table."""
    r = result
    return ("| bot | against | games | mean return [95 % CI] | edge [95 % CI] | wins |\n"
            "|---|---|---:|---|---|---:|\n"
            f"| `{bot}` | `{OPPONENT}` | {r.games} | {r.mean:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}] | "
            f"{r.edge:+.3f} [{r.edge_low:+.3f}, {r.edge_high:+.3f}] | {r.wins} |\n")


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="arena games against the heuristic")
    parser.add_argument("--simulations", type=int, default=SIMULATIONS, help="simulations per determinization")
    parser.add_argument("--determinizations", type=int, default=DETERMINIZATIONS, help="deals searched per move")
    parser.add_argument("--considered", type=int, default=CONSIDERED, help="cards considered at the root")
    parser.add_argument("--playouts", type=int, default=PLAYOUTS, help="playouts averaged per value")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write into")
    args = parser.parse_args(argv)
    bot = (f"{BOT}:simulations={args.simulations},determinizations={args.determinizations},"
           f"considered={args.considered},playouts={args.playouts}")
    start = time.perf_counter()
    results = tournament(SPEC, [bot, OPPONENT], args.games, args.out / "arena-heuristic", 1, args.seed,
                         figures_only=True)
    seconds = time.perf_counter() - start
    result = next(r for r in results if r.bot == bot)
    summary = {"spec": SPEC, "bot": bot, "opponent": OPPONENT, "games": result.games, "seed": args.seed,
               "mean": result.mean, "ci": [result.ci_low, result.ci_high], "edge": result.edge,
               "edge_ci": [result.edge_low, result.edge_high], "wins": result.wins, "seconds": round(seconds, 1)}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.md").write_text(table(result, bot), encoding="utf-8")
    (args.out / "results.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print(table(result, bot), end="")
    print(f"{result.games} games in {seconds:.0f} s", flush=True)
    return summary


if __name__ == "__main__":
    main()
