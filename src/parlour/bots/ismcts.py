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
and is played unless the leader beats it by ``anchor`` standard errors over
at least ``PAIRED_MIN`` determinizations. A round that would overrun the
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

With ``infer=k`` each determinization is one of ``k`` uniform ones, picked in proportion
to how likely the opponents were to play as they did (``parlour.bots.inference``).

A time budget (``ms``) is kept honestly: the clock is read before every
iteration (paired: every playout), and no iteration, or paired round, is
started that the running mean of their cost says would end after the
deadline. A paired round the clock cuts short is dropped whole, so every
live action keeps the same determinizations. A move thus overruns its budget
by at most one iteration's deviation from the mean, plus whatever time the
process spends descheduled during that iteration on a busy machine
(``benchmarks/budget.py`` measures the worst case per game).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.bots.base import Explanation
from parlour.bots.inference import inferred_determinizer
from parlour.bots.reasons import explained
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, State, View
from parlour.core.i18n import SOURCE_LANGUAGE

RolloutPolicy = Callable[[State[Any, Any], random.Random], Action]

PAIRED_WIDTH = 32
"""``root=paired`` compares the policy's move with at most this many others (a random choice of them)."""
PAIRED_MIN = 8
"""``root=paired`` keeps the policy's move when fewer determinizations than this were played out."""

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


def random_rollout(state: State[Any, Any], rng: random.Random) -> Action:
    legal = state.legal_actions()
    action: Action = legal[rng.randrange(len(legal))]
    return action


class Node:
    """Statistics of one action in the tree, from the view of the player who chose it."""

    __slots__ = ("ahead", "avail", "children", "player", "squares", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.ahead = 0
        """Visits whose return was above zero (the chooser came out ahead)."""
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
    """Playouts in which the seat came out ahead (a return above zero)."""


class ISMCTSBot:
    """SO-ISMCTS with an iteration or time budget (or both: it stops at the first reached), exploration ``c``
    and a rollout policy."""

    def __init__(self, game: Game[Any], iters: int | None = None, ms: float | None = None, c: float = 0.7,
                 rollout: RolloutPolicy = random_rollout, rollout_name: str = "random",
                 opponents: str = "tree", depth: int = 2000, anchor: float = 0.0, root: str = "tree",
                 clock: Clock = time.perf_counter, infer: int = 0) -> None:
        self.game = game
        self.determinizer = game.determinizer if infer <= 1 else inferred_determinizer(game, infer)
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

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            self.last = [Choice(legal[0], 0, 0.0)]
            self.last_iterations = 0
            return legal[0]
        deadline = None if self.ms is None else Deadline(self.clock, self.ms / 1000)
        if self.paired:
            return self._paired_choice(view, legal, rng, deadline)
        root = self.search(view, rng, deadline)
        stats = [(root.children[a], a) for a in legal if a in root.children]
        self.last = sorted(
            (Choice(a, node.visits, node.total / node.visits if node.visits else 0.0, node.ahead) for node, a in stats),
            key=lambda ch: -ch.visits,
        )
        if not self.last:
            return legal[0]
        best = self.last[0].action
        if self.anchor:
            base = self.rollout(self.determinizer(view)(rng), rng)
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
        """The move ``choose`` makes, the other moves the search weighed (the most searched first) with their
        mean return, playouts and share ahead, and why, in ``lang`` (``reasons``)."""
        action = self.choose(view, legal, rng)
        return explained(self.game, view, action, self.last, self.last_iterations, self.name, lang, names)

    def search(self, view: View, rng: random.Random, deadline: Deadline | None = None) -> Node:
        """The tree grown from ``view`` within the iteration budget, or ``deadline`` (made here if not given)."""
        if deadline is None and self.ms is not None:
            deadline = Deadline(self.clock, self.ms / 1000)
        sample = self.determinizer(view)
        root = Node(-1)
        done = 0
        while True:
            if self.iters is not None and done >= self.iters:
                break
            if deadline is not None and done and not deadline.allows():
                break
            self._iterate(root, sample(rng), rng)
            done += 1
            if deadline is not None:
                deadline.done = done
        self.last_iterations = done
        return root

    def _paired_choice(self, view: View, legal: Sequence[Action], rng: random.Random,
                       deadline: Deadline | None) -> Action:
        """``root=paired``: the rewards of all live root actions from each determinization in turn."""
        sample = self.determinizer(view)
        rewards: list[list[float]] = [[] for _ in legal]
        policy = self.rollout
        state = sample(rng)
        base = legal.index(policy(state, rng))
        others = [i for i in range(len(legal)) if i != base]
        if len(others) >= PAIRED_WIDTH:
            others = sorted(rng.sample(others, PAIRED_WIDTH - 1))
        alive = [base, *others]
        done = n = 0
        while deadline is None or deadline.allows(len(alive)):
            if not self._paired_round(state, [legal[i] for i in alive], [rewards[i] for i in alive], rng, deadline):
                break
            done += len(alive)
            n += 1
            if self.iters is not None and done >= self.iters:
                break
            if n >= 4 and len(alive) > 2 and n & (n - 1) == 0:
                best = max(alive, key=lambda i: sum(rewards[i]))
                alive = [i for i in alive if i in (base, best) or _paired(rewards[i], rewards[best]) > -2.0]
            state = sample(rng)
        self.last_iterations = done
        self.last = sorted((Choice(legal[i], len(rewards[i]), sum(rewards[i]) / max(len(rewards[i]), 1),
                                   sum(r > 0 for r in rewards[i])) for i in range(len(legal))),
                           key=lambda ch: (-ch.visits, -ch.mean))
        best = max(alive, key=lambda i: sum(rewards[i]))
        if best != base and n >= PAIRED_MIN and _paired(rewards[best], rewards[base]) > self.anchor:
            return legal[best]
        return legal[base]

    def _paired_round(self, state: State[Any, Any], actions: Sequence[Action], rewards: Sequence[list[float]],
                      rng: random.Random, deadline: Deadline | None) -> bool:
        """Play ``state`` out after each action with the same random numbers, appending to ``rewards``.

        False, with ``rewards`` as they were, when the deadline cuts the round short.
        """
        me = state.current_player
        seed = rng.getrandbits(48)
        for played, (action, got) in enumerate(zip(actions, rewards, strict=True)):
            if deadline is not None and not deadline.allows():
                for earlier in rewards[:played]:
                    earlier.pop()
                return False
            s = state.clone()
            s.apply(action)
            got.append(self._playout(s, random.Random(seed))[me])
            if deadline is not None:
                deadline.done += 1
        return True

    def _iterate(self, root: Node, state: State[Any, Any], rng: random.Random) -> None:
        node = root
        path = []
        c = self.c * self.scale
        me = state.current_player
        while not state.is_terminal:
            if not self.opponents_in_tree and state.current_player != me:
                state.apply(self.rollout(state, rng))
                continue
            legal = state.legal_actions()
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
        rewards = self._playout(state, rng)
        for n in path:
            reward = rewards[n.player]
            n.visits += 1
            n.ahead += reward > 0
            n.total += reward
            n.squares += reward * reward

    def _playout(self, state: State[Any, Any], rng: random.Random) -> list[float]:
        """Finish ``state`` with the rollout policy, or stop after ``depth`` actions; the returns, or their estimate."""
        steps, policy, depth = 0, self.rollout, self.depth
        while not state.is_terminal and steps < depth:
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


def make_ismcts(game: Game[Any], settings: dict[str, str]) -> ISMCTSBot:
    """``ismcts:iters=1000`` or ``ismcts:ms=200,c=0.7,rollout=heuristic``."""
    from parlour.bots.heuristic import rollout_policy

    allowed = {"iters", "ms", "c", "rollout", "opponents", "depth", "anchor", "root", "infer"}
    unknown = set(settings) - allowed
    if unknown:
        raise BotSpecError(f"ismcts: unknown setting(s) {', '.join(sorted(unknown))}; settings are "
                           "iters, ms, c, rollout, opponents, depth, anchor, root, infer")

    def number(key: str, kind: type) -> Any:
        if key not in settings:
            return None
        try:
            value = kind(settings[key])
        except ValueError:
            raise BotSpecError(f"ismcts: {key}={settings[key]!r} is not a number") from None
        if value <= 0:
            raise BotSpecError(f"ismcts: {key} must be positive, got {settings[key]!r}")
        return value

    iters, ms, c, depth = number("iters", int), number("ms", float), number("c", float), number("depth", int)
    rollout_name = settings.get("rollout", "random").lower()
    policy: RolloutPolicy
    if rollout_name == "random":
        policy = random_rollout
    elif rollout_name == "heuristic":
        policy = rollout_policy(game)
    else:
        raise BotSpecError(f"ismcts: rollout={rollout_name!r}; rollouts are random, heuristic")
    opponents = settings.get("opponents", "tree").lower()
    if opponents not in ("tree", "rollout"):
        raise BotSpecError(f"ismcts: opponents={opponents!r}; opponents are searched in the tree, or "
                           "played by the rollout policy: tree, rollout")
    root = settings.get("root", "tree").lower()
    if root not in ("tree", "paired"):
        raise BotSpecError(f"ismcts: root={root!r}; the root is searched as a tree, or paired: tree, paired")
    return ISMCTSBot(game, iters=iters, ms=ms, c=0.7 if c is None else c, rollout=policy,
                     rollout_name=rollout_name, opponents=opponents, depth=2000 if depth is None else depth,
                     anchor=number("anchor", float) or 0.0, root=root, infer=number("infer", int) or 0)
