"""Engine speed beside OpenSpiel's, measured in the same run: a Markdown table of figures and ratios.

Run by hand, never part of the tests::

    .venv/bin/python -m benchmarks speed [--seconds 3] [--only tonk-step,tock-seven] [--sevens 2000]

OpenSpiel (``pyspiel``, ``pip install -e '.[bench]'``) is optional; without it
only parlour's figures are printed.

How steps are counted, the same way on both sides, so the ratios mean
something: play is random among the legal actions; a *step* is one decision,
that is ``legal_actions()`` plus applying one of them. Setting a game up
(parlour's ``new_state``, OpenSpiel's chance nodes before the first decision)
is not timed; OpenSpiel's chance nodes during play (gin rummy's draws from
the stock) are timed but are not steps, as parlour's engines deal inside
``apply``. Each comparison runs the two sides in alternating slices of time,
so that a change in the load of the (shared) machine hits both alike.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from benchmarks.anchors import Anchored
from parlour import load_game
from parlour.bots import make_bot
from parlour.bots.heuristic import rollout_policy

clock = time.perf_counter

Run = Callable[[float], tuple[float, int]]
"""A workload: runs for about the seconds given, returns (seconds timed, operations counted)."""

ROUNDS = 5
"""Alternating slices per comparison."""
POSITIONS = 200
"""Mid-game positions cloned and determinized, each side."""
PER_GAME = 4
"""Positions taken from one game at most, so that many deals are seen."""
SEVEN_REPEATS = 3
"""Cold ``legal_actions()`` timings per 7 position; the least is kept (noise only ever adds)."""
INSTALL_HINT = "pip install -e '.[bench]'"


@dataclass
class Figure:
    """One row of the table: a parlour figure, OpenSpiel's beside it when there is one."""

    label: str
    unit: str
    parlour: float
    openspiel: float | None
    target: str
    against: str = ""
    """What OpenSpiel ran, for the label; empty when there is nothing to compare with."""

    @property
    def ratio(self) -> float | None:
        if self.openspiel is None or self.openspiel == 0:
            return None
        return self.parlour / self.openspiel


# ------------------------------------------------------------------ OpenSpiel


def import_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or None when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    return pyspiel


def random_move(state: Any, rng: random.Random) -> bool:
    """Play one random chance outcome or legal action on an OpenSpiel state; True if it was a decision.

    Chance outcomes are drawn uniformly: every chance node of the games used
    here (deals, draws from the stock, hearts' pass direction) is uniform.
    """
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        return False
    legal = state.legal_actions()
    state.apply_action(legal[rng.randrange(len(legal))])
    return True


def is_decision(state: Any) -> bool:
    """Where a game's play begins: the first decision."""
    return bool(state.is_player_node())


def is_card_play(state: Any) -> bool:
    """Where bridge's card play begins: a decision among cards (actions 0–51; calls are 52 and up)."""
    return bool(state.is_player_node()) and min(state.legal_actions()) < 52


def set_up(state: Any, rng: random.Random, begun: Callable[[Any], bool]) -> None:
    """Play an OpenSpiel state on at random (untimed) until ``begun`` or the end."""
    while not state.is_terminal() and not begun(state):
        random_move(state, rng)


def openspiel_play(pyspiel: Any, name: str, begun: Callable[[Any], bool] = is_decision) -> Run:
    """Random play of OpenSpiel's ``name`` from where ``begun`` first holds; steps are decisions."""
    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def run(seconds: float) -> tuple[float, int]:
        timed, steps = 0.0, 0
        deadline = clock() + seconds
        while clock() < deadline:
            state = game.new_initial_state()
            set_up(state, rng, begun)
            start = clock()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    steps += 1
            timed += clock() - start
        return timed, steps

    return run


def openspiel_positions(pyspiel: Any, name: str, count: int, seed: int) -> list[Any]:
    """``count`` decision positions from the middle half of random OpenSpiel games of ``name``."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        set_up(state, rng, is_decision)
        seen: list[Any] = []
        while not state.is_terminal():
            if state.is_player_node():
                seen.append(state.clone())
            random_move(state, rng)
        out.extend(middle_sample(seen, rng))
    return out[:count]


# -------------------------------------------------------------------- parlour


def parlour_play(spec: str) -> Run:
    """Random play of fresh deals of ``spec``; the deal (``new_state``) is not timed."""
    return random_steps(load_game(spec).new_state)


class IdleState:
    """A state whose methods do no work: 13 legal actions always, the end after ``LENGTH`` actions.

    Played by ``random_steps``, it times the step loop alone (the calls, ``randrange``, the property): the
    least any engine with parlour's Python interface can take a step, however fast its own work.
    """

    __slots__ = ("actions", "legal")
    LENGTH = 52

    def __init__(self, seed: int) -> None:
        self.actions = 0
        self.legal = list(range(13))

    @property
    def is_terminal(self) -> bool:
        return self.actions >= self.LENGTH

    def legal_actions(self) -> list[int]:
        return self.legal

    def apply(self, action: int) -> None:
        self.actions += 1


def random_steps(new_state: Callable[[int], Any]) -> Run:
    """Random play of the states ``new_state(seed)`` makes for seeds 0, 1 …; making them is not timed."""
    return timed_games(new_state, play_out)


def play_out(state: Any, rng: random.Random) -> int:
    """Play ``state`` to its end at random through its ``State`` methods; the steps played."""
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def timed_games(new_state: Callable[[int], Any], finish: Callable[[Any, random.Random], int]) -> Run:
    """Games dealt by ``new_state(seed)`` for seeds 0, 1 … (untimed), each played by ``finish`` (timed), with one
    generator for all of them; the steps are what ``finish`` counts."""
    rng = random.Random(1)
    seeds = itertools.count()

    def run(seconds: float) -> tuple[float, int]:
        timed, steps = 0.0, 0
        deadline = clock() + seconds
        while clock() < deadline:
            state = new_state(next(seeds))
            start = clock()
            steps += finish(state, rng)
            timed += clock() - start
        return timed, steps

    return run


def parlour_positions(spec: str, count: int, seed: int) -> list[Any]:
    """``count`` positions from the middle half of random games of ``spec``: where a search clones and samples."""
    game = load_game(spec)
    rng = random.Random(seed)
    out: list[Any] = []
    for game_seed in itertools.count(seed):
        if len(out) >= count:
            break
        state = game.new_state(game_seed)
        seen: list[Any] = []
        while not state.is_terminal:
            seen.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        out.extend(middle_sample(seen, rng))
    return out[:count]


def middle_sample(seen: Sequence[Any], rng: random.Random) -> list[Any]:
    """Up to PER_GAME of the positions of one game, from its middle half (the whole of a short game)."""
    middle = seen[len(seen) // 4 : max(1, 3 * len(seen) // 4)]
    return rng.sample(list(middle), min(PER_GAME, len(middle)))


# ------------------------------------------------------------------ measuring


def repeat(calls: Sequence[Callable[[], object]]) -> Run:
    """A workload calling each of ``calls`` in turn, round and round."""

    def run(seconds: float) -> tuple[float, int]:
        timed, count = 0.0, 0
        deadline = clock() + seconds
        while clock() < deadline:
            start = clock()
            for call in calls:
                call()
            timed += clock() - start
            count += len(calls)
        return timed, count

    return run


def compare(ours: Run, theirs: Run | None, seconds: float) -> tuple[float, float | None]:
    """µs per operation of each side, run in ROUNDS alternating slices after a short warm-up."""
    sides = [run for run in (ours, theirs) if run is not None]
    for run in sides:
        run(min(0.1, seconds / ROUNDS))
    totals = [[0.0, 0] for _ in sides]
    for _ in range(ROUNDS):
        for total, run in zip(totals, sides, strict=True):
            timed, count = run(seconds / ROUNDS)
            total[0] += timed
            total[1] += count
    per_op = [timed / max(count, 1) * 1e6 for timed, count in totals]
    return per_op[0], per_op[1] if theirs is not None else None


# -------------------------------------------------------------------- figures


@dataclass(frozen=True)
class Pairing:
    """A parlour game and the OpenSpiel game its step is set beside."""

    label: str
    spec: str
    openspiel: str
    against: str
    target: str


GIN = "gin_rummy"
BRIDGE = "bridge(use_double_dummy_result=false)"
TONK = "tonk:speno?players=2"

TONK_STEPS = (
    Pairing("Tonk step, 2 players (speno)", TONK, GIN, "gin_rummy step", "≤ 0.30×"),
    Pairing("Tonk step, 2 players (classic, 2 jokers)", "tonk:classic?players=2&jokers=2", GIN, "gin_rummy step",
            "≤ 0.30×"),
    Pairing("Tonk step, 4 players (pagat)", "tonk:pagat?players=4", GIN, "gin_rummy step", "≤ 0.30×"),
)
"""Tonk against gin rummy, the nearest game OpenSpiel has (draw, discard, meld)."""
PLONK_STEPS = (
    Pairing("Plonk step (match to 500)", "plonk", "hearts", "hearts step", "≤ 0.60×"),
    Pairing("Plonk step (match to 500)", "plonk", BRIDGE, "bridge card-play step", "—"),
)
"""Plonk against hearts, and bridge's card play (its auction counts as set-up: untimed)."""
TOCK_STEPS = (
    Pairing("Tock step, 4 players", "tock?players=4", GIN, "gin_rummy step", "≤ 1.2×"),
    Pairing("Tock step, 8 players", "tock?players=8", GIN, "gin_rummy step", "—"),
)
"""Tock against gin rummy: OpenSpiel has no race game to set beside it."""


def step_figures(pyspiel: Any | None, seconds: float, pairings: Sequence[Pairing]) -> list[Figure]:
    """µs per step of each pairing's parlour game and, when installed, its OpenSpiel game."""
    out = []
    for pair in pairings:
        theirs = None
        if pyspiel is not None:
            theirs = openspiel_play(pyspiel, pair.openspiel, is_card_play if pair.openspiel == BRIDGE else is_decision)
        ours_us, theirs_us = compare(parlour_play(pair.spec), theirs, seconds)
        out.append(Figure(pair.label, "µs", ours_us, theirs_us, pair.target, pair.against))
        report(out[-1])
    return out


def rules_only_play(spec: str) -> Run:
    """Random play of fresh deals of ``spec`` through its compiled rules of play alone (``state.play``'s ``legal``
    and ``apply`` on the position, no ``State`` method between): the same games as ``parlour_play``'s loop."""
    return timed_games(load_game(spec).new_state, play_rules_out)


def play_rules_out(state: Any, rng: random.Random) -> int:
    """Play ``state`` to its end at random through its rules of play on its position; the steps played."""
    play, pos, seed = state.play, state.pos, state.seed
    steps = 0
    legal = play.legal(pos)
    while legal:
        play.apply(pos, seed, legal[rng.randrange(len(legal))])
        steps += 1
        legal = play.legal(pos)
    return steps


def loop_floor(pyspiel: Any | None, seconds: float) -> list[Figure]:
    """Beside hearts' step: the step loop over an ``IdleState`` (how much of Plonk's goal the loop alone takes),
    and Plonk played through its rules of play alone (what a ``State`` costing nothing would leave)."""
    figures = []
    for label, ours in (("The step loop alone (a state whose methods do nothing)", random_steps(IdleState)),
                        ("Plonk step through its rules of play alone (no State)", rules_only_play("plonk"))):
        theirs = openspiel_play(pyspiel, "hearts") if pyspiel is not None else None
        ours_us, theirs_us = compare(ours, theirs, seconds)
        figures.append(Figure(label, "µs", ours_us, theirs_us, "— (Plonk's goal: ≤ 0.60×)", "hearts step"))
        report(figures[-1])
    return figures


def tonk_clone(pyspiel: Any | None, seconds: float) -> list[Figure]:
    """``state.clone()`` of mid-game Tonk positions against gin rummy's, both called from Python."""
    ours = repeat([state.clone for state in parlour_positions(TONK, POSITIONS, seed=1)])
    theirs = None
    if pyspiel is not None:
        theirs = repeat([state.clone for state in openspiel_positions(pyspiel, GIN, POSITIONS, seed=1)])
    ours_us, theirs_us = compare(ours, theirs, seconds)
    figure = Figure("Tonk state.clone(), mid-game (speno, 2 players)", "µs", ours_us, theirs_us,
                    "≤ 3 µs (≈ 0.15×)", "gin_rummy clone()")
    report(figure)
    return [figure]


def tonk_determinize(pyspiel: Any | None, seconds: float) -> list[Figure]:
    """Sampling a full state from the mover's view, as ISMCTS does once per iteration.

    Against gin rummy's ``resample_from_infostate`` with OpenSpiel's own C++
    uniform sampler; the views (and parlour's samplers) are made untimed.
    """
    game = load_game(TONK)
    rng = random.Random(2)
    views = [state.view(state.current_player) for state in parlour_positions(TONK, POSITIONS, seed=2)]
    samplers = [game.determinizer(view) for view in views]
    theirs = None
    if pyspiel is not None:
        gin = openspiel_positions(pyspiel, GIN, POSITIONS, seed=2)
        uniform = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
        theirs = repeat([partial(s.resample_from_infostate, s.current_player(), uniform) for s in gin])
    out = []
    for label, calls in (
        ("Tonk game.determinize(view, rng) (speno, 2 players)", [partial(game.determinize, v, rng) for v in views]),
        ("Tonk sampler(rng) from game.determinizer(view)", [partial(sampler, rng) for sampler in samplers]),
    ):
        ours_us, theirs_us = compare(repeat(calls), theirs, seconds)
        out.append(Figure(label, "µs", ours_us, theirs_us, "≤ 10 µs", "gin_rummy resample_from_infostate"))
        report(out[-1])
    return out


# ------------------------------------------------------------------ search


@dataclass(frozen=True)
class Searched:
    """A game whose ``strong`` moves are timed: its spec, the iterations a move, the actions played (by the
    heuristic) from each deal before the timed move."""

    label: str
    spec: str
    iters: int
    into: int


SEARCHES = (
    Searched("Tonk, 2 players (classic)", "tonk:classic?players=2", 1500, 0),
    Searched("Plonk", "plonk", 900, 30),
    Searched("Tock, 4 players", "tock?players=4", 200, 40),
)
"""The search goals' budgets (``docs/strength.md``), on positions a few moves into a deal."""
SEARCH_DEALS = 6


def search_positions(searched: Searched) -> list[tuple[Any, Any]]:
    """(view, legal actions) of the seat to play ``searched.into`` heuristic actions into each of the first
    ``SEARCH_DEALS`` deals that last that long."""
    game = load_game(searched.spec)
    policy = rollout_policy(game)
    out = []
    for seed in itertools.count():
        if len(out) == SEARCH_DEALS:
            break
        rng = random.Random(seed)
        state = game.new_state(seed)
        for _ in range(searched.into):
            if state.is_terminal:
                break
            state.apply(policy(state, rng))
        if not state.is_terminal:
            out.append((state.view(state.current_player), state.legal_actions()))
    return out


def search_figures(seconds: float) -> list[Figure]:
    """ms per ``strong:iters=N`` move (heuristic playouts, paired root), and playouts per second."""
    figures = []
    for searched in SEARCHES:
        game = load_game(searched.spec)
        positions = search_positions(searched)
        rng = random.Random(1)
        bot = make_bot(f"strong:iters={searched.iters}", game)
        timed, moves, playouts = 0.0, 0, 0
        deadline = clock() + seconds
        while clock() < deadline or not moves:
            view, legal = positions[moves % len(positions)]
            start = time.process_time()
            bot.choose(view, legal, rng)
            timed += time.process_time() - start
            moves += 1
            playouts += getattr(bot, "last_iterations", 0)
        figures += [Figure(f"{searched.label}: a `strong:iters={searched.iters}` move", "ms", timed / moves * 1e3,
                           None, "—"),
                    Figure(f"{searched.label}: playouts per second of processor time", "/s",
                           playouts / timed if timed else 0.0, None, "—")]
        for figure in figures[-2:]:
            report(figure)
    return figures


# ------------------------------------------------------------ Tock's 7 splits


@dataclass(frozen=True)
class SevenTiming:
    """A cold ``legal_actions()`` on a position where the mover holds a 7; replayable from ``seed``."""

    ms: float
    seed: int
    version: int
    """Actions from the deal: replay with ``random.Random(seed)`` choosing among the legal actions."""
    actions: int
    pawns_out: int


def holds_seven(legal: Sequence[object]) -> bool:
    """Whether a 7 can be played: some legal action is a split (text ``7 …``)."""
    return any(str(action).startswith("7 ") for action in legal)


def pawns_on_track(state: Any) -> int:
    """The mover's pawns on the track, read from the public view (reserve is None, home ``h1`` …)."""
    seat = state.current_player
    return sum(isinstance(place, int) for place in state.view(seat)["pawns"][seat])


def time_cold(state: Any) -> float:
    """ms of ``legal_actions()`` on fresh clones of ``state`` (never asked itself, so nothing is cached); the least."""
    best = math.inf
    for _ in range(SEVEN_REPEATS):
        fresh = state.clone()
        start = clock()
        fresh.legal_actions()
        best = min(best, clock() - start)
    return best * 1e3


def seven_search(spec: str, count: int, seed: int) -> list[SevenTiming]:
    """Cold legal-action timings of the first ``count`` positions of random games of ``spec`` where the mover
    holds a 7 and has 3 pawns or more on the track.

    Games ``seed``, ``seed + 1`` … are each played with ``random.Random(game seed)``, so the positions
    found depend on ``seed`` alone (their timings, of course, on the machine).
    """
    game = load_game(spec)
    found: list[SevenTiming] = []
    for game_seed in itertools.count(seed):
        if len(found) >= count:
            break
        state = game.new_state(game_seed)
        rng = random.Random(game_seed)
        while not state.is_terminal and len(found) < count:
            cold = state.clone()
            legal = state.legal_actions()
            if holds_seven(legal) and (out := pawns_on_track(state)) >= 3:
                found.append(SevenTiming(time_cold(cold), game_seed, state.version, len(legal), out))
            state.apply(legal[rng.randrange(len(legal))])
    return found


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


SEVEN_SPECS = (
    ("Tock 8 players", "tock?players=8"),
    ("Tock 8 players, home_entry=optional", "tock?players=8&home_entry=optional"),
)
"""Where 7 splits are slowest: the largest board, with and without the choice of going round the home
(more routes per part; the worst case seven.py documents has it)."""


SEVENS_HAND = ["7c", "7d", "7h", "7s", "7c"]
"""A hand of 7s only: the legal actions are the splits alone."""
SETTLED = {"a1": 9, "a2": 45, "a3": 81, "a4": 117}
"""Seat a's four pawns on four intersections of the 8-section board (settled: shortcuts allowed)."""
HAND_BUILT_SEVENS = (
    ("4 settled pawns alone (1,860 splits)", {"pawns": SETTLED}),
    ("4 settled pawns among 17 others (1,594 splits)",
     {"pawns": {**SETTLED, "b2": 138, "b4": 77, "c2": 131, "c4": 128, "d3": 98, "d4": 142, "e1": 110, "e4": 104,
                "f1": 121, "f2": 64, "f3": 39, "g1": 85, "g3": 5, "g4": 114, "h1": 17, "h3": 65, "h4": 62}}),
)
"""The worst 7s found by hand, seat a to play with ``home_entry=optional`` on 8 players (see seven.py)."""
HAND_BUILT_REPEATS = 9


SEVEN_GOAL = "≤ 150× (gin steps)"
"""The worst 8-player 7 split's goal, in gin_rummy steps timed in the same run (the ratio column)."""


def gin_step_ms(pyspiel: Any | None, seconds: float) -> float | None:
    """OpenSpiel's gin_rummy step in ms, timed now (the unit the 7 splits' goal is in), or None without it."""
    if pyspiel is None:
        return None
    timed, steps = openspiel_play(pyspiel, GIN)(seconds)
    return timed / steps * 1000


def hand_built_sevens(gin_ms: float | None = None) -> list[Figure]:
    """Cold ``legal_actions()`` (on fresh clones, the least of several) of the hand-built worst 7 positions,
    beside ``gin_ms`` (a gin_rummy step) when given: the ratio is then the time in gin steps."""
    game = load_game("tock?players=8&home_entry=optional")
    figures = []
    for label, position in HAND_BUILT_SEVENS:
        state = game.new_state(0, {**position, "hands": [SEVENS_HAND] + [[] for _ in range(7)]})
        best = min(time_cold(state) for _ in range(HAND_BUILT_REPEATS // SEVEN_REPEATS))
        figures.append(Figure(f"Tock 8 players, home_entry=optional, hand-built: {label}, cold legal_actions()",
                              "ms", best, gin_ms, SEVEN_GOAL, "gin_rummy step"))
        report(figures[-1])
    return figures


def tock_seven(count: int, seed: int, gin_ms: float | None = None) -> list[Figure]:
    """The slowest ``legal_actions()`` of 8-player Tock: enumerating a 7's splits with many pawns out; in gin_rummy
    steps too when ``gin_ms`` is given."""
    figures = hand_built_sevens(gin_ms)
    for label, spec in SEVEN_SPECS:
        timings = seven_search(spec, count, seed)
        if not timings:
            continue
        worst = sorted(timings, key=lambda t: t.ms, reverse=True)
        mean = sum(t.ms for t in timings) / len(timings)
        print(f"{spec}: {len(timings)} positions with a 7 and ≥ 3 pawns on the track (search seed {seed}), "
              f"mean {number(mean)} ms; the worst:")
        for t in worst[:5]:
            print(f"  {t.ms:8.2f} ms  seed={t.seed} version={t.version}  "
                  f"{t.actions} legal actions, {t.pawns_out} pawns on the track")
        figures += [
            Figure(f"{label}, 7 in hand: worst cold legal_actions() of {len(timings)} "
                   f"(seed={worst[0].seed} version={worst[0].version})", "ms", worst[0].ms, gin_ms, SEVEN_GOAL,
                   "gin_rummy step"),
            Figure(f"{label}, 7 in hand: 99th percentile of {len(timings)}", "ms",
                   percentile([t.ms for t in timings], 0.99), None, "—"),
        ]
    return figures


# --------------------------------------------------------------------- output


def number(value: float) -> str:
    """Three significant figures or so, without a needless exponent."""
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def report(figure: Figure) -> None:
    """A progress line as each figure is measured; the table comes at the end."""
    theirs = "" if figure.openspiel is None else f"   OpenSpiel {figure.against}: {number(figure.openspiel)}"
    print(f"{figure.label}: {number(figure.parlour)} {figure.unit}{theirs}", flush=True)


def table(figures: Sequence[Figure], openspiel: bool) -> str:
    """The Markdown table: figure | parlour | OpenSpiel | ratio | target."""
    lines = ["| figure | parlour | OpenSpiel | ratio | target |", "|---|---:|---:|---:|---|"]
    for f in figures:
        if f.openspiel is not None:
            theirs = f"{number(f.openspiel)} {f.unit} ({f.against})"
        else:
            theirs = "not installed" if f.against and not openspiel else "—"
        ratio = "—" if f.ratio is None else f"{f.ratio:.2f}×"
        lines.append(f"| {f.label} | {number(f.parlour)} {f.unit} | {theirs} | {ratio} | {f.target} |")
    return "\n".join(lines)


GROUPS = ("tonk-step", "tonk-clone", "tonk-determinize", "plonk-step", "loop-floor", "tock-step", "tock-seven",
          "search")
"""The figures ``--only`` chooses among, in the order they run."""


def measure(group: str, pyspiel: Any | None, args: argparse.Namespace) -> list[Figure]:
    """The figures of one group."""
    if group == "tock-seven":
        return tock_seven(args.sevens, args.seed, gin_step_ms(pyspiel, args.seconds))
    pairings = {"tonk-step": TONK_STEPS, "plonk-step": PLONK_STEPS, "tock-step": TOCK_STEPS}
    if group in pairings:
        return step_figures(pyspiel, args.seconds, pairings[group])
    if group == "loop-floor":
        return loop_floor(pyspiel, args.seconds)
    if group == "search":
        return search_figures(args.seconds)
    return tonk_clone(pyspiel, args.seconds) if group == "tonk-clone" else tonk_determinize(pyspiel, args.seconds)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement and side (default 3)")
    parser.add_argument("--only", default="",
                        help=f"comma-separated parts of group names to run, among: {', '.join(GROUPS)}")
    parser.add_argument("--sevens", type=int, default=2000,
                        help="Tock positions with a 7 to time for tock-seven, per rule set (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed of the tock-seven search (default 1)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> list[Figure]:
    """Measure the chosen groups, print the table; returns the figures (for the smoke test)."""
    args = parse(argv)
    wanted = [part for part in args.only.split(",") if part]
    groups = [g for g in GROUPS if not wanted or any(part in g for part in wanted)]
    if not groups:
        sys.exit(f"--only {args.only!r} names none of: {', '.join(GROUPS)}")
    pyspiel = import_pyspiel()
    if pyspiel is None:
        print(f"OpenSpiel is not installed: parlour's figures only ({INSTALL_HINT}).")
    figures = [figure for group in groups for figure in measure(group, pyspiel, args)]
    print()
    print(table(figures, pyspiel is not None))
    if pyspiel is None:
        print(f"\nOpenSpiel is not installed; for its figures: {INSTALL_HINT}")
    return figures


GOAL = re.compile(r"≤ ([0-9.]+) ?(×|µs)")
"""A target that is a goal: at most a ratio to OpenSpiel's figure (``≤ 0.30×``) or a time (``≤ 10 µs``)."""


def goal_met(figure: Figure) -> bool | None:
    """Whether ``figure`` meets its target; None where the target is no goal, or is a ratio with nothing to
    divide by (OpenSpiel not installed)."""
    found = GOAL.match(figure.target)
    if found is None:
        return None
    bound, kind = float(found.group(1)), found.group(2)
    if kind == "µs":
        return figure.parlour <= bound
    return None if figure.ratio is None else figure.ratio <= bound


def anchored(figure: Figure) -> Anchored:
    """``figure`` beside OpenSpiel's, timed in the same run, and its goal."""
    parts = []
    if figure.openspiel is not None:
        parts.append(f"OpenSpiel {figure.against} {number(figure.openspiel)} {figure.unit} "
                     f"(ratio {figure.ratio or 0:.2f}×)")
    elif figure.against:
        parts.append(f"OpenSpiel {figure.against}: not installed")
    if GOAL.match(figure.target):
        parts.append(f"goal {figure.target}")
    return Anchored(figure.label, figure.parlour, figure.unit, "; ".join(parts) or "none", goal_met(figure))


def bench(argv: Sequence[str]) -> list[Anchored]:
    """``main``'s figures beside their anchors, for ``python -m benchmarks speed``."""
    return [anchored(figure) for figure in main(argv)]


if __name__ == "__main__":
    main()
