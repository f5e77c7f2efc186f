"""A Tock game in play: a turn's rules (docs/rules/en/tock.md, "A turn", "Joker bonus") around a ``TockPosition``.

A turn is one phase or a short chain of them:

* ``play``: play a card that has a legal use, or, only when none has,
  discard one; the hand is refilled to 5 after every card.
* after a joker: ``bonus`` — ``bonus play`` (play another card now, the
  ``extra`` phase) or ``bonus keep`` (store it). With 2 stored the bonus is
  played at once; with no playable card it is stored, or lost with 2 stored
  **[decision: there is nothing to choose then]**.
* ``spend``: a player who began the turn with stored bonuses may, after
  playing a card, spend them one at a time (``bonus play``) or stop
  (``bonus keep``). Not after a discard **[decision: the rules say "after
  playing your card" ("Joker bonus")]**.

When a turn begins, the pawns of the seat to play that stand on an
intersection become *settled*: only they may take a shortcut (docs/rules/en/tock.md, "Material and board").
Which card actions are legal, what they do and why others are not is
``plays``; the hidden-information side (views, determinization) is ``views``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from mypy_extensions import mypyc_attr

from parlour.core.actions import Discard
from parlour.core.cards import shuffled, sort_key
from parlour.core.chance import chance_rng
from parlour.core.game import TERMINAL, Game, State, View
from parlour.games.tock.actions import (
    BONUS_KEEP,
    BONUS_PLAY,
    JOKER,
    PAWNS,
    Bonus,
    CardAction,
    Enter,
    Move,
    Push,
    Seven,
    Swap,
    TockAction,
    discard,
)
from parlour.games.tock.board import HOME
from parlour.games.tock.deck import HAND_SIZE, KIND, full_deck
from parlour.games.tock.plays import Play, Plays, hand_text, plays_for
from parlour.games.tock.position import BONUS, EXTRA, OVER, PLAY, SPEND, TockPosition
from parlour.games.tock.rules import TockRules
from parlour.games.tock.setup import set_up
from parlour.games.tock.views import ranking, view_of

MAX_STORED: Final = 2
FULL_HOME: Final = (1 << HOME) - 1
RACE_SCALE: Final = 25.0
"""Steps still to go that weigh a factor e in a seat's chance of winning, for ``estimate``."""


@mypyc_attr(native_class=False)  # a regular class when compiled: State.clone copies its __dict__
class TockState(State[TockAction, TockPosition]):
    """One Tock game; see the module docstring."""

    game: Game[TockRules]
    plays: Plays
    listed: tuple[TockPosition, int, tuple[TockAction, ...], list[Play]] | None
    """The card actions ``_legal_actions`` last listed, with their plays, for ``_apply`` to reuse:
    valid only for that very position object at that version (a clone has its own position).
    Replaced, never changed, so clones may share it."""

    def _bind(self) -> None:
        rules = self.game.rules
        self.plays = plays_for(rules.players, rules.home_entry == "optional", rules.two_of_spades_enters)
        self.listed = None

    def __getstate__(self) -> dict[str, Any]:
        """The core's, without ``listed``: it holds the position object it was made for, with its whole
        history, and an unpickled state has another position object."""
        fields = super().__getstate__()
        fields["listed"] = None
        return fields

    def _deal(self) -> TockPosition:
        """Shuffle (chance event 0), deal 5 cards each one at a time from the dealer's left, who plays first."""
        n = self.game.rules.players
        pos = TockPosition.blank(n)
        first = (self.first_dealer + 1) % n
        cards = shuffled(full_deck(n, self.game.rules.extra_sevens), chance_rng(self.seed, 0))
        for i in range(HAND_SIZE * n):
            pos.hands[(first + i) % n].append(cards.pop())
        pos.stock = cards
        pos.cur = first
        return pos

    def _set_up(self, position: Mapping[str, Any]) -> TockPosition:
        return set_up(self.game.rules, position, chance_rng(self.seed, 0))

    # --------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return self.pos.cur

    def returns(self) -> list[float]:
        winner = self.pos.winner
        return [1.0 if s == winner else 0.0 for s in range(self.pos.players)]

    def hand(self, seat: int) -> list[int]:
        return sorted(self.pos.hands[seat], key=sort_key)

    def hidden_cards(self, seat: int | None) -> set[int]:
        hidden = set(self.pos.stock)
        for q, cards in enumerate(self.pos.hands):
            if q != seat:
                hidden.update(cards)
        return hidden

    def view(self, seat: int | None) -> View:
        return view_of(self.pos, seat)

    def estimate(self) -> list[float]:
        """The returns, or before the end each seat's chance of winning guessed from the steps
        its four pawns still have to go: a softmax of ``-to_go / RACE_SCALE``."""
        pos = self.pos
        if pos.winner >= 0:
            return self.returns()
        board, places = self.plays.board, pos.pawns.pos
        weights = [
            math.exp(-sum(board.to_go(s, places[p]) for p in range(s * PAWNS, s * PAWNS + PAWNS)) / RACE_SCALE)
            for s in range(pos.players)
        ]
        total = sum(weights)
        return [w / total for w in weights]

    def ranking(self) -> list[int]:
        """Seats best first: the winner, then by pawns home, then by distance still to go."""
        return ranking(self.pos)

    def card_moves(self) -> tuple[list[CardAction], list[tuple[int, Any]]]:
        """Every legal card action of the seat to play, with the card each uses and its effect."""
        return self.plays.card_moves(self.pos)

    # ---------------------------------------------------------------- legal

    def _legal_actions(self) -> tuple[TockAction, ...]:
        pos = self.pos
        phase = pos.phase
        if phase in (PLAY, EXTRA):
            actions, plays = self.plays.card_moves(pos, effects=False)
            if actions or phase == EXTRA:
                legal = tuple(actions)
                self.listed = (pos, pos.version, legal, plays)
                return legal
            faces = {discard(c) for c in pos.hands[pos.cur]}
            return tuple(sorted(faces, key=lambda d: sort_key(d.card)))
        if phase in (BONUS, SPEND):
            return (BONUS_PLAY, BONUS_KEEP)
        return ()

    def why_illegal(self, action: Any) -> str:
        pos = self.pos
        phase = pos.phase
        if isinstance(action, Bonus):
            return f"there is no bonus to decide now: {self._todo()}"
        if isinstance(action, Discard):
            if phase != PLAY:
                return f"no discard now: {self._todo()}"
            actions, _ = self.plays.card_moves(pos, effects=False)
            if actions:
                shown = ", ".join(str(a) for a in actions[:6]) + (", …" if len(actions) > 6 else "")
                return f"you may discard only when no card can be played, and you can play {shown}"
            return f"you have no {action.card}; {hand_text(pos)}"
        if isinstance(action, Enter | Move | Push | Seven | Swap):
            if phase not in (PLAY, EXTRA):
                return f"not now: {self._todo()}"
            return self.plays.why(pos, action)
        return f"{action!r} is not a Tock action"

    def _todo(self) -> str:
        phase = self.pos.phase
        if phase == BONUS:
            return "you have a joker bonus: bonus play or bonus keep"
        if phase == SPEND:
            return "spend a stored bonus (bonus play) or end your turn (bonus keep)"
        if phase == EXTRA:
            return "play one more card for your bonus"
        return "play a card" if self._playable() else "no card can be played: discard one"

    def _playable(self) -> bool:
        return bool(self.plays.card_moves(self.pos, first=True, effects=False)[0])

    # ---------------------------------------------------------------- apply

    def _apply(self, action: TockAction) -> None:
        pos = self.pos
        if isinstance(action, Bonus):
            self._apply_bonus(action.play)
        elif isinstance(action, Discard):
            hand = pos.hands[pos.cur]
            card = next(c for c in hand if discard(c) is action or discard(c) == action)
            hand.remove(card)
            pos.pile.append(card)
            self._refill()
            self._end_turn()
        else:
            listed = self.listed
            if listed is not None and listed[0] is pos and listed[1] == pos.version - 1:
                # ``apply`` hands over the listed tuple's own object: found by identity
                for i, known in enumerate(listed[2]):
                    if known is action:
                        play = listed[3][i]
                        if play[1]:  # not NOT_WORKED_OUT
                            self._play(play[0], play[1])
                            return
                        break
            found = self.plays.play_of(pos, action)
            assert found is not None, action
            self._play(*found)

    def _play(self, card: int, effect: Any) -> None:
        pos = self.pos
        seat = pos.cur
        pos.hands[seat].remove(card)
        pos.pile.append(card)
        pawns = pos.pawns
        pawns.execute(effect)
        if pawns.homes[seat] == FULL_HOME:
            pos.winner = seat
            pos.phase = OVER
            pos.cur = TERMINAL
            return
        hand = pos.hands[seat]
        if pos.stock and len(hand) == HAND_SIZE - 1:
            hand.append(pos.stock.pop())  # ``_refill``'s common case
        else:
            self._refill()
        if KIND[card] == JOKER:
            self._bonus_earned()
        elif pos.spendable and self._playable():  # ``_maybe_spend``, inline
            pos.phase = SPEND
        else:
            self._end_turn()

    def _refill(self) -> None:
        """Draw back up to 5, turning the pile into a new stock (chance event k) when the stock is out."""
        pos = self.pos
        hand = pos.hands[pos.cur]
        while len(hand) < HAND_SIZE:
            if not pos.stock:
                pos.reshuffles += 1
                pos.stock = shuffled(pos.pile, chance_rng(self.seed, pos.reshuffles))
                pos.pile = []
                pos.log_start = pos.version
                pos.log_board = pos.pawns.snapshot()
            hand.append(pos.stock.pop())

    def _bonus_earned(self) -> None:
        pos = self.pos
        seat = pos.cur
        playable = self._playable()
        if pos.stored[seat] >= MAX_STORED:
            if playable:
                pos.phase = EXTRA
            else:
                self._maybe_spend()
        elif playable:
            pos.phase = BONUS
        else:
            pos.stored[seat] += 1
            self._maybe_spend()

    def _maybe_spend(self) -> None:
        pos = self.pos
        if pos.spendable and self._playable():
            pos.phase = SPEND
        else:
            self._end_turn()

    def _apply_bonus(self, play: bool) -> None:
        pos = self.pos
        seat = pos.cur
        if pos.phase == BONUS:
            if play:
                pos.phase = EXTRA
            else:
                pos.stored[seat] += 1
                self._maybe_spend()
        elif play:
            pos.stored[seat] -= 1
            pos.spendable -= 1
            pos.phase = EXTRA
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        pos = self.pos
        cur = pos.cur = (pos.cur + 1) % pos.players
        pos.phase = PLAY
        pos.spendable = pos.stored[cur]
        crossings = self.plays.board.crossings
        if crossings:
            pos.pawns.settle(cur, crossings)
