"""parlour's bots as OpenSpiel bots: ``parlour_bot(game, "heuristic", player)`` is a ``pyspiel.Bot``.

OpenSpiel's bot loops (``pyspiel.evaluate_bots``, its examples' ``bot.step``
loops) ask a bot for one OpenSpiel action at a time, and a parlour action is
several words in a row (``game``): at the first word of an action the bot is
shown what parlour shows it everywhere, the seat's view and the legal actions,
and chooses a whole action; it then answers with that action's words, one
per ``step``, until the action is settled. Asked in the middle of an action
it did not begin (``restart_at`` a state where words are chosen), it chooses
among the actions those words begin.

The bot's generator is seeded by ``seed`` (a fresh one by default) and
seeded again by ``restart``, so a seeded bot replays the same games.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import pyspiel

from parlour.bots import Bot, make_bot
from parlour.core.encoding import END
from parlour.openspiel.game import SpielGame
from parlour.openspiel.state import SpielState


class ParlourBot(pyspiel.Bot):  # type: ignore[misc]
    """A parlour bot playing one seat of a ``SpielGame`` word by word (module docstring)."""

    def __init__(self, bot: Bot, player: int, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.player = player
        self.seed = secrets.randbits(64) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.plan: tuple[int, ...] = ()
        """The words of the action the bot chose last, then ``END``: what it answers until it is settled."""
        self.planned_at = -1
        """The parlour state's version when ``plan`` was chosen: a settled action moves it on."""

    def restart(self) -> None:
        """A new game: the generator seeded again, no action under way."""
        self.rng = random.Random(self.seed)
        self.plan, self.planned_at = (), -1

    def restart_at(self, state: Any) -> None:
        """Play on from ``state``: no action of the bot's under way (it holds nothing else of a game)."""
        self.plan, self.planned_at = (), -1

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Another seat's or chance's action: nothing to keep (the bot reads the state it is asked at)."""

    def step(self, state: SpielState) -> int:
        """The next word of the action the parlour bot chooses for this seat, from the seat's view."""
        if state.current_player() != self.player:
            raise ValueError(f"the bot plays seat {self.player}, but it is {state.current_player()}'s turn "
                             f"(or no seat's): {state}")
        words = state.words
        chosen = tuple(words.chosen)
        depth = len(chosen)
        version = state.state.version
        plan = self.plan
        if (version != self.planned_at or len(plan) <= depth or plan[:depth] != chosen
                or plan[depth] not in words.allowed()):
            legal = [action for _, action in words.candidates]
            action = self.bot.choose(state.state.view(self.player), legal, self.rng)
            self.plan = plan = (*words.words_of(action), words.index[END])
            self.planned_at = version
        return plan[depth]


def parlour_bot(game: SpielGame, spec: str | Bot, player: int, seed: int | None = None) -> ParlourBot:
    """A ``pyspiel.Bot`` playing seat ``player`` of ``game`` (a ``python_parlour_*`` game) as parlour's bot
    ``spec`` does (a bot spec, ``"heuristic"``, ``"ismcts?iterations=200"``, or a ``parlour.bots`` Bot),
    shown the seat's view only; ``seed`` seeds its choices."""
    if not 0 <= player < game.num_players():
        raise ValueError(f"player {player} is not at this table: seats are 0 to {game.num_players() - 1}")
    bot = make_bot(spec, game.parlour) if isinstance(spec, str) else spec
    return ParlourBot(bot, player, seed)
