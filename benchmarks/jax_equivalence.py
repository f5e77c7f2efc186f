"""The JAX environments (``parlour.jax``) equal to the Python engine word for word, over many random games:
``.venv/bin/python -m benchmarks jax_equivalence [--games 10000] [--specs plonk tonk:classic?players=4 ...]``.

Each game starts from a Python deal (the engine's ``new_state(seed)``, seeds counted up from ``--first-seed``,
deals that end at once skipped) turned into the JAX state by the game's ``from_state``; random legal words are then
played through both engines at once, the JAX side vmapped over ``--chunk`` games, the Python side through
``WordChooser`` (``parlour.rl``'s word vocabulary). Before every word the mask, the player to move and the
observation row (``encode_into``: the encoder's row and the words chosen so far) must be exactly equal; after it,
the rewards and the end, as each game's hooks read them (``PlonkHooks``, ``TonkHooks``, ``TockHooks``). The JAX
envs draw their later chance from their own key, so where the Python engine deals again (Plonk's and Tonk's next
deals, Tock's reshuffled stock) the hooks compare what does not hang on the cards and the JAX game is set to the
Python one again. The first difference stops the spec and is printed with the game's seed and the words played
(which replay it from the seed); the exit status is then 1. The tests in ``tests/jax`` run 200 games of each game
through ``play`` and ``tests/benchmarks/test_jax_equivalence_smoke.py`` the entry point.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import jax
import numpy as np

import parlour.jax
from benchmarks.anchors import Anchored
from parlour.core.encoding import FACES, WordChooser, encode_into
from parlour.core.parts import encoding_of
from parlour.core.registry import load_game
from parlour.jax import plonk, tock, tonk

TONK_MOST_FLAGS = ("tonk:pagat?players=4&hands=3&spades_side_bet=true&hit_lockout=true&ace_high=true"
                   "&drop_timing=any&deal_49_wins=in_turn&may_rediscard_taken=true")
"""Four players in a match of three hands with most of the flags that change play."""
TONK_JOKERS = ("tonk:pagat?players=3&hands=3&jokers=2&joker_points=15&hand_size=7&ace_high=true"
               "&spades_side_bet=true&deal_49_wins=in_turn")
"""Jokers (worth 15) with other flags: three players dealt 7 cards in a match of three hands."""
SPECS = ("plonk",
         *(f"tonk:{preset}?players={players}" for preset in ("speno", "classic", "texas", "pagat")
           for players in (2, 4)),
         TONK_MOST_FLAGS, "tonk:classic?jokers=2", "tonk:classic?players=4&jokers=2", TONK_JOKERS,
         "tock", "tock?players=2", "tock?players=3", "tock?teams=pairs", "tock?teams=two", "tock:sevens",
         "tock?players=2&two_of_spades_enters=true", "tock?home_entry=optional", "tock?players=5", "tock?players=6",
         "tock?players=7", "tock?players=8", "tock?players=6&teams=pairs", "tock?players=6&teams=two",
         "tock?players=8&teams=pairs", "tock?players=8&teams=two", "tock?players=6&home_entry=optional",
         "tock?players=8&home_entry=optional")
"""The specs played by default: Plonk; Tonk's presets at 2 and 4 players, most flags, and jokers; Tock as
``parlour.jax.tock.OFFERED`` offers it (2 to 8 players, both kinds of teams at 4, 6 and 8, extra sevens, the 2 of
spades, optional home entry)."""


class Different(Exception):
    """The engines differ: what differs, in words."""


@dataclass
class After:
    """The JAX batch after a step, as numpy arrays: what the hooks compare."""

    terminated: np.ndarray[Any, Any]
    rewards: np.ndarray[Any, Any]
    players: np.ndarray[Any, Any]
    observations: np.ndarray[Any, Any]
    batch: Any


class Hooks(Protocol):
    """What differs between the games in playing both engines."""

    seen: dict[str, int]
    """How often the words worth covering came up (by the game's own names)."""

    def to_jax(self, state: Any) -> Any:
        """The JAX state of a Python state at a decision."""

    def word(self, rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
        """The random legal word played."""

    def apply(self, i: int, state: Any, action: Any, after: After) -> bool:
        """Apply ``action`` (None while more words are needed: nothing to apply) to the Python ``state`` of row
        ``i`` and compare the rewards and the end with ``after``'s row (``Different`` when they differ); whether the
        JAX row is to be set to the Python state again (a new deal or stock)."""


def uniform(rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
    """A legal word, each as likely."""
    return int(rng.choice(np.flatnonzero(mask)))


def same_end(i: int, state: Any, after: After) -> None:
    """``Different`` unless match ``i`` of ``after`` ended as ``state`` did, with its returns as its rewards (the
    games whose rewards are the returns themselves, paid at the end)."""
    if state.is_terminal != bool(after.terminated[i]):
        raise Different(f"JAX terminated {after.terminated[i]}, Python {state.is_terminal}")
    if not np.array_equal(after.rewards[i], np.array(state.returns(), np.float32)):
        raise Different(f"rewards differ: JAX {after.rewards[i]}, Python {state.returns()}")


@dataclass
class PlonkHooks:
    """Plonk: the rewards are the engine's returns; at a new deal, the player and the public part of the
    observation (past the hand's faces) are compared before the JAX deal is replaced by the Python one."""

    encoding: Any
    seen: dict[str, int] = field(default_factory=lambda: {"new deals": 0})

    def to_jax(self, state: Any) -> Any:
        return plonk.from_state(state)

    def word(self, rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
        return uniform(rng, mask)

    def apply(self, i: int, state: Any, action: Any, after: After) -> bool:
        if action is None:
            raise Different("a Plonk word that is not a whole action")
        deal = state.pos.deal_no
        state.apply(action)
        same_end(i, state, after)
        if state.is_terminal or state.pos.deal_no == deal:
            return False
        row = np.zeros(after.observations.shape[1], np.float32)
        encode_into(self.encoding, state, state.current_player, None, row)
        if after.players[i] != state.current_player or not np.array_equal(after.observations[i][FACES:],
                                                                            row[FACES:]):
            raise Different("the new deal's player or public observation differ")
        self.seen["new deals"] += 1
        return True


@dataclass
class TonkHooks:
    """Tonk: the rewards are each step's change of the engine's returns. Where a hand ends and the match goes
    on, they are compared when neither engine's next deal ended at once (less what the Python engine's later
    deals paid at once), and the JAX match is set to the Python deal again. Drops are played one time in 20
    when another word is legal: random play that drops at once rarely sees a spread, a hit or an empty stock."""

    drop: int
    env: Any
    seen: dict[str, int] = field(default_factory=lambda: {"hands ended": 0, "jokers laid": 0})

    def to_jax(self, state: Any) -> Any:
        return tonk.from_state(state)

    def word(self, rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
        offered = np.flatnonzero(mask)
        if len(offered) > 1 and mask[self.drop] and rng.random() > 0.05:
            offered = offered[offered != self.drop]
        return int(rng.choice(offered))

    def apply(self, i: int, state: Any, action: Any, after: After) -> bool:
        before = np.array(state.returns(), np.float32)
        results_before = len(state.pos.results)
        counted_before = state.pos.hands_counted
        if action is not None:
            self.seen["jokers laid"] += "Jk" in str(action)
            state.apply(action)
        change = np.array(state.returns(), np.float32) - before
        ended = state.pos.results[results_before:]
        terminated, rewards = bool(after.terminated[i]), after.rewards[i]
        if not ended:
            if state.is_terminal != terminated or not np.array_equal(rewards, change):
                raise Different(f"JAX terminated {terminated} with rewards {rewards}, Python {state.is_terminal} "
                                f"with {change}")
        elif int(self.env.hands_counted(after.batch)[i]) == counted_before + (not ended[0].void):  # none ended at once
            paid = change.copy()
            for later in ended[1:]:
                for payer, payee, stakes in later.payments:
                    paid[payer] += stakes
                    paid[payee] -= stakes
            if not np.array_equal(rewards, paid):
                raise Different(f"rewards at the hand's end differ: JAX {rewards}, Python {paid}")
            if len(ended) == 1 and state.is_terminal != terminated:
                raise Different(f"JAX terminated {terminated}, Python {state.is_terminal} at the hand's end")
        self.seen["hands ended"] += len(ended)
        return bool(ended) and not state.is_terminal


@dataclass
class TockHooks:
    """Tock: the rewards are the engine's returns; no game ends inside an action; when the Python engine
    shuffles the pile into a new stock the JAX game is set to the Python one again (until then the JAX env draws
    the Python stock's cards in order)."""

    env: Any
    seen: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("split 7 parts", "bonus", "discard", "reshuffles", "for a teammate", "shortcut", "stays out"), 0))

    def to_jax(self, state: Any) -> Any:
        return tock.from_state(state, self.env)

    def word(self, rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
        return uniform(rng, mask)

    def apply(self, i: int, state: Any, action: Any, after: After) -> bool:
        if action is None:
            if after.terminated[i]:
                raise Different("JAX ended the game inside an action")
            return False
        text = str(action)
        self.seen["split 7 parts"] += text.startswith("7 ") and "+" in text
        self.seen["bonus"] += text.startswith("bonus")
        self.seen["discard"] += text.startswith("discard")
        self.seen["for a teammate"] += text.startswith("for ")
        self.seen["shortcut"] += ">" in text.replace("<>", "")
        self.seen["stays out"] += "~" in text
        reshuffles = state.pos.reshuffles
        state.apply(action)
        same_end(i, state, after)
        if state.is_terminal or state.pos.reshuffles == reshuffles:
            return False
        self.seen["reshuffles"] += 1
        return True


def hooks_for(game: Any, env: Any, encoding: Any) -> Hooks:
    """The hooks of ``game``'s engine, by its rules' game name."""
    name = game.rules.game_name
    if name == plonk.ENV_ID:
        return PlonkHooks(encoding)
    if name == tonk.ENV_ID:
        return TonkHooks(encoding.vocabulary.index("drop"), env)
    return TockHooks(env)


@dataclass
class Played:
    """What ``play`` found for a spec: games and words compared, seconds, how often the words worth covering came
    up, and the first difference (seed, what, words played) or None."""

    spec: str
    games: int
    words: int
    seconds: float
    seen: dict[str, int]
    difference: str | None


def stacked(states: list[Any]) -> Any:
    """The JAX states as one batch, each leaf stacked."""
    return jax.tree_util.tree_map(lambda *leaves: np.stack([np.asarray(leaf) for leaf in leaves]), *states)


def replaced(batch: Any, rows: list[int], states: list[Any]) -> Any:
    """``batch`` with its rows ``rows`` set to ``states``."""
    def put(old: Any, fresh: Any) -> Any:
        out = np.asarray(old).copy()
        out[rows] = fresh
        return out

    return jax.tree_util.tree_map(put, batch, stacked(states))


def starting_seeds(game: Any, games: int, first_seed: int) -> list[int]:
    """The first ``games`` seeds from ``first_seed`` whose deal does not end at once."""
    seeds: list[int] = []
    seed = first_seed
    while len(seeds) < games:
        if not game.new_state(seed).is_terminal:
            seeds.append(seed)
        seed += 1
    return seeds


def play(spec: str, games: int, first_seed: int = 0, chunk: int = 1000) -> Played:
    """Play ``games`` random games of ``spec`` through both engines, ``chunk`` at a time, comparing at every word
    (module docstring), until the first difference."""
    game = load_game(spec)
    env = parlour.jax.make(spec)
    encoding = encoding_of(game)
    hooks = hooks_for(game, env, encoding)
    step = jax.jit(jax.vmap(env.step))
    seeds = starting_seeds(game, games, first_seed)
    start = time.perf_counter()
    words = 0
    difference = None
    for at in range(0, len(seeds), chunk):
        part = seeds[at:at + chunk]
        try:
            words += play_chunk(game, encoding, hooks, step, part, jax.random.PRNGKey(part[0]))
        except Different as e:
            difference = str(e)
            break
    return Played(spec, games, words, time.perf_counter() - start, dict(hooks.seen), difference)


def play_chunk(game: Any, encoding: Any, hooks: Hooks, step: Any, seeds: list[int], key: jax.Array) -> int:
    """Play the games of ``seeds`` through both engines (``play``); the words compared, or ``Different`` naming
    the seed and the words played."""
    vocabulary = encoding.vocabulary
    width = encoding.layout.size + len(vocabulary)
    states = [game.new_state(seed) for seed in seeds]
    rngs = [np.random.default_rng(seed) for seed in seeds]
    choosers = [WordChooser(vocabulary) for _ in seeds]
    for state, chooser in zip(states, choosers, strict=True):
        chooser.begin(state.legal_actions())
    played: list[list[str]] = [[] for _ in seeds]
    batch = stacked([hooks.to_jax(s) for s in states])
    expected = np.zeros(width, np.float32)
    done = [False] * len(seeds)
    words = 0
    i = 0
    try:
        while not all(done):
            actions = np.zeros(len(seeds), np.int32)
            observations = np.asarray(batch.observation)
            masks = np.asarray(batch.legal_action_mask)
            players = np.asarray(batch.current_player)
            for i, state in enumerate(states):
                if done[i]:
                    continue
                mask = np.frombuffer(choosers[i].flags(), np.int8).astype(np.bool_)
                if not np.array_equal(masks[i], mask):
                    raise Different(f"masks differ: JAX {[vocabulary[w] for w in np.flatnonzero(masks[i])]}, "
                                    f"Python {[vocabulary[w] for w in np.flatnonzero(mask)]}")
                if players[i] != state.current_player:
                    raise Different(f"JAX has seat {players[i]} to play, Python {state.current_player}")
                expected[:] = 0.0
                encode_into(encoding, state, state.current_player, choosers[i], expected)
                if not np.array_equal(observations[i], expected):
                    raise Different(f"observations differ at slots {np.flatnonzero(observations[i] != expected)}")
                actions[i] = hooks.word(rngs[i], mask)
                played[i].append(vocabulary[actions[i]])
                words += 1
            key, subkey = jax.random.split(key)
            batch = step(batch, actions, jax.random.split(subkey, len(seeds)))
            after = After(np.asarray(batch.terminated), np.asarray(batch.rewards), np.asarray(batch.current_player),
                          np.asarray(batch.observation), batch)
            resync: list[int] = []
            for i, state in enumerate(states):
                if done[i]:
                    continue
                action = choosers[i].choose(int(actions[i]))
                if hooks.apply(i, state, action, after):
                    resync.append(i)
                if state.is_terminal:
                    done[i] = True
                elif action is not None:
                    choosers[i].begin(state.legal_actions())
            if resync:
                batch = replaced(batch, resync, [hooks.to_jax(states[i]) for i in resync])
    except Different as e:
        raise Different(f"seed {seeds[i]}: {e} after the words {played[i]}") from None
    return words


def main(argv: Sequence[str] | None = None) -> list[Played]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games played per spec")
    parser.add_argument("--specs", nargs="+", default=list(SPECS), help="the specs played (default: SPECS)")
    parser.add_argument("--chunk", type=int, default=1000, help="games played together (the JAX batch)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    found = []
    for spec in args.specs:
        result = play(spec, args.games, args.first_seed, args.chunk)
        seen = ", ".join(f"{name} {count:,}" for name, count in result.seen.items())
        verdict = "equal" if result.difference is None else f"DIFFERENT: {result.difference}"
        print(f"{spec}: {result.games:,} games, {result.words:,} words compared, {result.seconds:.1f} s ({seen}): "
              f"{verdict}", flush=True)
        found.append(result)
    return found


def bench(argv: Sequence[str]) -> list[Anchored]:
    """Each spec's words compared, beside the goal of no difference, for ``python -m benchmarks``; exit status 1
    (no table) when any spec differs."""
    found = main(argv)
    differing = [r.spec for r in found if r.difference is not None]
    if differing:
        print(f"the engines differ on {', '.join(differing)}", file=sys.stderr)
        raise SystemExit(1)
    return [Anchored(f"{r.spec}: words compared in {r.games:,} games", r.words, "words",
                     f"no difference (goal), {r.seconds:.0f} s", True) for r in found]


if __name__ == "__main__":
    main()
