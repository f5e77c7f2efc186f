"""The floors under the research interfaces' speed goals: the least any environment could cost, beside what ours costs.

Run by hand, never part of the tests::

    PYTHONPATH=. .venv/bin/python docs/notes/rl-floors/rl_floors.py [--seconds 2] [--only aec,spiel,vector]

Each part bounds one goal from below, by timing only work that no
environment meeting the goal could leave out:

* ``aec``: the PettingZoo environment at ≥ 0.4× the engine's steps/s. Per
  game, the engine's own loop (as ``rl_speed.py`` times it), a *null* AEC
  environment (PettingZoo's ``agent_iter``/``last``/``step`` contract around
  the same engine loop, every observation one fixed dict: no encoding, no
  mask, no words), and the least a fresh observation of the game's size
  costs in numpy (one array allocated, every slot written by one
  ``unpackbits``, the mask made from bytes). The best ratio any environment
  handing out fresh numpy observations can reach is the engine's step time
  over the null step's plus that observation's.
* ``spiel``: OpenSpiel at ≥ 1× gin_rummy with its observation tensor. At
  decision states of random Tonk games, one ``observation_tensor`` call
  timed whole, then the part that is ours (the observer's ``set_from``); the
  rest is pyspiel's own work on a Python game (it derives the tensor's
  shape anew at every call, by writing an initial state's tensor, then
  copies the tensor and turns it into a Python list of floats). Beside it,
  gin_rummy's whole step with its observation tensor, and our steps with no
  observation at all.
* ``vector``: ``vector_env`` at ≥ 3× the single env's steps/s at N = 64 on
  Tonk 2p. It plays as ``rl_vector.py`` does, keeping every game it deals;
  those games are then replayed on the engine alone (``new_state`` from the
  seed, then ``legal_actions`` and ``apply`` at each action): the engine
  work any environment playing them must do, per learner step. Added to it,
  the encoding's cost of one observation row when 64 are written in one
  call (every learner step hands out one new row); the two beside the time
  per step that 3× the single env leaves.

Each pair of loops runs in alternating slices
(``speed.compare``), as the shared machine's load moves.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from benchmarks import rl_vector
from parlour import load_game
from parlour.core.encoding import encode_rows
from parlour.core.game import Game, State
from parlour.core.parts import encoding_of
from benchmarks.rl_speed import SUBJECTS, Subject, clock, engine_play, spiel_play
from benchmarks.speed import INSTALL_HINT, Run, compare, import_pyspiel

PARTS = ("aec", "spiel", "vector")
GIN = "gin_rummy"
VECTOR_ENVS = 64


class NullEnv(AECEnv):  # type: ignore[misc]
    """PettingZoo's AEC contract around a parlour game and nothing else: every observation is one fixed dict,
    ``step`` takes a whole legal action (the engine's), and the game's end terminates every agent."""

    metadata: ClassVar[dict[str, Any]] = {"name": "parlour_null"}

    def __init__(self, game: Game[Any], observation: dict[str, np.ndarray]) -> None:
        super().__init__()
        self.game = game
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self.observation = observation
        self.seeds = itertools.count()
        self.game_state: State[Any, Any] = game.new_state(0)
        self.observation_spaces = {a: spaces.Box(0.0, 1.0, (1,)) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(1) for a in self.possible_agents}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.observation

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self.game_state = self.game.new_state(next(self.seeds))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: state.is_terminal for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[max(state.current_player, 0)]

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self.game_state
        state.apply(action)
        if state.is_terminal:
            self.terminations = {agent: True for agent in self.agents}
        else:
            self.agent_selection = self.agents[state.current_player]


def null_play(spec: str) -> Run:
    """The null environment played as ``rl_speed.aec_play`` plays the real one, a whole action a step."""
    env = NullEnv(load_game(spec), {})
    rng = random.Random(1)

    def run(seconds: float) -> tuple[float, int]:
        steps = 0
        start = clock()
        while clock() - start < seconds:
            env.reset()
            for _ in env.agent_iter():
                _observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = env.game_state.legal_actions()
                env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return clock() - start, steps

    return run


def fresh_observation_us(size: int, words: int) -> float:
    """µs to make the least fresh observation of ``size`` slots and ``words`` mask entries (module docstring)."""
    packed = ((1 << size) - 1).to_bytes((size + 7) // 8, "little")
    flags = bytearray(words)
    rounds = 20_000

    def make() -> dict[str, np.ndarray]:
        vector = np.zeros(size + words, np.float32)
        vector[:size] = np.unpackbits(np.frombuffer(packed, np.uint8), count=size, bitorder="little")
        return {"observation": vector, "action_mask": np.frombuffer(flags, np.int8)}

    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(rounds):
            make()
        best = min(best, (time.process_time() - start) / rounds * 1e6)
    return best


def aec_floor(subject: Subject, seconds: float) -> float:
    """The best AEC/engine ratio an environment of fresh numpy observations could reach on ``subject``."""
    engine_us, null_us = compare(engine_play(subject.spec), null_play(subject.spec), seconds)
    assert null_us is not None
    encoding = encoding_of(load_game(subject.spec))
    observation_us = fresh_observation_us(encoding.layout.size, len(encoding.vocabulary))
    ceiling = engine_us / (null_us + observation_us)
    print(f"{subject.label}: engine step {engine_us:.2f} µs; null AEC step {null_us:.2f} µs "
          f"({engine_us / null_us:.2f}x the engine's rate); fresh observation of "
          f"{encoding.layout.size + len(encoding.vocabulary)} slots {observation_us:.2f} µs; "
          f"best possible AEC/engine {ceiling:.2f}x (goal 0.4x)", flush=True)
    return ceiling


def decision_states(game: Any, count: int) -> list[Any]:
    """``count`` decision states of random games of an OpenSpiel ``game``, one every few decisions."""
    rng = random.Random(0)
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if rng.random() < 0.3:
                found.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return found


def per_call_us(call: Any, states: list[Any]) -> float:
    """Best of three: µs per call of ``call(state, player)`` over ``states``, each at its player to act."""
    players = [s.current_player() for s in states]
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(20):
            for state, player in zip(states, players, strict=True):
                call(state, player)
        best = min(best, (time.process_time() - start) / (20 * len(states)) * 1e6)
    return best


def spiel_floor(pyspiel: Any, subject: Subject, seconds: float) -> float:
    """pyspiel's own µs per ``observation_tensor`` call of ``subject``, printed beside gin_rummy's whole step."""
    import parlour.openspiel

    parlour.openspiel.register()
    name = parlour.openspiel.PREFIX + subject.name
    game = pyspiel.load_game(name, subject.params)
    states = decision_states(game, 200)
    observer = game.make_py_observer()
    whole = per_call_us(lambda s, p: s.observation_tensor(p), states)
    ours = per_call_us(observer.set_from, states)
    pyspiels = whole - ours
    bare = spiel_play(pyspiel, name, subject.params, observe=False)
    gin_us, bare_us = compare(spiel_play(pyspiel, GIN), bare, seconds)
    assert bare_us is not None
    print(f"{subject.label}: observation_tensor {whole:.1f} µs a call ({game.observation_tensor_size():,} floats), "
          f"of which our observer {ours:.1f} µs and pyspiel's own work {pyspiels:.1f} µs; gin_rummy's whole step "
          f"with its observation_tensor ({pyspiel.load_game(GIN).observation_tensor_size():,} floats) "
          f"{gin_us:.1f} µs; our step with no observation {bare_us:.1f} µs. At best, our observer free: "
          f"{gin_us / (bare_us + pyspiels):.2f}x gin_rummy; our whole step free too: {gin_us / pyspiels:.2f}x "
          "(goal 1x)", flush=True)
    return pyspiels


def vector_floor(steps: int) -> float:
    """The engine's µs per learner step in the games ``vector_env`` plays at N = 64, beside 3× the single env."""
    import parlour.rl

    env = parlour.rl.vector_env(rl_vector.SPEC, VECTOR_ENVS, seat=0, opponents=rl_vector.OPPONENT)
    dealt: list[State[Any, Any]] = []
    deal = env.game.new_state

    def kept(seed: int, *args: Any, **kwargs: Any) -> State[Any, Any]:
        state = deal(seed, *args, **kwargs)
        dealt.append(state)
        return state

    env.game.new_state = kept  # type: ignore[method-assign]
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    rounds = max(1, steps // VECTOR_ENVS)
    for _ in range(rounds):
        env.step((rng.random(env.masks.shape) * env.masks).argmax(1))
    games = [(state.seed, [action for _, action in state.history()]) for state in dealt]
    game = load_game(rl_vector.SPEC)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for seed, actions in games:
            state = game.new_state(seed)
            for action in actions:
                state.legal_actions()
                state.apply(action)
        best = min(best, time.process_time() - start)
    learner_steps = rounds * VECTOR_ENVS
    engine_us = best / learner_steps * 1e6
    row_us = encode_row_us(game, [state for state in dealt if not state.is_terminal][:VECTOR_ENVS])
    single = max(rl_vector.single_rate(steps, 0) for _ in range(3))
    budget_us = 1e6 / (3 * single)
    played = sum(len(actions) for _, actions in games)
    print(f"vector_env N={VECTOR_ENVS}, {rl_vector.SPEC}: {learner_steps:,} learner steps dealt {len(games):,} games "
          f"({played:,} actions); replaying them on the engine alone takes {engine_us:.2f} µs a learner step, "
          f"and encoding a step's observation row (encode_rows of {VECTOR_ENVS} rows at once) {row_us:.2f} µs. "
          f"single_agent: {single:,.0f} steps/s, so 3x leaves {budget_us:.2f} µs a step: the engine and the "
          f"encoding alone take {(engine_us + row_us) / budget_us:.0%} of it", flush=True)
    return (engine_us + row_us) / budget_us


def encode_row_us(game: Game[Any], states: list[State[Any, Any]]) -> float:
    """Best of three: µs per row of ``encode_rows`` writing ``states`` (each from seat 0) in one call."""
    encoding = encoding_of(game)
    out = np.zeros((len(states), encoding.layout.size), np.float32)
    rows = list(range(len(states)))
    seats = [0] * len(states)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(200):
            encode_rows(encoding, states, seats, out, rows)
        best = min(best, (time.process_time() - start) / (200 * len(states)) * 1e6)
    return best


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds each timed side runs")
    parser.add_argument("--steps", type=int, default=20_000, help="learner steps of the vector part")
    parser.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts, of {', '.join(PARTS)}")
    args = parser.parse_args(argv)
    parts = args.only.split(",")
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"--only: {', '.join(sorted(unknown))} unknown; parts are {', '.join(PARTS)}")
    out: dict[str, float] = {}
    if "aec" in parts:
        for subject in SUBJECTS:
            out[f"aec {subject.label}"] = aec_floor(subject, args.seconds)
    if "spiel" in parts:
        pyspiel = import_pyspiel()
        if pyspiel is None:
            print(f"OpenSpiel is not installed: {INSTALL_HINT}", flush=True)
        else:
            for subject in SUBJECTS[:2]:
                out[f"spiel {subject.label}"] = spiel_floor(pyspiel, subject, args.seconds)
    if "vector" in parts:
        out["vector"] = vector_floor(args.steps)
    return out


if __name__ == "__main__":
    main()
