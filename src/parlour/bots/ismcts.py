"""Information-set Monte Carlo tree search, single observer (Cowling, Powley & Whitehouse 2012).

Game-agnostic: each iteration draws a state consistent with the bot's view
(``game.determinizer``), walks down one tree of actions using only the
actions legal in that determinization (UCB with *availability* counts, so an
action is only judged against the times it could have been chosen), adds one
node, finishes the game with the rollout policy, and credits each node with
the return of the player who chose it. The move played is the most visited.
A rollout stops at the end of the game or after ``depth`` actions, where the
state's ``estimate()`` stands in for the returns still to come.

With ``anchor=z`` the search leaves the rollout policy's own choice only when
its favourite beats that choice by ``z`` standard errors: a search cannot be
worse than its policy merely through the noise of a few hundred samples.

With ``root=paired`` the search is one level deep and paired: every
determinization is played out once after *each* root action, all with the
same hidden cards, stock order and rollout random numbers (common random
numbers), so the comparison between two actions carries none of the luck of
the deal; every later move is the rollout policy's. Whenever the sample
count doubles, actions more than two standard errors (of the paired
difference) behind the leader are dropped; the policy's own choice stays,
and so does the best other action (whatever its gap), so that the move
chosen always has a next best measured on every deal to be compared with
(what a hint says that alternative risks). The policy's choice is played
unless the leader beats it by ``anchor`` standard errors over at least
``PAIRED_MIN`` determinizations. A round that would overrun the
time budget is not started. This is Monte Carlo policy improvement over
the rollout policy, and what beats the heuristic bots in the arena
(``strong``).

With ``opponents=rollout`` the tree holds only the searching seat's own
decisions and the other seats play the rollout policy, each with its own
(determinized) cards. Single-observer search otherwise judges an opponent's
move by averaging over that opponent's *possible* hands, as if it did not
know its own cards; a good policy is often a better model of it.

The exploration constant ``c`` is stated for returns between -1 and 1 and is
scaled by the game's utility range (``game.utility``, the least and the most a
return can be, from ``GameSpec.utility``): the search explores with ``c × (max − min) / 2``, so a game
paying 0 to 100 is searched as one paying -1 to 1 would be, and a (-1, 1)
game exactly as before. Scaling ``c`` rather than normalising the returns is
the same for UCB (its choice is unchanged by any affine map of the rewards
once ``c`` follows the map) and keeps every statistic (``last``, ``hint``'s
mean return, ``anchor``'s comparison) in the game's own units.

The root weighs only the game's ``candidates`` among the legal actions
(``parlour.core.parts.candidates_of``): the moves its conventions of play
allow (in team Tock, no capture of a teammate's pawn while another move
exists), so the search neither spends playouts on the others nor plays them.
Below the root every legal action is searched. A seat's returns are its
team's, as the game gives them, so teammates' wins count as its own.

With ``infer=k`` each determinization is one of ``k`` uniform ones, picked in proportion
to how likely the opponents were to play as they did (``parlour.bots.inference``).

A time budget (``ms``) is kept honestly: the clock is read before every
iteration (paired: every playout), and no iteration, or paired round, is
started that the running mean of their cost says would end after the
deadline. Within an iteration it is read again between the candidate deals
of ``infer`` and every ``CLOCK_STEPS`` actions of a playout, which stop at
the deadline (a playout stopped so is scored by the state's estimate in the
tree; a paired round with one is dropped whole, so every live action keeps
the same determinizations, except the first: it is always played whole, its
cut playouts scored by their estimates, so that even a search starved of
time on a busy machine weighs every move it compares). A move thus overruns its budget by at most a
few actions or one candidate deal, whatever its settings, plus whatever
time the process spends descheduled on a busy machine
(``benchmarks/budget.py`` measures the worst case per game).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import Explanation, Option, read_options
from parlour.bots.inference import inferred_determinizer
from parlour.bots.reasons import explained
from parlour.core.game import Action, Game, State, View
from parlour.core.i18n import SOURCE_LANGUAGE
from parlour.core.parts import Candidates, candidates_of

RolloutPolicy = Callable[[State[Any, Any], random.Random], Action]

PAIRED_WIDTH = 32
"""``root=paired`` compares the policy's move with at most this many others (a random choice of them)."""
PAIRED_MIN = 8
"""``root=paired`` keeps the policy's move when fewer determinizations than this were played out."""
TREE_SHARE = 0.25
"""A tree search's ``explain`` compares the moves with at least this share of the most searched one's playouts."""
CLOCK_STEPS = 8
"""A playout reads the clock every this many actions, and stops at the deadline (its estimate standing in)."""

Clock = Callable[[], float]
"""Seconds from an arbitrary origin (``time.perf_counter``; tests pass a fake one)."""


class Deadline:
    """A time budget that predicts: does one more piece of work, of the mean cost so far, end in time?"""

    __slots__ = ("clock", "done", "end", "start")

    def __init__(self, clock: Clock, seconds: float) -> None:
        self.clock = clock
        self.start = clock()
        self.end = self.start + seconds
        self.done = 0
        """Pieces of work finished since ``start``."""

    def allows(self, pieces: int = 1) -> bool:
        """Whether ``pieces`` more pieces of work would end before the deadline, at the mean cost so far."""
        now = self.clock()
        mean = (now - self.start) / self.done if self.done else 0.0
        return now + pieces * mean < self.end

    def passed(self) -> bool:
        """Whether the deadline is reached: work under way stops at the next point it reads the clock."""
        return self.clock() >= self.end


def random_rollout(state: State[Any, Any], rng: random.Random) -> Action:
    legal = state.legal_actions()
    action: Action = legal[rng.randrange(len(legal))]
    return action


class Node:
    """Statistics of one action in the tree, from the view of the player who chose it."""

    __slots__ = ("ahead", "avail", "children", "ended", "player", "squares", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.ended = 0
        """Visits whose playout reached the end of the game (the others stopped at ``depth``, or the deadline)."""
        self.ahead = 0
        """Of those, the ones in which the chooser came out ahead (a return above an even share, ``even``)."""
        self.avail = 1
        self.total = 0.0
        self.squares = 0.0
        self.children: dict[Action, Node] = {}

    def spread(self) -> tuple[float, float]:
        """The mean reward and the standard error of that mean."""
        n = self.visits
        mean = self.total / n
        variance = max(self.squares / n - mean * mean, 0.0)
        return mean, math.sqrt(variance / n)


@dataclass(frozen=True)
class Choice:
    """How the search judged one root action: what ``explain`` tells."""

    action: Action
    visits: int
    mean: float
    ahead: int = 0
    """Playouts that reached the end of the game with the seat ahead (a return above an even share, ``even``)."""
    ended: int = 0
    """Playouts that reached the end of the game (the others stopped early, an estimate standing in)."""
    error: float = 0.0
    """The standard error of ``mean``."""


def judged(action: Action, node: Node) -> Choice:
    """What a tree search measured of root ``action``, from its ``node``."""
    if not node.visits:
        return Choice(action, 0, 0.0)
    mean, error = node.spread()
    return Choice(action, node.visits, mean, node.ahead, node.ended, error)


class ISMCTSBot:
    """SO-ISMCTS with an iteration or time budget (or both: it stops at the first reached), exploration ``c``
    and a rollout policy."""

    def __init__(self, game: Game[Any], iters: int | None = None, ms: float | None = None, c: float = 0.7,
                 rollout: RolloutPolicy = random_rollout, rollout_name: str = "random",
                 opponents: str = "tree", depth: int = 2000, anchor: float = 0.0, root: str = "tree",
                 clock: Clock = time.perf_counter, infer: int = 0) -> None:
        self.game = game
        total = game.returns_sum
        self.even = 0.0 if total is None else total / game.num_players
        """A seat's even share of the returns (0 when they have no fixed sum): a playout that ends the game with
        the seat above it counts as ahead (a win, where the winner takes all; money won, in a game of stakes)."""
        self.determinizer: Callable[[View], Callable[[random.Random], State[Any, Any]]] = game.determinizer
        self.candidates: Candidates = candidates_of(game)
        """The legal actions the root may weigh (the game's conventions of play rule out the others)."""
        """Uniform draws of states consistent with a view (a study may put another sampler here)."""
        self.inferred = None if infer <= 1 else inferred_determinizer(game, infer)
        self.clock = clock
        self.iters = iters if iters is not None or ms is not None else 1000
        self.ms = ms
        self.c = c
        lo, hi = game.utility
        self.scale = (hi - lo) / 2 if hi > lo else 1.0
        """``c`` is for returns in [-1, 1]; the search explores with ``c * scale`` (see the module docstring)."""
        self.rollout = rollout
        self.opponents_in_tree = opponents == "tree"
        self.depth = depth
        self.anchor = anchor
        self.paired = root == "paired"
        budget = ",".join(([f"iters={self.iters}"] if self.iters is not None else [])
                          + ([f"ms={ms:g}"] if ms is not None else []))
        self.name = f"ismcts:{budget},c={c:g},rollout={rollout_name}" + (
            "" if self.opponents_in_tree else ",opponents=rollout") + (f",depth={depth}" if depth != 2000 else "") + (
            f",anchor={anchor:g}" if anchor else "") + (",root=paired" if self.paired else "") + (
            f",infer={infer}" if infer > 1 else "")
        self.last: list[Choice] = []
        self.last_iterations = 0
        """Iterations (paired: playouts) of the last search; 0 when the move was forced."""

    def cap(self, ms: float) -> None:
        """Think at most ``ms`` milliseconds a move: the time budget becomes the lesser of the two, and a search
        with only an iteration budget stops at whichever ends first (``TimeCapped``)."""
        self.ms = ms if self.ms is None else min(self.ms, ms)

    def sampler(self, view: View, deadline: Deadline | None) -> Callable[[random.Random], State[Any, Any]]:
        """Draws of states consistent with ``view``: uniform ones, or inferred ones (``infer``) that draw fewer
        candidates once ``deadline`` has passed."""
        if self.inferred is None:
            return self.determinizer(view)
        return self.inferred(view, None if deadline is None else deadline.passed)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        deadline = None if self.ms is None else Deadline(self.clock, self.ms / 1000)  # the whole choice counts
        every = len(legal)
        legal = self.candidates(view, legal)
        if len(legal) == 1:
            self.last = [Choice(legal[0], 0, 0.0)]
            self.last_iterations = 0
            return legal[0]
        if self.paired:
            return self._paired_choice(view, legal, rng, deadline)
        root = self.search(view, rng, deadline, legal if len(legal) < every else None)
        stats = [(root.children[a], a) for a in legal if a in root.children]
        self.last = sorted((judged(a, node) for node, a in stats), key=lambda ch: -ch.visits)
        if not self.last:
            return legal[0]
        best = self.last[0].action
        if self.anchor:
            base = self.rollout(self.sampler(view, deadline)(rng), rng)
            if base != best:
                node = root.children.get(base)
                if node is None or node.visits < 2:
                    return base
                best_mean, best_error = root.children[best].spread()
                base_mean, base_error = node.spread()
                if best_mean - base_mean < self.anchor * math.hypot(best_error, base_error):
                    return base
        return best

    def explain(self, view: View, legal: Sequence[Action], rng: random.Random, lang: str = SOURCE_LANGUAGE,
                names: Sequence[str] = ()) -> Explanation:
        """The move the search's estimate rates best, the other moves it weighed on the same footing (best
        first) with their mean return, its standard error and the share of games ahead, and why, in ``lang``
        (``reasons``). The estimate shown picks the move, not the rule ``choose`` plays by (the most searched
        move, ``anchor``'s preference for the policy), so no move listed shows a better value than the one
        advised; ``choose``'s move stands when the search measured nothing."""
        action = self.choose(view, legal, rng)
        return explained(self.game, view, action, self.compared(), len(legal), self.last_iterations, self.name,
                         lang, names)

    def compared(self) -> list[Choice]:
        """The moves of the last search measured on the same footing. Paired: those played out on every
        determinization, whose means share the deals (a move dropped early was measured on fewer, luckier or
        unluckier ones). In a tree: those with at least ``TREE_SHARE`` of the most searched move's playouts (and
        two), whose means are not left to the chance of a few playouts."""
        most = max((choice.visits for choice in self.last), default=0)
        least = most if self.paired else max(2, math.ceil(most * TREE_SHARE))
        return [choice for choice in self.last if choice.visits and choice.visits >= least]

    def search(self, view: View, rng: random.Random, deadline: Deadline | None = None,
               candidates: Collection[Action] | None = None) -> Node:
        """The tree grown from ``view`` within the iteration budget, or ``deadline`` (made here if not given); the
        root tries only ``candidates`` (all legal actions when None)."""
        if deadline is None and self.ms is not None:
            deadline = Deadline(self.clock, self.ms / 1000)
        sample = self.sampler(view, deadline)
        root = Node(-1)
        allowed = None if candidates is None else frozenset(candidates)
        done = 0
        while True:
            if self.iters is not None and done >= self.iters:
                break
            if deadline is not None and done and not deadline.allows():
                break
            self._iterate(root, sample(rng), rng, deadline, allowed)
            done += 1
            if deadline is not None:
                deadline.done = done
        self.last_iterations = done
        return root

    def _paired_choice(self, view: View, legal: Sequence[Action], rng: random.Random,
                       deadline: Deadline | None) -> Action:
        """``root=paired``: the rewards of all live root actions from each determinization in turn."""
        sample = self.sampler(view, deadline)
        rewards: list[list[float]] = [[] for _ in legal]
        ends: list[list[bool]] = [[] for _ in legal]  # whether each sample's playout reached the end of the game
        policy = self.rollout
        state = sample(rng)
        first = policy(state, rng)
        base = legal.index(first) if first in legal else 0  # the policy may ignore the game's candidates
        others = [i for i in range(len(legal)) if i != base]
        if len(others) >= PAIRED_WIDTH:
            others = sorted(rng.sample(others, PAIRED_WIDTH - 1))
        alive = [base, *others]
        done = n = 0
        while deadline is None or not n or deadline.allows(len(alive)):
            if not self._paired_round(state, [legal[i] for i in alive], [rewards[i] for i in alive],
                                      [ends[i] for i in alive], rng, deadline, whole=not n):
                break
            done += len(alive)
            n += 1
            if self.iters is not None and done >= self.iters:
                break
            if n >= 4 and len(alive) > 2 and n & (n - 1) == 0:
                best = max(alive, key=lambda i: sum(rewards[i]))
                # the base and the best other move stay (the best is one of them): there is always a next best,
                # measured on every deal, to compare the move with (a hint says what that alternative risks)
                kept = (base, max((i for i in alive if i != base), key=lambda i: sum(rewards[i])))
                alive = [i for i in alive if i in kept or _paired(rewards[i], rewards[best]) > -2.0]
            state = sample(rng)
        self.last_iterations = done
        self.last = sorted((self._sampled(legal[i], rewards[i], ends[i]) for i in range(len(legal))),
                           key=lambda ch: (-ch.visits, -ch.mean))
        best = max(alive, key=lambda i: sum(rewards[i]))
        if best != base and n >= PAIRED_MIN and _paired(rewards[best], rewards[base]) > self.anchor:
            return legal[best]
        return legal[base]

    def _sampled(self, action: Action, rewards: list[float], ends: list[bool]) -> Choice:
        """What a paired search measured of root ``action``: its ``rewards``, and which playouts ``ends``."""
        n = len(rewards)
        if not n:
            return Choice(action, 0, 0.0)
        mean = sum(rewards) / n
        variance = max(sum(r * r for r in rewards) / n - mean * mean, 0.0)
        ahead = sum(r > self.even for r, ended in zip(rewards, ends, strict=True) if ended)
        return Choice(action, n, mean, ahead, sum(ends), math.sqrt(variance / n))

    def _paired_round(self, state: State[Any, Any], actions: Sequence[Action], rewards: Sequence[list[float]],
                      ends: Sequence[list[bool]], rng: random.Random, deadline: Deadline | None,
                      whole: bool = False) -> bool:
        """Play ``state`` out after each action with the same random numbers, appending to ``rewards`` (and to
        ``ends`` whether the playout reached the end of the game).

        False, with ``rewards`` and ``ends`` as they were, when the deadline cuts the round short; unless
        ``whole``: then every action is played, a playout the deadline stops scored by its state's estimate.
        """
        me = state.current_player
        seed = rng.getrandbits(48)
        played: list[tuple[float, bool]] = []
        for action in actions:
            if deadline is not None and not whole and not deadline.allows():
                return False
            s = state.clone()
            s.apply(action)
            returns = self._playout(s, random.Random(seed), deadline)
            if returns is None and whole:
                returns = s.estimate()
            if returns is None:  # the deadline stopped this playout short: no fair comparison in this round
                return False
            played.append((returns[me], s.is_terminal))
            if deadline is not None:
                deadline.done += 1
        for (reward, ended), got, reached in zip(played, rewards, ends, strict=True):
            got.append(reward)
            reached.append(ended)
        return True

    def _iterate(self, root: Node, state: State[Any, Any], rng: random.Random, deadline: Deadline | None,
                 allowed: frozenset[Action] | None = None) -> None:
        """One iteration on determinization ``state``; at the root only ``allowed`` actions (all when None)."""
        node = root
        path = []
        c = self.c * self.scale
        me = state.current_player
        while not state.is_terminal:
            if not self.opponents_in_tree and state.current_player != me:
                state.apply(self.rollout(state, rng))
                continue
            legal: Sequence[Action] = state.legal_actions()
            if allowed is not None and node is root:
                legal = [a for a in legal if a in allowed] or legal
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                node = children[action] = Node(state.current_player)
                path.append(node)
                state.apply(action)
                break
            best, best_score = legal[0], -math.inf
            log, sqrt = math.log, math.sqrt
            for a in legal:
                child = children[a]
                visits = child.visits
                score = child.total / visits + c * sqrt(log(child.avail) / visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            path.append(node)
            state.apply(best)
        rewards = self._playout(state, rng, deadline) or state.estimate()
        ended, even = state.is_terminal, self.even
        for n in path:
            reward = rewards[n.player]
            n.visits += 1
            if ended:
                n.ended += 1
                n.ahead += reward > even
            n.total += reward
            n.squares += reward * reward

    def _playout(self, state: State[Any, Any], rng: random.Random,
                 deadline: Deadline | None = None) -> list[float] | None:
        """Finish ``state`` with the rollout policy, or stop after ``depth`` actions; the returns, or their
        estimate. None when ``deadline`` (read every ``CLOCK_STEPS`` actions) stopped it first, ``state`` left
        where it stopped."""
        steps, policy, depth = 0, self.rollout, self.depth
        while not state.is_terminal and steps < depth:
            if deadline is not None and steps and steps % CLOCK_STEPS == 0 and deadline.passed():
                return None
            state.apply(policy(state, rng))
            steps += 1
        return state.estimate()


def _paired(a: list[float], b: list[float]) -> float:
    """How many standard errors the mean of ``a - b``, paired sample by sample, lies above zero."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    if variance == 0:
        return math.inf if mean > 0 else -math.inf if mean < 0 else 0.0
    return mean / math.sqrt(variance / n)


OPTIONS = (
    Option("iters", "search iterations a move", "int", 1, 1_000_000),
    Option("ms", "milliseconds of search a move", "float", 0, 600_000, above=True),
    Option("c", "the exploration constant", "float", 0, 100, above=True),
    Option("rollout", "the policy that plays a determinization out", "word", words=("random", "heuristic")),
    Option("opponents", "who chooses the other seats' moves: the tree, or the rollout policy", "word",
           words=("tree", "rollout")),
    Option("depth", "actions a playout plays before the state's estimate stands in", "int", 1, 2000),
    Option("anchor", "standard errors by which the search's favourite must beat the policy's move", "float", 0, 100),
    Option("root", "the root searched as a tree, or paired", "word", words=("tree", "paired")),
    Option("infer", "uniform deals drawn for each determinization, one kept by likelihood", "int", 1, 256,
           work=True),
)
"""Every setting ``ismcts`` (and ``strong``, and the searching levels) takes, with its range: the largest
``iters``, ``depth`` and ``infer`` keep one move's memory bounded (tree nodes, one playout, candidate deals)."""


def make_ismcts(game: Game[Any], settings: dict[str, str]) -> ISMCTSBot:
    """``ismcts:iters=1000`` or ``ismcts:ms=200,c=0.7,rollout=heuristic`` (settings: ``OPTIONS``)."""
    from parlour.bots.heuristic import rollout_policy

    read: dict[str, Any] = read_options("ismcts", OPTIONS, settings)
    rollout_name = read.get("rollout", "random")
    policy = rollout_policy(game) if rollout_name == "heuristic" else random_rollout
    return ISMCTSBot(game, iters=read.get("iters"), ms=read.get("ms"), c=read.get("c", 0.7), rollout=policy,
                     rollout_name=rollout_name, opponents=read.get("opponents", "tree"), depth=read.get("depth", 2000),
                     anchor=read.get("anchor", 0.0), root=read.get("root", "tree"), infer=read.get("infer", 0))
