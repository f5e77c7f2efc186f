"""An OpenSpiel state of a parlour game: the seed drawn at chance nodes, then the game played word by word.

Chance is *explicit*: a new state is a chance node, and ``SEED_BYTES``
chance nodes of 256 equally likely outcomes each draw the game's seed one
byte at a time. A parlour game's every random event (the deal, a reshuffle,
the next hand of a match) follows from its seed, so this is all the chance
there is, and nothing of it is hidden in a generator: a state is its seed
bytes and its actions, so it clones, serialises and pickles as that, and
the same chance outcomes always deal the same game.

``Play`` is what a state holds once dealt: the parlour state, the words its
actor has chosen so far, and what the perfect-recall information state
recalls, kept as play goes: the public action history as text, and each
seat's hand every time it changed (all a seat learns privately is the
cards it holds). It pickles as ``State.to_json`` (OpenSpiel's ``serialize``
pickles a Python state's attributes), and copies as ``State.clone``.

A game that has taken its game's ``max_game_length`` words since the deal
ends there (``parlour.openspiel.game``): terminal, a draw whose returns are
each seat's return so far, plus an equal share of what the rule set's
constant sum (``Game.returns_sum``) still lacks (Tock: 1/n each, Tonk: its
balances, Plonk: 0).
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Protocol

import pyspiel

from parlour.core.cards import CARD_TEXT
from parlour.core.encoding import WordChooser
from parlour.core.game import Game, State
from parlour.core.parts import encoding_of
from parlour.core.registry import load_state

SEED_BYTES = 8
"""Chance nodes at the start of a game, each drawing one byte of its 64-bit seed."""

OUTCOMES = 256
"""Outcomes of each chance node: the values of one byte."""

UNIFORM = tuple((b, 1.0 / OUTCOMES) for b in range(OUTCOMES))
"""Each chance node's outcomes and their probabilities."""

CHANCE: int = int(pyspiel.PlayerId.CHANCE)
"""OpenSpiel's current player at a chance node (before the deal)."""
TERMINAL: int = int(pyspiel.PlayerId.TERMINAL)
"""OpenSpiel's current player once the game is over."""

RESAMPLE_TRIES = 100
"""Determinizations tried before giving up on one where the actor's words chosen so far are legal."""


class Play:
    """A dealt game: the parlour ``state``, its actor's ``words`` chosen so far, ``said``, the public history
    (every settled action as ``seat:text;``), and per seat ``held``, its hand each time it changed
    (``version:cards;``; for a seat's hand dealt at random by ``resample_from_infostate``, from the sample on)."""

    def __init__(self, state: State[Any, Any], words: WordChooser, said: str = "",
                 held: list[str] | None = None) -> None:
        self.state = state
        self.words = words
        self.said = said
        self.hands = [state.hand(q) for q in range(state.game.num_players)]
        """Each seat's hand now (card ids): compared after each action, written as text only when changed."""
        self.held = held if held is not None else [f"{state.version}:{as_text(hand)};" for hand in self.hands]

    def begin(self) -> None:
        """Start choosing the next action word by word (nothing to choose once the game is over)."""
        state = self.state
        self.words.begin(() if state.is_terminal else state.legal_actions())

    def settle(self, action: Any) -> None:
        """Play the settled ``action``, recall it and every hand it changed, and start choosing the next one."""
        state = self.state
        seat = state.current_player
        state.apply(action)
        self.said += f"{seat}:{action};"
        hands, held = self.hands, self.held
        for q, before in enumerate(hands):
            hand = state.hand(q)
            if hand != before:
                hands[q] = hand
                held[q] += f"{state.version}:{as_text(hand)};"
        self.begin()

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        """OpenSpiel clones a Python state by deep-copying its attributes: the parlour state's ``clone``."""
        copy = Play.__new__(Play)
        copy.state, copy.words, copy.said = self.state.clone(), self.words.copy(), self.said
        copy.hands, copy.held = list(self.hands), list(self.held)
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the state's JSON and the words chosen: small, and safe for games thousands of moves long."""
        return (restored, (self.state.to_json(), list(self.words.chosen), self.said, list(self.held)))


def as_text(hand: list[int]) -> str:
    """A hand's card ids as card notation."""
    return " ".join([CARD_TEXT[c] for c in hand])


def restored(data: dict[str, Any], chosen: list[int], said: str, held: list[str]) -> Play:
    """The ``Play`` that ``Play.__reduce__`` wrote."""
    state = load_state(data)
    play = Play(state, WordChooser(encoding_of(state.game).vocabulary), said, held)
    play.begin()
    for word in chosen:
        play.words.choose(word)
    return play


def actor_of(state: State[Any, Any]) -> int:
    """OpenSpiel's current player of a dealt game: the parlour state's, or ``TERMINAL`` once it is over."""
    return TERMINAL if state.is_terminal else state.current_player


class Dealing(Protocol):
    """What a state reads of its OpenSpiel game (a ``SpielGame``): parlour's game, and the word chooser each
    state starts from a copy of. Declared here so that the states never import the game that makes them."""

    @property
    def parlour(self) -> Game[Any]: ...

    @property
    def chooser(self) -> WordChooser: ...

    @property
    def cap(self) -> int: ...


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A game of a ``SpielGame``: drawing its seed at chance nodes, then played word by word."""

    def __init__(self, game: Dealing) -> None:
        super().__init__(game)
        self.seed = 0
        """The seed bytes drawn so far, as one number."""
        self.drawn = 0
        """How many of the ``SEED_BYTES`` chance nodes are behind."""
        self.play: Play | None = None
        """The game in play, once the seed is drawn."""
        self.passed: list[list[float]] = []
        """The returns of each game over at the deal that was passed over before this one (``first_game``)."""
        self.actor = CHANCE
        """``current_player()``, kept up to date as actions apply: OpenSpiel asks for it several times a step."""
        self.length = 0
        """The words played since the deal: at the game's ``cap`` (its ``max_game_length``) the game ends."""
        self.cap = game.cap

    @property
    def dealt(self) -> Play:
        """The game in play; ``RuntimeError`` at a chance node, before it is dealt."""
        play = self.play
        if play is None:
            raise RuntimeError(f"not dealt yet: {self.drawn} of the {SEED_BYTES} seed bytes drawn")
        return play

    @property
    def state(self) -> State[Any, Any]:
        """The parlour state (once dealt)."""
        return self.dealt.state

    @property
    def words(self) -> WordChooser:
        """The words the actor has chosen so far (once dealt)."""
        return self.dealt.words

    def first_game(self) -> State[Any, Any]:
        """The game the drawn seed deals, or, when that one is over at the deal (a one-hand Tonk game won by
        a dealt hand), the first game after it not over, each dealt from a seed that follows from the one before.

        A game never starts terminal: OpenSpiel's ``rl_environment`` and its learners take the state after the
        chance nodes for a decision. The returns of the games passed over are kept in ``passed``, not added to
        ``returns``, which stay one game's, within the declared utility.
        """
        game: Dealing = self.get_game()
        state = game.parlour.new_state(self.seed)
        while state.is_terminal:
            self.passed.append([float(r) for r in state.returns()])
            state = game.parlour.new_state(random.Random(state.seed).getrandbits(8 * SEED_BYTES))
        return state

    def play_from(self, state: State[Any, Any], said: str = "", held: list[str] | None = None) -> None:
        """Play on from the parlour ``state``, whose public history is ``said`` and seats' hands so far ``held``
        (default: from now on)."""
        game: Dealing = self.get_game()
        self.drawn = SEED_BYTES
        self.play = Play(state, game.chooser.copy(), said, held)
        self.play.begin()
        self.actor = self.actor_now()

    def stopped(self) -> bool:
        """Whether the game was stopped at its length limit before its end (module docstring)."""
        play = self.play
        return play is not None and self.length >= self.cap and not play.state.is_terminal

    def actor_now(self) -> int:
        """``current_player()`` of a dealt game: the parlour state's, or ``TERMINAL`` once it is over or stopped."""
        return TERMINAL if self.stopped() else actor_of(self.dealt.state)

    # ------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        return self.actor

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(UNIFORM) if self.play is None else []

    def _legal_actions(self, player: int) -> list[int]:
        play = self.play
        if play is None or player != self.actor:
            return []
        return sorted(play.words.allowed())

    def _apply_action(self, action: int) -> None:
        play = self.play
        if play is None:
            self.seed = self.seed << 8 | int(action)
            self.drawn += 1
            if self.drawn == SEED_BYTES:
                self.play_from(self.first_game())
            return
        settled = play.words.choose(int(action))
        self.length += 1
        if settled is not None:
            play.settle(settled)
        if settled is not None or self.length >= self.cap:
            self.actor = self.actor_now()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        game: Dealing = self.get_game()
        vocabulary = game.chooser.vocabulary
        return vocabulary[action] if 0 <= action < len(vocabulary) else f"<word {action}>"

    def is_terminal(self) -> bool:
        return self.actor == TERMINAL

    def returns(self) -> list[float]:
        play = self.play
        if play is None or self.actor != TERMINAL:
            return [0.0] * self.num_players()
        returns = [float(r) for r in play.state.returns()]
        total = play.state.game.returns_sum
        if play.state.is_terminal or total is None:
            return returns
        share = (total - sum(returns)) / len(returns)  # stopped at the length limit: a draw
        return [r + share for r in returns]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SpielState:
        """A state ``player_id`` cannot tell from this one: its view, the public history and its own hands so
        far kept, every card it cannot see dealt anew (before the deal, a copy: nothing is known yet). The
        other seats' hands are recalled from the sample on only: their past hands are theirs to know.

        The generator is seeded from OpenSpiel's ``probability_sampler`` when given, so a seeded search is
        exact. The actor's words chosen so far are replayed on the new state.
        """
        if self.play is None:
            copy: SpielState = self.clone()
            return copy
        rng = random.Random(int(probability_sampler() * 2**53) if callable(probability_sampler)
                            else secrets.randbits(64))
        game: Dealing = self.get_game()
        play = self.play
        sample = play.state.game.determinizer(play.state.view(player_id))
        for _ in range(RESAMPLE_TRIES):
            dealt = sample(rng)
            held = [play.held[q] if q == player_id else f"{dealt.version}:{as_text(dealt.hand(q))};"
                    for q in range(len(play.held))]
            out = SpielState(game)
            out.length = self.length
            out.play_from(dealt, play.said, held)
            try:
                for word in play.words.chosen:
                    out.words.choose(word)
            except ValueError:
                continue
            return out
        raise RuntimeError(f"no state with the words chosen so far ({play.words.chosen}) fits seat "
                           f"{player_id}'s view after {RESAMPLE_TRIES} tries")

    def __str__(self) -> str:
        play = self.play
        if play is None:
            return f"dealing: {self.drawn} of {SEED_BYTES} seed bytes drawn"
        words = " ".join(play.words.vocabulary[i] for i in play.words.chosen)
        stopped = f" stopped at max_game_length {self.cap}" if self.stopped() else ""
        return f"{play.state!r}" + (f" choosing {words!r}" if words else "") + stopped
