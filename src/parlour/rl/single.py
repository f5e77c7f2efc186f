"""One learner against parlour bots, as a Gymnasium environment (``parlour.rl.single_agent``).

The learner sits at ``seat``; bots (seeing only their views, as everywhere
in parlour) play the other seats between the learner's turns. An opponent is
a bot spec (``"heuristic"``, ``"learned:PATH"``), a ``parlour.bots`` Bot
instance, or a Python policy: a callable ``(view, legal, rng) -> action``
called as a bot's ``choose`` is (for self-play, a frozen copy of the learner).
``opponents`` is one of these for every other seat, or a list with one per
other seat (a string may also list specs, comma-separated). Observations,
the word-by-word actions and their mask are the AEC environment's
(``parlour.rl.aec``), the mask also in ``info["action_mask"]`` for
masked-action learners (sb3-contrib's MaskablePPO reads ``action_masks()``).
The reward is the change of the learner's return since its last step.

Every episode starts at a decision of the learner: Gymnasium's ``reset``
cannot end an episode. What happens in the episode's game before that
decision, the stake of a Tonk hand decided at the deal (the match goes on)
or the bots' moves, is paid with the learner's first step. A game over
before the learner's first turn (a deal that decides a one-hand game, or a
bot that wins at once) has nothing to learn from: ``reset`` passes over it,
as the PettingZoo environment passes over games over at the deal, and deals
the next game of the episode's seed sequence. Its result is reported, not
paid (a reward in the next game would be credited to a move that did not
earn it): ``reset``'s ``info["passed"]`` lists the learner's returns of the
games passed over, so that an evaluation can count every game dealt.

The reward is the change of the learner's return (``reward="game"``): in a
Plonk match, +1 or -1 at its end; in a Tonk match (``hands`` > 1), each
hand's payments as they settle, since its returns are the balances. With
``reward="hand"``, a Plonk learner is also paid each deal's points as the
deal is scored (its side's score lead gained, / target); the sum of these is
taken back at the match's end, so the episode's rewards still add up to the
game's returns. For Tonk, ``"hand"`` is the same as ``"game"``; Tock has no
hands and refuses it. The deal's worth comes from the game's encoding
(``hand_progress(view)``), so this module names no game.

A word outside the mask changes nothing: with ``illegal="refuse"`` (the
default, as Gymnasium's checker and unmasked learners need) the step returns
the same observation, reward 0 and the reason in ``info["illegal"]``; with
``illegal="raise"`` it raises that reason as ``ValueError``.

``max_episode_steps=n`` is a time limit, as Gymnasium's ``TimeLimit`` (the
keyword ``vector_env`` takes too): the learner's ``n``-th step of an episode
(every ``step`` call counts, a refused word too) returns ``truncated=True``.
With the game not over, ``terminated`` is False: the game was cut short, not
ended, so a learner bootstraps from that observation (its mask still the
legal words); a game that ends at that very step is also ``terminated``, as
under ``TimeLimit``. Either way the episode is over (``reset`` deals the
next). The learner's rewards so far are what the game paid it until then
(with ``reward="hand"``, the deals' worth is not taken back).

Rendering draws the learner's view as the terminal game does:
``render_mode="ansi"`` returns the text from ``render()``, ``"human"``
prints it, by itself after ``reset`` and after each step (Gymnasium's
``"human"`` mode), the bots' views never shown.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from parlour.bots import make_bot
from parlour.bots.base import Bot
from parlour.bots.random import RandomBot
from parlour.core.errors import BotSpecError
from parlour.core.game import Action, Game, State, View
from parlour.rl.aec import RENDER_MODES, ObsDict, ParlourEnv, episode_limit_checked, render_mode_checked

Policy = Callable[[View, Sequence[Action], random.Random], Action]
"""A Python policy as an opponent: ``(view, legal, rng) -> action``, as ``Bot.choose`` is called."""
Opponent = str | Bot | Policy
"""One opponent: a bot spec (``"heuristic"``), a ``parlour.bots`` Bot, or a policy callable."""
Opponents = Opponent | Sequence[Opponent]
"""One opponent for every other seat, a comma-separated string of specs, or a list with one per other seat."""

BLIND: View = {}
"""The view shown to bots that never read it (``RandomBot`` itself, not a subclass that may): building a real
view is most of their cost."""


def view_for(bot: Bot, state: State[Any, Any], seat: int) -> View:
    """What ``bot`` is shown when it plays ``seat``: the seat's view, or ``BLIND`` for a bot that never reads
    it."""
    return BLIND if type(bot) is RandomBot else state.view(seat)


class PolicyBot:
    """A policy callable seated as a bot (it is given exactly what a bot's ``choose`` is given)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = getattr(policy, "__name__", type(policy).__name__)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.policy(view, legal, rng)


def bot_of(opponent: Opponent, game: Game[Any]) -> Bot:
    """The bot playing for ``opponent``: built from a spec, used as it is, or wrapping a callable."""
    if isinstance(opponent, str):
        return make_bot(opponent.strip(), game)
    if callable(getattr(opponent, "choose", None)):
        return opponent  # type: ignore[return-value]
    if callable(opponent):
        return PolicyBot(opponent)
    raise BotSpecError(f"opponent {opponent!r}: give a bot spec, a Bot (with choose(view, legal, rng)) "
                       "or a callable (view, legal, rng) -> action")


def opponents_listed(opponents: Any, players: int) -> list[Any]:
    """One opponent per other seat of a ``players``-seat table, from one for all, a comma-separated string of
    specs or a list (``BotSpecError`` quoting ``opponents`` when the count is wrong)."""
    given: list[Any]
    if isinstance(opponents, str):
        given = [s.strip() for s in opponents.split(",")]
    elif isinstance(opponents, (list, tuple)):
        given = list(opponents)
    else:
        given = [opponents]
    if len(given) == 1:
        given *= players - 1
    if len(given) != players - 1:
        raise BotSpecError(f"opponents {opponents!r}: give one opponent, or {players - 1} (one per other seat)")
    return given


class SingleAgentEnv(gymnasium.Env[ObsDict, int]):
    """See the module docstring."""

    metadata = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 (Gymnasium declares it an instance attribute)

    def __init__(self, spec: str, seat: int = 0, opponents: Opponents = "heuristic", render_mode: str | None = None,
                 illegal: str = "refuse", reward: str = "game", max_episode_steps: int | None = None,
                 **flags: Any) -> None:
        if illegal not in ("refuse", "raise"):
            raise ValueError(f"illegal={illegal!r}: use 'refuse' (no change, reason in info) or 'raise'")
        if reward not in ("game", "hand"):
            raise ValueError(f"reward={reward!r}: use 'game' (the change of the game's returns) or 'hand' "
                             "(also each hand's or deal's worth as it is scored)")
        self.illegal = illegal
        self.max_episode_steps = episode_limit_checked(max_episode_steps)
        self.steps = 0
        """The learner's steps so far this episode (refused words included), for ``max_episode_steps``."""
        self.truncated = False
        """Whether this episode was cut short by ``max_episode_steps`` (then ``step`` waits for ``reset``)."""
        self.render_mode = render_mode_checked(render_mode)
        self.multi = ParlourEnv(spec, **flags)
        game = self.multi.game
        n = game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table: seats are 0 to {n - 1}")
        self.seat = seat
        self.agent = self.multi.possible_agents[seat]
        self.progress: Callable[[View], float] | None = None
        """With ``reward="hand"``, the encoding's ``hand_progress``: the shaping's potential (see ``lead``)."""
        if reward == "hand":
            self.progress = getattr(self.multi.encoding, "hand_progress", None)
            if self.progress is None:
                raise ValueError("reward='hand' is for games played in hands or deals (whose encoding has "
                                 f"hand_progress); {game.name_with_rules()} has none: use reward='game'")
        self.shaped = 0.0
        """The shaping rewards given so far this episode (taken back at its end)."""
        self.last_lead = 0.0
        given = opponents_listed(opponents, n)
        others = [s for s in range(n) if s != seat]
        self.bots: dict[int, Bot] = {s: bot_of(o, game) for s, o in zip(others, given, strict=True)}
        self.observation_space = self.multi.observation_space(self.agent)
        self.action_space = self.multi.action_space(self.agent)
        self.bot_rng = random.Random(0)
        self.credited = 0.0
        """The learner's rewards given so far this episode."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        self.multi.reset(seed=seed)
        if seed is not None:
            self.bot_rng = random.Random(seed)
        self.play_bots()
        passed = list(self.multi.infos[self.agent]["passed"])
        while self.multi.live().is_terminal:  # over before the learner's first turn: nothing to choose, deal again
            passed.append(self.multi.paid[self.seat])
            self.multi.reset()
            self.play_bots()
            passed += self.multi.infos[self.agent]["passed"]
        self.credited = self.shaped = 0.0
        self.steps = 0
        self.truncated = False
        self.last_lead = self.lead()
        observation = self.multi.observe(self.agent)
        if self.render_mode == "human":
            self.render()
        return observation, {"action_mask": observation["action_mask"], "passed": passed}

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        multi = self.multi
        if multi.terminations.get(self.agent, True):
            raise RuntimeError("the game is over: call reset()")
        if self.truncated:
            raise RuntimeError(f"the episode was cut short at max_episode_steps={self.max_episode_steps}: call reset()")
        self.steps += 1
        try:
            multi.step(action)
        except ValueError as e:
            if self.illegal == "raise":
                self.steps -= 1  # raised, not taken: nothing changed
                raise
            observation = multi.observe(self.agent)
            self.truncated = self.out_of_time()
            return observation, 0.0, False, self.truncated, {"action_mask": observation["action_mask"],
                                                             "illegal": str(e)}
        self.play_bots()
        reward = multi.paid[self.seat] - self.credited
        self.credited = multi.paid[self.seat]
        done = multi.live().is_terminal
        if self.progress is not None:
            if done:  # the shaping taken back: the episode's rewards add up to the game's returns
                reward -= self.shaped
            else:
                lead = self.lead()
                reward += lead - self.last_lead
                self.shaped += lead - self.last_lead
                self.last_lead = lead
        self.truncated = self.out_of_time()
        observation = multi.observe(self.agent)
        if self.render_mode == "human":
            self.render()
        return observation, float(reward), done, self.truncated, {"action_mask": observation["action_mask"]}

    def out_of_time(self) -> bool:
        """Whether the learner has taken its ``max_episode_steps`` steps this episode."""
        return self.max_episode_steps is not None and self.steps >= self.max_episode_steps

    def lead(self) -> float:
        """The encoding's ``hand_progress`` of the learner's view (0 without ``reward="hand"``)."""
        return 0.0 if self.progress is None else self.progress(self.multi.live().view(self.seat))

    def play_bots(self) -> None:
        """Let the bots play until it is the learner's turn or the game is over."""
        state = self.multi.live()
        while not state.is_terminal and state.current_player != self.seat:
            seat = state.current_player
            bot = self.bots[seat]
            self.multi.settle(bot.choose(view_for(bot, state, seat), state.legal_actions(), self.bot_rng))

    def action_masks(self) -> np.ndarray:
        """The legal words now (for masked-action learners)."""
        multi = self.multi
        if multi.live().current_player != self.seat:
            return np.zeros(len(multi.words.vocabulary), bool)
        return multi.mask().astype(bool)

    def render(self) -> str | None:
        """The learner's view as the terminal draws it: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        text = self.multi.drawing(self.seat)
        if self.render_mode == "ansi":
            return text
        sys.stdout.write(text)
        return None

    def close(self) -> None:
        self.multi.close()
